import { mayOpen, type AccessSubject } from "../access/routes";
import type { DropdownOption } from "../lib/filter-rules";
import type { Api } from "./api.server";
import { companyOption, companyOptions, getCompany } from "./companies.server";
import { getIndividual, individualOption, individualOptions } from "./individuals.server";
import { companyUserOptions, readsTeams } from "./teams.server";

/** How many choices the form's dropdowns hold before a search (all a no-JavaScript select offers). */
const FIRST_CHOICES = 100;

const ID = /^\d{1,10}$/;

export interface TaskChoices {
  /** Colleagues the task may be assigned to. */
  assignees: DropdownOption[];
  /** The client individuals and companies it may be for; null when the user may not see that list. */
  individuals: DropdownOption[] | null;
  companies: DropdownOption[] | null;
  /** The individual and company a new task starts with (opened from a client's page), as options. */
  preset: { individual: DropdownOption | null; company: DropdownOption | null };
}

/**
 * The task form's choices of who works the task and whom it is for: the first 100 of each list (the native select
 * without JavaScript, the dropdown's first page with it), and the client a new task was opened for (`preset`,
 * numeric ids from the address; an unknown one is ignored).
 */
export async function taskFormChoices(api: Api, subject: AccessSubject, preset: { individual?: string | null; company?: string | null } = {}): Promise<TaskChoices> {
  const teamReader = readsTeams(subject.permissions);
  const seesIndividuals = mayOpen("/individuals", subject);
  const seesCompanies = mayOpen("/companies", subject);
  const [assignees, individuals, companies, individual, company] = await Promise.all([
    companyUserOptions(api, { perPage: FIRST_CHOICES, teamReader }).then((r) => r.options, () => []),
    seesIndividuals ? individualOptions(api, { perPage: FIRST_CHOICES }).then((r) => r.options) : null,
    seesCompanies ? companyOptions(api, { perPage: FIRST_CHOICES }).then((r) => r.options) : null,
    seesIndividuals && preset.individual && ID.test(preset.individual) ? getIndividual(api, preset.individual).then(individualOption, () => null) : null,
    seesCompanies && preset.company && ID.test(preset.company) ? getCompany(api, preset.company).then(companyOption, () => null) : null,
  ]);
  return { assignees, individuals, companies, preset: { individual, company } };
}

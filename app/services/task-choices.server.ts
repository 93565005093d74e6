import { mayOpen, type AccessSubject } from "../access/routes";
import { FIRST_CHOICES } from "../lib/choice-find";
import type { DropdownOption } from "../lib/filter-rules";
import type { Api } from "./api.server";
import type { ChoiceFinder } from "./choice-find.server";
import { companyOption, companyOptions, getCompany } from "./companies.server";
import { getIndividual, individualOption, individualOptions } from "./individuals.server";
import { colleagueChoices, colleagueFinder } from "./teams.server";


const ID = /^\d{1,10}$/;

export interface TaskChoices {
  /** Colleagues the task may be assigned to. */
  assignees: DropdownOption[];
  /** The client individuals and companies it may be for; null when the user may not see that list. */
  individuals: DropdownOption[] | null;
  companies: DropdownOption[] | null;
  /** The individual and company a new task starts with (opened from a client's page), as options. */
  preset: { individual: DropdownOption | null; company: DropdownOption | null };
  /** Which lists are longer than their first choices (without JavaScript a text field then finds the others). */
  more: { assignees: boolean; individuals: boolean; companies: boolean };
}

/**
 * The task form's choices of who works the task and whom it is for: the first 100 of each list (the native select
 * without JavaScript, the dropdown's first page with it), and the client a new task was opened for (`preset`,
 * numeric ids from the address; an unknown one is ignored).
 */
export async function taskFormChoices(api: Api, subject: AccessSubject, preset: { individual?: string | null; company?: string | null } = {}): Promise<TaskChoices> {
  const seesIndividuals = mayOpen("/individuals", subject);
  const seesCompanies = mayOpen("/companies", subject);
  const [assignees, individuals, companies, individual, company] = await Promise.all([
    colleagueChoices(api, subject.permissions),
    seesIndividuals ? individualOptions(api, { perPage: FIRST_CHOICES }) : null,
    seesCompanies ? companyOptions(api, { perPage: FIRST_CHOICES }) : null,
    seesIndividuals && preset.individual && ID.test(preset.individual) ? getIndividual(api, preset.individual).then(individualOption, () => null) : null,
    seesCompanies && preset.company && ID.test(preset.company) ? getCompany(api, preset.company).then(companyOption, () => null) : null,
  ]);
  return {
    assignees: assignees.options,
    individuals: individuals?.options ?? null,
    companies: companies?.options ?? null,
    preset: { individual, company },
    more: { assignees: assignees.more, individuals: Boolean(individuals?.hasMore), companies: Boolean(companies?.hasMore) },
  };
}

/** The searches behind the task form's find fields (no JavaScript): colleagues, and the clients the user may see. */
export function taskChoiceFinders(api: Api, subject: AccessSubject): Record<string, ChoiceFinder> {
  return {
    team_member_id: colleagueFinder(api, subject.permissions),
    ...(mayOpen("/individuals", subject) ? { source_individual_id: (search: string, perPage: number) => individualOptions(api, { search, perPage }) } : {}),
    ...(mayOpen("/companies", subject) ? { company_id: (search: string, perPage: number) => companyOptions(api, { search, perPage }) } : {}),
  };
}

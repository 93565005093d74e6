import type { AccessSubject } from "#contract/portal-routes";
import type { ChoiceFinder, Choices } from "../lib/choice-find";
import type { DropdownOption } from "../lib/filter-rules";
import type { Api } from "./api.server";
import { companyChoices, companyFinder, companyOption, getCompany, readsCompanies } from "./companies.server";
import { getIndividual, individualChoices, individualFinder, individualOption, readsIndividuals } from "./individuals.server";
import { colleagueChoices, colleagueFinder } from "./teams.server";
import { isIdText } from "./ids.server";

export interface TaskChoices {
  /** Colleagues the task may be assigned to. */
  assignees: Choices;
  /** The client individuals and companies it may be for; null when the user may not read that list. */
  individuals: Choices | null;
  companies: Choices | null;
  /** The individual and company a new task starts with (opened from a client's page), as options. */
  preset: { individual: DropdownOption | null; company: DropdownOption | null };
}

/**
 * The task form's choices of who works the task and whom it is for: the first 100 of each list (the native select
 * without JavaScript, the dropdown's first page with it), and the client a new task was opened for (`preset`,
 * numeric ids from the address; an unknown one is ignored).
 */
export async function taskFormChoices(
  api: Api,
  subject: AccessSubject,
  preset: { individual?: string | null; company?: string | null } = {},
): Promise<TaskChoices> {
  const seesIndividuals = readsIndividuals(subject.permissions);
  const seesCompanies = readsCompanies(subject.permissions);
  const [assignees, individuals, companies, individual, company] = await Promise.all([
    colleagueChoices(api, subject.permissions),
    seesIndividuals ? individualChoices(api) : null,
    seesCompanies ? companyChoices(api) : null,
    seesIndividuals && isIdText(preset.individual) ? getIndividual(api, preset.individual).then(individualOption, () => null) : null,
    seesCompanies && isIdText(preset.company) ? getCompany(api, preset.company).then(companyOption, () => null) : null,
  ]);
  return { assignees, individuals, companies, preset: { individual, company } };
}

/** The searches behind the task form's find fields (no JavaScript): colleagues, and the clients the user may read. */
export function taskChoiceFinders(api: Api, subject: AccessSubject): Record<string, ChoiceFinder> {
  return {
    team_member_id: colleagueFinder(api, subject.permissions),
    ...(readsIndividuals(subject.permissions) ? { source_individual_id: individualFinder(api) } : {}),
    ...(readsCompanies(subject.permissions) ? { company_id: companyFinder(api) } : {}),
  };
}

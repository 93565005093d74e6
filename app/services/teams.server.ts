import { z } from "zod";
import { teamListSchema, teamResponseSchema, teamUserAddedSchema, teamUserOptionListSchema } from "#contract/teams";
import { TEAM_MEMBER_SEARCH_PAGE_SIZE } from "#contract/team-constants";
import { toApiQuery, type ListState } from "../lib/list-url";
import { finderOf, firstChoices, NO_CHOICES, type Choices } from "../lib/choice-find";
import type { DropdownOption } from "../lib/filter-rules";
import type { Api } from "./api.server";
import { isIdText } from "./ids.server";
import { can } from "../access/permissions";

export const listTeams = (api: Api, state: ListState) => api.get("/team", { query: toApiQuery(state), schema: teamListSchema });
export const getTeam = async (api: Api, id: string) => (await api.get(`/team/${encodeURIComponent(id)}`, { schema: teamResponseSchema })).data;
export const createTeam = (api: Api, name: string) => api.post("/api/v1/teams", { body: { name }, schema: teamResponseSchema });
export const renameTeam = (api: Api, id: string, name: string) =>
  api.put(`/api/v1/teams/${encodeURIComponent(id)}`, { body: { name }, schema: teamResponseSchema });
export const deleteTeam = (api: Api, id: string) => api.delete(`/team/${encodeURIComponent(id)}`);
export const addTeamUser = (api: Api, id: string, body: { user_id?: number; email?: string; role: string }) =>
  api.post(`/teams/${encodeURIComponent(id)}/users`, { body, schema: teamUserAddedSchema });
export const setMemberRole = (api: Api, id: string, userId: string, role: string) =>
  api.put(`/teams/${encodeURIComponent(id)}/users/${encodeURIComponent(userId)}`, { body: { role }, schema: z.unknown() });
export const removeMember = (api: Api, id: string, userId: string) => api.delete(`/teams/${encodeURIComponent(id)}/users/${encodeURIComponent(userId)}`);
export const cancelInvitation = (api: Api, id: string, invitationId: string) =>
  api.delete(`/teams/${encodeURIComponent(id)}/invitations/${encodeURIComponent(invitationId)}`);

/** Who may read teams: they pick from every active colleague, anyone else from the people who share a team with them. */
export const readsTeams = (permissions: readonly string[]) => can({ permissions }, "team_view", "team_create", "team_manage");

/** The colleagues a user may pick (readsTeams): every active one, or those who share a team with the caller. */
export const colleaguesPath = (teamReader: boolean) => (teamReader ? "/users/team" : "/me/team/user");

/**
 * Users of the company for the searchable dropdown (20 a page): every active colleague for those who
 * may read teams, otherwise the people who share a team with the caller.
 */
export async function companyUserOptions(
  api: Api,
  {
    search,
    page,
    perPage,
    id,
    notInTeam,
    teamReader = true,
  }: { search?: string; page?: number; perPage?: number; id?: string; notInTeam?: string; teamReader?: boolean },
) {
  const res = await api.get(colleaguesPath(teamReader), {
    query: {
      "page[number]": page ?? 1,
      "page[size]": perPage ?? 20,
      "filter[search]": search,
      "filter[id]": id,
      "filter[not_in_team]": notInTeam,
    },
    schema: teamUserOptionListSchema,
  });
  return {
    options: res.data.map((u) => ({ value: String(u.id), label: `${u.full_name} (${u.email})` })),
    hasMore: res.meta.current_page < res.meta.last_page,
  };
}

/** The first 100 colleagues, for the dropdowns of who looks after a record (the no-JavaScript select); none when they cannot be read. */
export const colleagueChoices = (api: Api, permissions: readonly string[]): Promise<Choices> =>
  firstChoices((query) => companyUserOptions(api, { ...query, teamReader: readsTeams(permissions) })).catch(() => NO_CHOICES);

/** The colleague search behind a find field (a name or e-mail typed beside the dropdown, without JavaScript). */
export const colleagueFinder = (api: Api, permissions: readonly string[]) =>
  finderOf((query) => companyUserOptions(api, { ...query, teamReader: readsTeams(permissions) }));

/**
 * The colleagues who may be added to a team (every active one not yet in it), as a dropdown's options search: a
 * page of the spec's team member search size (100) for the first choices and for a name typed beside them alike.
 */
const teamCandidates =
  (api: Api, teamId: string) =>
  ({ search }: { search?: string }) =>
    companyUserOptions(api, { search, perPage: TEAM_MEMBER_SEARCH_PAGE_SIZE, notInTeam: teamId });

/**
 * The first colleagues offered by a team's "Add a colleague" (the no-JavaScript select), and whether there are
 * more; none for a user who may not manage teams (the form is not shown).
 */
export const teamCandidateChoices = (api: Api, teamId: string, canManage: boolean) =>
  canManage ? firstChoices(teamCandidates(api, teamId)) : Promise.resolve(NO_CHOICES);

/** The search behind the find field beside "Add a colleague" (a name or e-mail typed, without JavaScript). */
export const teamCandidateFinder = (api: Api, teamId: string) => finderOf(teamCandidates(api, teamId));

/** One colleague as a dropdown option (a filter's chosen value that is not among the first choices); null when unknown. */
export async function colleagueOption(api: Api, permissions: readonly string[], id: string): Promise<DropdownOption | null> {
  if (!isIdText(id)) return null;
  const { options } = await companyUserOptions(api, { id, perPage: 1, teamReader: readsTeams(permissions) }).catch(() => ({ options: [] as DropdownOption[] }));
  return options[0] ?? null;
}

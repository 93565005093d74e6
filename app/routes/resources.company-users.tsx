import type { LoaderFunctionArgs } from "@remix-run/node";
import { TEAM_MEMBER_SEARCH_PAGE_SIZE } from "#contract/teams";
import { pageParam } from "../lib/pager";
import { requireUser } from "../services/auth.server";
import { DROPDOWN_PAGE_SIZE } from "../components/form/searchable-select";
import { companyUserOptions, readsTeams } from "../services/teams.server";
import { searchText } from "../lib/search-text";
import { isIdText } from "../services/ids.server";

/**
 * Options for the searchable user dropdown: `?search=&page=&perPage=` answers { options, hasMore };
 * `?value=<id>` answers { option } for the selected one.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  // Any signed-in user may pick a colleague (assigning a task, filtering by assignee); the API decides
  // which colleagues they see.
  const { api, subject } = await requireUser(request);
  const teamReader = readsTeams(subject.permissions);
  const url = new URL(request.url);
  const value = url.searchParams.get("value");
  const notInTeam = url.searchParams.get("notInTeam") || undefined;
  // Ids are whole numbers: anything else is no colleague and no team.
  if ((value && !isIdText(value)) || (notInTeam && !isIdText(notInTeam))) throw new Response("Not found", { status: 404 });
  if (value) {
    const { options } = await companyUserOptions(api, { id: value, perPage: 1, teamReader });
    if (!options[0]) throw new Response("Not found", { status: 404 });
    return Response.json({ option: options[0] });
  }
  const page = pageParam(url.searchParams.get("page"), 1);
  const perPage = pageParam(url.searchParams.get("perPage"), DROPDOWN_PAGE_SIZE, 1, TEAM_MEMBER_SEARCH_PAGE_SIZE);
  return Response.json(
    await companyUserOptions(api, {
      search: searchText(url.searchParams.get("search"), 200) || undefined,
      page,
      perPage,
      notInTeam,
      teamReader,
    }),
  );
}

import { DROPDOWN_PAGE_SIZE } from "../lib/choice-find";
import type { DropdownOption } from "../lib/filter-rules";
import { pageParam } from "../lib/pager";
import { searchText } from "../lib/search-text";
import { isIdText } from "./ids.server";

/** What a searchable dropdown asks its resource route for: a page of choices matching a search. */
export interface DropdownQuery {
  search?: string;
  page: number;
  perPage: number;
}

/**
 * The answer of a searchable dropdown's resource route (decision 011): `?value=<id>` answers { option } (null for a
 * value that is no id), `?search=&page=&perPage=` answers { options, hasMore }. `options` may read more of the address.
 */
export async function dropdownAnswer(
  request: Request,
  find: {
    option: (id: string) => Promise<DropdownOption>;
    options: (query: DropdownQuery, params: URLSearchParams) => Promise<{ options: DropdownOption[]; hasMore: boolean }>;
  },
) {
  const params = new URL(request.url).searchParams;
  const value = params.get("value");
  if (value) return Response.json({ option: isIdText(value) ? await find.option(value) : null });
  const query = {
    search: searchText(params.get("search"), 200) || undefined,
    page: pageParam(params.get("page"), 1),
    perPage: pageParam(params.get("perPage"), DROPDOWN_PAGE_SIZE, 1, 50),
  };
  return Response.json(await find.options(query, params));
}

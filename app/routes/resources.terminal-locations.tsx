import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageParam } from "../lib/pager";
import { searchText } from "../lib/search-text";
import { requireAccess } from "../services/auth.server";
import { isIdText } from "../services/ids.server";
import { getLocation, locationOption, locationOptions } from "../services/terminal-app.server";

/**
 * The company's card-terminal locations for the searchable dropdown (the readers and reader keys lists' location
 * filter, the reader and reader key forms), with the terminal app's own access: `?search=&page=&perPage=` answers
 * { options, hasMore }; `?value=<id>` answers { option }.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/terminal-app");
  const url = new URL(request.url);
  const value = url.searchParams.get("value");
  if (value) {
    if (!isIdText(value)) return Response.json({ option: null });
    return Response.json({ option: locationOption(await getLocation(api, value)) });
  }
  const page = pageParam(url.searchParams.get("page"), 1);
  const perPage = pageParam(url.searchParams.get("perPage"), 20, 1, 50);
  return Response.json(await locationOptions(api, { search: searchText(url.searchParams.get("search"), 200) || undefined, page, perPage }));
}

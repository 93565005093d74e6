import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageParam } from "../lib/pager";
import { requireAccess } from "../services/auth.server";
import { companyOption, companyOptions, getCompany } from "../services/companies.server";
import { searchText } from "../lib/search-text";
import { isIdText } from "../services/ids.server";

/**
 * Client companies for the searchable dropdown (linking an individual, the individuals list's company
 * filter): `?search=&page=&perPage=` answers { options, hasMore }; `?value=<id>` answers { option }.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/companies");
  const url = new URL(request.url);
  const value = url.searchParams.get("value");
  if (value) {
    if (!isIdText(value)) return Response.json({ option: null });
    return Response.json({ option: companyOption(await getCompany(api, value)) });
  }
  const page = pageParam(url.searchParams.get("page"), 1);
  const perPage = pageParam(url.searchParams.get("perPage"), 20, 1, 50);
  return Response.json(await companyOptions(api, { search: searchText(url.searchParams.get("search"), 200) || undefined, page, perPage }));
}

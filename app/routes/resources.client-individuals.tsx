import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageParam } from "../lib/pager";
import { requireAccess } from "../services/auth.server";
import { getIndividual, individualOption, individualOptions } from "../services/individuals.server";
import { searchText } from "../lib/search-text";
import { isIdText } from "../services/ids.server";

/**
 * Individuals for the searchable dropdown (linking to a company, the companies list's individual
 * filter): `?search=&page=&perPage=` answers { options, hasMore } (`notLinkedTo=<company id>` leaves out
 * those already linked to it); `?value=<id>` answers { option }.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/individuals");
  const url = new URL(request.url);
  const value = url.searchParams.get("value");
  if (value) {
    if (!isIdText(value)) return Response.json({ option: null });
    return Response.json({ option: individualOption(await getIndividual(api, value)) });
  }
  const page = pageParam(url.searchParams.get("page"), 1);
  const perPage = pageParam(url.searchParams.get("perPage"), 20, 1, 50);
  const notLinkedTo = url.searchParams.get("notLinkedTo");
  return Response.json(
    await individualOptions(api, {
      search: searchText(url.searchParams.get("search"), 200) || undefined,
      page,
      perPage,
      notLinkedTo: isIdText(notLinkedTo) ? notLinkedTo : undefined,
    }),
  );
}

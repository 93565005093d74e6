import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";
import { dropdownAnswer } from "../services/dropdown-resource.server";
import { getLocation, locationOption, locationOptions } from "../services/terminal-app.server";

/**
 * The company's card-terminal locations for the searchable dropdown (the readers and reader keys lists' location
 * filter, the reader and reader key forms), with the terminal app's own access: `?search=&page=&perPage=` answers
 * { options, hasMore }; `?value=<id>` answers { option }.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/terminal-app");
  return dropdownAnswer(request, {
    option: async (id) => locationOption(await getLocation(api, id)),
    options: (query) => locationOptions(api, query),
  });
}

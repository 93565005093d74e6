import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";
import { dropdownAnswer } from "../services/dropdown-resource.server";
import { getReader, readerOption, readerOptions } from "../services/terminal-app.server";

/**
 * The company's card readers for the searchable dropdown of the payment form, with the terminal app's own access:
 * `?search=&page=&perPage=` answers { options, hasMore }; `?value=<id>` answers { option }.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/terminal-app");
  return dropdownAnswer(request, {
    option: async (id) => readerOption(await getReader(api, id)),
    options: (query) => readerOptions(api, query),
  });
}

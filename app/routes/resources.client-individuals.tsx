import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";
import { dropdownAnswer } from "../services/dropdown-resource.server";
import { isIdText } from "../services/ids.server";
import { getIndividual, individualOption, individualOptions } from "../services/individuals.server";

/**
 * Individuals for the searchable dropdown (linking to a company, the companies list's individual
 * filter): `?search=&page=&perPage=` answers { options, hasMore } (`notLinkedTo=<company id>` leaves out
 * those already linked to it); `?value=<id>` answers { option }.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/individuals");
  return dropdownAnswer(request, {
    option: async (id) => individualOption(await getIndividual(api, id)),
    options: (query, params) => {
      const notLinkedTo = params.get("notLinkedTo");
      return individualOptions(api, { ...query, notLinkedTo: isIdText(notLinkedTo) ? notLinkedTo : undefined });
    },
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";
import { companyOption, companyOptions, getCompany } from "../services/companies.server";
import { dropdownAnswer } from "../services/dropdown-resource.server";

/**
 * Client companies for the searchable dropdown (linking an individual, the individuals list's company
 * filter): `?search=&page=&perPage=` answers { options, hasMore }; `?value=<id>` answers { option }.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/companies");
  return dropdownAnswer(request, {
    option: async (id) => companyOption(await getCompany(api, id)),
    options: (query) => companyOptions(api, query),
  });
}

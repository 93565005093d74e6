import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UnlinkDialog } from "../components/clients/unlink-dialog";
import { unlinkAction, unlinkLoader } from "../services/clients.server";
import { getIndividual } from "../services/individuals.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  unlinkLoader(request, "individual", params, async (api, id, companyId) => {
    const individual = await getIndividual(api, id);
    const link = individual.companies.find((c) => String(c.company_id) === companyId);
    return link && { name: individual.full_name, company: link.company_name, primary: link.is_primary };
  });

export const action = ({ request, params }: ActionFunctionArgs) => unlinkAction(request, "individual", params);

export default function UnlinkCompany() {
  return <UnlinkDialog {...useLoaderData<typeof loader>()} />;
}

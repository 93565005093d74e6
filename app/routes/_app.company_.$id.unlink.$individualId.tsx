import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UnlinkDialog } from "../components/clients/unlink-dialog";
import { unlinkAction, unlinkLoader } from "../services/clients.server";
import { getCompany } from "../services/companies.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  unlinkLoader(request, "company", params, async (api, id, individualId) => {
    const company = await getCompany(api, id);
    const link = company.individuals.find((l) => String(l.individual_id) === individualId);
    return link && { name: link.full_name, company: company.name, primary: link.is_primary };
  });

export const action = ({ request, params }: ActionFunctionArgs) => unlinkAction(request, "company", params);

export default function UnlinkIndividual() {
  return <UnlinkDialog {...useLoaderData<typeof loader>()} />;
}

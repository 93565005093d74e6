import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useParams } from "@remix-run/react";
import { CompanyForm } from "../components/clients/company-form";
import { useClientForm } from "../components/clients/client-form";
import { Drawer } from "../components/drawer";
import { wordsFor } from "../lib/labels";
import { requirePermission } from "../services/auth.server";
import { saveClientDrawer } from "../services/clients.server";
import { companyLookups, getCompany, updateCompany } from "../services/companies.server";
import { idOf } from "../services/ids.server";

async function requireManage(request: Request, id: string | undefined) {
  const signedIn = await requirePermission(request, "company_manage", { route: "/company/:id", back: `/company/${id}` });
  idOf(id);
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireManage(request, params.id);
  const [company, lookups] = await Promise.all([getCompany(api, params.id!), companyLookups(api, subject.permissions)]);
  return { company, lookups, words: wordsFor(edition) };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  saveClientDrawer(request, "company", "edit", {
    guard: () => requireManage(request, params.id),
    save: (api, body) => updateCompany(api, params.id!, body),
    to: () => `/company/${params.id}${new URL(request.url).search}`,
  });

export default function EditCompany() {
  const { company, lookups, words } = useLoaderData<typeof loader>();
  const state = useClientForm("edit");
  const { search } = useLocation();
  const back = `/company/${useParams().id}${search}`;
  return (
    <Drawer title={`Edit ${words.company}`} closeTo={back}>
      <CompanyForm key={company.updated_at} company={company} lookups={lookups} state={state} cancelTo={back} submitLabel="Save" />
    </Drawer>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { CompanyForm } from "../components/clients/company-form";
import { useClientForm } from "../components/clients/client-form";
import { Drawer } from "../components/drawer";
import { wordsFor } from "../lib/labels";
import { requirePermission } from "../services/auth.server";
import { saveClientDrawer } from "../services/clients.server";
import { companyLookups, createCompany } from "../services/companies.server";

async function requireCreate(request: Request) {
  const signedIn = await requirePermission(request, ["company_create", "company_manage"], { route: "/companies", back: "/companies" });
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireCreate(request);
  return { lookups: await companyLookups(api, subject.permissions), words: wordsFor(edition) };
}

export const action = ({ request }: ActionFunctionArgs) =>
  saveClientDrawer(request, "company", "create", {
    guard: () => requireCreate(request),
    save: createCompany,
    to: (saved) => `/company/${saved.data.id}`,
  });

export default function NewCompany() {
  const { lookups, words } = useLoaderData<typeof loader>();
  const state = useClientForm("create");
  const { search } = useLocation();
  return (
    <Drawer title={`Add ${words.company}`} closeTo={`/companies${search}`}>
      <CompanyForm lookups={lookups} state={state} cancelTo={`/companies${search}`} submitLabel={`Create ${words.company}`} />
    </Drawer>
  );
}

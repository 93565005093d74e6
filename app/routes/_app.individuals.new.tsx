import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useClientForm } from "../components/clients/client-form";
import { IndividualForm } from "../components/clients/individual-form";
import { Drawer } from "../components/drawer";
import { NO_CHOICES } from "../lib/choice-find";
import { capitalise, wordsFor } from "../lib/labels";
import { requirePermission } from "../services/auth.server";
import { jobTitleOptions, saveClientDrawer } from "../services/clients.server";
import { companyChoices, companyFinder } from "../services/companies.server";
import { createIndividual } from "../services/individuals.server";
import { colleagueChoices } from "../services/teams.server";
import { can } from "../access/permissions";

async function requireCreate(request: Request) {
  const signedIn = await requirePermission(request, ["individual_create", "individual_manage"], { route: "/individuals", back: "/individuals" });
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireCreate(request);
  // Linking at once needs the right to manage companies (the API checks it as it links).
  const canLink = can(subject, "company_manage");
  const [jobTitles, companies, owners] = await Promise.all([
    canLink ? jobTitleOptions(api) : [],
    canLink ? companyChoices(api) : NO_CHOICES,
    colleagueChoices(api, subject.permissions),
  ]);
  return { words: wordsFor(edition), link: canLink ? { jobTitles, companies } : null, owners };
}

export const action = ({ request }: ActionFunctionArgs) =>
  saveClientDrawer(request, "individual", "create", {
    guard: () => requireCreate(request),
    save: createIndividual,
    to: (saved) => `/individual/${saved.data.id}`,
    // Without JavaScript, a company beyond the dropdown's first 100 is found by the name typed beside it.
    finders: (api) => ({ company_id: companyFinder(api) }),
  });

export default function NewIndividual() {
  const { words, link, owners } = useLoaderData<typeof loader>();
  const state = useClientForm("create");
  const { search } = useLocation();
  return (
    <Drawer title={`Add ${words.individual}`} closeTo={`/individuals${search}`}>
      <IndividualForm
        state={state}
        cancelTo={`/individuals${search}`}
        submitLabel={`Create ${words.individual}`}
        link={link ? { ...link, companyLabel: capitalise(words.company), companyWord: words.company } : null}
        owners={owners}
      />
    </Drawer>
  );
}

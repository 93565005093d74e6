import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useParams } from "@remix-run/react";
import { useClientForm } from "../components/clients/client-form";
import { IndividualForm } from "../components/clients/individual-form";
import { Drawer } from "../components/drawer";
import { wordsFor } from "../lib/labels";
import { requirePermission } from "../services/auth.server";
import { saveClientDrawer } from "../services/clients.server";
import { getIndividual, updateIndividual } from "../services/individuals.server";
import { colleagueChoices } from "../services/teams.server";
import { idOf } from "../services/ids.server";

async function requireManage(request: Request, id: string | undefined) {
  const signedIn = await requirePermission(request, "individual_manage", { route: "/individual/:id", back: `/individual/${id}` });
  idOf(id);
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireManage(request, params.id);
  const [individual, owners] = await Promise.all([getIndividual(api, params.id!), colleagueChoices(api, subject.permissions)]);
  return { individual, owners, words: wordsFor(edition) };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  saveClientDrawer(request, "individual", "edit", {
    guard: () => requireManage(request, params.id),
    save: (api, body) => updateIndividual(api, params.id!, body),
    to: () => `/individual/${params.id}${new URL(request.url).search}`,
  });

export default function EditIndividual() {
  const { individual, owners, words } = useLoaderData<typeof loader>();
  const state = useClientForm("edit");
  const { search } = useLocation();
  const back = `/individual/${useParams().id}${search}`;
  return (
    <Drawer title={`Edit ${words.individual}`} closeTo={back}>
      <IndividualForm key={individual.updated_at} individual={individual} owners={owners} state={state} cancelTo={back} submitLabel="Save" />
    </Drawer>
  );
}

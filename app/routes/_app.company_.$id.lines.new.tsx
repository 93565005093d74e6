import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { useClientForm } from "../components/clients/client-form";
import { LineForm } from "../components/clients/lines";
import { Drawer } from "../components/drawer";
import { requirePermission } from "../services/auth.server";
import { lineAction } from "../services/client-actions.server";
import { LINE_TYPES, SPLIT_PARTY_TYPES } from "../services/companies.server";
import { idOf } from "../services/ids.server";

async function requireManage(request: Request, id: string | undefined) {
  const signedIn = await requirePermission(request, "company_manage", { route: "/company/:id", back: `/company/${id}?tab=lines` });
  idOf(id);
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireManage(request, params.id);
  return { lineTypes: LINE_TYPES as readonly string[], partyTypes: SPLIT_PARTY_TYPES as readonly string[] };
}

export const action = ({ request, params }: ActionFunctionArgs) => lineAction(request, params, () => requireManage(request, params.id));

export default function NewLine() {
  const { lineTypes, partyTypes } = useLoaderData<typeof loader>();
  const state = useClientForm("line");
  const back = `/company/${useParams().id}?tab=lines`;
  return (
    <Drawer title="Add line" closeTo={back}>
      <LineForm lineTypes={lineTypes} partyTypes={partyTypes} state={state} cancelTo={back} />
    </Drawer>
  );
}

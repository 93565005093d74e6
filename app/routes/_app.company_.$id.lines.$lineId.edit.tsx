import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { useClientForm } from "../components/clients/client-form";
import { LineForm } from "../components/clients/lines";
import { Drawer } from "../components/drawer";
import { requirePermission } from "../services/auth.server";
import { lineAction } from "../services/client-actions.server";
import { LINE_TYPES, lineSummary, SPLIT_PARTY_TYPES } from "../services/companies.server";
import { idOf } from "../services/ids.server";

async function requireManage(request: Request, params: { id?: string; lineId?: string }) {
  const signedIn = await requirePermission(request, "company_manage", { route: "/company/:id", back: `/company/${params.id}?tab=lines` });
  idOf(params.id);
  idOf(params.lineId);
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireManage(request, params);
  const { lines } = await lineSummary(api, params.id!);
  const line = lines.find((l) => String(l.id) === params.lineId);
  if (!line) throw new Response("Not found", { status: 404 });
  return { line, lineTypes: LINE_TYPES as readonly string[], partyTypes: SPLIT_PARTY_TYPES as readonly string[] };
}

export const action = ({ request, params }: ActionFunctionArgs) => lineAction(request, params, () => requireManage(request, params));

export default function EditLine() {
  const { line, lineTypes, partyTypes } = useLoaderData<typeof loader>();
  const state = useClientForm("line");
  const back = `/company/${useParams().id}?tab=lines`;
  return (
    <Drawer title={`Edit line: ${line.line_type}`} closeTo={back}>
      <LineForm key={line.updated_at} line={line} lineTypes={lineTypes} partyTypes={partyTypes} state={state} cancelTo={back} />
    </Drawer>
  );
}

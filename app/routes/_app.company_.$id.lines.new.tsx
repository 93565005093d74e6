import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { useClientForm } from "../components/clients/client-form";
import { LineForm } from "../components/clients/lines";
import { Drawer } from "../components/drawer";
import { requirePermission } from "../services/auth.server";
import { attempt, keepClientForm } from "../services/clients.server";
import { createLine, LINE_TYPES, lineBody, SPLIT_PARTY_TYPES, splitErrorsByRow } from "../services/companies.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";
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

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  return keepClientForm("line", form, async () => {
    const { api } = await requireManage(request, params.id);
    const saved = await attempt(
      "line",
      form,
      "Failed to add the line.",
      () => createLine(api, params.id!, lineBody(form)),
      (e) => splitErrorsByRow(form, e),
    );
    if (!saved.ok) return saved.response;
    return redirectWithToast(request, `/company/${params.id}?tab=lines`, { kind: "success", message: "Line added." });
  });
}

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

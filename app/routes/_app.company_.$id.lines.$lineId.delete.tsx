import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatMoney } from "#common/format";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { requirePermission } from "../services/auth.server";
import { deleteLine, lineSummary } from "../services/companies.server";
import { redirectWithToast } from "../services/session.server";
import { idOf } from "../services/ids.server";

async function requireManage(request: Request, params: { id?: string; lineId?: string }) {
  const signedIn = await requirePermission(request, "company_manage", { route: "/company/:id", back: `/company/${params.id}?tab=lines` });
  idOf(params.id);
  idOf(params.lineId);
  return signedIn;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireManage(request, params);
  const line = (await lineSummary(api, params.id!)).lines.find((l) => String(l.id) === params.lineId);
  if (!line) throw redirect(`/company/${params.id}?tab=lines`);
  return { what: `${line.line_type} (${formatMoney(line.premium)} a year)`, back: `/company/${params.id}?tab=lines` };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireManage(request, params);
  const back = `/company/${params.id}?tab=lines`;
  try {
    await deleteLine(api, params.id!, params.lineId!);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to delete the line." });
  }
  return redirectWithToast(request, back, { kind: "success", message: "Line deleted." });
}

export default function DeleteLine() {
  const { what, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Delete line"
      message={`Are you sure you want to delete the line ${what} and its commission split?`}
      cancelTo={back}
      confirmLabel="Remove"
    />
  );
}

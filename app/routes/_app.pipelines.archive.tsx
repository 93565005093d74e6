import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { idsFrom, listHrefWithoutIds, NUMERIC_ID_SHAPE } from "../services/bulk.server";
import { setPipelinesStatus } from "../services/pipelines.server";
import { redirectWithToast } from "../services/session.server";
import { paramsOf } from "../services/submission.server";

async function requireManage(request: Request) {
  const signedIn = await requireAccess(request, "/pipelines");
  if (!signedIn.subject.permissions.includes("pipeline_manage")) throw redirect("/pipelines");
  return signedIn;
}

/** The list behind the confirmation: its URL without the selection and the status asked for. */
function backHref(url: URL) {
  const clean = new URL(url);
  clean.searchParams.delete("status");
  return listHrefWithoutIds(clean, "/pipelines");
}

const statusOf = (params: URLSearchParams): 0 | 1 => (params.get("status") === "1" ? 1 : 0);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireManage(request);
  const url = new URL(request.url);
  const ids = idsFrom(url.searchParams, NUMERIC_ID_SHAPE);
  if (ids.length === 0) throw redirect(backHref(url));
  return { ids, status: statusOf(url.searchParams), back: backHref(url) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireManage(request);
  const url = new URL(request.url);
  const form = await paramsOf(request);
  const ids = idsFrom(form, NUMERIC_ID_SHAPE);
  const status = statusOf(form);
  const back = backHref(url);
  if (ids.length === 0) return redirect(back);
  const done = status === 1 ? "restored" : "archived";
  try {
    await setPipelinesStatus(api, ids.map(Number), status);
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    return redirectWithToast(request, back, { kind: "error", message: status === 1 ? "Failed to unarchive pipelines." : "Failed to archive pipelines." }, { bulkFailed: ids.length });
  }
  return redirectWithToast(request, back, { kind: "success", message: ids.length > 1 ? `Pipelines ${done}.` : `Pipeline ${done}.` });
}

export default function ArchivePipelines() {
  const { ids, status, back } = useLoaderData<typeof loader>();
  const verb = status === 1 ? "unarchive" : "archive";
  return (
    <ConfirmDialog
      title={status === 1 ? "Unarchive pipelines" : "Archive pipelines"}
      message={ids.length === 1 ? `Are you sure you want to ${verb} this pipeline?` : `Are you sure you want to ${verb} these ${ids.length} pipelines?`}
      cancelTo={back}
      confirmLabel={status === 1 ? "Unarchive" : "Archive"}
      fields={{ ids, status: String(status) }}
    />
  );
}

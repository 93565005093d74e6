import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { wordsFor } from "../lib/labels";
import { ApiValidationError } from "../services/api.server";
import { requirePermission } from "../services/auth.server";
import { getPipeline, setPipelinesStatus } from "../services/pipelines.server";
import { redirectWithToast } from "../services/session.server";

async function requireManage(request: Request, id: string) {
  const signedIn = await requirePermission(request, "pipeline_manage", { route: "/pipeline/:id", back: `/pipeline/${encodeURIComponent(id)}` });
  return signedIn;
}

const back = (request: Request, id: string) => `/pipeline/${encodeURIComponent(id)}${new URL(request.url).search}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition } = await requireManage(request, params.id!);
  const pipeline = await getPipeline(api, params.id!);
  return { name: pipeline.name, status: pipeline.status, back: back(request, params.id!), words: wordsFor(edition) };
}

/** Archives an active pipeline, or makes an archived one active again. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireManage(request, params.id!);
  const pipeline = await getPipeline(api, params.id!);
  const status = pipeline.status === 1 ? 0 : 1;
  try {
    await setPipelinesStatus(api, [pipeline.id], status);
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return redirectWithToast(request, back(request, params.id!), {
      kind: "error",
      message: status === 0 ? "Failed to archive pipeline." : "Failed to unarchive pipeline.",
    });
  }
  return redirectWithToast(request, back(request, params.id!), { kind: "success", message: status === 0 ? "Pipeline archived." : "Pipeline restored." });
}

export default function ArchivePipeline() {
  const { name, status, back, words } = useLoaderData<typeof loader>();
  return status === 1 ? (
    <ConfirmDialog
      title="Archive pipeline"
      message={`Are you sure you want to archive ${name}? Its ${words.tasks} stay where they are, and it leaves the active pipelines.`}
      cancelTo={back}
      confirmLabel="Archive"
    />
  ) : (
    <ConfirmDialog title="Unarchive pipeline" message={`Make ${name} active again?`} cancelTo={back} confirmLabel="Unarchive" />
  );
}

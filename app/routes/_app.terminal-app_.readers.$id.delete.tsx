import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { requirePermission } from "../services/auth.server";
import { redirectWithToast } from "../services/session.server";
import { deleteReader, getReader } from "../services/terminal-app.server";

const guard = (request: Request) =>
  requirePermission(request, "terminal_manage", { route: "/terminal-app", back: `/terminal-app/readers${new URL(request.url).search}` });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  return { name: (await getReader(api, params.id!)).label };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await guard(request);
  const back = `/terminal-app/readers${new URL(request.url).search}`;
  try {
    await deleteReader(api, params.id!);
  } catch (error) {
    if (error instanceof ApiValidationError) return redirectWithToast(request, back, { kind: "error", message: error.body.message });
    throw error;
  }
  return redirectWithToast(request, back, { kind: "success", message: "Reader deleted." });
}

export default function DeleteReader() {
  const { name } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={`Delete ${name}`}
      message="Are you sure you want to delete this reader? It is unregistered from its location."
      cancelTo={`/terminal-app/readers${search}`}
      confirmLabel="Delete"
    />
  );
}

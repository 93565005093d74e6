import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requirePermission } from "../services/auth.server";
import { redirectWithToast } from "../services/session.server";
import { deleteReaderKey, getReaderKey } from "../services/terminal-app.server";

const guard = (request: Request) =>
  requirePermission(request, "terminal_manage", { route: "/terminal-app", back: `/terminal-app/keys${new URL(request.url).search}` });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  return { name: (await getReaderKey(api, params.id!)).reader_name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await guard(request);
  await deleteReaderKey(api, params.id!);
  return redirectWithToast(request, `/terminal-app/keys${new URL(request.url).search}`, { kind: "success", message: "Reader key deleted." });
}

export default function DeleteReaderKey() {
  const { name } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={`Delete ${name}`}
      message="Are you sure you want to delete this reader key? The reader can no longer sign in with it."
      cancelTo={`/terminal-app/keys${search}`}
      confirmLabel="Delete"
    />
  );
}

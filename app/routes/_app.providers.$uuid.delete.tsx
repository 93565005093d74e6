import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { requireAccess } from "../services/auth.server";
import { deleteProvider, getProvider } from "../services/providers.server";
import { redirectWithToast } from "../services/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAccess(request, "/providers");
  const provider = await getProvider(api, params.uuid!);
  return { name: provider.name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAccess(request, "/providers");
  const back = `/providers${new URL(request.url).search}`;
  try {
    await deleteProvider(api, params.uuid!);
  } catch (error) {
    if (error instanceof Response && error.status >= 500) throw error;
    return redirectWithToast(request, back, { kind: "error", message: "Failed to delete provider." });
  }
  return redirectWithToast(request, back, { kind: "success", message: "Provider deleted." });
}

export default function DeleteProvider() {
  const { name } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog title={`Delete ${name}`} message="Are you sure you want to delete this provider?" cancelTo={`/providers${search}`} confirmLabel="Remove" />
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, forEachItem, type BulkConfirmation } from "../services/bulk.server";
import { isUuidText } from "../services/ids.server";
import { deleteProvider } from "../services/providers.server";

const BULK: BulkConfirmation = { list: "/providers", permission: "provider_manage", isId: isUuidText };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

/** Deletes the selected providers, one API call each; a partial failure shows the bulk-error banner. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids }) => {
      const { done, failed } = await forEachItem(ids, (id) => deleteProvider(api, id));
      if (failed > 0) return { kind: "error", message: ids.length > 1 ? "Failed to delete providers." : "Failed to delete provider.", bulkFailed: failed };
      return { kind: "success", message: done > 1 ? "Providers deleted." : "Provider deleted." };
    },
    () => ({ message: "Failed to delete providers.", markFailed: true }),
  );

export default function DeleteProviders() {
  const { ids, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Delete providers"
      message={ids.length === 1 ? "Are you sure you want to delete this provider?" : `Are you sure you want to delete these ${ids.length} providers?`}
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}

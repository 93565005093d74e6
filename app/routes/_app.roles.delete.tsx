import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { deleteRoles } from "../services/roles.server";

const BULK: BulkConfirmation = { list: "/roles", permission: "role_manage" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

/** Deletes the selected roles in one call; the API deletes all or none, and says why when it refuses. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids }) => {
      await deleteRoles(api, ids.map(Number));
      return { kind: "success", message: ids.length > 1 ? "Roles deleted." : "Role deleted." };
    },
    ({ reason }) => ({ message: reason.trim() || "Failed to delete roles.", markFailed: true }),
  );

export default function DeleteRoles() {
  const { ids, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Delete roles"
      message={
        ids.length === 1
          ? "Are you sure you want to delete this role? Its users lose the permissions it gives."
          : `Are you sure you want to delete these ${ids.length} roles? Their users lose the permissions they give.`
      }
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}

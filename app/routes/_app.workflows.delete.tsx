import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { deleteWorkflows } from "../services/workflows.server";

/** The confirmation of a row's Delete and of the bulk form's 'Delete workflow(s)': the ids in the URL, one API call. */
const BULK: BulkConfirmation = { list: "/workflows", permission: "task_manage" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids }) => {
      const deleted = await deleteWorkflows(api, ids);
      return { kind: "success", message: deleted > 1 ? "Workflows deleted." : "Workflow deleted." };
    },
    ({ ids }) => ({ message: ids.length > 1 ? "Failed to delete workflows." : "Failed to delete workflow.", markFailed: true }),
  );

export default function DeleteWorkflows() {
  const { ids, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={ids.length === 1 ? "Delete workflow" : "Delete workflows"}
      message={ids.length === 1 ? "Are you sure you want to delete this workflow?" : `Are you sure you want to delete these ${ids.length} workflows?`}
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}

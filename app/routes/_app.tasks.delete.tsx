import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { bulkConfirmationAction, bulkConfirmationLoader, type BulkConfirmation } from "../services/bulk.server";
import { deleteTasks } from "../services/tasks.server";

const BULK: BulkConfirmation = { list: "/tasks", permission: "task_manage" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

/** Deletes the selected tasks in one call: the API deletes all of them or none. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkConfirmationAction(
    request,
    BULK,
    async ({ api, ids, words }) => {
      await deleteTasks(api, ids.map(Number));
      return { kind: "success", message: ids.length > 1 ? `${words.Tasks} deleted.` : `${words.Task} deleted.` };
    },
    ({ words }) => ({ message: `Failed to delete ${words.tasks}.`, markFailed: true }),
  );

export default function DeleteTasks() {
  const { ids, back, words } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={`Delete ${words.tasks}`}
      message={ids.length === 1 ? `Are you sure you want to delete this ${words.task}?` : `Are you sure you want to delete these ${ids.length} ${words.tasks}?`}
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { wordsFor } from "../lib/labels";
import { ApiValidationError } from "../services/api.server";
import { redirectWithToast } from "../services/session.server";
import { requireTaskManager, deleteTask } from "../services/task-detail.server";
import { getTask } from "../services/tasks.server";

/** Deleting the task from its page: a confirmation, then back to the list with a toast. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, id } = await requireTaskManager(request, params);
  const task = await getTask(api, id);
  return { task: { id: task.id, name: task.name }, words: wordsFor(edition) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, edition, id } = await requireTaskManager(request, params);
  const words = wordsFor(edition);
  try {
    await deleteTask(api, id);
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return redirectWithToast(request, `/tasks/${id}`, { kind: "error", message: `Failed to delete ${words.task}.` });
  }
  return redirectWithToast(request, "/tasks", { kind: "success", message: `${words.Task} deleted.` });
}

export default function DeleteTask() {
  const { task, words } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={`Delete ${words.task}`}
      message={
        <>
          Are you sure you want to delete the {words.task} <strong>{task.name}</strong>? Its products, notes and documents are deleted with it.
        </>
      }
      cancelTo={`/tasks/${task.id}${search}`}
      confirmLabel="Remove"
    />
  );
}

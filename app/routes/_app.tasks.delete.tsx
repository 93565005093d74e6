import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { wordsFor } from "../lib/labels";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { idsFrom, listHrefWithoutIds, NUMERIC_ID_SHAPE } from "../services/bulk.server";
import { redirectWithToast } from "../services/session.server";
import { deleteTasks } from "../services/tasks.server";
import { paramsOf } from "../services/submission.server";

async function requireManage(request: Request) {
  const signedIn = await requireAccess(request, "/tasks");
  if (!signedIn.subject.permissions.includes("task_manage")) throw redirect("/tasks");
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { edition } = await requireManage(request);
  const url = new URL(request.url);
  const ids = idsFrom(url.searchParams, NUMERIC_ID_SHAPE);
  if (ids.length === 0) throw redirect(listHrefWithoutIds(url, "/tasks"));
  return { ids, back: listHrefWithoutIds(url, "/tasks"), words: wordsFor(edition) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, edition } = await requireManage(request);
  const words = wordsFor(edition);
  const url = new URL(request.url);
  const ids = idsFrom(await paramsOf(request), NUMERIC_ID_SHAPE);
  const back = listHrefWithoutIds(url, "/tasks");
  try {
    await deleteTasks(api, ids.map(Number));
  } catch (error) {
    if (!(error instanceof ApiValidationError || (error instanceof Response && error.status === 404))) throw error;
    return redirectWithToast(request, back, { kind: "error", message: `Failed to delete ${words.tasks}.` }, { bulkFailed: ids.length });
  }
  return redirectWithToast(request, back, { kind: "success", message: ids.length > 1 ? `${words.Tasks} deleted.` : `${words.Task} deleted.` });
}

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

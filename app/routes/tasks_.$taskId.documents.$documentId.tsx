import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";
import { TASK_PATTERN, taskIdOf } from "../services/task-detail.server";
import { idOf } from "../services/ids.server";

/**
 * A task note's document, downloaded through the portal with the session (the API serves it to the task's
 * company's users only, as an attachment that no shared cache keeps).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const taskId = taskIdOf(params);
  const documentId = params.documentId ?? "";
  idOf(documentId);
  const { api } = await requireAccess(request, TASK_PATTERN);
  return api.download(`/tasks/${taskId}/documents/${documentId}`);
}

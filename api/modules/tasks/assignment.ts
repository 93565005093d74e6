import type { Db } from "#api/db/client";
import { taskAssigned } from "../notifications/notify";

/**
 * A task was assigned to someone other than the person saving it: they get a notification under the
 * bell, linking to the task. Called inside the transaction of the assignment.
 */
export async function notifyAssignee(
  db: Db,
  to: { tenantId: number; userId: number },
  task: { id: number; name: string },
  actor: { name: string | null; photo?: string | null },
) {
  await taskAssigned(db, to, { id: task.id, title: task.name }, { name: actor.name, photo: actor.photo ?? null });
}

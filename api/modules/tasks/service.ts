/**
 * Tasks: creating, changing and deleting them. The rest of the area sits beside this file, one seam each:
 * - task-rows.ts: a task as the API answers it (loaded by id with its references' names and includes), one task or 404;
 * - task-list.ts: the list (GET /task): its filters, sort and page;
 * - references.ts: the references a write sends, checked all at once;
 * - changes.ts: what a write changes: its row values and its activity entries;
 * - products.ts, notes.ts, emails.ts, activity.ts, documents.ts, lookups.ts: a task's sub-resources.
 * The routes use this module's exports (the reading ones are re-exported here).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Task, TaskCreateBody, TaskUpdateBody } from "#contract/tasks";
import type { Database, Db } from "#api/db/client";
import { notes, taskDocuments, tasks, users, type ActivityChange } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import { logActivity, type ActivityEntry } from "./activity";
import { notifyAssignee } from "./assignment";
import { activityOf, columnsOf, confidenceOf, stateFor, type Values } from "./changes";
import { recordTaskEvents, type AutomationCause, type TaskEvent } from "../workflows/triggers";
import { resolveRefs } from "./references";
import { fullName, getTask, loadRow, type Loaded } from "./task-rows";

export { listTasks } from "./task-list";
export { ALL_INCLUDES, assertTask, getTask, parseIncludes, toProduct } from "./task-rows";

// ---------------------------------------------------------------- writing

export interface Actor {
  tenantId: number;
  userId: number;
}

async function actorName(db: Db, userId: number) {
  const [u] = await db.select({ name: users.name, lastName: users.lastName, photo: users.profilePhotoPath }).from(users).where(eq(users.id, userId)).limit(1);
  return u ? { name: fullName(u.name, u.lastName), photo: u.photo } : { name: null, photo: null };
}

export async function createTask(database: Database, actor: Actor, body: TaskCreateBody): Promise<Task> {
  const { db } = database;
  const refs = await resolveRefs(db, false, actor.tenantId, {
    pipelineId: body.pipeline_id,
    stageId: body.pipeline_stage_id,
    pipelineIsNew: true,
    teamId: body.team_id,
    memberId: body.team_member_id,
    individualId: body.source_individual_id,
    companyId: body.company_id,
    frequencyId: body.payment_frequency_id,
    confidence: confidenceOf(body),
  });
  const stage = refs.stage!;
  const who = body.team_member_id && body.team_member_id !== actor.userId ? await actorName(db, actor.userId) : null;
  const id = await database.transaction(async (tx) => {
    const [row] = await tx
      .insert(tasks)
      .values({
        ...columnsOf(body),
        tenantId: actor.tenantId,
        name: body.name,
        priority: body.priority ?? 2,
        reviewStatus: body.review_status ?? 1,
        pipelineId: body.pipeline_id,
        pipelineStageId: stage.id,
        ...stateFor(stage.outcome),
        createdBy: actor.userId,
      })
      .returning();
    const entries: ActivityEntry[] = [
      {
        tenantId: actor.tenantId,
        subjectType: "task",
        subjectId: row.id,
        userId: actor.userId,
        action: "created",
        changes: {
          name: { old: null, new: row.name },
          pipeline_stage_id: { old: null, new: stage.id, old_label: null, new_label: stage.label },
        },
      },
    ];
    if (row.teamMemberId) {
      entries.push({
        tenantId: actor.tenantId,
        subjectType: "task",
        subjectId: row.id,
        userId: actor.userId,
        action: "assigned",
        changes: { team_member_id: { old: null, new: row.teamMemberId, old_label: null, new_label: refs.member?.label ?? null } },
      });
    }
    await logActivity(tx as unknown as Db, entries);
    // Automations: the events of the new task, recorded with it.
    const events: TaskEvent[] = [{ tenantId: actor.tenantId, taskId: row.id, event: "task_created" }];
    if (row.teamMemberId) events.push({ tenantId: actor.tenantId, taskId: row.id, event: "task_assigned" });
    await recordTaskEvents(tx as unknown as Db, events);
    if (who && row.teamMemberId)
      await notifyAssignee(tx as unknown as Db, { tenantId: actor.tenantId, userId: row.teamMemberId }, { id: row.id, name: row.name }, who);
    return row.id;
  });
  return getTask(db, actor.tenantId, id);
}

/**
 * Changes a task: only the fields of the body. Moving (pipeline/stage), assigning (team member, team)
 * and editing each write an activity entry with old → new values; a new assignee (other than the
 * person saving) is notified. `as` records every change under one action (revenue, kyb, progress).
 */
export async function updateTask(
  database: Database,
  actor: Actor,
  id: number,
  body: TaskUpdateBody,
  options: {
    as?: string;
    extra?: Record<string, ActivityChange>;
    afterWrite?: (tx: Db, current: Loaded) => Promise<Record<string, ActivityChange> | void>;
    /** The automation making the change: the activity names it, and its own change does not trigger it again. */
    automation?: AutomationCause;
  } = {},
): Promise<Task> {
  const { db } = database;
  const auto = options.automation;
  const who = auto ? { name: `Automation "${auto.name}"`, photo: null } : await actorName(db, actor.userId);
  await database.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const current = await loadRow(tx, actor.tenantId, id, true);
    const t = current.task;
    const pipelineId = body.pipeline_id ?? t.pipelineId;
    const pipelineChanged = pipelineId !== t.pipelineId;
    // A move to another pipeline without a stage goes to its first stage.
    const stageId = body.pipeline_stage_id ?? (pipelineChanged ? undefined : t.pipelineStageId);
    const moving = pipelineChanged || stageId !== t.pipelineStageId;
    const refs = await resolveRefs(tx, true, actor.tenantId, {
      pipelineId: moving || body.pipeline_id !== undefined ? pipelineId : undefined,
      stageId: moving || body.pipeline_stage_id !== undefined ? stageId : undefined,
      pipelineIsNew: pipelineChanged,
      teamId: body.team_id,
      memberId: body.team_member_id,
      individualId: body.source_individual_id,
      companyId: body.company_id,
      frequencyId: body.payment_frequency_id,
      reasonId: body.expected_close_date_change_reason_id,
      confidence: confidenceOf(body),
    });
    const next: Values = columnsOf(body);
    if (moving) {
      next.pipelineId = pipelineId;
      next.pipelineStageId = refs.stage!.id;
      Object.assign(next, stateFor(refs.stage!.outcome, t));
    }
    const extra = { ...(options.extra ?? {}), ...((await options.afterWrite?.(tx, current)) ?? {}) };
    const entries = activityOf(current, next, refs, options.as, extra);
    if (Object.keys(next).length) {
      await tx
        .update(tasks)
        .set({ ...next, updatedAt: new Date() })
        .where(and(eq(tasks.tenantId, actor.tenantId), eq(tasks.id, id)));
    }
    const byAutomation: Record<string, ActivityChange> = auto ? { automation: { old: null, new: auto.workflowId, new_label: auto.name } } : {};
    await logActivity(
      tx,
      entries.map((e) => ({
        tenantId: actor.tenantId,
        subjectType: "task" as const,
        subjectId: id,
        userId: auto ? null : actor.userId,
        ...e,
        changes: { ...e.changes, ...byAutomation },
      })),
    );
    // Automations: a move and an assignment are events, recorded in this transaction.
    const events: TaskEvent[] = [];
    if (moving) events.push({ tenantId: actor.tenantId, taskId: id, event: "task_moved", stageId: refs.stage!.id, cause: auto });
    if (next.teamMemberId && next.teamMemberId !== t.teamMemberId) events.push({ tenantId: actor.tenantId, taskId: id, event: "task_assigned", cause: auto });
    await recordTaskEvents(tx, events);
    const assignee = next.teamMemberId;
    if (assignee && assignee !== t.teamMemberId && assignee !== actor.userId) {
      await notifyAssignee(tx, { tenantId: actor.tenantId, userId: assignee }, { id, name: next.name ?? t.name }, who);
    }
  });
  return getTask(db, actor.tenantId, id);
}

/** Deletes tasks of the caller's company; any id that is not one answers 404 and nothing is deleted. */
export async function deleteTasks(database: Database, actor: Actor, ids: number[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  return database.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const found = await tx
      .select({ id: tasks.id, name: tasks.name })
      .from(tasks)
      .where(and(eq(tasks.tenantId, actor.tenantId), inArray(tasks.id, unique)))
      .for("update");
    if (found.length !== unique.length) throw notFound("Task");
    const documents = await tx
      .select({ key: taskDocuments.storageKey })
      .from(taskDocuments)
      .where(and(eq(taskDocuments.tenantId, actor.tenantId), inArray(taskDocuments.taskId, unique)));
    await tx.delete(notes).where(and(eq(notes.tenantId, actor.tenantId), eq(notes.notableType, "task"), inArray(notes.notableId, unique)));
    await tx.delete(tasks).where(and(eq(tasks.tenantId, actor.tenantId), inArray(tasks.id, unique)));
    await logActivity(
      tx,
      found.map((t) => ({
        tenantId: actor.tenantId,
        subjectType: "task" as const,
        subjectId: t.id,
        userId: actor.userId,
        action: "deleted",
        changes: { name: { old: t.name, new: null } },
      })),
    );
    return documents.map((d) => d.key);
  });
}

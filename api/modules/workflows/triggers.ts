/**
 * The automations' trigger: a task's change records, in the change's own transaction, one queued run per active
 * workflow of that event whose conditions the task meets, and enqueues the run's job on the same transaction
 * (rolled back with the change). A change made by an automation carries its cause: the same workflow is never
 * triggered again by its own change, and a chain deeper than MAX_CHAIN_DEPTH is stopped with the reason.
 */
import { and, eq } from "drizzle-orm";
import { CONDITION_FIELD_NAMES, MAX_CHAIN_DEPTH, meetsCondition, type TaskFacts, type TriggerEvent, type WorkflowDefinition } from "#contract/workflows";
import type { Db, Tx } from "#api/db/client";
import { tasks, workflowRuns, workflows } from "#api/db/schema";
import { enqueue } from "#api/jobs/enqueue";
import { workflowRunJob } from "./jobs";

/** The automation whose run made a change, passed down to the task's write. */
export interface AutomationCause {
  workflowId: number;
  name: string;
  /** The depth of the run that made the change (1 for a run started by a person's change). */
  depth: number;
}

export interface TaskEvent {
  tenantId: number;
  taskId: number;
  event: TriggerEvent;
  /** For task_moved: the stage the task entered. */
  stageId?: number | null;
  cause?: AutomationCause;
}

type TaskRow = typeof tasks.$inferSelect;
type WorkflowRow = typeof workflows.$inferSelect;

/** The values of a task that conditions test. */
export function factsOf(t: TaskRow): TaskFacts {
  const facts: TaskFacts = {
    name: t.name,
    priority: t.priority,
    review_status: t.reviewStatus,
    pipeline_id: t.pipelineId,
    pipeline_stage_id: t.pipelineStageId,
    team_id: t.teamId,
    team_member_id: t.teamMemberId,
    expected_revenue: t.expectedRevenue === null ? null : Number(t.expectedRevenue),
    size: t.size,
    expected_close_date: t.expectedCloseDate,
    kyb: t.kyb,
  };
  for (const k of CONDITION_FIELD_NAMES) facts[k] ??= null;
  return facts;
}

/** Whether an event of a task starts a workflow: its trigger's stage and every condition. */
export function triggers(d: WorkflowDefinition, event: Pick<TaskEvent, "event" | "stageId">, task: TaskRow): boolean {
  if (d.trigger.event !== event.event) return false;
  if (event.event === "task_moved" && d.trigger.stage_id && d.trigger.stage_id !== event.stageId) return false;
  const facts = factsOf(task);
  return d.conditions.every((c) => meetsCondition(facts, c));
}

/** Queues one run of a workflow on a task (or records it stopped when the chain is too deep). */
export async function queueRun(tx: Db | Tx, wf: WorkflowRow, task: TaskRow, event: TriggerEvent, depth: number) {
  const stopped = depth > MAX_CHAIN_DEPTH;
  const [run] = await tx
    .insert(workflowRuns)
    .values({
      tenantId: wf.tenantId,
      workflowId: wf.id,
      workflowVersion: wf.version,
      snapshot: { name: wf.name, workflowTypeId: wf.workflowTypeId, definition: wf.definition },
      taskId: task.id,
      taskName: task.name,
      event,
      depth,
      status: stopped ? "stopped" : "queued",
      outcome: stopped
        ? `Stopped: this change was made by a chain of ${depth - 1} automations on the task, and a chain stops after ${MAX_CHAIN_DEPTH} steps so that automations cannot loop.`
        : null,
      finishedAt: stopped ? new Date() : null,
    })
    .returning({ id: workflowRuns.id });
  if (stopped) return run.id;
  const jobId = await enqueue(tx as Db, workflowRunJob, { runId: run.id }, { tenantId: wf.tenantId });
  await tx.update(workflowRuns).set({ jobId }).where(eq(workflowRuns.id, run.id));
  return run.id;
}

/**
 * Records task events inside the transaction of the change: one queued run per matching active workflow. Call it
 * after the task's row is written (the conditions read the task as changed).
 */
export async function recordTaskEvents(tx: Db | Tx, events: TaskEvent[]) {
  if (events.length === 0) return;
  const { tenantId, taskId } = events[0];
  const active = await tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.status, 1)));
  if (active.length === 0) return;
  const [task] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, taskId)));
  if (!task) return;
  for (const e of events) {
    for (const wf of active) {
      // An automation's own change never triggers that same automation again.
      if (e.cause && e.cause.workflowId === wf.id) continue;
      if (!triggers(wf.definition, e, task)) continue;
      await queueRun(tx, wf, task, e.event, (e.cause?.depth ?? 0) + 1);
    }
  }
}

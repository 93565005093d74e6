/**
 * Running an automation's action (the job of one run), trying it on a task without doing it, and the scan for idle
 * tasks. The action reads the definition stored on the run (the version it was queued with), not the workflow's
 * current one.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { describeCondition, meetsCondition, type WorkflowDefinition, type WorkflowTestResult } from "#contract/workflows";
import type { Database, Db } from "#api/db/client";
import { clientCompanies, individuals, pipelineStages, tasks, teamMembers, users, workflowRuns, workflows } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import type { JobContext } from "#api/jobs/define";
import { logActivity } from "../tasks/activity";
import { updateTask } from "../tasks/service";
import { workflowRow } from "./service";
import { factsOf, queueRun } from "./triggers";

type TaskRow = typeof tasks.$inferSelect;
interface Snapshot {
  name: string;
  workflowTypeId: number;
  definition: WorkflowDefinition;
}

const fullName = (u: { name: string; lastName: string | null }) => [u.name, u.lastName].filter(Boolean).join(" ");

/** Fills {{task_name}} (and a few more) in an automation's e-mail. */
function fill(text: string, task: TaskRow, stage: string | null) {
  return text
    .replace(/\{\{\s*task_name\s*\}\}/g, task.name)
    .replace(/\{\{\s*task_id\s*\}\}/g, String(task.id))
    .replace(/\{\{\s*stage\s*\}\}/g, stage ?? "");
}

/** Who an automation's e-mail goes to: the task's team (or its assignee without one), or the task's client. */
async function recipientsOf(db: Db, task: TaskRow, audience: number): Promise<string[]> {
  if (audience === 2) {
    if (task.sourceIndividualId) {
      const [i] = await db
        .select({ email: individuals.email })
        .from(individuals)
        .where(and(eq(individuals.tenantId, task.tenantId), eq(individuals.id, task.sourceIndividualId)));
      if (i?.email) return [i.email];
    }
    if (task.companyId) {
      const [c] = await db
        .select({ email: clientCompanies.email })
        .from(clientCompanies)
        .where(and(eq(clientCompanies.tenantId, task.tenantId), eq(clientCompanies.id, task.companyId)));
      if (c?.email) return [c.email];
    }
    return [];
  }
  if (task.teamId) {
    const rows = await db
      .select({ email: users.email })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.tenantId, task.tenantId), eq(teamMembers.teamId, task.teamId), eq(users.status, "active")));
    if (rows.length) return [...new Set(rows.map((r) => r.email))];
  }
  if (task.teamMemberId) {
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, task.teamMemberId));
    if (u) return [u.email];
  }
  return [];
}

interface Plan {
  /** What the action does (or would do): "Assigned the task to Amelia Hart." */
  describe: (done: boolean) => string;
  /** null when the action has nothing to do (the task is already there); the reason then. */
  noop?: string;
  /** A reason the action cannot run (no recipient, a stage deleted …): the run fails without retrying. */
  impossible?: string;
  apply?: (database: Database, ctx: Pick<JobContext, "mail" | "tenantId">, cause: { workflowId: number; name: string; depth: number }) => Promise<void>;
}

/** What a workflow's action would do to a task, worked out without changing anything. */
async function planFor(db: Db, snap: Snapshot, task: TaskRow): Promise<Plan> {
  const d = snap.definition;
  if (snap.workflowTypeId === 1) {
    const to = await recipientsOf(db, task, d.audience ?? 1);
    if (to.length === 0)
      return {
        describe: () => "",
        impossible: d.audience === 2 ? "The task's client has no e-mail address." : "The task has no team or assignee to e-mail.",
      };
    const [stage] = await db.select({ name: pipelineStages.name }).from(pipelineStages).where(eq(pipelineStages.id, task.pipelineStageId));
    const subject = fill(d.email_subject ?? "", task, stage?.name ?? null);
    const text = fill(d.email_body ?? "", task, stage?.name ?? null);
    return {
      describe: (done) => `${done ? "E-mailed" : "Would e-mail"} ${to.join(", ")}: ${subject}`,
      apply: async (database, ctx, cause) => {
        for (const address of to) await ctx.mail.send({ tenantId: task.tenantId, to: address, subject, text });
        await logActivity(database.db, [
          {
            tenantId: task.tenantId,
            subjectType: "task",
            subjectId: task.id,
            userId: null,
            action: "email_sent",
            changes: {
              to: { old: null, new: to.join(", ") },
              subject: { old: null, new: subject },
              automation: { old: null, new: cause.workflowId, new_label: cause.name },
            },
          },
        ]);
      },
    };
  }
  if (snap.workflowTypeId === 2) {
    const [u] = await db
      .select({ id: users.id, name: users.name, lastName: users.lastName, status: users.status })
      .from(users)
      .where(and(eq(users.tenantId, task.tenantId), eq(users.id, d.assign_to_user_id ?? 0)));
    if (!u || u.status !== "active") return { describe: () => "", impossible: "The team member to assign the task to is no longer an active user." };
    const who = fullName(u);
    if (task.teamMemberId === u.id) return { describe: () => "", noop: `The task was already assigned to ${who}; nothing changed.` };
    return {
      describe: (done) => `${done ? "Assigned" : "Would assign"} the task to ${who}.`,
      apply: async (database, _ctx, cause) => {
        await updateTask(database, { tenantId: task.tenantId, userId: 0 }, task.id, { team_member_id: u.id }, { automation: cause });
      },
    };
  }
  const [stage] = await db
    .select({ id: pipelineStages.id, name: pipelineStages.name, pipelineId: pipelineStages.pipelineId })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.tenantId, task.tenantId), eq(pipelineStages.id, d.move_to_stage_id ?? 0)));
  if (!stage) return { describe: () => "", impossible: "The stage to move the task to no longer exists." };
  if (task.pipelineStageId === stage.id) return { describe: () => "", noop: `The task was already at ${stage.name}; nothing changed.` };
  return {
    describe: (done) => `${done ? "Moved" : "Would move"} the task to ${stage.name}.`,
    apply: async (database, _ctx, cause) => {
      await updateTask(
        database,
        { tenantId: task.tenantId, userId: 0 },
        task.id,
        { pipeline_id: stage.pipelineId, pipeline_stage_id: stage.id },
        { automation: cause },
      );
    },
  };
}

async function finish(db: Db, runId: number, status: "done" | "failed" | "retrying", outcome: string, attempts: number) {
  await db
    .update(workflowRuns)
    .set({ status, outcome, attempts, finishedAt: status === "retrying" ? null : new Date() })
    .where(eq(workflowRuns.id, runId));
}

/** The job of one run: does the action with the run's own definition; records what it did or why it failed. */
export async function runWorkflow(runId: number, ctx: JobContext, retryLimit: number) {
  const db = ctx.database.db;
  const [run] = await db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
  if (!run || run.status === "done" || run.status === "failed" || run.status === "stopped") return;
  const attempts = ctx.retryCount + 1;
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, run.tenantId), eq(tasks.id, run.taskId)));
  if (!task) return finish(db, runId, "failed", "The task was deleted before the automation ran.", attempts);
  try {
    const plan = await planFor(db, run.snapshot, task);
    if (plan.impossible) return await finish(db, runId, "failed", plan.impossible, attempts);
    if (plan.noop) return await finish(db, runId, "done", plan.noop, attempts);
    await plan.apply!(ctx.database, ctx, { workflowId: run.workflowId, name: run.snapshot.name, depth: run.depth });
    await finish(db, runId, "done", plan.describe(true), attempts);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const last = ctx.retryCount >= retryLimit;
    await finish(
      db,
      runId,
      last ? "failed" : "retrying",
      last ? `Failed after ${attempts} attempts: ${reason}` : `Attempt ${attempts} failed: ${reason}; retrying.`,
      attempts,
    );
    throw error;
  }
}

/** What a workflow would do to a task, now, without doing it (its current definition; draft or active). */
export async function testWorkflow(db: Db, tenantId: number, workflowId: number, taskId: number): Promise<WorkflowTestResult> {
  const wf = await workflowRow(db, tenantId, workflowId);
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, taskId)));
  if (!task) throw notFound("Task");
  const facts = factsOf(task);
  const checks = wf.definition.conditions.map((c) => ({ description: describeCondition(c), met: meetsCondition(facts, c) }));
  const base = { task_id: task.id, task_name: task.name, checks };
  if (checks.some((c) => !c.met)) return { ...base, would_run: false, outcome: "It would not run: the task does not meet every condition." };
  const plan = await planFor(db, { name: wf.name, workflowTypeId: wf.workflowTypeId, definition: wf.definition }, task);
  if (plan.impossible) return { ...base, would_run: false, outcome: `It would fail: ${plan.impossible}` };
  if (plan.noop) return { ...base, would_run: false, outcome: `It would change nothing: ${plan.noop}` };
  return { ...base, would_run: true, outcome: plan.describe(false) };
}

/**
 * Queues a run for every open task idle (not changed) for at least an active "idle" workflow's days that meets its
 * conditions, once per idle spell: not again until the task changes.
 */
export async function scanIdleTasks(database: Database, now: Date) {
  const db = database.db;
  const idle = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.status, 1), eq(workflows.triggerEvent, "task_idle")));
  let queued = 0;
  for (const wf of idle) {
    const days = wf.definition.trigger.days ?? 0;
    if (days < 1) continue;
    const before = new Date(now.getTime() - days * 86_400_000);
    const candidates = await db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.tenantId, wf.tenantId),
          eq(tasks.state, "open"),
          lt(tasks.updatedAt, before),
          sql`not exists (select 1 from ${workflowRuns} r where r.workflow_id = ${wf.id} and r.task_id = ${tasks.id} and r.created_at > ${tasks.updatedAt})`,
        ),
      )
      .limit(500);
    const facts = candidates.filter((t) => wf.definition.conditions.every((c) => meetsCondition(factsOf(t), c)));
    if (facts.length === 0) continue;
    await database.transaction(async (tx) => {
      for (const t of facts) {
        await queueRun(tx, wf, t, "task_idle", 1);
        queued++;
      }
    });
  }
  return queued;
}

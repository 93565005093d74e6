import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import {
  describeCondition,
  WORKFLOW_SORTS,
  workflowTypeLabel,
  type Workflow,
  type WorkflowBody,
  type WorkflowDefinition,
  type WorkflowRun,
} from "#contract/workflows";
import type { Db } from "#api/db/client";
import { pipelineStages, users, workflowRuns, workflows } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { countedListStatements, countedPage, ListShape, listOrder, offsetOf, sortOf, textFilter } from "#api/http/paging";

type Row = typeof workflows.$inferSelect;

/** What a workflow does, in a few words (the list's column and the run history's lines). */
export function summaryOf(typeId: number, d: WorkflowDefinition, names: { user?: string | null; stage?: string | null } = {}): string {
  if (typeId === 1) return d.audience === 2 ? "E-mails the task's client" : "E-mails the task's team";
  if (typeId === 2) return `Assigns the task to ${names.user ?? `user ${d.assign_to_user_id}`}`;
  return `Moves the task to ${names.stage ?? `stage ${d.move_to_stage_id}`}`;
}

export function toWorkflow(row: Row, names: { user?: string | null; stage?: string | null } = {}): Workflow {
  const d = row.definition;
  return {
    id: row.id,
    name: row.name,
    workflow_type_id: row.workflowTypeId,
    status: row.status,
    version: row.version,
    trigger: { event: d.trigger.event, stage_id: d.trigger.stage_id ?? null, days: d.trigger.days ?? null },
    conditions: d.conditions.map((c) => ({ ...c, description: describeCondition(c) })),
    audience: d.audience ?? null,
    email_subject: d.email_subject ?? null,
    email_body: d.email_body ?? null,
    assign_to_user_id: d.assign_to_user_id ?? null,
    move_to_stage_id: d.move_to_stage_id ?? null,
    summary: summaryOf(row.workflowTypeId, d, names),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The names a workflow's summary shows (its assignee, its target stage), for a set of rows. */
async function namesFor(db: Db, tenantId: number, rows: Row[]) {
  const userIds = [...new Set(rows.map((r) => r.definition.assign_to_user_id).filter((v): v is number => !!v))];
  const stageIds = [...new Set(rows.map((r) => r.definition.move_to_stage_id).filter((v): v is number => !!v))];
  const [us, ss] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, name: users.name, lastName: users.lastName })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)))
      : [],
    stageIds.length
      ? db
          .select({ id: pipelineStages.id, name: pipelineStages.name })
          .from(pipelineStages)
          .where(and(eq(pipelineStages.tenantId, tenantId), inArray(pipelineStages.id, stageIds)))
      : [],
  ]);
  const userName = new Map(us.map((u) => [u.id, [u.name, u.lastName].filter(Boolean).join(" ")]));
  const stageName = new Map(ss.map((s) => [s.id, s.name]));
  return (r: Row) => ({ user: userName.get(r.definition.assign_to_user_id ?? 0) ?? null, stage: stageName.get(r.definition.move_to_stage_id ?? 0) ?? null });
}

const listStatements = countedListStatements(workflows, (db) => db.select().from(workflows).$dynamic());

export async function listWorkflows(db: Db, tenantId: number, query: ListQuery) {
  const shape = new ListShape();
  const status = Number(textFilter(query, "status"));
  const type = Number(textFilter(query, "workflow_type_id"));
  const where = and(
    eq(workflows.tenantId, shape.value("tenant", tenantId)),
    shape.contains("search", [workflows.name], textFilter(query, "search") ?? textFilter(query, "name")),
    status === 1 || status === 2 ? eq(workflows.status, shape.value("status", status)) : undefined,
    type >= 1 && type <= 3 ? eq(workflows.workflowTypeId, shape.value("type", type)) : undefined,
  )!;
  const sort = sortOf(query, WORKFLOW_SORTS) ?? { field: "name" as const, desc: false };
  const column = { name: sql`lower(${workflows.name})`, created_at: workflows.createdAt, status: workflows.status }[sort.field];
  const order = shape.sorted(sort, listOrder(column, workflows.id, sort.desc, false).order);
  const { rows, total } = await countedPage(db, shape, listStatements, { where, order }, query);
  const names = await namesFor(db, tenantId, rows);
  return { rows: rows.map((r) => toWorkflow(r, names(r))), total };
}

export async function workflowRow(db: Db, tenantId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)))
    .limit(1);
  if (!row) throw notFound("Workflow");
  return row;
}

export async function getWorkflow(db: Db, tenantId: number, id: number) {
  const row = await workflowRow(db, tenantId, id);
  return toWorkflow(row, (await namesFor(db, tenantId, [row]))(row));
}

/** The stored definition of a body: only the settings its type and trigger use. */
function definitionOf(body: WorkflowBody): WorkflowDefinition {
  const t = body.workflow_type_id;
  return {
    trigger: {
      event: body.trigger.event,
      stage_id: body.trigger.event === "task_moved" ? (body.trigger.stage_id ?? null) : null,
      days: body.trigger.event === "task_idle" ? (body.trigger.days ?? null) : null,
    },
    conditions: body.conditions,
    audience: t === 1 ? (body.audience ?? null) : null,
    email_subject: t === 1 ? (body.email_subject ?? null) : null,
    email_body: t === 1 ? (body.email_body ?? null) : null,
    assign_to_user_id: t === 2 ? (body.assign_to_user_id ?? null) : null,
    move_to_stage_id: t === 3 ? (body.move_to_stage_id ?? null) : null,
  };
}

/** The ids a workflow names must be the company's: a stage, an active user. A 422 names the field otherwise. */
async function checkReferences(db: Db, tenantId: number, d: WorkflowDefinition) {
  const errors: Record<string, string[]> = {};
  const stage = async (id: number) =>
    (
      await db
        .select({ id: pipelineStages.id })
        .from(pipelineStages)
        .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.id, id)))
    ).length > 0;
  if (d.trigger.stage_id && !(await stage(d.trigger.stage_id))) errors["trigger.stage_id"] = ["The stage is not one of your pipelines' stages."];
  if (d.move_to_stage_id && !(await stage(d.move_to_stage_id))) errors.move_to_stage_id = ["The stage is not one of your pipelines' stages."];
  if (d.assign_to_user_id) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, d.assign_to_user_id), eq(users.status, "active")));
    if (!u) errors.assign_to_user_id = ["The team member is not an active user of your company."];
  }
  for (const [i, c] of d.conditions.entries()) {
    if (c.field !== "pipeline_stage_id" || c.type === 3) continue;
    const ids = (Array.isArray(c.value) ? c.value : [c.value]) as number[];
    for (const sid of ids) if (!(await stage(sid))) errors[`conditions.${i}.value`] = ["The stage is not one of your pipelines' stages."];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

export async function createWorkflow(db: Db, tenantId: number, body: WorkflowBody) {
  const definition = definitionOf(body);
  await checkReferences(db, tenantId, definition);
  const [row] = await db
    .insert(workflows)
    .values({ tenantId, name: body.name, workflowTypeId: body.workflow_type_id, status: body.status, definition, triggerEvent: definition.trigger.event })
    .returning();
  return toWorkflow(row, (await namesFor(db, tenantId, [row]))(row));
}

/** Replaces a workflow's definition; its version goes up (runs already queued keep the version they were queued with). */
export async function updateWorkflow(db: Db, tenantId: number, id: number, body: WorkflowBody) {
  await workflowRow(db, tenantId, id);
  const definition = definitionOf(body);
  await checkReferences(db, tenantId, definition);
  const [row] = await db
    .update(workflows)
    .set({
      name: body.name,
      workflowTypeId: body.workflow_type_id,
      status: body.status,
      definition,
      triggerEvent: definition.trigger.event,
      version: sql`${workflows.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)))
    .returning();
  if (!row) throw notFound("Workflow");
  return toWorkflow(row, (await namesFor(db, tenantId, [row]))(row));
}

/** Deletes workflows of the tenant: every id must be one (404 otherwise, nothing deleted). Their history goes with them. */
export async function deleteWorkflows(db: Db, tenantId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.tenantId, tenantId), inArray(workflows.id, unique)));
  if (found.length !== unique.length) throw notFound("Workflow");
  const gone = await db
    .delete(workflows)
    .where(and(eq(workflows.tenantId, tenantId), inArray(workflows.id, unique)))
    .returning({ id: workflows.id });
  return gone.length;
}

export function toRun(r: typeof workflowRuns.$inferSelect): WorkflowRun {
  return {
    id: r.id,
    workflow_id: r.workflowId,
    workflow_version: r.workflowVersion,
    task_id: r.taskId,
    task_name: r.taskName,
    event: r.event,
    depth: r.depth,
    status: r.status as WorkflowRun["status"],
    outcome: r.outcome,
    attempts: r.attempts,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

/** A workflow's run history, newest first. */
export async function listRuns(db: Db, tenantId: number, workflowId: number, query: ListQuery) {
  await workflowRow(db, tenantId, workflowId);
  const status = textFilter(query, "status");
  const where = and(eq(workflowRuns.tenantId, tenantId), eq(workflowRuns.workflowId, workflowId), status ? eq(workflowRuns.status, status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(workflowRuns).where(where).orderBy(desc(workflowRuns.createdAt), desc(workflowRuns.id)).limit(query.page.size).offset(offsetOf(query)),
    db.select({ total: count() }).from(workflowRuns).where(where),
  ]);
  return { rows: rows.map(toRun), total };
}

export { workflowTypeLabel };

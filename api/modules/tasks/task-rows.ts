import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { TASK_INCLUDES, TASK_PRIORITIES, TASK_REVIEW_STATUSES, type Task, type TaskInclude, type TaskProduct } from "#contract/tasks";
import type { Db } from "#api/db/client";
import { inIdOrder, oneOfIds, preparedPerDatabase } from "#api/db/prepared";
import { clientCompanies, confidenceScores, individuals, pipelines, pipelineStages, taskProducts, taskProductTypes, tasks, teams, users } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";

// ---------------------------------------------------------------- loading: a task as the API answers it

/**
 * A column of the row a task points at, as a scalar subquery (a primary-key lookup per row). Joining the six
 * tables instead made PostgreSQL search join orders on every call: 3–5 ms of planning for a page of 10 rows,
 * against 0.2 ms for subqueries (docs/measurements/list-performance.md, section 9).
 */
function refColumn<T extends AnyPgColumn, R extends AnyPgColumn>(column: T, table: PgTable, key: AnyPgColumn, ref: R) {
  // A required reference (pipeline, stage) always finds its row: foreign keys.
  return sql`(select ${column} from ${table} where ${key} = ${ref})`.mapWith(column) as SQL<
    R["_"]["notNull"] extends true ? T["_"]["data"] : T["_"]["data"] | null
  >;
}

/** A task with the names of what it points at: one query, primary-key lookups. */
const loadColumns = {
  task: tasks,
  pipelineName: refColumn(pipelines.name, pipelines, pipelines.id, tasks.pipelineId),
  pipelineStatus: refColumn(pipelines.status, pipelines, pipelines.id, tasks.pipelineId),
  stageName: refColumn(pipelineStages.name, pipelineStages, pipelineStages.id, tasks.pipelineStageId),
  stageColor: refColumn(pipelineStages.color, pipelineStages, pipelineStages.id, tasks.pipelineStageId),
  stageOrder: refColumn(pipelineStages.sortOrder, pipelineStages, pipelineStages.id, tasks.pipelineStageId),
  stageOutcome: refColumn(pipelineStages.outcome, pipelineStages, pipelineStages.id, tasks.pipelineStageId),
  memberName: refColumn(users.name, users, users.id, tasks.teamMemberId),
  memberLastName: refColumn(users.lastName, users, users.id, tasks.teamMemberId),
  memberEmail: refColumn(users.email, users, users.id, tasks.teamMemberId),
  teamName: refColumn(teams.name, teams, teams.id, tasks.teamId),
  individualName: refColumn(individuals.fullName, individuals, individuals.id, tasks.sourceIndividualId),
  individualEmail: refColumn(individuals.email, individuals, individuals.id, tasks.sourceIndividualId),
  companyName: refColumn(clientCompanies.name, clientCompanies, clientCompanies.id, tasks.companyId),
};

function loadQuery(db: Db) {
  return db.select(loadColumns).from(tasks);
}
export type Loaded = Awaited<ReturnType<ReturnType<typeof loadQuery>["execute"]>>[number];
export type TaskRow = typeof tasks.$inferSelect;

export const money = (v: string | null) => (v === null ? null : Number(v));
export const fullName = (name: string, lastName: string | null) => [name, lastName].filter(Boolean).join(" ");
export const priorityName = (p: number) => TASK_PRIORITIES.find((x) => x.id === p)?.name ?? String(p);
export const reviewStatusName = (s: number) => TASK_REVIEW_STATUSES.find((x) => x.id === s)?.name ?? String(s);

type ConfidenceAnswer = { id: number; type: string; name: string; score: number };

export function toProduct(p: typeof taskProducts.$inferSelect, typeName: string): TaskProduct {
  return {
    id: p.id,
    task_id: p.taskId,
    task_product_type_id: p.taskProductTypeId,
    product_type: { id: p.taskProductTypeId, name: typeName },
    name: p.name,
    provider_name: p.providerName,
    premium: Number(p.premium),
    commission: Number(p.commission),
    commission_rate: p.commissionRate === null ? null : Number(p.commissionRate),
    start_date: p.startDate,
    notes: p.notes,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

function toTask(r: Loaded, includes: Set<TaskInclude>, products: Map<number, TaskProduct[]>, answers: Map<number, ConfidenceAnswer>): Task {
  const t = r.task;
  const out: Task = {
    id: t.id,
    name: t.name,
    description: t.description,
    priority: t.priority,
    priority_name: priorityName(t.priority),
    review_status: t.reviewStatus,
    review_status_name: reviewStatusName(t.reviewStatus),
    pipeline_id: t.pipelineId,
    pipeline_stage_id: t.pipelineStageId,
    team_id: t.teamId,
    team_member_id: t.teamMemberId,
    source_individual_id: t.sourceIndividualId,
    company_id: t.companyId,
    expected_revenue: money(t.expectedRevenue),
    expected_revenue_start_date: t.expectedRevenueStartDate,
    payment_frequency_id: t.paymentFrequencyId,
    size: t.size,
    expected_close_date: t.expectedCloseDate,
    kyb: t.kyb,
    confidenceInRevenueTimingId: t.confidenceInRevenueTimingId,
    confidenceInRevenueEstimateId: t.confidenceInRevenueEstimateId,
    confidenceInExecutionId: t.confidenceInExecutionId,
    confidenceInClientId: t.confidenceInClientId,
    datapoints: t.datapoints ?? {},
    state: t.state,
    open: t.state === "open",
    closed_at: t.closedAt ? t.closedAt.toISOString() : null,
    created_by: t.createdBy,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
  if (includes.has("pipeline")) out.pipeline = { id: t.pipelineId, name: r.pipelineName, status: r.pipelineStatus };
  if (includes.has("pipelineStage")) {
    out.pipelineStage = {
      id: t.pipelineStageId,
      pipeline_id: t.pipelineId,
      name: r.stageName,
      color: r.stageColor,
      order: r.stageOrder,
      outcome: r.stageOutcome,
    };
  }
  if (includes.has("teamMember")) {
    out.teamMember =
      t.teamMemberId !== null && r.memberName !== null
        ? {
            id: t.teamMemberId,
            name: r.memberName,
            last_name: r.memberLastName ?? "",
            full_name: fullName(r.memberName, r.memberLastName),
            email: r.memberEmail ?? "",
          }
        : null;
  }
  if (includes.has("team")) out.team = t.teamId !== null && r.teamName !== null ? { id: t.teamId, name: r.teamName } : null;
  if (includes.has("sourceIndividual")) {
    out.sourceIndividual =
      t.sourceIndividualId !== null && r.individualName !== null ? { id: t.sourceIndividualId, full_name: r.individualName, email: r.individualEmail } : null;
  }
  if (includes.has("company")) out.company = t.companyId !== null && r.companyName !== null ? { id: t.companyId, name: r.companyName } : null;
  if (includes.has("products")) out.products = products.get(t.id) ?? [];
  if (includes.has("confidence")) {
    const pick = (id: number | null) => (id === null ? null : (answers.get(id) ?? null));
    const chosen = {
      revenue_timing: pick(t.confidenceInRevenueTimingId),
      revenue_estimate: pick(t.confidenceInRevenueEstimateId),
      execution: pick(t.confidenceInExecutionId),
      client: pick(t.confidenceInClientId),
    };
    const all = Object.values(chosen);
    out.confidence = { ...chosen, total_score: all.every((a) => a !== null) ? all.reduce((s, a) => s + a!.score, 0) : null };
  }
  return out;
}

/** Products of some tasks (one query). */
async function productsOf(db: Db, tenantId: number, taskIds: number[]): Promise<Map<number, TaskProduct[]>> {
  const map = new Map<number, TaskProduct[]>();
  if (taskIds.length === 0) return map;
  const rows = await db
    .select({ product: taskProducts, typeName: taskProductTypes.name })
    .from(taskProducts)
    .innerJoin(taskProductTypes, eq(taskProductTypes.id, taskProducts.taskProductTypeId))
    .where(and(eq(taskProducts.tenantId, tenantId), inArray(taskProducts.taskId, taskIds)))
    .orderBy(asc(taskProducts.taskId), asc(taskProducts.id));
  for (const { product, typeName } of rows) {
    const list = map.get(product.taskId) ?? [];
    list.push(toProduct(product, typeName));
    map.set(product.taskId, list);
  }
  return map;
}

async function confidenceAnswers(db: Db): Promise<Map<number, ConfidenceAnswer>> {
  const rows = await db.select().from(confidenceScores);
  return new Map(rows.map((r) => [r.id, { id: r.id, type: r.type, name: r.name, score: r.score }]));
}

/**
 * Tasks by id with their references' columns: one named statement, planned once per connection (its plan is
 * primary-key lookups whatever the ids, so PostgreSQL keeps a generic plan for it).
 */
const tasksByIds = preparedPerDatabase((db) =>
  loadQuery(db)
    .where(and(eq(tasks.tenantId, sql.placeholder("tenant")), oneOfIds(tasks.id)))
    .prepare("tasks_by_ids"),
);

/** Tasks by id with the includes asked for: a fixed number of queries for any number of tasks. */
export async function loadTasks(db: Db, tenantId: number, ids: number[], includes: Set<TaskInclude>): Promise<Task[]> {
  if (ids.length === 0) return [];
  const rows = await tasksByIds(db).execute({ tenant: tenantId, ids });
  return withIncludes(
    db,
    tenantId,
    inIdOrder(ids, rows, (r) => r.task.id),
    includes,
  );
}

/** Loaded rows as tasks, with the products and confidence answers when included (one query each). */
async function withIncludes(db: Db, tenantId: number, rows: Loaded[], includes: Set<TaskInclude>): Promise<Task[]> {
  const ids = rows.map((r) => r.task.id);
  const [products, answers] = await Promise.all([
    includes.has("products") && ids.length ? productsOf(db, tenantId, ids) : Promise.resolve(new Map<number, TaskProduct[]>()),
    includes.has("confidence") && ids.length ? confidenceAnswers(db) : Promise.resolve(new Map<number, ConfidenceAnswer>()),
  ]);
  return rows.map((r) => toTask(r, includes, products, answers));
}

export const ALL_INCLUDES = new Set<TaskInclude>(TASK_INCLUDES);

/** include=pipeline,pipelineStage,… (or includes=…); an unknown name answers 422. */
export function parseIncludes(...values: (string | undefined)[]): Set<TaskInclude> {
  const names = values
    .flatMap((v) => (v ?? "").split(","))
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(TASK_INCLUDES as readonly string[]).includes(n));
  if (unknown.length) throw invalid({ include: [`Unknown include: ${unknown.join(", ")}. Use ${TASK_INCLUDES.join(", ")}.`] });
  return new Set(names as TaskInclude[]);
}

// ---------------------------------------------------------------- one task

export async function getTask(db: Db, tenantId: number, id: number, includes: Set<TaskInclude> = ALL_INCLUDES): Promise<Task> {
  const [task] = await loadTasks(db, tenantId, [id], includes);
  if (!task) throw notFound("Task");
  return task;
}

export async function loadRow(db: Db, tenantId: number, id: number, lock = false): Promise<Loaded> {
  const q = loadQuery(db).where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
  const [row] = await (lock ? q.for("update", { of: tasks }) : q);
  if (!row) throw notFound("Task");
  return row;
}

/** The task row (no joins), or 404: for the sub-resources of a task. */
export async function assertTask(db: Db, tenantId: number, id: number): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)))
    .limit(1);
  if (!row) throw notFound("Task");
  return row;
}

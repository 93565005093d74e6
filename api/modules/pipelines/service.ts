import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import {
  PIPELINE_NAME_TAKEN,
  PIPELINE_SORTS,
  PIPELINE_STATUSES,
  STAGE_NAME_TAKEN,
  STAGE_ORDER_MESSAGE,
  type Pipeline,
  type PipelineCreateBody,
  type PipelineDetail,
  type PipelineStage,
  type PipelineUser,
  type StageBody,
  type TargetFigures,
  type TargetPeriod,
} from "#contract/pipelines";
import type { Database, Db } from "#api/db/client";
import { oneOfIds, preparedPerDatabase } from "#api/db/prepared";
import { pipelines, pipelineStages, pipelineTargets, pipelineUsers, taskTotals, tasks, users } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { countedListStatements, countedPage, ListShape, sortOf, textFilter } from "#api/http/paging";
import { isUniqueViolation } from "#api/lib/db-errors";
import { periodOf, TIME_ZONE } from "#api/lib/periods";

// ---------------------------------------------------------------- shapes

type PipelineRow = typeof pipelines.$inferSelect;
type StageRow = typeof pipelineStages.$inferSelect;

const money = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Math.round(Number(v) * 100) / 100);
export const fullName = (u: { name: string; lastName: string }) => [u.name, u.lastName].filter(Boolean).join(" ");
const statusName = (s: number) => PIPELINE_STATUSES.find((x) => x.id === s)?.name ?? "Active";

interface StageCounts {
  tasks: number;
  value: number;
}
interface Counts extends StageCounts {
  open: number;
  openValue: number;
}
const noCounts: Counts = { tasks: 0, open: 0, openValue: 0, value: 0 };

export function toStage(s: StageRow, counts: StageCounts = noCounts): PipelineStage {
  return {
    id: s.id,
    pipeline_id: s.pipelineId,
    name: s.name,
    color: s.color,
    order: s.sortOrder,
    outcome: s.outcome,
    is_revenue: s.isRevenue,
    is_contract: s.isContract,
    tasks_count: counts.tasks,
    tasks_value: counts.value,
  };
}

function toPipeline(p: PipelineRow, stagesCount: number, counts: Counts): Pipeline {
  return {
    id: p.id,
    name: p.name,
    status: p.status === 0 ? 0 : 1,
    status_name: statusName(p.status),
    stages_count: stagesCount,
    tasks_count: counts.tasks,
    open_tasks_count: counts.open,
    open_value: counts.openValue,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

const userColumns = { id: users.id, name: users.name, lastName: users.lastName, email: users.email };
export const toPipelineUser = (u: { id: number; name: string; lastName: string; email: string }): PipelineUser => ({
  id: u.id,
  name: u.name,
  last_name: u.lastName,
  full_name: fullName(u),
  email: u.email,
});

// ---------------------------------------------------------------- reading

interface BookCounts {
  /** Per pipeline: all tasks and their value, the open ones and their value. */
  pipelines: Map<number, Counts>;
  /** Per stage: all tasks and their value. */
  stages: Map<number, StageCounts>;
}

/** The task totals of some pipelines' stages: one named statement, planned once per connection. */
const stageTotals = preparedPerDatabase((db) => {
  const open = sql`${taskTotals.state} = 'open'`;
  return db
    .select({
      pipelineId: taskTotals.pipelineId,
      stageId: taskTotals.pipelineStageId,
      tasks: sql<number>`sum(${taskTotals.tasks})::int`,
      value: sql<string>`sum(${taskTotals.value})`,
      open: sql<number>`coalesce(sum(${taskTotals.tasks}) filter (where ${open}), 0)::int`,
      openValue: sql<string | null>`sum(${taskTotals.value}) filter (where ${open})`,
    })
    .from(taskTotals)
    .where(and(eq(taskTotals.tenantId, sql.placeholder("tenant")), oneOfIds(taskTotals.pipelineId)))
    .groupBy(taskTotals.pipelineId, taskTotals.pipelineStageId)
    .prepare("task_totals_of_pipelines");
});

/**
 * Task counts of some pipelines, per stage and per pipeline, from the totals that triggers on tasks keep
 * (task_totals, migration 0018): one grouped read of a few rows per stage, not of every task. A pipeline's
 * figures are the sum of its stages'.
 */
async function bookCounts(db: Db, tenantId: number, pipelineIds: number[]): Promise<BookCounts> {
  const counts: BookCounts = { pipelines: new Map(), stages: new Map() };
  if (pipelineIds.length === 0) return counts;
  const rows = await stageTotals(db).execute({ tenant: tenantId, ids: pipelineIds });
  for (const r of rows) {
    const stage = { tasks: r.tasks, value: money(r.value) };
    counts.stages.set(r.stageId, stage);
    const sum = counts.pipelines.get(r.pipelineId) ?? { ...noCounts };
    counts.pipelines.set(r.pipelineId, {
      tasks: sum.tasks + stage.tasks,
      value: money(sum.value + stage.value),
      open: sum.open + r.open,
      openValue: money(sum.openValue + money(r.openValue)),
    });
  }
  return counts;
}

/** The stages of some pipelines (every tasks page asks for them): one named statement, planned once per connection. */
const stagesByPipelines = preparedPerDatabase((db) =>
  db
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.tenantId, sql.placeholder("tenant")), oneOfIds(pipelineStages.pipelineId)))
    .orderBy(asc(pipelineStages.pipelineId), asc(pipelineStages.sortOrder), asc(pipelineStages.id))
    .prepare("stages_of_pipelines"),
);

async function stagesOf(db: Db, tenantId: number, pipelineIds: number[]): Promise<StageRow[]> {
  if (pipelineIds.length === 0) return [];
  return stagesByPipelines(db).execute({ tenant: tenantId, ids: pipelineIds });
}

function statusFilter(query: ListQuery): number | undefined {
  const v = textFilter(query, "status");
  if (v === undefined) return undefined;
  if (v !== "0" && v !== "1") throw invalid({ "filter.status": ["The status must be 1 (active) or 0 (archived)."] });
  return Number(v);
}

/** The list's statements, prepared per shape: the tasks pages ask for the active pipelines on every view. */
const listStatements = countedListStatements(pipelines, (db) => db.select().from(pipelines).$dynamic());

export async function listPipelines(db: Db, tenantId: number, query: ListQuery, options: { withStages: boolean }) {
  const search = textFilter(query, "search") ?? textFilter(query, "name");
  const shape = new ListShape();
  const where = and(
    eq(pipelines.tenantId, shape.value("tenant", tenantId)),
    shape.when("status", statusFilter(query), (p) => eq(pipelines.status, p)),
    shape.contains("search", pipelines.name, search),
  )!;
  const sort = sortOf(query, PIPELINE_SORTS) ?? { field: "name" as const, desc: false };
  const byName = sql`lower(${pipelines.name})`;
  const column = { name: byName, created_at: pipelines.createdAt, updated_at: pipelines.updatedAt, status: pipelines.status }[sort.field];
  const order = shape.sorted(sort, [sort.desc ? desc(column) : asc(column), asc(byName), asc(pipelines.id)]);
  const { rows, total } = await countedPage(db, shape, listStatements, { where, order }, query);
  return { rows: await withCounts(db, tenantId, rows, options.withStages), total };
}

/** Pipelines with their counts (and stages): a fixed number of grouped queries for any number of rows. */
async function withCounts(db: Db, tenantId: number, rows: PipelineRow[], withStages: boolean): Promise<Pipeline[]> {
  const ids = rows.map((p) => p.id);
  const [counts, stages] = await Promise.all([bookCounts(db, tenantId, ids), stagesOf(db, tenantId, ids)]);
  return rows.map((p) => {
    const own = stages.filter((s) => s.pipelineId === p.id);
    const item = toPipeline(p, own.length, counts.pipelines.get(p.id) ?? noCounts);
    return withStages ? { ...item, stages: own.map((s) => toStage(s, counts.stages.get(s.id))) } : item;
  });
}

export async function findPipeline(db: Db, tenantId: number, id: number): Promise<PipelineRow> {
  const [row] = await db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.tenantId, tenantId), eq(pipelines.id, id)))
    .limit(1);
  if (!row) throw notFound("Pipeline");
  return row;
}

export async function listStages(db: Db, tenantId: number, pipelineId: number): Promise<PipelineStage[]> {
  await findPipeline(db, tenantId, pipelineId);
  const [stages, counts] = await Promise.all([stagesOf(db, tenantId, [pipelineId]), bookCounts(db, tenantId, [pipelineId])]);
  return stages.map((s) => toStage(s, counts.stages.get(s.id)));
}

async function usersOf(db: Db, pipelineId: number): Promise<PipelineUser[]> {
  const rows = await db
    .select(userColumns)
    .from(pipelineUsers)
    .innerJoin(users, eq(users.id, pipelineUsers.userId))
    .where(eq(pipelineUsers.pipelineId, pipelineId))
    .orderBy(asc(sql`lower(${users.name})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  return rows.map(toPipelineUser);
}

export async function getPipeline(db: Db, tenantId: number, id: number): Promise<PipelineDetail> {
  const p = await findPipeline(db, tenantId, id);
  const [stages, counts, members] = await Promise.all([stagesOf(db, tenantId, [id]), bookCounts(db, tenantId, [id]), usersOf(db, id)]);
  return {
    ...toPipeline(p, stages.length, counts.pipelines.get(id) ?? noCounts),
    stages: stages.map((s) => toStage(s, counts.stages.get(s.id))),
    users: members,
  };
}

/** Stages flagged as revenue (or contract) stages, of the tenant's active pipelines. */
export async function flaggedStages(db: Db, tenantId: number, flag: "revenue" | "contract", pipelineId?: number) {
  const rows = await db
    .select({ stage: pipelineStages, pipelineName: pipelines.name })
    .from(pipelineStages)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
    .where(
      and(
        eq(pipelineStages.tenantId, tenantId),
        eq(pipelines.status, 1),
        flag === "revenue" ? eq(pipelineStages.isRevenue, true) : eq(pipelineStages.isContract, true),
        pipelineId ? eq(pipelineStages.pipelineId, pipelineId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${pipelines.name})`), asc(pipelines.id), asc(pipelineStages.sortOrder), asc(pipelineStages.id));
  return rows.map(({ stage, pipelineName }) => {
    const { tasks_count: _c, tasks_value: _v, ...s } = toStage(stage);
    return { ...s, pipeline: { id: stage.pipelineId, name: pipelineName } };
  });
}

// ---------------------------------------------------------------- writing

/** Active users of the tenant; any other id is a field error on `field`. */
export async function assertTenantUsers(db: Db, tenantId: number, ids: number[], field = "user_ids") {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.status, "active"), inArray(users.id, unique)));
  if (rows.length !== unique.length) throw invalid({ [field]: ["Choose users of your company."] });
  return unique;
}

function assertUniqueStageNames(stages: { name: string }[], field = "stages") {
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  stages.forEach((s, i) => {
    const key = s.name.toLowerCase();
    if (seen.has(key)) errors[`${field}.${i}.name`] = [STAGE_NAME_TAKEN];
    seen.add(key);
  });
  if (Object.keys(errors).length) throw invalid(errors);
}

export const DEFAULT_STAGES: StageBody[] = [
  { name: "New", color: "#64748b", outcome: "open" },
  { name: "In progress", color: "#2563eb", outcome: "open" },
  { name: "Won", color: "#16a34a", outcome: "won", is_revenue: true },
  { name: "Lost", color: "#dc2626", outcome: "lost" },
];

const stageValues = (tenantId: number, pipelineId: number, s: StageBody, order: number) => ({
  tenantId,
  pipelineId,
  name: s.name,
  color: s.color,
  sortOrder: order,
  outcome: s.outcome,
  isRevenue: s.is_revenue ?? s.outcome === "won",
  isContract: s.is_contract ?? false,
});

async function assertNameFree(db: Db, tenantId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.tenantId, tenantId), eq(sql`lower(${pipelines.name})`, name.toLowerCase())))
    .limit(1);
  if (clash && clash.id !== exceptId) throw invalid({ name: [PIPELINE_NAME_TAKEN] });
}

export async function createPipeline(database: Database, tenantId: number, body: PipelineCreateBody): Promise<PipelineDetail> {
  const { db } = database;
  const stages = body.stages?.length ? body.stages : DEFAULT_STAGES;
  assertUniqueStageNames(stages);
  await assertNameFree(db, tenantId, body.name);
  const userIds = await assertTenantUsers(db, tenantId, body.user_ids ?? []);
  let id: number;
  try {
    id = await database.transaction(async (tx) => {
      const [p] = await tx.insert(pipelines).values({ tenantId, name: body.name, status: body.status }).returning({ id: pipelines.id });
      await tx.insert(pipelineStages).values(stages.map((s, i) => stageValues(tenantId, p.id, s, i + 1)));
      if (userIds.length) await tx.insert(pipelineUsers).values(userIds.map((userId) => ({ tenantId, pipelineId: p.id, userId })));
      return p.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [PIPELINE_NAME_TAKEN] });
    throw e;
  }
  return getPipeline(db, tenantId, id);
}

export async function updatePipeline(db: Db, tenantId: number, id: number, body: { name: string; status?: 0 | 1 }) {
  await findPipeline(db, tenantId, id);
  await assertNameFree(db, tenantId, body.name, id);
  try {
    await db
      .update(pipelines)
      .set({ name: body.name, ...(body.status === undefined ? {} : { status: body.status }), updatedAt: new Date() })
      .where(and(eq(pipelines.tenantId, tenantId), eq(pipelines.id, id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [PIPELINE_NAME_TAKEN] });
    throw e;
  }
  return getPipeline(db, tenantId, id);
}

/** Archives (0) or restores (1) pipelines; every id must be the tenant's (404 otherwise, nothing changes). */
export async function setPipelinesStatus(db: Db, tenantId: number, ids: number[], status: 0 | 1) {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.tenantId, tenantId), inArray(pipelines.id, unique)));
  if (found.length !== unique.length) throw notFound("Pipeline");
  await db
    .update(pipelines)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(pipelines.tenantId, tenantId), inArray(pipelines.id, unique)));
  const rows = await db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.tenantId, tenantId), inArray(pipelines.id, unique)))
    .orderBy(asc(sql`lower(${pipelines.name})`), asc(pipelines.id));
  return withCounts(db, tenantId, rows, false);
}

async function assertStageNameFree(db: Db, pipelineId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.pipelineId, pipelineId), eq(sql`lower(${pipelineStages.name})`, name.toLowerCase())))
    .limit(1);
  if (clash && clash.id !== exceptId) throw invalid({ name: [STAGE_NAME_TAKEN] });
}

/** Adds a stage at the end of the pipeline. */
export async function createStage(db: Db, tenantId: number, pipelineId: number, body: StageBody): Promise<PipelineStage> {
  await findPipeline(db, tenantId, pipelineId);
  await assertStageNameFree(db, pipelineId, body.name);
  try {
    const [row] = await db
      .insert(pipelineStages)
      .values({
        ...stageValues(tenantId, pipelineId, body, 0),
        sortOrder: sql`(select coalesce(max(${pipelineStages.sortOrder}), 0) + 1 from ${pipelineStages} where ${pipelineStages.pipelineId} = ${pipelineId})`,
      })
      .returning();
    return toStage(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [STAGE_NAME_TAKEN] });
    throw e;
  }
}

/** The task state a stage outcome stands for, and closed_at to go with it (SQL, for bulk updates). */
export function stateForOutcome(outcome: "open" | "won" | "lost") {
  return { state: outcome, closedAt: outcome === "open" ? null : sql`coalesce(${tasks.closedAt}, now())` };
}

export async function updateStage(
  database: Database,
  tenantId: number,
  pipelineId: number,
  stageId: number,
  body: { pipeline_id?: number; name: string; color: string; outcome?: "open" | "won" | "lost"; is_revenue?: boolean; is_contract?: boolean },
): Promise<PipelineStage> {
  const { db } = database;
  await findPipeline(db, tenantId, pipelineId);
  const [stage] = await db
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.pipelineId, pipelineId), eq(pipelineStages.id, stageId)))
    .limit(1);
  if (!stage) throw notFound("Pipeline stage");
  if (body.pipeline_id !== undefined && body.pipeline_id !== pipelineId) {
    throw invalid({ pipeline_id: ["The stage belongs to another pipeline."] });
  }
  await assertStageNameFree(db, pipelineId, body.name, stageId);
  const outcomeChanged = body.outcome !== undefined && body.outcome !== stage.outcome;
  try {
    await database.transaction(async (tx) => {
      await tx
        .update(pipelineStages)
        .set({
          name: body.name,
          color: body.color,
          ...(body.outcome ? { outcome: body.outcome } : {}),
          ...(body.is_revenue === undefined ? {} : { isRevenue: body.is_revenue }),
          ...(body.is_contract === undefined ? {} : { isContract: body.is_contract }),
          updatedAt: new Date(),
        })
        .where(eq(pipelineStages.id, stageId));
      // The tasks in the stage follow its outcome (open, won or lost).
      if (outcomeChanged) {
        await tx
          .update(tasks)
          .set({ ...stateForOutcome(body.outcome!), updatedAt: new Date() })
          .where(and(eq(tasks.tenantId, tenantId), eq(tasks.pipelineStageId, stageId)));
      }
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [STAGE_NAME_TAKEN] });
    throw e;
  }
  const stages = await listStages(db, tenantId, pipelineId);
  return stages.find((s) => s.id === stageId)!;
}

/** Puts the pipeline's stages in the given order: the list must hold each of its stages exactly once. */
export async function reorderStages(db: Db, tenantId: number, pipelineId: number, ids: number[]): Promise<PipelineStage[]> {
  await findPipeline(db, tenantId, pipelineId);
  const current = await stagesOf(db, tenantId, [pipelineId]);
  const have = new Set(current.map((s) => s.id));
  const sent = new Set(ids);
  if (sent.size !== ids.length || sent.size !== have.size || ids.some((id) => !have.has(id))) {
    throw invalid({ pipeline_stage_id: [STAGE_ORDER_MESSAGE] });
  }
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db
    .update(pipelineStages)
    .set({ sortOrder: sql`array_position(array[${list}]::int[], ${pipelineStages.id})`, updatedAt: new Date() })
    .where(and(eq(pipelineStages.pipelineId, pipelineId), inArray(pipelineStages.id, ids)));
  return listStages(db, tenantId, pipelineId);
}

export async function setPipelineUsers(database: Database, tenantId: number, pipelineId: number, ids: number[]) {
  const { db } = database;
  await findPipeline(db, tenantId, pipelineId);
  const userIds = await assertTenantUsers(db, tenantId, ids);
  await database.transaction(async (tx) => {
    await tx.delete(pipelineUsers).where(eq(pipelineUsers.pipelineId, pipelineId));
    if (userIds.length) await tx.insert(pipelineUsers).values(userIds.map((userId) => ({ tenantId, pipelineId, userId })));
  });
  return getPipeline(db, tenantId, pipelineId);
}

// ---------------------------------------------------------------- targets

interface TargetScope {
  pipelineId: number;
  period: TargetPeriod;
  /** A day inside the period; default today. */
  date?: string | null;
}

const londonStart = (day: string) => sql`(${day}::timestamp at time zone ${TIME_ZONE})`;

function figures(target: { revenue: number; count: number }, won: { revenue: number; count: number }, open: { value: number; count: number }): TargetFigures {
  const pct = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : null);
  return {
    revenue_target: target.revenue,
    count_target: target.count,
    won_revenue: won.revenue,
    won_count: won.count,
    open_value: open.value,
    open_count: open.count,
    revenue_progress: pct(won.revenue, target.revenue),
    count_progress: pct(won.count, target.count),
  };
}

/**
 * Targets and achievements per user for one period of a pipeline: targets set, won in the period
 * (closed_at within it), open now. Three grouped queries, whatever the number of users.
 */
async function perUserFigures(db: Db, tenantId: number, scope: TargetScope, onlyUserId?: number) {
  const { start, end } = periodOf(scope.period, scope.date ?? undefined);
  const byUser = onlyUserId === undefined ? undefined : onlyUserId;
  const [targetRows, wonRows, openRows] = await Promise.all([
    db
      .select({ userId: pipelineTargets.userId, revenue: pipelineTargets.revenueTarget, count: pipelineTargets.countTarget })
      .from(pipelineTargets)
      .where(
        and(
          eq(pipelineTargets.tenantId, tenantId),
          eq(pipelineTargets.pipelineId, scope.pipelineId),
          eq(pipelineTargets.period, scope.period),
          eq(pipelineTargets.periodStart, start),
          byUser === undefined ? undefined : eq(pipelineTargets.userId, byUser),
        ),
      ),
    db
      .select({ userId: tasks.teamMemberId, revenue: sql<string | null>`sum(${tasks.expectedRevenue})`, count: sql<number>`count(*)::int` })
      .from(tasks)
      .where(
        and(
          eq(tasks.tenantId, tenantId),
          eq(tasks.state, "won"),
          sql`${tasks.closedAt} >= ${londonStart(start)}`,
          sql`${tasks.closedAt} < ${londonStart(end)}`,
          eq(tasks.pipelineId, scope.pipelineId),
          byUser === undefined ? undefined : eq(tasks.teamMemberId, byUser),
        ),
      )
      .groupBy(tasks.teamMemberId),
    db
      .select({ userId: tasks.teamMemberId, value: sql<string | null>`sum(${tasks.expectedRevenue})`, count: sql<number>`count(*)::int` })
      .from(tasks)
      .where(
        and(
          eq(tasks.tenantId, tenantId),
          eq(tasks.pipelineId, scope.pipelineId),
          eq(tasks.state, "open"),
          byUser === undefined ? undefined : eq(tasks.teamMemberId, byUser),
        ),
      )
      .groupBy(tasks.teamMemberId),
  ]);
  return {
    period: { pipeline_id: scope.pipelineId, period: scope.period, period_start: start, period_end: end },
    targets: new Map(targetRows.map((r) => [r.userId, { revenue: money(r.revenue), count: r.count }])),
    won: new Map(wonRows.map((r) => [r.userId, { revenue: money(r.revenue), count: r.count }])),
    open: new Map(openRows.map((r) => [r.userId, { value: money(r.value), count: r.count }])),
  };
}

const sumOf = <T extends Record<string, number>>(values: Iterable<T>, zero: T): T => {
  const out = { ...zero };
  for (const v of values) for (const k of Object.keys(out) as (keyof T)[]) (out[k] as number) += v[k] as number;
  for (const k of Object.keys(out) as (keyof T)[]) (out[k] as number) = Math.round((out[k] as number) * 100) / 100;
  return out;
};

/** The pipeline's targets for a period: everyone's together (tasks of nobody count too). */
export async function pipelineTargetsSummary(db: Db, tenantId: number, scope: TargetScope) {
  await findPipeline(db, tenantId, scope.pipelineId);
  const f = await perUserFigures(db, tenantId, scope);
  return {
    ...f.period,
    ...figures(
      sumOf(f.targets.values(), { revenue: 0, count: 0 }),
      sumOf(f.won.values(), { revenue: 0, count: 0 }),
      sumOf(f.open.values(), { value: 0, count: 0 }),
    ),
  };
}

/** The caller's targets on the pipeline for a period. */
export async function myTargets(db: Db, tenantId: number, userId: number, scope: TargetScope) {
  await findPipeline(db, tenantId, scope.pipelineId);
  const f = await perUserFigures(db, tenantId, scope, userId);
  return {
    ...f.period,
    ...figures(f.targets.get(userId) ?? { revenue: 0, count: 0 }, f.won.get(userId) ?? { revenue: 0, count: 0 }, f.open.get(userId) ?? { value: 0, count: 0 }),
  };
}

/** One row per pipeline user, and per other user with a target or tasks won in the period. */
export async function usersTargets(db: Db, tenantId: number, scope: TargetScope) {
  await findPipeline(db, tenantId, scope.pipelineId);
  const [f, members] = await Promise.all([perUserFigures(db, tenantId, scope), usersOf(db, scope.pipelineId)]);
  const extraIds = [...new Set([...f.targets.keys(), ...f.won.keys(), ...f.open.keys()])].filter(
    (id): id is number => id !== null && !members.some((m) => m.id === id),
  );
  const extra = extraIds.length
    ? (
        await db
          .select(userColumns)
          .from(users)
          .where(and(eq(users.tenantId, tenantId), inArray(users.id, extraIds)))
      ).map(toPipelineUser)
    : [];
  const everyone = [...members, ...extra].sort((a, b) => a.full_name.localeCompare(b.full_name, "en-GB") || a.id - b.id);
  return {
    data: everyone.map((user) => ({
      user,
      ...figures(
        f.targets.get(user.id) ?? { revenue: 0, count: 0 },
        f.won.get(user.id) ?? { revenue: 0, count: 0 },
        f.open.get(user.id) ?? { value: 0, count: 0 },
      ),
    })),
    meta: f.period,
  };
}

/** Sets (upserts) users' targets for one period; period_start is moved to the start of its period. */
export async function setTargets(
  database: Database,
  tenantId: number,
  pipelineId: number,
  body: { period: TargetPeriod; period_start: string; targets: { user_id: number; revenue_target: number; count_target: number }[] },
) {
  const { db } = database;
  await findPipeline(db, tenantId, pipelineId);
  const ids = body.targets.map((t) => t.user_id);
  if (new Set(ids).size !== ids.length) throw invalid({ targets: ["Set each user's target once."] });
  await assertTenantUsers(db, tenantId, ids, "targets");
  const { start } = periodOf(body.period, body.period_start);
  await db
    .insert(pipelineTargets)
    .values(
      body.targets.map((t) => ({
        tenantId,
        pipelineId,
        userId: t.user_id,
        period: body.period,
        periodStart: start,
        revenueTarget: t.revenue_target.toFixed(2),
        countTarget: t.count_target,
      })),
    )
    .onConflictDoUpdate({
      target: [pipelineTargets.pipelineId, pipelineTargets.period, pipelineTargets.periodStart, pipelineTargets.userId],
      set: { revenueTarget: sql`excluded.revenue_target`, countTarget: sql`excluded.count_target`, updatedAt: new Date() },
    });
  return usersTargets(db, tenantId, { pipelineId, period: body.period, date: start });
}

import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { PIPELINE_SORTS, PIPELINE_STATUSES, type Pipeline, type PipelineDetail, type PipelineStage, type PipelineUser } from "#contract/pipelines";
import type { Db } from "#api/db/client";
import { oneOfIds, preparedPerDatabase } from "#api/db/prepared";
import { pipelines, pipelineStages, pipelineUsers, taskTotals, users } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { countedListStatements, countedPage, ListShape, sortOf, textFilter } from "#api/http/paging";

/*
 * Pipelines, one concern a file: service.ts (this one: pipelines, stages and users as the API answers them, the
 * list, the counts), write.ts (pipelines and stages made and changed, users given) and targets.ts (targets and
 * what was won against them).
 */

// ---------------------------------------------------------------- shapes

type PipelineRow = typeof pipelines.$inferSelect;
type StageRow = typeof pipelineStages.$inferSelect;

export const money = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Math.round(Number(v) * 100) / 100);
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

export const userColumns = { id: users.id, name: users.name, lastName: users.lastName, email: users.email };
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

export async function stagesOf(db: Db, tenantId: number, pipelineIds: number[]): Promise<StageRow[]> {
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
export async function withCounts(db: Db, tenantId: number, rows: PipelineRow[], withStages: boolean): Promise<Pipeline[]> {
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

export async function usersOf(db: Db, pipelineId: number): Promise<PipelineUser[]> {
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

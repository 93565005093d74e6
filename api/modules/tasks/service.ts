import { and, asc, desc, eq, inArray, ne, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ListQuery } from "#contract/common";
import { isIdText, MAX_ID } from "#common/ids";
import {
  CONFIDENCE_QUESTIONS,
  PIPELINE_ARCHIVED,
  STAGE_NOT_IN_PIPELINE,
  TASK_INCLUDES,
  TASK_PRIORITIES,
  TASK_REVIEW_STATUSES,
  TASK_SORTS,
  type Task,
  type TaskCreateBody,
  type TaskInclude,
  type TaskProduct,
  type TaskUpdateBody,
} from "#contract/tasks";
import type { Database, Db } from "#api/db/client";
import {
  clientCompanies,
  confidenceScores,
  expectedCloseDateChangeReasons,
  individuals,
  notes,
  paymentFrequencies,
  pipelines,
  pipelineStages,
  taskDocuments,
  taskProducts,
  taskProductTypes,
  tasks,
  teams,
  users,
  type ActivityChange,
} from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { type ListTotal, ListShape, listStatements, shapedPage, shapedSearch, sortOf, textFilter } from "#api/http/paging";
import { inIdOrder, oneOfIds, preparedPerDatabase } from "#api/db/prepared";
import { TIME_ZONE } from "#api/lib/periods";
import { parseDateText } from "#common/dates";
import { logActivity, type ActivityEntry } from "./activity";
import { notifyAssignee } from "./assignment";

// ---------------------------------------------------------------- loading

/**
 * A column of the row a task points at, as a scalar subquery (a primary-key lookup per row). Joining the six
 * tables instead made PostgreSQL search join orders on every call: 3–5 ms of planning for a page of 10 rows,
 * against 0.2 ms for subqueries (docs/decisions/009-list-performance.md, section 9).
 */
function refColumn<T extends AnyPgColumn, R extends AnyPgColumn>(column: T, table: PgTable, key: AnyPgColumn, ref: R) {
  // A required reference (pipeline, stage) always finds its row: foreign keys.
  return sql`(select ${column} from ${table} where ${key} = ${ref})`.mapWith(column) as SQL<R["_"]["notNull"] extends true ? T["_"]["data"] : T["_"]["data"] | null>;
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
type Loaded = Awaited<ReturnType<ReturnType<typeof loadQuery>["execute"]>>[number];
type TaskRow = typeof tasks.$inferSelect;

const money = (v: string | null) => (v === null ? null : Number(v));
const fullName = (name: string, lastName: string | null) => [name, lastName].filter(Boolean).join(" ");
const priorityName = (p: number) => TASK_PRIORITIES.find((x) => x.id === p)?.name ?? String(p);
const reviewStatusName = (s: number) => TASK_REVIEW_STATUSES.find((x) => x.id === s)?.name ?? String(s);

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
    out.pipelineStage = { id: t.pipelineStageId, pipeline_id: t.pipelineId, name: r.stageName, color: r.stageColor, order: r.stageOrder, outcome: r.stageOutcome };
  }
  if (includes.has("teamMember")) {
    out.teamMember =
      t.teamMemberId !== null && r.memberName !== null
        ? { id: t.teamMemberId, name: r.memberName, last_name: r.memberLastName ?? "", full_name: fullName(r.memberName, r.memberLastName), email: r.memberEmail ?? "" }
        : null;
  }
  if (includes.has("team")) out.team = t.teamId !== null && r.teamName !== null ? { id: t.teamId, name: r.teamName } : null;
  if (includes.has("sourceIndividual")) {
    out.sourceIndividual = t.sourceIndividualId !== null && r.individualName !== null ? { id: t.sourceIndividualId, full_name: r.individualName, email: r.individualEmail } : null;
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
async function loadTasks(db: Db, tenantId: number, ids: number[], includes: Set<TaskInclude>): Promise<Task[]> {
  if (ids.length === 0) return [];
  const rows = await tasksByIds(db).execute({ tenant: tenantId, ids });
  return withIncludes(db, tenantId, inIdOrder(ids, rows, (r) => r.task.id), includes);
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

// ---------------------------------------------------------------- the list

function idsFilter(query: ListQuery, key: string, options: { max?: number; me?: number } = {}): number[] | undefined {
  const v = textFilter(query, key);
  if (v === undefined) return undefined;
  const parts = v.split(",").map((s) => s.trim());
  // Each part an id written as one (isIdText, as every id filter reads them), or "me" where allowed.
  const ids = parts.map((p) => (p === "me" && options.me !== undefined ? options.me : isIdText(p) ? Number(p) : Number.NaN));
  const max = options.max ?? MAX_ID;
  if (parts.length > 100 || ids.some((n) => !(n <= max))) {
    throw invalid({ [`filter.${key}`]: [options.max ? `Must be a number from 1 to ${options.max} (or a list of them).` : "Must be an id (or a list of ids)."] });
  }
  return [...new Set(ids)];
}

function boolFilter(query: ListQuery, key: string): boolean | undefined {
  const v = textFilter(query, key);
  if (v === undefined) return undefined;
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  throw invalid({ [`filter.${key}`]: ["Must be true or false."] });
}

function rangeFilter(query: ListQuery, key: string): { from?: string; to?: string } | undefined {
  const v = query.filter[key];
  if (v === undefined) return undefined;
  if (typeof v === "string") {
    if (v.trim() === "") return undefined;
    throw invalid({ [`filter.${key}`]: [`Use filter[${key}][from] and filter[${key}][to].`] });
  }
  const out: { from?: string; to?: string } = {};
  for (const side of ["from", "to"] as const) {
    const text = v[side]?.trim();
    if (!text) continue;
    const parsed = parseDateText(text);
    if (!parsed.ok) throw invalid({ [`filter.${key}.${side}`]: [parsed.message] });
    out[side] = parsed.value;
  }
  return out.from || out.to ? out : undefined;
}

/** Midnight of a UK calendar day, as a timestamp. */
const londonMidnight = (day: Placeholder) => sql`(${day}::timestamp at time zone ${TIME_ZONE})`;

/** The id filters of the list: the query's key, the column it filters, the largest id (a fixed list's) and whether "me" is the caller. */
const ID_FILTERS = [
  { key: "pipeline_id", column: tasks.pipelineId },
  { key: "pipeline_stage_id", column: tasks.pipelineStageId },
  { key: "team_member_id", column: tasks.teamMemberId, me: true },
  { key: "team_id", column: tasks.teamId },
  { key: "priority", column: tasks.priority, max: 3 },
  { key: "review_status", column: tasks.reviewStatus, max: 6 },
  { key: "source_individual_id", column: tasks.sourceIndividualId },
  { key: "company_id", column: tasks.companyId },
] as const satisfies readonly { key: string; column: Column; max?: number; me?: boolean }[];

/** A tasks list asked for: its filters, read and checked, its sort and its page. */
interface TaskListRequest {
  ids: Partial<Record<(typeof ID_FILTERS)[number]["key"], number[]>>;
  open?: boolean;
  state?: string;
  kyb?: boolean;
  createdFrom?: string;
  createdTo?: string;
  closeFrom?: string;
  closeTo?: string;
  search?: string;
  sort: { field: (typeof TASK_SORTS)[number]; desc: boolean };
}

function readListRequest(userId: number, query: ListQuery): TaskListRequest {
  const search = textFilter(query, "search") ?? textFilter(query, "name");
  const state = textFilter(query, "state");
  if (state !== undefined && !["open", "won", "lost"].includes(state)) throw invalid({ "filter.state": ["The state must be open, won or lost."] });
  const created = rangeFilter(query, "created_at");
  const closeDate = rangeFilter(query, "expected_close_date");
  const ids: TaskListRequest["ids"] = {};
  for (const filter of ID_FILTERS) {
    const value = idsFilter(query, filter.key, { max: "max" in filter ? filter.max : undefined, me: "me" in filter ? userId : undefined });
    if (value) ids[filter.key] = value;
  }
  return {
    ids,
    open: boolFilter(query, "open"),
    state,
    kyb: boolFilter(query, "kyb"),
    createdFrom: created?.from,
    createdTo: created?.to,
    closeFrom: closeDate?.from,
    closeTo: closeDate?.to,
    search,
    sort: sortOf(query, TASK_SORTS) ?? { field: "created_at", desc: true },
  };
}

/** The list's WHERE clause, its values recorded in the list's shape. */
function listWhere(tenantId: number, request: TaskListRequest, shape: ListShape): SQL {
  const ids = (key: string, column: Column, values: number[]) => {
    const placeholders = values.map((id, i) => shape.value(`${key}_${i}`, id));
    return placeholders.length === 1 ? eq(column, placeholders[0]) : inArray(column, placeholders);
  };
  return and(
    eq(tasks.tenantId, shape.value("tenant", tenantId)),
    ...ID_FILTERS.map(({ key, column }) => (request.ids[key] ? ids(key, column, request.ids[key]) : undefined)),
    request.open === undefined ? undefined : request.open ? shape.part("open", eq(tasks.state, "open")) : shape.part("closed", ne(tasks.state, "open")),
    shape.when("state", request.state, (p) => eq(tasks.state, p)),
    shape.when("kyb", request.kyb, (p) => eq(tasks.kyb, p)),
    shape.when("createdFrom", request.createdFrom, (p) => sql`${tasks.createdAt} >= ${londonMidnight(p)}`),
    shape.when("createdTo", request.createdTo, (p) => sql`${tasks.createdAt} < ${londonMidnight(p)} + interval '1 day'`),
    shape.when("closeFrom", request.closeFrom, (p) => sql`${tasks.expectedCloseDate} >= ${p}`),
    shape.when("closeTo", request.closeTo, (p) => sql`${tasks.expectedCloseDate} <= ${p}`),
    request.search ? shapedSearch(shape, [tasks.name], request.search) : undefined,
  )!;
}

/**
 * The list's order: its key expressions, all in the sort's direction and ending in the id. None of them is null
 * but the expected close date, so every other sort can start a page at a row (`pageStarts`, a keyset).
 */
function sortKeys({ sort }: TaskListRequest): { columns: SQL[]; nullable: boolean } {
  const id = sql`${tasks.id}`;
  switch (sort.field) {
    case "name":
      return { columns: [sql`lower(${tasks.name})`, id], nullable: false };
    case "priority":
      return { columns: [sql`${tasks.priority}`, sql`${tasks.createdAt}`, id], nullable: false };
    case "review_status":
      return { columns: [sql`${tasks.reviewStatus}`, sql`${tasks.createdAt}`, id], nullable: false };
    case "created_at":
      return { columns: [sql`${tasks.createdAt}`, id], nullable: false };
    case "updated_at":
      return { columns: [sql`${tasks.updatedAt}`, id], nullable: false };
    case "expected_revenue":
      return { columns: [sql`coalesce(${tasks.expectedRevenue}, 0)`, id], nullable: false };
    case "expected_close_date":
      return { columns: [sql`${tasks.expectedCloseDate}`, id], nullable: true };
  }
}

/**
 * The list's statements, prepared per shape: the page's ids (one more, to know whether a page follows) from the
 * tasks table alone (filters and sort on its indexes) with the list's version, and the count — in the default
 * order whatever the sort: every filter's index ends in (created_at, id), so the count is an index scan that stops
 * at the cap (in the sort's order, "my tasks by name" would walk the name index past every other assignee's tasks).
 */
const statements = listStatements(
  tasks,
  "tasks",
  (db, version) => db.select({ id: tasks.id, listVersion: version }).from(tasks).$dynamic(),
  [desc(tasks.createdAt), desc(tasks.id)],
  { id: tasks.id, tenantId: tasks.tenantId },
);

/**
 * GET /task: the page's ids come from the tasks table alone (filters and sort on its indexes), beside the
 * count, then its rows by primary key (`tasksByIds`, the task page's statement too); products and confidence
 * answers add one query each when included — five queries at most, whatever the page size. The ids'
 * statement, which PostgreSQL plans with the request's values, is small to plan; the rows' statement with its
 * reference columns is planned once per connection. The total is counted up to TOTAL_CAP rows (a capped total
 * beyond it); one id more than the page tells whether a page follows. Deep pages stay index-only where the
 * filters allow (tasks_tenant_pipeline_idx carries the other filters). The ids' and count's statements are built
 * once per shape of list (preparedPerShape); a count taken at the tenant's current tasks version is reused
 * (paging through a list counts once).
 */
export async function listTasks(db: Db, auth: { tenantId: number; userId: number }, query: ListQuery, includes: Set<TaskInclude>) {
  const request = readListRequest(auth.userId, query);
  const shape = new ListShape();
  const where = listWhere(auth.tenantId, request, shape);
  const countKey = shape.countKey("tasks");
  const keys = shape.sorted(request.sort, sortKeys(request));
  const order = keys.columns.map((c) => (request.sort.desc ? desc(c) : asc(c)));
  const { rows, total: counted } = await shapedPage(
    db,
    shape,
    countKey,
    statements,
    { where, order, tenant: sql.placeholder("tenant"), keys: keys.nullable ? undefined : { columns: keys.columns, descending: request.sort.desc } },
    query.page,
    1,
  );
  const page = rows.slice(0, query.page.size);
  const total: ListTotal = { total: counted.total, capped: counted.capped, hasNext: rows.length > page.length };
  return { rows: await loadTasks(db, auth.tenantId, page.map((r) => r.id), includes), total };
}

export async function getTask(db: Db, tenantId: number, id: number, includes: Set<TaskInclude> = ALL_INCLUDES): Promise<Task> {
  const [task] = await loadTasks(db, tenantId, [id], includes);
  if (!task) throw notFound("Task");
  return task;
}

async function loadRow(db: Db, tenantId: number, id: number, lock = false): Promise<Loaded> {
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

// ---------------------------------------------------------------- references of a write

async function inSequence(fns: readonly (() => unknown)[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const f of fns) out.push(await f());
  return out;
}

type Values = Partial<typeof tasks.$inferInsert>;
interface Labelled {
  id: number;
  label: string;
}

/**
 * Checks every reference a write sends, all at once (so the form gets every error together): each must
 * be the caller's company's (or a platform lookup), the stage must belong to the pipeline, and a task
 * cannot be put into an archived pipeline. Answers labels for the activity log.
 */
async function resolveRefs(
  db: Db,
  inTransaction: boolean,
  tenantId: number,
  want: {
    pipelineId?: number;
    stageId?: number;
    /** The pipeline is new to the task (create, or a move to another pipeline): it must be active. */
    pipelineIsNew: boolean;
    teamId?: number | null;
    memberId?: number | null;
    individualId?: number | null;
    companyId?: number | null;
    frequencyId?: number | null;
    reasonId?: number | null;
    confidence?: Partial<Record<(typeof CONFIDENCE_QUESTIONS)[number]["field"], number | null>>;
  },
) {
  const errors: Record<string, string[]> = {};
  const one = async <T>(q: PromiseLike<T[]>) => (await q)[0];
  const lookups = [
    () => want.pipelineId ? one(db.select().from(pipelines).where(and(eq(pipelines.tenantId, tenantId), eq(pipelines.id, want.pipelineId)))) : undefined,
    () => want.stageId ? one(db.select().from(pipelineStages).where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.id, want.stageId)))) : undefined,
    () => want.pipelineId && !want.stageId
      ? one(
          db
            .select()
            .from(pipelineStages)
            .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.pipelineId, want.pipelineId)))
            .orderBy(asc(pipelineStages.sortOrder), asc(pipelineStages.id))
            .limit(1),
        )
      : undefined,
    () => want.teamId ? one(db.select({ id: teams.id, name: teams.name }).from(teams).where(and(eq(teams.tenantId, tenantId), eq(teams.id, want.teamId)))) : undefined,
    () => want.memberId
      ? one(
          db
            .select({ id: users.id, name: users.name, lastName: users.lastName })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), eq(users.status, "active"), eq(users.id, want.memberId))),
        )
      : undefined,
    () => want.individualId
      ? one(db.select({ id: individuals.id, name: individuals.fullName }).from(individuals).where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, want.individualId))))
      : undefined,
    () => want.companyId
      ? one(db.select({ id: clientCompanies.id, name: clientCompanies.name }).from(clientCompanies).where(and(eq(clientCompanies.tenantId, tenantId), eq(clientCompanies.id, want.companyId))))
      : undefined,
    () => want.frequencyId ? one(db.select().from(paymentFrequencies).where(eq(paymentFrequencies.id, want.frequencyId))) : undefined,
    () => want.reasonId ? one(db.select().from(expectedCloseDateChangeReasons).where(eq(expectedCloseDateChangeReasons.id, want.reasonId))) : undefined,
    () => Object.values(want.confidence ?? {}).some((v) => v)
      ? db
          .select()
          .from(confidenceScores)
          .where(inArray(confidenceScores.id, Object.values(want.confidence ?? {}).filter((v): v is number => Boolean(v))))
      : Promise.resolve([]),
  ] as const;
  // In parallel on the pool; one after another inside a transaction (one connection).
  const results = inTransaction ? await inSequence(lookups) : await Promise.all(lookups.map((f) => f() as unknown));
  const [pipeline, stage, firstStage, team, memberRow, individual, company, frequency, reason, answers] = results as unknown as [
    Awaited<ReturnType<(typeof lookups)[0]>>,
    Awaited<ReturnType<(typeof lookups)[1]>>,
    Awaited<ReturnType<(typeof lookups)[2]>>,
    Awaited<ReturnType<(typeof lookups)[3]>>,
    Awaited<ReturnType<(typeof lookups)[4]>>,
    Awaited<ReturnType<(typeof lookups)[5]>>,
    Awaited<ReturnType<(typeof lookups)[6]>>,
    Awaited<ReturnType<(typeof lookups)[7]>>,
    Awaited<ReturnType<(typeof lookups)[8]>>,
    Awaited<ReturnType<(typeof lookups)[9]>>,
  ];

  if (want.pipelineId) {
    if (!pipeline) errors.pipeline_id = ["Choose a pipeline of your company."];
    else if (want.pipelineIsNew && pipeline.status !== 1) errors.pipeline_id = [PIPELINE_ARCHIVED];
  }
  const chosenStage = stage ?? firstStage;
  if (want.stageId) {
    if (!stage) errors.pipeline_stage_id = ["Choose a stage of the pipeline."];
    else if (want.pipelineId && stage.pipelineId !== want.pipelineId) errors.pipeline_stage_id = [STAGE_NOT_IN_PIPELINE];
  } else if (want.pipelineId && pipeline && !firstStage) {
    errors.pipeline_stage_id = ["This pipeline has no stages yet."];
  }
  if (want.teamId && !team) errors.team_id = ["Choose a team of your company."];
  if (want.memberId && !memberRow) errors.team_member_id = ["Choose an active user of your company."];
  if (want.individualId && !individual) errors.source_individual_id = ["Choose an individual of your company."];
  if (want.companyId && !company) errors.company_id = ["Choose a company of your company's clients."];
  if (want.frequencyId && !frequency) errors.payment_frequency_id = ["Choose a payment frequency from the list."];
  if (want.reasonId && !reason) errors.expected_close_date_change_reason_id = ["Choose a reason from the list."];
  const answerById = new Map(answers.map((a) => [a.id, a]));
  for (const q of CONFIDENCE_QUESTIONS) {
    const id = want.confidence?.[q.field];
    if (!id) continue;
    const a = answerById.get(id);
    if (!a || a.type !== q.type) errors[q.field] = [`Choose an answer to '${q.name}'.`];
  }
  if (Object.keys(errors).length) throw invalid(errors);

  const labelled = (r: { id: number; name: string } | undefined): Labelled | undefined => (r ? { id: r.id, label: r.name } : undefined);
  return {
    pipeline: labelled(pipeline),
    stage: chosenStage ? { id: chosenStage.id, label: chosenStage.name, outcome: chosenStage.outcome } : undefined,
    team: labelled(team),
    member: memberRow ? { id: memberRow.id, label: fullName(memberRow.name, memberRow.lastName) } : undefined,
    individual: labelled(individual),
    company: labelled(company),
    frequency: labelled(frequency),
    reason: labelled(reason),
    answers: answerById,
  };
}

// ---------------------------------------------------------------- writing

export interface Actor {
  tenantId: number;
  userId: number;
}

const CONFIDENCE_COLUMNS = {
  confidenceInRevenueTimingId: "confidenceInRevenueTimingId",
  confidenceInRevenueEstimateId: "confidenceInRevenueEstimateId",
  confidenceInExecutionId: "confidenceInExecutionId",
  confidenceInClientId: "confidenceInClientId",
} as const;

const moneyText = (n: number | null | undefined) => (n === null || n === undefined ? null : n.toFixed(2));
const pounds = (v: string | number | null) => (v === null ? null : `£${Number(v).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

/** The row values a body sets (only the fields sent). */
function columnsOf(body: TaskUpdateBody): Values {
  const v: Values = {};
  if (body.name !== undefined) v.name = body.name;
  if (body.description !== undefined) v.description = body.description;
  if (body.priority !== undefined) v.priority = body.priority;
  if (body.review_status !== undefined) v.reviewStatus = body.review_status;
  if (body.team_id !== undefined) v.teamId = body.team_id;
  if (body.team_member_id !== undefined) v.teamMemberId = body.team_member_id;
  if (body.source_individual_id !== undefined) v.sourceIndividualId = body.source_individual_id;
  if (body.company_id !== undefined) v.companyId = body.company_id;
  if (body.expected_revenue !== undefined) v.expectedRevenue = moneyText(body.expected_revenue);
  if (body.expected_revenue_start_date !== undefined) v.expectedRevenueStartDate = body.expected_revenue_start_date;
  if (body.payment_frequency_id !== undefined) v.paymentFrequencyId = body.payment_frequency_id;
  if (body.size !== undefined) v.size = body.size;
  if (body.expected_close_date !== undefined) v.expectedCloseDate = body.expected_close_date;
  if (body.kyb !== undefined) v.kyb = body.kyb;
  if (body.datapoints !== undefined) v.datapoints = body.datapoints;
  for (const k of Object.keys(CONFIDENCE_COLUMNS) as (keyof typeof CONFIDENCE_COLUMNS)[]) if (body[k] !== undefined) v[k] = body[k];
  return v;
}

/** Which activity entry a changed field is recorded under. */
function groupOf(field: string): "moved" | "assigned" | "updated" {
  if (field === "pipeline_id" || field === "pipeline_stage_id") return "moved";
  if (field === "team_member_id" || field === "team_id") return "assigned";
  return "updated";
}

/** JSON with every object's keys in order: PostgreSQL keeps a jsonb object's keys in an order of its own. */
const canonical = (value: unknown): string =>
  value && typeof value === "object" && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
        .join(",")}}`
    : Array.isArray(value)
      ? `[${value.map(canonical).join(",")}]`
      : JSON.stringify(value ?? null);

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * The changes of a write, field by field (old → new, with labels for ids), as activity entries: a move
 * (pipeline, stage), an assignment (team member, team) and an edit (the rest) — or all under one
 * action when `as` is given (revenue, kyb, progress).
 */
function activityOf(current: Loaded, next: Values, refs: Awaited<ReturnType<typeof resolveRefs>>, as?: string, extra: Record<string, ActivityChange> = {}) {
  const t = current.task;
  const changes: Record<string, ActivityChange> = {};
  const add = (field: string, oldValue: unknown, newValue: unknown, oldLabel?: string | null, newLabel?: string | null) => {
    if (same(oldValue, newValue)) return;
    changes[field] = { old: oldValue ?? null, new: newValue ?? null, ...(oldLabel !== undefined || newLabel !== undefined ? { old_label: oldLabel ?? null, new_label: newLabel ?? null } : {}) };
  };
  const has = (k: keyof Values) => k in next;
  if (has("name")) add("name", t.name, next.name);
  if (has("description")) add("description", t.description, next.description);
  if (has("priority")) add("priority", t.priority, next.priority, priorityName(t.priority), priorityName(next.priority!));
  if (has("reviewStatus")) add("review_status", t.reviewStatus, next.reviewStatus, reviewStatusName(t.reviewStatus), reviewStatusName(next.reviewStatus!));
  if (has("pipelineId")) add("pipeline_id", t.pipelineId, next.pipelineId, current.pipelineName, refs.pipeline?.label ?? current.pipelineName);
  if (has("pipelineStageId")) add("pipeline_stage_id", t.pipelineStageId, next.pipelineStageId, current.stageName, refs.stage?.label ?? current.stageName);
  if (has("teamMemberId"))
    add("team_member_id", t.teamMemberId, next.teamMemberId, current.memberName === null ? null : fullName(current.memberName, current.memberLastName), refs.member?.label ?? null);
  if (has("teamId")) add("team_id", t.teamId, next.teamId, current.teamName, refs.team?.label ?? null);
  if (has("sourceIndividualId")) add("source_individual_id", t.sourceIndividualId, next.sourceIndividualId, current.individualName, refs.individual?.label ?? null);
  if (has("companyId")) add("company_id", t.companyId, next.companyId, current.companyName, refs.company?.label ?? null);
  if (has("expectedRevenue"))
    add("expected_revenue", money(t.expectedRevenue), money(next.expectedRevenue ?? null), pounds(t.expectedRevenue), pounds(next.expectedRevenue ?? null));
  if (has("expectedRevenueStartDate")) add("expected_revenue_start_date", t.expectedRevenueStartDate, next.expectedRevenueStartDate);
  if (has("paymentFrequencyId")) add("payment_frequency_id", t.paymentFrequencyId, next.paymentFrequencyId, undefined, refs.frequency?.label ?? null);
  if (has("size")) add("size", t.size, next.size);
  if (has("expectedCloseDate")) add("expected_close_date", t.expectedCloseDate, next.expectedCloseDate);
  if (has("kyb")) add("kyb", t.kyb, next.kyb);
  if (has("datapoints")) add("datapoints", t.datapoints, next.datapoints);
  for (const k of Object.keys(CONFIDENCE_COLUMNS) as (keyof typeof CONFIDENCE_COLUMNS)[]) {
    if (has(k)) add(k, t[k], next[k], undefined, next[k] ? (refs.answers.get(next[k]!)?.name ?? null) : null);
  }
  if (changes.expected_close_date && refs.reason) changes.expected_close_date_change_reason = { old: null, new: refs.reason.id, new_label: refs.reason.label };
  const entries: { action: string; changes: Record<string, ActivityChange> }[] = [];
  if (as) {
    if (Object.keys(changes).length || Object.keys(extra).length) entries.push({ action: as, changes: { ...changes, ...extra } });
    return entries;
  }
  for (const group of ["moved", "assigned", "updated"] as const) {
    const own = Object.fromEntries(Object.entries(changes).filter(([k]) => groupOf(k === "expected_close_date_change_reason" ? "x" : k) === group));
    if (Object.keys(own).length) entries.push({ action: group, changes: own });
  }
  return entries;
}

/** state and closed_at for a task entering a stage with this outcome (closed_at kept when the state stays). */
function stateFor(outcome: "open" | "won" | "lost", current?: TaskRow): Pick<Values, "state" | "closedAt"> {
  if (outcome === "open") return { state: "open", closedAt: null };
  if (current && current.state === outcome && current.closedAt) return { state: outcome, closedAt: current.closedAt };
  return { state: outcome, closedAt: new Date() };
}

async function actorName(db: Db, userId: number) {
  const [u] = await db.select({ name: users.name, lastName: users.lastName, photo: users.profilePhotoPath }).from(users).where(eq(users.id, userId)).limit(1);
  return u ? { name: fullName(u.name, u.lastName), photo: u.photo } : { name: null, photo: null };
}

const confidenceOf = (body: TaskUpdateBody) =>
  Object.fromEntries(Object.keys(CONFIDENCE_COLUMNS).flatMap((k) => (body[k as keyof typeof CONFIDENCE_COLUMNS] !== undefined ? [[k, body[k as keyof typeof CONFIDENCE_COLUMNS]]] : [])));

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
    if (who && row.teamMemberId) await notifyAssignee(tx as unknown as Db, { tenantId: actor.tenantId, userId: row.teamMemberId }, { id: row.id, name: row.name }, who);
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
  options: { as?: string; extra?: Record<string, ActivityChange>; afterWrite?: (tx: Db, current: Loaded) => Promise<Record<string, ActivityChange> | void> } = {},
): Promise<Task> {
  const { db } = database;
  const who = await actorName(db, actor.userId);
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
    await logActivity(
      tx,
      entries.map((e) => ({ tenantId: actor.tenantId, subjectType: "task" as const, subjectId: id, userId: actor.userId, ...e })),
    );
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
      found.map((t) => ({ tenantId: actor.tenantId, subjectType: "task" as const, subjectId: t.id, userId: actor.userId, action: "deleted", changes: { name: { old: t.name, new: null } } })),
    );
    return documents.map((d) => d.key);
  });
}

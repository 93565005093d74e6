import { and, asc, desc, eq, inArray, ne, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { TASK_SORTS, type TaskInclude } from "#contract/tasks";
import { parseDateText } from "#common/dates";
import { isIdText, MAX_ID } from "#common/ids";
import type { Db } from "#api/db/client";
import { tasks } from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { type ListTotal, ListShape, listStatements, shapedPage, shapedSearch, sortOf, textFilter } from "#api/http/paging";
import { TIME_ZONE } from "#api/lib/periods";
import { loadTasks } from "./task-rows";

// ---------------------------------------------------------------- the list (GET /task): filters, sort, page

function idsFilter(query: ListQuery, key: string, options: { max?: number; me?: number } = {}): number[] | undefined {
  const v = textFilter(query, key);
  if (v === undefined) return undefined;
  const parts = v.split(",").map((s) => s.trim());
  // Each part an id written as one (isIdText, as every id filter reads them), or "me" where allowed.
  const ids = parts.map((p) => (p === "me" && options.me !== undefined ? options.me : isIdText(p) ? Number(p) : Number.NaN));
  const max = options.max ?? MAX_ID;
  if (parts.length > 100 || ids.some((n) => !(n <= max))) {
    throw invalid({
      [`filter.${key}`]: [options.max ? `Must be a number from 1 to ${options.max} (or a list of them).` : "Must be an id (or a list of ids)."],
    });
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
 * The list's filters (read and checked as GET /task reads them), WHERE clause and order, its values beside them (the
 * placeholders' values): what an export of the list (api/modules/exports) selects its ids with.
 */
export function taskListPlan(auth: { tenantId: number; userId: number }, query: ListQuery) {
  const request = readListRequest(auth.userId, query);
  const shape = new ListShape();
  const where = listWhere(auth.tenantId, request, shape);
  const order = sortKeys(request).columns.map((c) => (request.sort.desc ? desc(c) : asc(c)));
  return { where, order, values: shape.values };
}

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
  return {
    rows: await loadTasks(
      db,
      auth.tenantId,
      page.map((r) => r.id),
      includes,
    ),
    total,
  };
}

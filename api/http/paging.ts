import { and, asc, count, desc, ilike, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import qs from "qs";
import type { ListQuery, Paged } from "#contract/common";
import type { Db } from "../db/client";
import { preparedPerShape, UNNAMED } from "../db/prepared";
import { listVersions } from "../db/schema";
import { invalid } from "./errors";

/** Totals are exact up to this many rows; beyond it a list answers the cap with meta.total_capped ('10,000+'). */
export const TOTAL_CAP = 10_000;

/** A list's total: exact, or — when more rows matched than the cap — the cap, a lower bound. */
export interface ListTotal {
  total: number;
  capped: boolean;
  /** Whether a row follows this page (known when the page was fetched with one row more than its size). */
  hasNext?: boolean;
}

/**
 * Counts a list's filtered rows, but no further than `cap` + 1: `select count(*) from (select 1 from … where
 * … order by … limit cap+1)`. However many rows match, the count reads at most cap + 1 of them. Give an order
 * that the filters' indexes deliver: the planner then walks an index and stops at the cap, where without one
 * it may read the table itself for a tenant that fills most of it.
 */
export async function cappedCount(db: Db, table: PgTable, where: SQL | undefined, orderBy: readonly SQL[] = [], cap = TOTAL_CAP): Promise<ListTotal> {
  const [{ n }] = await cappedCountQuery(db, table, where, orderBy, cap);
  return cappedTotal(n, cap);
}

/** `cappedCount`'s statement, unrun (to prepare it): n, and the list's version read beside it when given. */
export function cappedCountQuery(db: Db, table: PgTable, where: SQL | undefined, orderBy: readonly SQL[], cap: number, version?: SQL<number | null>) {
  const rows = db
    .select({ one: sql`1`.as("one") })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(cap + 1)
    .as("capped_rows");
  // The list's version read by the same statement as the count: the count is exact at that version.
  return db.select({ n: count(), v: version ?? sql<null>`null` }).from(rows);
}

/** A count of up to cap + 1 rows as a list's total. */
export const cappedTotal = (n: number, cap = TOTAL_CAP): ListTotal => (n > cap ? { total: cap, capped: true } : { total: n, capped: false });

/**
 * A memory per database of at most `limit` entries, the most recently used kept (a Map keeps insertion order:
 * an entry read or written is moved last; the first is the one dropped).
 */
function memoryPerDatabase<V>(limit: number) {
  const memories = new WeakMap<Db, Map<string, V>>();
  return (db: Db) => {
    let memory = memories.get(db);
    if (!memory) {
      memory = new Map();
      memories.set(db, memory);
    }
    const kept = memory;
    return {
      get(key: string): V | undefined {
        const known = kept.get(key);
        if (known !== undefined) {
          kept.delete(key);
          kept.set(key, known);
        }
        return known;
      },
      set(key: string, value: V) {
        kept.delete(key);
        kept.set(key, value);
        if (kept.size > limit) kept.delete(kept.keys().next().value!);
      },
      has: (key: string) => kept.has(key),
      clear: () => kept.clear(),
    };
  };
}

/**
 * Counts remembered with the list version they were taken at (list_versions: a new number from a sequence
 * that never restarts on every write to the list's table, by triggers), per database. While a tenant's
 * version is unchanged its rows are too, so the count is exact; paging through a list, or many users opening
 * the same list, count once. The most recently used REMEMBERED_COUNTS are kept.
 */
const REMEMBERED_COUNTS = 5_000;
const rememberedCounts = memoryPerDatabase<{ version: number; total: ListTotal }>(REMEMBERED_COUNTS);

export function countMemory(db: Db) {
  const memory = rememberedCounts(db);
  return {
    recall(key: string, version: number | null | undefined): ListTotal | undefined {
      if (version === null || version === undefined) return undefined;
      const known = memory.get(key);
      return known?.version === version ? known.total : undefined;
    },
    has: memory.has,
    /** Forgets every remembered count (the benchmark's first-view timing). */
    clear: memory.clear,
    remember(key: string, version: number | null | undefined, total: ListTotal) {
      if (version === null || version === undefined) return;
      memory.set(key, { version, total: { total: total.total, capped: total.capped } });
    },
  };
}

/**
 * Where a list's pages start, remembered with the list version they were read at (like counts): the first row of a
 * page served, and the last row before the next one. While the version is unchanged the list's rows and order are
 * too, so a page seen before, or the page after one just seen, is read from its first row on (a keyset: `(sort
 * key, id) <= the first row's`) instead of past every row before it (an offset). Keyed by the list, its filters'
 * values, its sort and page size (`pagesKey`) and the page's number; the most recently used PAGE_STARTS are kept.
 */
const PAGE_STARTS = 20_000;
/**
 * A remembered start is used from this many rows in: nearer the top an offset costs next to nothing, and a start
 * remembered before a write (another version) costs a round trip before the offset is read after all.
 */
export const KEYSET_FROM = 1_000;
interface PageStart {
  version: number;
  /** The row the page starts at (`inclusive`), or the last row before it. */
  id: number;
  inclusive: boolean;
}
const rememberedStarts = memoryPerDatabase<PageStart>(PAGE_STARTS);

export function pageStarts(db: Db) {
  const memory = rememberedStarts(db);
  const at = (pagesKey: string, page: number) => `${pagesKey}\u0000${page}`;
  return {
    recall: (pagesKey: string, page: number): PageStart | undefined => memory.get(at(pagesKey, page)),
    remember: (pagesKey: string, page: number, start: PageStart) => memory.set(at(pagesKey, page), start),
    /** Forgets every page start (the benchmark's first-view timing). */
    clear: memory.clear,
  };
}

/** The lists whose writes give the company a new version (list_versions, by triggers: migrations 0010, 0011, 0034, 0037). */
export type VersionedList = "tasks" | "individuals" | "companies" | "policies" | "payments";

/** The company's version of a list, to select beside a page's rows or a count: null before its first write. */
export const listVersion = (tenantId: number | Placeholder, list: VersionedList) =>
  sql`(select ${listVersions.version} from ${listVersions} where ${listVersions.tenantId} = ${tenantId} and ${listVersions.list} = ${list})`.mapWith(
    Number,
  ) as SQL<number | null>;

/**
 * The shape of a list's statements, recorded while their WHERE clause and order are composed, and the values they
 * take. `value` answers a placeholder for a value and names it in the shape; `part` names a choice that changes
 * the statement's text without a value (a filter's sense, the sort). Requests of equal shapes compose the same SQL,
 * so the statements prepared for one (`preparedPerShape`) serve the others with their own values.
 */
export class ListShape {
  readonly values: Record<string, unknown> = {};
  private readonly parts: string[] = [];

  value(name: string, value: unknown): Placeholder {
    if (!(name in this.values)) this.parts.push(name);
    this.values[name] = value;
    return sql.placeholder(name);
  }

  /** A condition on a value when it is given (the value's placeholder named `name`), otherwise none. */
  when<T>(name: string, value: T | undefined, condition: (placeholder: Placeholder) => SQL): SQL | undefined {
    return value === undefined ? undefined : condition(this.value(name, value));
  }

  /** Records a choice and answers what it chose (a condition, or undefined for none). */
  part<T>(name: string, chosen: T): T {
    this.parts.push(`:${name}`);
    return chosen;
  }

  /** Records the sort (`sortOf`) and answers the order (or keys) made of it. */
  sorted<T>(sort: { field: string; desc: boolean }, chosen: T): T {
    return this.part(`sort:${sort.desc ? "-" : ""}${sort.field}`, chosen);
  }

  /**
   * `column` (or any of `columns`) contains `term` (case-insensitive, LIKE wildcards taken literally) when a term is
   * given, otherwise no condition.
   */
  contains(name: string, columns: AnyColumn | SQL | (AnyColumn | SQL)[], term: string | undefined): SQL | undefined {
    return this.when(name, term === undefined ? undefined : `%${likeEscape(term)}%`, (p) => {
      const matches = [columns].flat().map((column) => ilike(column, p));
      return matches.length === 1 ? matches[0] : or(...matches)!;
    });
  }

  /** Names the shape: the key of its prepared statements. */
  get key(): string {
    return this.parts.join(",");
  }

  /** Names the filtered list in the count memory: the shape so far (its filters) and their values. */
  countKey(list: VersionedList): string {
    return `${list}\u0000${this.key}\u0000${JSON.stringify(this.values)}`;
  }
}

/** A statement prepared with placeholders (drizzle's prepared query): run with the values of its shape. */
interface Prepared<R> {
  execute(values: Record<string, unknown>): Promise<R>;
}

/** What a request composed for a list's statements: its WHERE clause and order, and the tenant's placeholder. */
export interface ComposedList {
  where: SQL;
  order: SQL[];
  tenant: Placeholder;
  /**
   * The order's expressions, without their direction (all one direction, `descending`, none of them null): given,
   * a page can start at a row (`pageStarts`). A sort on a column that may be blank gives none.
   */
  keys?: { columns: SQL[]; descending: boolean };
}

/** A page from a row on: the order's key at or past the key of row `start` (a placeholder), read by its id in the same table. */
function fromRow(table: PgTable, columns: { id: AnyColumn; tenantId: AnyColumn }, c: ComposedList, inclusive: boolean): SQL {
  const keys = sql.join(c.keys!.columns, sql`, `);
  const op = c.keys!.descending ? (inclusive ? "<=" : "<") : inclusive ? ">=" : ">";
  return sql`(${keys}) ${sql.raw(op)} (select ${keys} from ${table} where ${columns.tenantId} = ${c.tenant} and ${columns.id} = ${sql.placeholder("start")})`;
}

/**
 * The statements of a versioned list read from its table in the list's order, prepared per shape: the page (what
 * `select` names, the list's version added; `.$dynamic()`) and the capped count — in the list's order, or in
 * `countOrder` when the filters' indexes deliver that one whatever the sort.
 */
export function listStatements<T extends PgSelect>(
  table: PgTable,
  list: VersionedList,
  select: (db: Db, version: SQL<number | null>) => T,
  countOrder?: SQL[],
  columns?: { id: AnyColumn; tenantId: AnyColumn },
) {
  const from = (inclusive: boolean) =>
    preparedPerShape((db, c: ComposedList) =>
      select(db, listVersion(c.tenant, list))
        .where(and(c.where, fromRow(table, columns!, c, inclusive)))
        .orderBy(...c.order)
        .limit(sql.placeholder("limit"))
        .prepare(UNNAMED),
    );
  return {
    page: preparedPerShape((db, c: ComposedList) =>
      select(db, listVersion(c.tenant, list))
        .where(c.where)
        .orderBy(...c.order)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(UNNAMED),
    ),
    /** The page from a remembered start (`pageStarts`): at its first row, or after the previous page's last. */
    ...(columns ? { from: from(true), after: from(false) } : {}),
    count: preparedPerShape((db, c: ComposedList) =>
      cappedCountQuery(db, table, c.where, countOrder ?? c.order, TOTAL_CAP, listVersion(c.tenant, list)).prepare(UNNAMED),
    ),
  };
}

/**
 * The statements of a small list (a company's pipelines, teams: a handful of rows, counted exactly on every view),
 * prepared per shape: the page (`select`, `.$dynamic()`, in the order composed) and its count. `countedPage` runs them.
 */
export function countedListStatements<T extends PgSelect>(table: PgTable, select: (db: Db) => T) {
  return {
    page: preparedPerShape((db, c: { where: SQL; order: SQL[] }) =>
      select(db)
        .where(c.where)
        .orderBy(...c.order)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(UNNAMED),
    ),
    count: preparedPerShape((db, c: { where: SQL }) => db.select({ total: count() }).from(table).where(c.where).prepare(UNNAMED)),
  };
}

/** A page of a small list and its total, side by side, from `countedListStatements` and the request's shape. */
export async function countedPage<T>(
  db: Db,
  shape: ListShape,
  statements: {
    page: (db: Db, key: string, composed: { where: SQL; order: SQL[] }) => Prepared<T[]>;
    count: (db: Db, key: string, composed: { where: SQL }) => Prepared<{ total: number }[]>;
  },
  composed: { where: SQL; order: SQL[] },
  query: ListQuery,
): Promise<{ rows: T[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    statements.page(db, shape.key, composed).execute({ ...shape.values, limit: query.page.size, offset: offsetOf(query) }),
    statements.count(db, shape.key, composed).execute(shape.values),
  ]);
  return { rows, total };
}

type ListStatement<T> = (db: Db, key: string, composed: ComposedList) => Prepared<T[]>;

/**
 * A page of a versioned list and its total, from its statements prepared per shape (`preparedPerShape`, given what
 * the request composed: its WHERE clause, order and, when the order allows a keyset, its keys). `page` reads the
 * list's version beside its rows and runs with the shape's values and `limit` / `offset`; a count remembered for
 * `countKey` at that version is used as it is, otherwise `count` (`cappedCountQuery`, reading the version beside
 * its count) runs — beside the page when nothing is remembered for these filters, so a first view costs no extra
 * round trip. `page` is the page's number and size; `lookAhead` rows more are read (one, to know whether a page
 * follows). With keys, a page KEYSET_FROM rows or more in whose start is remembered (`pageStarts`) is read from
 * that row on; if the list changed since (another version), by its offset after all. A page read remembers where
 * it and the next page start, when they are that deep.
 */
export async function shapedPage<T extends { id: number; listVersion: number | null }>(
  db: Db,
  shape: ListShape,
  countKey: string,
  statements: {
    page: ListStatement<T>;
    from?: ListStatement<T>;
    after?: ListStatement<T>;
    count: (db: Db, key: string, composed: ComposedList) => Prepared<{ n: number; v: number | null }[]>;
  },
  composed: ComposedList,
  page: { number: number; size: number },
  lookAhead = 0,
): Promise<{ rows: T[]; total: ListTotal }> {
  const counts = countMemory(db);
  const starts = pageStarts(db);
  const limit = page.size + lookAhead;
  const offset = (page.number - 1) * page.size;
  // The list (its filters' values), its sort (in the shape's key by now) and its page size.
  const keyset = composed.keys && statements.from && statements.after ? `${countKey}\u0000${shape.key}\u0000${page.size}` : undefined;
  const start = keyset && offset >= KEYSET_FROM ? starts.recall(keyset, page.number) : undefined;
  const byOffset = () => statements.page(db, shape.key, composed).execute({ ...shape.values, limit, offset });
  const read = async () => {
    if (start) {
      const statement = start.inclusive ? statements.from! : statements.after!;
      const rows = await statement(db, shape.key, composed).execute({ ...shape.values, limit, start: start.id });
      if (rows.length > 0 && rows[0].listVersion === start.version) return rows;
    }
    return byOffset();
  };
  const counted = async () => {
    const [{ n, v }] = await statements.count(db, shape.key, composed).execute(shape.values);
    const total = cappedTotal(n);
    counts.remember(countKey, v, total);
    return total;
  };
  let rows: T[];
  let total: ListTotal | undefined;
  if (!counts.has(countKey)) [rows, total] = await Promise.all([read(), counted()]);
  else rows = await read();
  const version = rows[0]?.listVersion;
  // Only the starts a page KEYSET_FROM rows in would use: this page's, and the next one's.
  if (keyset && version !== null && version !== undefined) {
    if (offset >= KEYSET_FROM) starts.remember(keyset, page.number, { version, id: rows[0].id, inclusive: true });
    if (offset + page.size >= KEYSET_FROM && rows.length >= page.size)
      starts.remember(keyset, page.number + 1, { version, id: rows[page.size - 1].id, inclusive: false });
  }
  return { rows, total: total ?? counts.recall(countKey, version) ?? (await counted()) };
}

/**
 * The paged response of the spec: data, meta (current_page, per_page, total, last_page), links. With a capped
 * total, meta.total is a lower bound (the cap, or the rows up to this page if more), `total_capped` is true,
 * and last_page / links.last name the last page known to exist (the next one while rows follow).
 */
export function paged<T>(request: FastifyRequest, query: ListQuery, data: T[], counted: number | ListTotal): Paged<T> {
  const { number, size } = query.page;
  const { total: exact, capped, hasNext } = typeof counted === "number" ? { total: counted, capped: false, hasNext: undefined } : counted;
  const offset = (number - 1) * size;
  const total = capped ? Math.max(exact, offset + data.length) : exact;
  // Within the cap a full page is always followed by another; beyond it, only the fetched extra row tells.
  const more = hasNext ?? (offset + size < total || data.length === size);
  const lastPage = capped ? Math.max(Math.ceil(total / size), more ? number + 1 : number) : Math.max(1, Math.ceil(total / size));
  const link = (n: number) => {
    const [pathname] = request.url.split("?");
    return `${pathname}?${qs.stringify({ ...(request.query as object), page: { number: n, size } }, { encodeValuesOnly: true })}`;
  };
  return {
    data,
    meta: { current_page: number, per_page: size, total, last_page: lastPage, ...(capped ? { total_capped: true } : {}) },
    links: { first: link(1), last: link(lastPage), prev: number > 1 ? link(number - 1) : null, next: number < lastPage ? link(number + 1) : null },
  };
}

export const offsetOf = (query: ListQuery) => (query.page.number - 1) * query.page.size;

/** Reads `sort` against an allow-list of fields: `-name` → { field: "name", desc: true }. Unknown fields answer undefined. */
export function sortOf<F extends string>(query: ListQuery, fields: readonly F[]): { field: F; desc: boolean } | undefined {
  if (!query.sort) return undefined;
  const desc = query.sort.startsWith("-");
  const field = (desc ? query.sort.slice(1) : query.sort) as F;
  return fields.includes(field) ? { field, desc } : undefined;
}

/** A text filter value (ranges are not text). */
export function textFilter(query: ListQuery, key: string): string | undefined {
  const v = query.filter[key];
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

/**
 * A range filter (`filter[key][from]`, `filter[key][to]`, or one value for both ends), each end read by `parse`;
 * an end it cannot read answers 422 under `filter.<key>` with `message`.
 */
export function rangeFilter<T>(query: ListQuery, key: string, parse: (s: string) => T | undefined, message: string): { from?: T; to?: T } {
  const v = query.filter[key];
  if (v === undefined) return {};
  const parts = typeof v === "string" ? { from: v, to: v } : v;
  const out: { from?: T; to?: T } = {};
  for (const side of ["from", "to"] as const) {
    const text = parts[side]?.trim();
    if (!text) continue;
    const parsed = parse(text);
    if (parsed === undefined) throw invalid({ [`filter.${key}`]: [message] });
    out[side] = parsed;
  }
  return out;
}

/** A calendar day as year-month-day, or undefined. */
export const dayOf = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) ? s : undefined);
/** Whole pence as typed in a filter, or undefined. */
export const penceOf = (s: string) => (/^\d{1,15}$/.test(s) ? Number(s) : undefined);
export const DATE_RANGE_MESSAGE = "Enter dates as year-month-day.";
export const PENCE_RANGE_MESSAGE = "Enter amounts in whole pence.";

/** The instant a UK calendar day (year-month-day, or a prepared statement's placeholder of one) begins. */
export const londonDayStart = (day: string | Placeholder) => sql`(${day}::date)::timestamp at time zone 'Europe/London'`;
/** The instant the UK calendar day after `day` begins: the exclusive end of a range that ends on `day`. */
export const londonDayEnd = (day: string | Placeholder) => sql`((${day}::date + 1)::timestamp at time zone 'Europe/London')`;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Searches shorter than this match the start of a word (see `searchPatterns`). */
const SEARCH_ANYWHERE_FROM = 3;

/**
 * The ILIKE patterns of a search of a large list (tasks, individuals, companies), case-insensitive: three
 * characters or more match anywhere in the text, one or two the start of a word. The lists' trigram indexes
 * serve both; "anywhere" for one or two characters has no trigram to look up and reads every row of the
 * company (2–3 s on a million tasks when little matches, 0.2–1 ms as the start of a word).
 */
export function searchPatterns(term: string): string[] {
  const text = likeEscape(term);
  return [...term].length >= SEARCH_ANYWHERE_FROM ? [`%${text}%`] : [`${text}%`, `% ${text}%`];
}

/** A search of text columns in a list's shape (`searchPatterns`): its patterns are the values search_0 (and search_1). */
export function shapedSearch(shape: ListShape, columns: (AnyColumn | SQL)[], term: string): SQL {
  const patterns = searchPatterns(term).map((pattern, i) => shape.value(`search_${i}`, pattern));
  return or(...columns.flatMap((column) => patterns.map((pattern) => ilike(column, pattern))))!;
}

/**
 * A list's order: the sort column, then the id, both in the sort's direction. A column that may be
 * blank (`nullsLast`) puts the blanks last either way; the other sort columns are never null, so the
 * plain order matches the (tenant_id, column, id) indexes in both directions — and gives the keys for a page to
 * start at a row (`ComposedList.keys`; none when blanks go last: a null breaks the comparison).
 */
export function listOrder(column: SQL | AnyColumn, id: AnyColumn, descending: boolean, nullsLast: boolean): { order: SQL[]; keys: ComposedList["keys"] } {
  return {
    order: [
      nullsLast ? sql`${column} ${sql.raw(descending ? "desc" : "asc")} nulls last` : descending ? desc(column) : asc(column),
      descending ? desc(id) : asc(id),
    ],
    keys: nullsLast ? undefined : { columns: [sql`${column}`, sql`${id}`], descending },
  };
}

import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { and, count, desc, eq, gt, max, sql } from "drizzle-orm";
import { listQuerySchema, type ListQuery } from "#contract/common";
import { EXPORT_INLINE_LIMIT, EXPORT_MESSAGES, type DataExport, type ExportBody } from "#contract/exports";
import { hasAnyPermission } from "#contract/permissions";
import type { Database, Db } from "#api/db/client";
import { UNNAMED } from "#api/db/prepared";
import { dataExports, exportRows, type ExportQuery } from "#api/db/schema";
import { forbidden, invalid, notFound } from "#api/http/errors";
import type { Storage } from "#api/integrations/storage";
import { notify } from "../notifications/notify";
import { exportType, exportTypes, type ExportAuth, type ExportSelection, type ExportType } from "./registry";
import "./types";

type ExportRow = typeof dataExports.$inferSelect;

/** Ids read (and rows loaded) per page while a file is written: memory stays that of one page whatever the list's size. */
export const EXPORT_PAGE_SIZE = 1_000;

/** The list query an export runs: the list's filter and sort; the page is the list's business, not the file's. */
const toListQuery = (query: ExportQuery): ListQuery => listQuerySchema().parse({ filter: query.filter, sort: query.sort });

/** A registered type, or 422 naming the ones there are. */
export function typeOf(type: string): ExportType {
  const found = exportType(type);
  if (!found) {
    throw invalid(
      {
        type: [
          `${EXPORT_MESSAGES.unknownType} Choose one of: ${exportTypes()
            .map((t) => t.type)
            .join(", ")}.`,
        ],
      },
      EXPORT_MESSAGES.unknownType,
    );
  }
  return found;
}

/** The list's permission (any of them): an export of a list the user may not see is refused as the list is (403). */
export function assertMayExport(permissions: Set<string>, type: ExportType) {
  if (!hasAnyPermission(permissions, type.permissions)) throw forbidden();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toExport(row: ExportRow): DataExport {
  const type = exportType(row.type);
  const progress =
    row.state === "done" ? 100 : row.totalRows === null ? null : row.totalRows === 0 ? 0 : Math.min(99, Math.floor((row.rowCount / row.totalRows) * 100));
  return {
    id: row.id,
    type: row.type,
    label: type?.label ?? row.type,
    state: row.state,
    reason: row.reason,
    total_rows: row.totalRows,
    row_count: row.rowCount,
    progress,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    filter: row.query.filter,
    sort: row.query.sort ?? null,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    download_url: row.state === "done" ? `/export/download/${row.id}` : null,
  };
}

/** The list's rows, up to `limit` of them, counted (to choose between writing now and a background job). */
async function countUpTo(db: Db, selection: ExportSelection, limit: number): Promise<number> {
  const rows = selection
    .from(db, { one: sql`1`.as("one") })
    .where(selection.where)
    .limit(limit)
    .as("rows");
  const [{ n }] = await db.select({ n: count() }).from(rows).prepare(UNNAMED).execute(selection.values);
  return Number(n);
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * POST /export/{type}: checks the list's filters and sort as the list does (its 422), records the export, and either
 * writes it now (a list of EXPORT_INLINE_LIMIT rows or fewer: done when this answers) or enqueues the job that
 * writes it (`enqueueJob`, on the transaction that records it).
 */
export async function createExport(
  deps: { database: Database; storage: Storage },
  auth: ExportAuth & { permissions: Set<string> },
  typeName: string,
  body: ExportBody,
  enqueueJob: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0], exportId: number) => Promise<string>,
): Promise<DataExport> {
  const type = typeOf(typeName);
  assertMayExport(auth.permissions, type);
  const query: ExportQuery = { filter: body.filter, ...(body.sort ? { sort: body.sort } : {}) };
  const { db } = deps.database;
  // The list's own reading of its filters: a bad one answers the list's 422 before anything is recorded.
  const selection = type.select(db, auth, toListQuery(query));
  const small = (await countUpTo(db, selection, EXPORT_INLINE_LIMIT + 1)) <= EXPORT_INLINE_LIMIT;
  const values = { tenantId: auth.tenantId, userId: auth.userId, type: type.type, query, fileName: `${type.type}-${today()}.csv` };
  if (small) {
    const [row] = await db.insert(dataExports).values(values).returning();
    await writeExport(deps, row.id, { notifyWhenDone: false });
    return toExport(await findOwn(db, auth, row.id));
  }
  const id = await deps.database.transaction(async (tx) => {
    const [row] = await tx.insert(dataExports).values(values).returning({ id: dataExports.id });
    const jobId = await enqueueJob(tx, row.id);
    await tx.update(dataExports).set({ jobId }).where(eq(dataExports.id, row.id));
    return row.id;
  });
  return toExport(await findOwn(db, auth, id));
}

/** The caller's own export (another user's, or another company's, is not found). */
export async function findOwn(db: Db, auth: ExportAuth, id: number): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.tenantId, auth.tenantId), eq(dataExports.userId, auth.userId)))
    .limit(1);
  if (!row) throw notFound("Export");
  return row;
}

/** GET /export and /export/{type}: the caller's exports (of one list), newest first. */
export async function listOwn(db: Db, auth: ExportAuth, type: string | undefined, page: { number: number; size: number }) {
  const where = and(eq(dataExports.tenantId, auth.tenantId), eq(dataExports.userId, auth.userId), type ? eq(dataExports.type, type) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(dataExports)
      .where(where)
      .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ n: count() }).from(dataExports).where(where),
  ]);
  return { rows: rows.map(toExport), total: Number(n) };
}

/** Chooses the export's rows: their ids in the list's order, numbered, by one INSERT … SELECT. Answers how many. */
async function chooseRows(db: Db, selection: ExportSelection, exportId: number): Promise<number> {
  await db.delete(exportRows).where(eq(exportRows.exportId, exportId));
  const position = sql<number>`row_number() over (order by ${sql.join(selection.order, sql`, `)})`;
  const chosen = selection
    .from(db, {
      exportId: sql`${sql.placeholder("export_id")}::integer`.as("export_id"),
      position: position.as("position"),
      rowId: sql`${selection.id}`.as("row_id"),
    })
    .where(selection.where);
  await db
    .insert(exportRows)
    .select(chosen as never)
    .prepare(UNNAMED)
    .execute({ ...selection.values, export_id: exportId });
  const [{ last }] = await db
    .select({ last: max(exportRows.position) })
    .from(exportRows)
    .where(eq(exportRows.exportId, exportId));
  return Number(last ?? 0);
}

/** The chosen rows, a page at a time by position, loaded by the area (its own rows by id, of the tenant only). */
async function* pagesOf(db: Db, type: ExportType, auth: ExportAuth, exportId: number, onPage: (written: number) => Promise<void>) {
  let after = 0;
  let written = 0;
  for (;;) {
    const page = await db
      .select({ position: exportRows.position, rowId: exportRows.rowId })
      .from(exportRows)
      .where(and(eq(exportRows.exportId, exportId), gt(exportRows.position, after)))
      .orderBy(exportRows.position)
      .limit(EXPORT_PAGE_SIZE);
    if (page.length === 0) return;
    after = page[page.length - 1].position;
    const rows = await type.load(
      db,
      auth,
      page.map((p) => p.rowId),
    );
    for (const row of rows) yield type.columns.map((c) => cellOf(c.value(row)));
    written += rows.length;
    await onPage(written);
  }
}

/** A cell as CSV text (csv-stringify escapes formulas in text; numbers stay numbers). */
function cellOf(value: ReturnType<ExportType["columns"][number]["value"]>): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value;
}

/**
 * Writes an export's file: chooses its rows (the list's filters and sort as they were asked), streams them as CSV —
 * UTF-8 with a byte-order mark for Excel, cells starting with = + - @ (or a tab or carriage return) escaped with a
 * quote so that a spreadsheet shows them rather than running them — into the storage, a page of rows at a time,
 * noting the progress after each page; then marks it done (and tells its owner, from a job). Safe to run again:
 * a done export is left as it is, anything else starts over.
 */
export async function writeExport(deps: { database: Database; storage: Storage }, exportId: number, options: { notifyWhenDone: boolean }) {
  const { db } = deps.database;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  if (!row || row.state === "done") return;
  const type = typeOf(row.type);
  const auth = { tenantId: row.tenantId, userId: row.userId };
  await db.update(dataExports).set({ state: "running", startedAt: new Date(), reason: null, rowCount: 0, totalRows: null }).where(eq(dataExports.id, exportId));
  const selection = type.select(db, auth, toListQuery(row.query));
  const total = await chooseRows(db, selection, exportId);
  await db.update(dataExports).set({ totalRows: total }).where(eq(dataExports.id, exportId));

  let written = 0;
  const csv = stringify({ bom: true, header: true, columns: type.columns.map((c) => c.header), escape_formulas: true, record_delimiter: "windows" });
  const source = Readable.from(
    pagesOf(db, type, auth, exportId, async (n) => {
      written = n;
      await db.update(dataExports).set({ rowCount: n }).where(eq(dataExports.id, exportId));
    }),
  );
  const [, stored] = await Promise.all([pipeline(source, csv), deps.storage.putStream(csv, { contentType: "text/csv", extension: "csv" })]);
  await db.delete(exportRows).where(eq(exportRows.exportId, exportId));
  await db
    .update(dataExports)
    .set({ state: "done", storageKey: stored.key, sizeBytes: stored.size, rowCount: written, finishedAt: new Date(), reason: null })
    .where(eq(dataExports.id, exportId));
  if (options.notifyWhenDone) {
    await notify(db, {
      tenantId: row.tenantId,
      userId: row.userId,
      title: EXPORT_MESSAGES.readyTitle,
      desc: `${type.label}: ${written.toLocaleString("en-GB")} ${written === 1 ? "row" : "rows"}, ${row.fileName}.`,
      link: `/exports`,
    });
  }
}

/** An export given up (its job's last try failed, or an inline one threw): the reason, shown in the list; the owner told. */
export async function failExport(db: Db, exportId: number, reason: string, options: { notifyOwner: boolean }) {
  const [row] = await db.update(dataExports).set({ state: "failed", reason, finishedAt: new Date() }).where(eq(dataExports.id, exportId)).returning();
  await db.delete(exportRows).where(eq(exportRows.exportId, exportId));
  if (row && options.notifyOwner) {
    await notify(db, {
      tenantId: row.tenantId,
      userId: row.userId,
      title: EXPORT_MESSAGES.failedTitle,
      desc: `${exportType(row.type)?.label ?? row.type}: ${reason}`,
      link: "/exports",
    });
  }
}

/** Back to queued with the reason of the try that failed, for the retry to come. */
export async function retryLater(db: Db, exportId: number, reason: string) {
  await db.update(dataExports).set({ state: "queued", reason }).where(eq(dataExports.id, exportId));
}

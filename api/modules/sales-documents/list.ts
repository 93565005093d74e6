import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { DOCUMENT_SORTS, type DocumentRow } from "#contract/sales-documents";
import type { Db } from "#api/db/client";
import { clientCompanies, individuals, salesDocuments, type SalesDocumentKind, type SalesDocumentStatus } from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { idFilter } from "#api/http/ids";
import {
  DATE_RANGE_MESSAGE,
  dayOf,
  likeEscape,
  londonDayEnd,
  londonDayStart,
  offsetOf,
  PENCE_RANGE_MESSAGE,
  penceOf,
  rangeFilter,
  sortOf,
  textFilter,
} from "#api/http/paging";
import { clientName, joined, KINDS, toRow } from "./service";

// ------------------------------------------------------------------------------------------------ list

export async function listDocuments(db: Db, tenantId: number, kind: SalesDocumentKind, query: ListQuery) {
  const { where, order } = documentListPlan(tenantId, kind, query);
  const [rows, [{ n }]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...order)
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(salesDocuments)
      .leftJoin(individuals, eq(individuals.id, salesDocuments.individualId))
      .leftJoin(clientCompanies, eq(clientCompanies.id, salesDocuments.clientCompanyId))
      .where(where),
  ]);
  return { rows: rows.map(toRow), total: n };
}

/**
 * The list's FROM (the document with its client's individual and company, which the search and the client sort read)
 * selecting `fields`: with `documentListPlan`'s WHERE and order, what an export of the list selects its ids with.
 */
export const documentListFrom = <F extends Record<string, unknown>>(db: Db, fields: F) =>
  db
    .select(fields as never)
    .from(salesDocuments)
    .leftJoin(individuals, eq(individuals.id, salesDocuments.individualId))
    .leftJoin(clientCompanies, eq(clientCompanies.id, salesDocuments.clientCompanyId))
    .$dynamic();

/** Documents of a list by id, as the list answers them, in the order of the ids (an export's page of rows). */
export async function loadDocumentRows(db: Db, tenantId: number, kind: SalesDocumentKind, ids: number[]): Promise<DocumentRow[]> {
  if (!ids.length) return [];
  const rows = await joined(db).where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, kind), inArray(salesDocuments.id, ids)));
  const byId = new Map(rows.map((r) => [r.doc.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toRow(r)] : [];
  });
}

/** The list's filters (read and checked as GET /simple-quotes and /simple-invoices read them), WHERE clause and order. */
export function documentListPlan(tenantId: number, kind: SalesDocumentKind, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, kind)];
  const status = textFilter(query, "status");
  if (status !== undefined) {
    const wanted = status.split(",").map((s) => s.trim());
    const unknown = wanted.filter((s) => !KINDS[kind].statuses.includes(s as SalesDocumentStatus));
    if (unknown.length) throw invalid({ "filter.status": [`Choose a status of the list: ${KINDS[kind].statuses.join(", ")}.`] });
    conditions.push(inArray(salesDocuments.status, wanted as SalesDocumentStatus[]));
  }
  const individualId = idFilter(query, "individual_id");
  if (individualId !== undefined) conditions.push(eq(salesDocuments.individualId, individualId));
  const companyId = idFilter(query, "company_id");
  if (companyId !== undefined) conditions.push(eq(salesDocuments.clientCompanyId, companyId));
  const taskId = idFilter(query, "task_id");
  if (taskId !== undefined) conditions.push(eq(salesDocuments.taskId, taskId));
  const number = textFilter(query, "number");
  if (number !== undefined) conditions.push(ilike(salesDocuments.number, `%${likeEscape(number)}%`));
  const search = textFilter(query, "search");
  if (search !== undefined) {
    const p = `%${likeEscape(search)}%`;
    conditions.push(or(ilike(salesDocuments.number, p), ilike(salesDocuments.reference, p), ilike(individuals.fullName, p), ilike(clientCompanies.name, p)));
  }
  const created = rangeFilter(query, "created_at", dayOf, DATE_RANGE_MESSAGE);
  if (created.from) conditions.push(gte(salesDocuments.createdAt, londonDayStart(created.from)));
  if (created.to) conditions.push(lt(salesDocuments.createdAt, londonDayEnd(created.to)));
  for (const [key, column] of [
    ["issue_date", salesDocuments.issueDate],
    ["due_date", salesDocuments.dueDate],
  ] as const) {
    const range = rangeFilter(query, key, dayOf, DATE_RANGE_MESSAGE);
    if (range.from) conditions.push(gte(column, range.from));
    if (range.to) conditions.push(lte(column, range.to));
  }
  const total = rangeFilter(query, "total", penceOf, PENCE_RANGE_MESSAGE);
  if (total.from !== undefined) conditions.push(gte(salesDocuments.totalPence, total.from));
  if (total.to !== undefined) conditions.push(lte(salesDocuments.totalPence, total.to));
  const where = and(...conditions)!;

  const sort = sortOf(query, DOCUMENT_SORTS) ?? { field: "created_at" as const, desc: true };
  if (query.sort && !sortOf(query, DOCUMENT_SORTS)) throw invalid({ sort: [`Sort by one of: ${DOCUMENT_SORTS.join(", ")}.`] });
  const column = {
    number: salesDocuments.sequence,
    created_at: salesDocuments.createdAt,
    issue_date: salesDocuments.issueDate,
    due_date: salesDocuments.dueDate,
    total: salesDocuments.totalPence,
    status: salesDocuments.status,
    client: sql`lower(${clientName})`,
  }[sort.field];
  const direction = sort.desc ? desc : asc;
  // Drafts (no number) and documents without a due date go last either way.
  const order = [sql`${column} is null`, direction(column), direction(salesDocuments.id)];
  return { where, order };
}

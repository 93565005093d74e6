import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { ACCOUNTING_DOCUMENT_SORTS } from "#contract/accounting-documents";
import type { Db } from "#api/db/client";
import { accountingDocuments, clientCompanies, individuals, type AccountingDocumentKind, type AccountingDocumentStatus } from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { idFilter } from "#api/http/ids";
import { DATE_RANGE_MESSAGE, dayOf, likeEscape, offsetOf, PENCE_RANGE_MESSAGE, penceOf, rangeFilter, sortOf, textFilter } from "#api/http/paging";
import { clientName, joined, KINDS, toRow } from "./service";

// ------------------------------------------------------------------------------------------------ list

/**
 * Filters: status, sync (synced / not_synced), individual_id, company_id, number, search (number, reference,
 * client), issue_date, due_date (ranges) and total (pence range).
 */
export async function listDocuments(db: Db, tenantId: number, kind: AccountingDocumentKind, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [eq(accountingDocuments.tenantId, tenantId), eq(accountingDocuments.kind, kind)];
  const status = textFilter(query, "status");
  if (status !== undefined) {
    const wanted = status.split(",").map((s) => s.trim());
    if (wanted.some((s) => !KINDS[kind].statuses.includes(s as AccountingDocumentStatus))) {
      throw invalid({ "filter.status": [`Choose a status of the list: ${KINDS[kind].statuses.join(", ")}.`] });
    }
    conditions.push(inArray(accountingDocuments.status, wanted as AccountingDocumentStatus[]));
  }
  const sync = textFilter(query, "sync");
  if (sync !== undefined) {
    if (sync !== "synced" && sync !== "not_synced") throw invalid({ "filter.sync": ["Choose synced or not_synced."] });
    conditions.push(eq(accountingDocuments.syncStatus, sync));
  }
  const individualId = idFilter(query, "individual_id");
  if (individualId !== undefined) conditions.push(eq(accountingDocuments.individualId, individualId));
  const companyId = idFilter(query, "company_id");
  if (companyId !== undefined) conditions.push(eq(accountingDocuments.clientCompanyId, companyId));
  const number = textFilter(query, "number");
  if (number !== undefined) conditions.push(ilike(accountingDocuments.providerNumber, `%${likeEscape(number)}%`));
  const search = textFilter(query, "search");
  if (search !== undefined) {
    const p = `%${likeEscape(search)}%`;
    conditions.push(
      or(ilike(accountingDocuments.providerNumber, p), ilike(accountingDocuments.reference, p), ilike(individuals.fullName, p), ilike(clientCompanies.name, p)),
    );
  }
  for (const [key, column] of [
    ["issue_date", accountingDocuments.issueDate],
    ["due_date", accountingDocuments.dueDate],
  ] as const) {
    const range = rangeFilter(query, key, dayOf, DATE_RANGE_MESSAGE);
    if (range.from) conditions.push(gte(column, range.from));
    if (range.to) conditions.push(lte(column, range.to));
  }
  const total = rangeFilter(query, "total", penceOf, PENCE_RANGE_MESSAGE);
  if (total.from !== undefined) conditions.push(gte(accountingDocuments.totalPence, total.from));
  if (total.to !== undefined) conditions.push(lte(accountingDocuments.totalPence, total.to));
  const where = and(...conditions);

  if (query.sort && !sortOf(query, ACCOUNTING_DOCUMENT_SORTS)) throw invalid({ sort: [`Sort by one of: ${ACCOUNTING_DOCUMENT_SORTS.join(", ")}.`] });
  const sort = sortOf(query, ACCOUNTING_DOCUMENT_SORTS) ?? { field: "created_at" as const, desc: true };
  const column = {
    number: accountingDocuments.providerNumber,
    created_at: accountingDocuments.createdAt,
    issue_date: accountingDocuments.issueDate,
    due_date: accountingDocuments.dueDate,
    total: accountingDocuments.totalPence,
    status: accountingDocuments.status,
    client: sql`lower(${clientName})`,
  }[sort.field];
  const direction = sort.desc ? desc : asc;
  const order = [sql`${column} is null`, direction(column), direction(accountingDocuments.id)];
  const [rows, [{ n }]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...order)
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(accountingDocuments)
      .leftJoin(individuals, eq(individuals.id, accountingDocuments.individualId))
      .leftJoin(clientCompanies, eq(clientCompanies.id, accountingDocuments.clientCompanyId))
      .where(where),
  ]);
  return { rows: rows.map(toRow), total: n };
}

import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ListQuery } from "#contract/common";
import { TYPE_NAME_TAKEN, type DataListGroup } from "#contract/lookups";
import type { Db } from "#api/db/client";
import { businessUnits, companyTypes, dataListItems, employeeSizes, industries, jobTitles, trades } from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { likeEscape, offsetOf, textFilter } from "#api/http/paging";
import { isUniqueViolation } from "#api/lib/db-errors";

const contains = (s: string) => `%${likeEscape(s)}%`;

/** Company types the tenant sees: the platform's and its own. */
const visibleTypes = (tenantId: number) => or(isNull(companyTypes.tenantId), eq(companyTypes.tenantId, tenantId));

const toType = (r: { id: number; name: string; tenantId: number | null }) => ({ id: r.id, name: r.name, is_custom: r.tenantId !== null });

export async function listTypes(db: Db, tenantId: number, query: ListQuery) {
  const search = textFilter(query, "search") ?? textFilter(query, "name");
  const where = and(visibleTypes(tenantId), search ? ilike(companyTypes.name, contains(search)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(companyTypes)
      .where(where)
      // Platform types in their order, then the tenant's own by name.
      .orderBy(sql`${companyTypes.tenantId} is not null`, asc(companyTypes.sortOrder), asc(sql`lower(${companyTypes.name})`), asc(companyTypes.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(companyTypes).where(where),
  ]);
  return { rows: rows.map(toType), total };
}

export async function allTypes(db: Db, tenantId: number) {
  const rows = await db
    .select()
    .from(companyTypes)
    .where(visibleTypes(tenantId))
    .orderBy(sql`${companyTypes.tenantId} is not null`, asc(companyTypes.sortOrder), asc(sql`lower(${companyTypes.name})`), asc(companyTypes.id));
  return rows.map(toType);
}

export async function createType(db: Db, tenantId: number, name: string) {
  const [clash] = await db
    .select({ id: companyTypes.id })
    .from(companyTypes)
    .where(and(visibleTypes(tenantId), eq(sql`lower(${companyTypes.name})`, name.toLowerCase())))
    .limit(1);
  if (clash) throw invalid({ name: [TYPE_NAME_TAKEN] });
  try {
    const [row] = await db.insert(companyTypes).values({ tenantId, name }).returning();
    return toType(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [TYPE_NAME_TAKEN] });
    throw e;
  }
}

type NamedTable = PgTable & { id: PgColumn; name: PgColumn; sortOrder: PgColumn };

/** A paged reference list in its order, with a name search. */
async function pagedList(db: Db, table: NamedTable, query: ListQuery, extra?: SQL) {
  const search = textFilter(query, "search") ?? textFilter(query, "name");
  const where = and(search ? ilike(table.name, contains(search)) : undefined, extra);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(where)
      .orderBy(asc(table.sortOrder), asc(table.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows: rows as { id: number; name: string }[], total };
}

export const listEmployeeSizes = (db: Db, query: ListQuery) => pagedList(db, employeeSizes as unknown as NamedTable, query);
export const listJobTitles = (db: Db, query: ListQuery) => pagedList(db, jobTitles as unknown as NamedTable, query);

export async function allIndustries(db: Db) {
  return db.select({ id: industries.id, name: industries.name }).from(industries).orderBy(asc(industries.name));
}

export async function industriesWithTrades(db: Db) {
  const [inds, trs] = await Promise.all([
    allIndustries(db),
    db.select({ id: trades.id, name: trades.name, industryId: trades.industryId }).from(trades).orderBy(asc(trades.name)),
  ]);
  return inds.map((i) => ({ ...i, trades: trs.filter((t) => t.industryId === i.id).map((t) => ({ id: t.id, name: t.name })) }));
}

export async function listTrades(db: Db, query: ListQuery) {
  const search = textFilter(query, "search") ?? textFilter(query, "name");
  const industry = textFilter(query, "industry_id");
  const industryId = industry && /^\d{1,9}$/.test(industry) ? Number(industry) : industry ? -1 : undefined;
  const where = and(search ? ilike(trades.name, contains(search)) : undefined, industryId !== undefined ? eq(trades.industryId, industryId) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: trades.id, name: trades.name, industry_id: trades.industryId })
      .from(trades)
      .where(where)
      .orderBy(asc(trades.name), asc(trades.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(trades).where(where),
  ]);
  return { rows, total };
}

export async function dataList(db: Db, group: DataListGroup | undefined) {
  return db
    .select({ id: dataListItems.id, name: dataListItems.name, group: dataListItems.group })
    .from(dataListItems)
    .where(group ? eq(dataListItems.group, group) : undefined)
    .orderBy(asc(dataListItems.group), asc(dataListItems.sortOrder), asc(dataListItems.id));
}

export async function allBusinessUnits(db: Db) {
  return db.select({ id: businessUnits.id, name: businessUnits.name }).from(businessUnits).orderBy(asc(businessUnits.sortOrder), asc(businessUnits.id));
}

// --- Checks used by the client forms -------------------------------------------------------------------

export async function typeVisible(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: companyTypes.id })
    .from(companyTypes)
    .where(and(eq(companyTypes.id, id), visibleTypes(tenantId)))
    .limit(1);
  return Boolean(row);
}

export async function exists(db: Db, table: PgTable & { id: PgColumn }, id: number) {
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  return Boolean(row);
}

export async function tradeIndustry(db: Db, tradeId: number): Promise<number | null> {
  const [row] = await db.select({ industryId: trades.industryId }).from(trades).where(eq(trades.id, tradeId)).limit(1);
  return row?.industryId ?? null;
}

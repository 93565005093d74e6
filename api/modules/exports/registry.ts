import type { AnyColumn, SQL } from "drizzle-orm";
import type { PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { ListQuery } from "#contract/common";
import type { Permission } from "#contract/permissions";
import type { Db } from "#api/db/client";

/** One cell of a CSV row (and one line of a record's PDF): text, a number, a yes/no, or blank. */
export type Cell = string | number | boolean | null | undefined;

export interface ExportColumn<R> {
  header: string;
  value: (row: R) => Cell;
}

/** Who asks: the tenant every query is scoped to, and the user (a list's "me" filters). */
export interface ExportAuth {
  tenantId: number;
  userId: number;
}

/**
 * A list's rows chosen by its own filters and sort, as its endpoint reads them (the area's list plan, never a copy of
 * its filters): `from(db, fields)` is the list's FROM (joins included) selecting `fields`, `where` its WHERE clause and
 * `order` its ORDER BY; `values` are the placeholders' values (`sql.placeholder`) the area's plan used, if any.
 */
export interface ExportSelection {
  from: (db: Db, fields: SelectedFields) => PgSelect;
  /** The list's id column (the rows' primary key). */
  id: SQL | AnyColumn;
  where: SQL;
  order: SQL[];
  values: Record<string, unknown>;
}

/**
 * The selection of a list read from its table alone (its filters on that table, other tables' names by subqueries), by
 * the area's own list plan — the one its endpoint pages with: `tableSelection(policies, policyListPlan(tenant, query))`.
 */
export function tableSelection(table: PgTable & { id: AnyColumn }, plan: { where: SQL; order: SQL[]; values: Record<string, unknown> }): ExportSelection {
  return { from: (db, fields) => db.select(fields).from(table).$dynamic(), id: table.id, where: plan.where, order: plan.order, values: plan.values };
}

/**
 * An export type: one list of one area. Declared in its own file under api/modules/exports/types/ and listed in
 * types/index.ts (docs/adding-an-area.md, "Exports").
 */
export interface ExportType<R = unknown> {
  /** The list's name in URLs: POST /export/{type}. */
  type: string;
  /** As screens name the list ("Tasks"); the file is named after `type`. */
  label: string;
  /** One record, for messages ("Task"): the 404 of /export-pdf/{type}/{id}. */
  noun: string;
  /** The permissions that let a user see the list (any of them): the same as the list endpoint's. */
  permissions: readonly Permission[];
  /** The CSV's columns, in order (and the lines of a record's PDF). */
  columns: ExportColumn<R>[];
  /** The list's rows for a list query: parses and checks the filters (a bad one throws the list's 422). */
  select(db: Db, auth: ExportAuth, query: ListQuery): ExportSelection;
  /** Rows by id, of the tenant only, in the order of the ids (ids without a row are left out). */
  load(db: Db, auth: ExportAuth, ids: number[]): Promise<R[]>;
  /** A record's heading in its PDF. */
  title(row: R): string;
  /** A PDF of its own for one record (quotes and invoices have theirs); otherwise the columns, one per line. */
  pdf?(db: Db, auth: ExportAuth, row: R): Promise<Buffer>;
}

const types = new Map<string, ExportType>();

/** Adds an export type (once, at module level of its file). */
export function defineExportType<R>(definition: ExportType<R>): ExportType<R> {
  if (!/^[a-z][a-z0-9-]*$/.test(definition.type)) throw new Error(`Export type ${definition.type}: lowercase letters, digits and dashes`);
  if (types.has(definition.type)) throw new Error(`Export type ${definition.type} is defined twice`);
  types.set(definition.type, definition as unknown as ExportType);
  return definition;
}

export const exportType = (type: string): ExportType | undefined => types.get(type);
export const exportTypes = (): ExportType[] => [...types.values()];

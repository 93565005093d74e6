import { sql } from "drizzle-orm";
import { customType, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies, users } from "./identity";
import { policies } from "./policies";

/** Raw bytes (PostgreSQL bytea) as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A bordereau map of a tenant (spec: "Bank mapping: name, map, selectedProducts"): which column of the file fills
 * which policy field. `columns` is the file's header row it was made for, normalised, so that a second file with
 * the same columns finds it and imports without mapping again.
 */
export const bdxMaps = pgTable(
  "bdx_maps",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Policy field → the file's column header. */
    map: jsonb("map").$type<Record<string, string>>().notNull(),
    /** The product names the map is for (empty: any). */
    selectedProducts: jsonb("selected_products").$type<string[]>().notNull().default([]),
    /** The normalised header row ("policy number|client|…"): finds the map again for a file with the same columns. */
    columnsKey: text("columns_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bdx_maps_tenant_name_uq").on(t.tenantId, sql`lower(${t.name})`), index("bdx_maps_tenant_columns_idx").on(t.tenantId, t.columnsKey)],
);

/**
 * One uploaded bordereau and its import: the file as sent (its bytes, read again by the job), what was found in it
 * (encoding, header row, rows), the map and declaration period chosen, and the import's progress and totals.
 * Status: uploaded → queued → running → done | failed.
 */
export const bdxImports = pgTable(
  "bdx_imports",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** csv or xlsx. */
    fileType: text("file_type").notNull(),
    /** The text encoding found in a CSV (utf-8, windows-1252); null for XLSX. */
    encoding: text("encoding"),
    content: bytea("content").notNull(),
    headers: jsonb("headers").$type<string[]>().notNull(),
    /** Data rows in the file (the header row and empty lines not counted). */
    rowCount: integer("row_count").notNull(),
    mapId: integer("map_id").references(() => bdxMaps.id, { onDelete: "set null" }),
    /** The map used (policy field → column), kept as it was when the import was started. */
    map: jsonb("map").$type<Record<string, string>>(),
    declarationMonth: smallint("declaration_month"),
    declarationYear: smallint("declaration_year"),
    status: text("status", { enum: ["uploaded", "queued", "running", "done", "failed"] })
      .notNull()
      .default("uploaded"),
    jobId: text("job_id"),
    processedRows: integer("processed_rows").notNull().default(0),
    createdRows: integer("created_rows").notNull().default(0),
    updatedRows: integer("updated_rows").notNull().default(0),
    refusedRows: integer("refused_rows").notNull().default(0),
    failure: text("failure"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("bdx_imports_tenant_created_idx").on(t.tenantId, t.createdAt, t.id)],
);

/**
 * What happened to each row of an import: created, updated or refused (with the reasons). One row per file row:
 * a job run again after a crash skips the rows it has already done, so nothing is imported twice.
 */
export const bdxImportRows = pgTable(
  "bdx_import_rows",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    importId: integer("import_id")
      .notNull()
      .references(() => bdxImports.id, { onDelete: "cascade" }),
    /** The row's line in the file (the header is line 1). */
    rowNumber: integer("row_number").notNull(),
    outcome: text("outcome", { enum: ["created", "updated", "refused"] }).notNull(),
    policyNumber: text("policy_number"),
    policyId: integer("policy_id").references(() => policies.id, { onDelete: "set null" }),
    reasons: jsonb("reasons").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bdx_import_rows_row_uq").on(t.importId, t.rowNumber)],
);

import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { companies, users } from "./identity";

/** Where an export is: waiting for the worker, being written, ready to download, or given up with its reason. */
export const EXPORT_STATES = ["queued", "running", "done", "failed"] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** The list query an export was asked with (the list endpoint's filter and sort, as it reads them). */
export interface ExportQuery {
  filter: Record<string, string | { from?: string; to?: string }>;
  sort?: string;
}

/**
 * One export of a list (or, later, of a record) by one user of one tenant: what was asked (the type and the list's
 * filter and sort), where it is, and, when done, the stored file (api/integrations/storage). Only its owner sees it.
 */
export const dataExports = pgTable(
  "exports",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    query: jsonb("query").$type<ExportQuery>().notNull(),
    state: text("state").$type<ExportState>().notNull().default("queued"),
    /** Why it failed (the last error), or null. */
    reason: text("reason"),
    /** The rows the list held when the export started (known once its rows are chosen). */
    totalRows: integer("total_rows"),
    /** Rows written so far. */
    rowCount: integer("row_count").notNull().default(0),
    fileName: text("file_name").notNull(),
    storageKey: text("storage_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** The background job writing it (pg-boss id), or null for one written inline. */
    jobId: text("job_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("exports_user_created_idx").on(t.userId, t.tenantId, t.createdAt, t.id)],
);

/**
 * The ids an export writes, in the list's order, chosen by one INSERT … SELECT when it starts: the export then reads
 * them a page at a time by position (and the area's rows by id), so a million rows never sit in memory and the file
 * holds exactly the rows the list showed when it was asked. Deleted when the export ends.
 */
export const exportRows = pgTable(
  "export_rows",
  {
    exportId: integer("export_id")
      .notNull()
      .references(() => dataExports.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    rowId: integer("row_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.position] })],
);

import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { companies, users } from "./identity";

/**
 * Document templates of a company: a Word document (DOCX) with {placeholders} kept in storage, or a rich-text body
 * with the same placeholders. `placeholders` are the data points the template uses, checked when it is saved.
 */
export const documentTemplates = pgTable(
  "document_templates",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** docx or rich_text. */
    kind: text("kind").notNull().default("rich_text"),
    body: text("body"),
    storageKey: text("storage_key"),
    fileName: text("file_name"),
    placeholders: jsonb("placeholders").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("document_templates_tenant_name_idx").on(t.tenantId, sql`lower(${t.name})`, t.id),
    index("document_templates_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);

/** A document made from a template for one record (a task, a client, a policy, a quote or an invoice). */
export const generatedDocuments = pgTable(
  "generated_documents",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    templateId: integer("template_id").references(() => documentTemplates.id, { onDelete: "set null" }),
    /** task, individual, company, policy, quote, invoice. */
    recordType: text("record_type").notNull(),
    recordId: integer("record_id").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    storageKey: text("storage_key").notNull(),
    size: integer("size").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("generated_documents_tenant_record_idx").on(t.tenantId, t.recordType, t.recordId, t.createdAt)],
);

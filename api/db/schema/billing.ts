import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { clientCompanies, individuals } from "./clients";
import { companies, users } from "./identity";
import { taskProducts, tasks } from "./tasks";

/**
 * Simple quotes and simple invoices (spec: "Simple quote and simple invoice: items, documents, notes,
 * terms_and_conditions, number, created, status"), kept by the portal itself (not synced with an accounting
 * service). One table for both kinds: they share every field and rule, and a quote becomes an invoice by a
 * copy of its lines. Money is integer pence throughout (common/money.ts).
 */
export const SALES_DOCUMENT_KINDS = ["quote", "invoice"] as const;
export type SalesDocumentKind = (typeof SALES_DOCUMENT_KINDS)[number];

/** draft → sent → approved → converted (a quote); draft → sent → paid, or cancelled (an invoice). */
export const SALES_DOCUMENT_STATUSES = ["draft", "sent", "approved", "converted", "paid", "cancelled"] as const;
export type SalesDocumentStatus = (typeof SALES_DOCUMENT_STATUSES)[number];

export const salesDocuments = pgTable(
  "sales_documents",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SALES_DOCUMENT_KINDS }).notNull(),
    status: text("status", { enum: SALES_DOCUMENT_STATUSES }).notNull().default("draft"),
    /** The number shown ("QUO-0001"), given when first sent or marked sent; null while a draft. */
    number: text("number"),
    /** The counter value the number was made of: gap-free per tenant and kind. */
    sequence: integer("sequence"),
    /** The client: an individual or a company of the tenant (exactly one). */
    individualId: integer("individual_id").references(() => individuals.id, { onDelete: "no action" }),
    clientCompanyId: integer("client_company_id").references(() => clientCompanies.id, { onDelete: "no action" }),
    taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /** The date on the document (a quote's date, an invoice's tax point). */
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    /** A quote's "valid until", an invoice's "due". */
    dueDate: date("due_date", { mode: "string" }),
    reference: text("reference"),
    notes: text("notes"),
    termsAndConditions: text("terms_and_conditions"),
    subtotalPence: bigint("subtotal_pence", { mode: "number" }).notNull().default(0),
    vatPence: bigint("vat_pence", { mode: "number" }).notNull().default(0),
    totalPence: bigint("total_pence", { mode: "number" }).notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** "email" when sent through the portal, "manual" when marked sent. */
    sentBy: text("sent_by", { enum: ["email", "manual"] }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** "client" (through the link), or "user" (marked approved). */
    approvedBy: text("approved_by", { enum: ["client", "user"] }),
    paidOn: date("paid_on", { mode: "string" }),
    paymentMethod: text("payment_method"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** A quote: the invoice it became. */
    convertedInvoiceId: integer("converted_invoice_id").references((): AnyPgColumn => salesDocuments.id, { onDelete: "set null" }),
    /** An invoice: the quote it was made from. */
    sourceQuoteId: integer("source_quote_id").references((): AnyPgColumn => salesDocuments.id, { onDelete: "set null" }),
    /** The client's link (summary and approval): random, unguessable, compared in constant time. */
    accessToken: text("access_token").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's default order (newest first) and its created sort.
    index("sales_documents_tenant_kind_created_idx").on(t.tenantId, t.kind, t.createdAt, t.id),
    index("sales_documents_tenant_kind_status_idx").on(t.tenantId, t.kind, t.status, t.createdAt, t.id),
    index("sales_documents_tenant_kind_issue_idx").on(t.tenantId, t.kind, t.issueDate, t.id),
    index("sales_documents_tenant_kind_due_idx").on(t.tenantId, t.kind, t.dueDate, t.id),
    index("sales_documents_tenant_kind_total_idx").on(t.tenantId, t.kind, t.totalPence, t.id),
    index("sales_documents_tenant_kind_number_idx").on(t.tenantId, t.kind, t.sequence, t.id),
    index("sales_documents_tenant_individual_idx").on(t.tenantId, t.individualId),
    index("sales_documents_tenant_company_idx").on(t.tenantId, t.clientCompanyId),
    index("sales_documents_tenant_task_idx").on(t.tenantId, t.taskId),
    // Numbers are unique per tenant and kind: the counter gives each once, the index proves it.
    uniqueIndex("sales_documents_number_unique").on(t.tenantId, t.kind, t.sequence),
    uniqueIndex("sales_documents_number_text_unique").on(t.tenantId, t.kind, t.number),
    // A quote becomes one invoice only.
    uniqueIndex("sales_documents_converted_unique").on(t.convertedInvoiceId),
    check("sales_documents_one_client", sql`(${t.individualId} is null) <> (${t.clientCompanyId} is null)`),
    check("sales_documents_money_check", sql`${t.subtotalPence} >= 0 and ${t.vatPence} >= 0 and ${t.totalPence} = ${t.subtotalPence} + ${t.vatPence}`),
    check("sales_documents_numbered_check", sql`(${t.number} is null) = (${t.sequence} is null) and (${t.status} = 'draft' or ${t.number} is not null)`),
  ],
);

/** A line of a quote or invoice. */
export const salesDocumentItems = pgTable(
  "sales_document_items",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    documentId: integer("document_id")
      .notNull()
      .references(() => salesDocuments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    /** Up to 3 decimals. */
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
    unitPricePence: bigint("unit_price_pence", { mode: "number" }).notNull(),
    /** Percent: 0, 5 or 20. */
    vatRate: smallint("vat_rate").notNull(),
    /** A product of the tenant's tasks the line sells (optional). */
    productId: integer("product_id").references(() => taskProducts.id, { onDelete: "set null" }),
    /** The sales account code the line is booked to (optional, e.g. "200"). */
    accountCode: text("account_code"),
    netPence: bigint("net_pence", { mode: "number" }).notNull(),
    vatPence: bigint("vat_pence", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sales_document_items_document_idx").on(t.tenantId, t.documentId, t.position, t.id),
    check(
      "sales_document_items_money_check",
      sql`${t.quantity} > 0 and ${t.unitPricePence} >= 0 and ${t.unitPricePence} <= 1000000000 and ${t.vatRate} in (0, 5, 20)`,
    ),
  ],
);

/** A file attached to a quote or invoice (kept in the storage interface, served only to the tenant's users). */
export const salesDocumentFiles = pgTable(
  "sales_document_files",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    documentId: integer("document_id")
      .notNull()
      .references(() => salesDocuments.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    filename: text("filename").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sales_document_files_document_idx").on(t.tenantId, t.documentId, t.createdAt),
    uniqueIndex("sales_document_files_storage_key_idx").on(t.storageKey),
  ],
);

/**
 * Per tenant and kind: the number format (a prefix and a width, "QUO-" and 4 → QUO-0001) and the last number
 * given. A number is taken by `update … set last_number = last_number + 1 … returning` in the transaction that
 * sends the document: concurrent senders queue on the row, and a send that fails gives its number back.
 */
export const salesNumberCounters = pgTable(
  "sales_number_counters",
  {
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SALES_DOCUMENT_KINDS }).notNull(),
    prefix: text("prefix").notNull(),
    width: smallint("width").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] }), check("sales_number_counters_width_check", sql`${t.width} between 1 and 10 and ${t.lastNumber} >= 0`)],
);

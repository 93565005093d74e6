import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { salesDocuments } from "./billing";
import { clientCompanies, individuals } from "./clients";
import { companies, users } from "./identity";

/**
 * Accounting-synced quotes and invoices (spec: "Accounting-synced quotes/invoices", `/xero-quotes`, `/xero-invoices`).
 * The portal keeps its own copy of every document first (so a failed sync never loses one), then pushes it to the
 * accounting system through api/integrations/accounting: the sandbox ledger by default, Xero when configured.
 * Money is integer pence (common/money.ts).
 */
export const ACCOUNTING_DOCUMENT_KINDS = ["quote", "invoice"] as const;
export type AccountingDocumentKind = (typeof ACCOUNTING_DOCUMENT_KINDS)[number];

/** draft → sent → (an invoice) paid; or cancelled. */
export const ACCOUNTING_DOCUMENT_STATUSES = ["draft", "sent", "paid", "cancelled"] as const;
export type AccountingDocumentStatus = (typeof ACCOUNTING_DOCUMENT_STATUSES)[number];

/** Where the document's copy is kept: "synced" (the accounting system has this version) or "not_synced". */
export const SYNC_STATUSES = ["synced", "not_synced"] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const accountingDocuments = pgTable(
  "accounting_documents",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACCOUNTING_DOCUMENT_KINDS }).notNull(),
    status: text("status", { enum: ACCOUNTING_DOCUMENT_STATUSES }).notNull().default("draft"),
    individualId: integer("individual_id").references(() => individuals.id, { onDelete: "no action" }),
    clientCompanyId: integer("client_company_id").references(() => clientCompanies.id, { onDelete: "no action" }),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    /** A quote's expiry, an invoice's due date. */
    dueDate: date("due_date", { mode: "string" }),
    reference: text("reference"),
    termsAndConditions: text("terms_and_conditions"),
    /** A tracking option of the accounting system ("Region: North"), as "Category: Option". */
    division: text("division"),
    /** A repeating schedule of the accounting system (an invoice only): "MONTHLY/1" … */
    recurrence: text("recurrence"),
    subtotalPence: bigint("subtotal_pence", { mode: "number" }).notNull().default(0),
    vatPence: bigint("vat_pence", { mode: "number" }).notNull().default(0),
    totalPence: bigint("total_pence", { mode: "number" }).notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentBy: text("sent_by", { enum: ["email", "manual"] }),
    paidOn: date("paid_on", { mode: "string" }),
    paymentMethod: text("payment_method"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Which accounting system holds it: "sandbox" (the sandbox ledger) or "xero". Null until first synced. */
    provider: text("provider", { enum: ["sandbox", "xero"] }),
    /** The accounting system's id (Xero's InvoiceID / QuoteID) and number (INV-0001 / QU-0001). */
    providerId: text("provider_id"),
    providerNumber: text("provider_number"),
    /** The accounting system's own payment (to take back when marked unpaid). */
    providerPaymentId: text("provider_payment_id"),
    syncStatus: text("sync_status", { enum: SYNC_STATUSES }).notNull().default("not_synced"),
    syncError: text("sync_error"),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    /**
     * The content's revision, moved on by every change of content: a push is sent with an idempotency key made of
     * the document and this revision, so a push sent again (a retry after an outage) never makes a second record.
     */
    syncRevision: integer("sync_revision").notNull().default(1),
    /** An invoice made from a simple quote: the quote (one invoice per quote, in SQL). */
    /** The summary's link without an account (the portal's frame, the client): random, compared in constant time. */
    accessToken: text("access_token").notNull(),
    sourceQuoteId: integer("source_quote_id").references(() => salesDocuments.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("accounting_documents_tenant_kind_created_idx").on(t.tenantId, t.kind, t.createdAt, t.id),
    index("accounting_documents_tenant_kind_status_idx").on(t.tenantId, t.kind, t.status, t.createdAt, t.id),
    index("accounting_documents_tenant_kind_sync_idx").on(t.tenantId, t.kind, t.syncStatus, t.id),
    index("accounting_documents_tenant_kind_issue_idx").on(t.tenantId, t.kind, t.issueDate, t.id),
    index("accounting_documents_tenant_kind_due_idx").on(t.tenantId, t.kind, t.dueDate, t.id),
    index("accounting_documents_tenant_kind_total_idx").on(t.tenantId, t.kind, t.totalPence, t.id),
    index("accounting_documents_tenant_kind_number_idx").on(t.tenantId, t.kind, t.providerNumber, t.id),
    uniqueIndex("accounting_documents_provider_unique").on(t.tenantId, t.provider, t.providerId),
    uniqueIndex("accounting_documents_source_quote_unique").on(t.sourceQuoteId),
    check("accounting_documents_one_client", sql`(${t.individualId} is null) <> (${t.clientCompanyId} is null)`),
    check("accounting_documents_money_check", sql`${t.subtotalPence} >= 0 and ${t.vatPence} >= 0 and ${t.totalPence} = ${t.subtotalPence} + ${t.vatPence}`),
  ],
);

export const accountingDocumentItems = pgTable(
  "accounting_document_items",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    documentId: integer("document_id")
      .notNull()
      .references(() => accountingDocuments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
    unitPricePence: bigint("unit_price_pence", { mode: "number" }).notNull(),
    vatRate: smallint("vat_rate").notNull(),
    /** The account of the chart the line is booked to ("200" Sales). */
    accountCode: text("account_code").notNull(),
    netPence: bigint("net_pence", { mode: "number" }).notNull(),
    vatPence: bigint("vat_pence", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("accounting_document_items_document_idx").on(t.tenantId, t.documentId, t.position, t.id),
    check(
      "accounting_document_items_money_check",
      sql`${t.quantity} > 0 and ${t.unitPricePence} >= 0 and ${t.unitPricePence} <= 1000000000 and ${t.vatRate} in (0, 5, 20)`,
    ),
  ],
);

// ------------------------------------------------------------------------------------------------ the sandbox ledger

/** A line as the sandbox ledger keeps it (the shape Xero's LineItems have). */
export interface SandboxLine {
  description: string;
  quantity: string;
  unitAmountPence: number;
  accountCode: string;
  taxType: string;
  lineAmountPence: number;
  taxAmountPence: number;
  tracking: string | null;
}

/**
 * What the sandbox "accounting system" holds: its own records, numbered by it (INV-0001, QU-0001), never shown
 * as synced to a real system. Type is Xero's: ACCREC (a sales invoice) or QUOTE.
 */
export const accountingSandboxRecords = pgTable(
  "accounting_sandbox_records",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["ACCREC", "QUOTE"] }).notNull(),
    providerId: text("provider_id").notNull(),
    number: text("number").notNull(),
    /** Xero's statuses: DRAFT, SUBMITTED, AUTHORISED, PAID, VOIDED, DELETED (invoice); DRAFT, SENT, DELETED (quote). */
    status: text("status").notNull(),
    contactName: text("contact_name").notNull(),
    reference: text("reference"),
    date: date("date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }),
    subtotalPence: bigint("subtotal_pence", { mode: "number" }).notNull(),
    taxPence: bigint("tax_pence", { mode: "number" }).notNull(),
    totalPence: bigint("total_pence", { mode: "number" }).notNull(),
    amountPaidPence: bigint("amount_paid_pence", { mode: "number" }).notNull().default(0),
    paymentId: text("payment_id"),
    lines: jsonb("lines").$type<SandboxLine[]>().notNull(),
    terms: text("terms"),
    repeating: text("repeating"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounting_sandbox_records_provider_idx").on(t.providerId),
    uniqueIndex("accounting_sandbox_records_number_idx").on(t.tenantId, t.type, t.number),
    index("accounting_sandbox_records_tenant_idx").on(t.tenantId, t.updatedAt, t.id),
  ],
);

/** The sandbox's own number sequences (INV-, QU-), per tenant and type. */
export const accountingSandboxCounters = pgTable(
  "accounting_sandbox_counters",
  {
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["ACCREC", "QUOTE"] }).notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.type] })],
);

/** Calls made to the sandbox, one row each (kept a minute): its rate limit, 60 in any minute per tenant, as Xero's. */
export const accountingSandboxCalls = pgTable(
  "accounting_sandbox_calls",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    calledAt: timestamp("called_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("accounting_sandbox_calls_tenant_idx").on(t.tenantId, t.calledAt)],
);

/** Per tenant: whether the sandbox plays "not answering" (to see a failed sync and its retry). */
export const accountingSandboxSettings = pgTable("accounting_sandbox_settings", {
  tenantId: integer("tenant_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  outage: boolean("outage").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's answers per idempotency key (as Xero keeps them): the same key with the same request answers the
 * first answer and changes nothing; the same key with another request is refused.
 */
export const accountingSandboxIdempotency = pgTable(
  "accounting_sandbox_idempotency",
  {
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** A hash of the call and its body. */
    fingerprint: text("fingerprint").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

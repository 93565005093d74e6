import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { salesDocuments } from "./billing";
import { clientCompanies, individuals } from "./clients";
import { companies, users } from "./identity";

/**
 * Customer payments (spec: GET /payment, /payment/{id}; PUT /payment/{id}/cancel and /refund), taken through the
 * payments integration (api/integrations/payments: the sandbox by default, Stripe with its keys). Money is integer
 * pence. A payment of an invoice keeps the invoice and its client; card-terminal payments will carry no invoice.
 */
/**
 * processing: recorded before the provider is called (the invoice's claim: a second payment of the same invoice is
 * refused while it is under way); it becomes succeeded, authorised or failed once the provider has answered.
 */
export const PAYMENT_STATUSES = ["processing", "authorised", "succeeded", "partially_refunded", "refunded", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHOD_KINDS = ["card", "card_present"] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];
/** requested: recorded, the provider not yet known to have it; pending: the provider has it, money not yet back. */
export const REFUND_STATUSES = ["requested", "pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The simple invoice paid (null for a payment taken otherwise, e.g. a card terminal later). */
    invoiceId: integer("invoice_id").references(() => salesDocuments.id, { onDelete: "set null" }),
    individualId: integer("individual_id").references(() => individuals.id, { onDelete: "set null" }),
    clientCompanyId: integer("client_company_id").references(() => clientCompanies.id, { onDelete: "set null" }),
    /** The name the payer gave (the card holder), kept as given. */
    payerName: text("payer_name"),
    /**
     * The name the payment is listed, filtered and sorted by: its individual's, else its client company's, else the
     * payer's. Kept by the database (migration 0037: set on every write of those columns, and again when the
     * individual or company is renamed).
     */
    clientName: text("client_name"),
    description: text("description").notNull(),
    method: text("method", { enum: PAYMENT_METHOD_KINDS }).notNull().default("card"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    amountPence: bigint("amount_pence", { mode: "number" }).notNull(),
    /** Refunds the provider has completed. */
    refundedPence: bigint("refunded_pence", { mode: "number" }).notNull().default(0),
    /** Refunds recorded or under way, not yet completed: they count against what is left to refund. */
    refundPendingPence: bigint("refund_pending_pence", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull().default("gbp"),
    /** "sandbox" or "stripe": which provider took it. Sandbox payments are test data and say so. */
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    providerPaymentId: text("provider_payment_id"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /** The key the attempt was sent to the provider with: the same attempt twice makes one payment. */
    idempotencyKey: text("idempotency_key").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("payments_tenant_status_idx").on(t.tenantId, t.status, t.createdAt, t.id),
    index("payments_tenant_amount_idx").on(t.tenantId, t.amountPence, t.id),
    // The client sort either way, blanks last both ways (ascending puts nulls last by itself).
    index("payments_tenant_client_idx").on(t.tenantId, sql`lower(${t.clientName})`, t.id),
    index("payments_tenant_client_desc_idx").on(t.tenantId, sql`lower(${t.clientName}) desc nulls last`, sql`${t.id} desc`),
    index("payments_tenant_invoice_idx").on(t.tenantId, t.invoiceId),
    index("payments_tenant_individual_idx").on(t.tenantId, t.individualId),
    index("payments_tenant_company_idx").on(t.tenantId, t.clientCompanyId),
    uniqueIndex("payments_idempotency_unique").on(t.tenantId, t.idempotencyKey),
    // One payment per invoice under way or completed: two at once, or paying twice, is refused by the database too.
    uniqueIndex("payments_invoice_claim_unique")
      .on(t.invoiceId)
      .where(sql`${t.status} in ('processing', 'succeeded', 'partially_refunded', 'refunded', 'authorised')`),
    check(
      "payments_money_check",
      sql`${t.amountPence} > 0 and ${t.refundedPence} >= 0 and ${t.refundPendingPence} >= 0 and ${t.refundedPence} + ${t.refundPendingPence} <= ${t.amountPence}`,
    ),
  ],
);

/**
 * A refund attempt. The row is written (status requested, its amount counted against what is left) before the
 * provider is called, under a key unique per payment: the same refund sent twice finds its row and is sent to the
 * provider with the same idempotency key, so the money goes back once.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountPence: bigint("amount_pence", { mode: "number" }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("requested"),
    reason: text("reason"),
    idempotencyKey: text("idempotency_key").notNull(),
    providerRefundId: text("provider_refund_id"),
    failureMessage: text("failure_message"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_refunds_payment_idx").on(t.tenantId, t.paymentId, t.createdAt),
    uniqueIndex("payment_refunds_key_unique").on(t.paymentId, t.idempotencyKey),
    check("payment_refunds_amount_check", sql`${t.amountPence} > 0`),
  ],
);

/** A payment's history: what happened to it, when, and who did it. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    amountPence: bigint("amount_pence", { mode: "number" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_payment_idx").on(t.tenantId, t.paymentId, t.createdAt, t.id)],
);

/**
 * The payments sandbox's own books (api/integrations/payments/sandbox.ts): its payment intents, refunds and hosted
 * checkout sessions as Stripe test mode would keep them, and the answers it gave per idempotency key. Nothing here
 * reached a provider. (The kind has no check in SQL: a new kind needs no migration.)
 */
export const paymentSandboxObjects = pgTable(
  "payment_sandbox_objects",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["payment_intent", "refund", "checkout_session"] }).notNull(),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_sandbox_objects_kind_idx").on(t.kind, t.createdAt)],
);

export const paymentSandboxIdempotency = pgTable("payment_sandbox_idempotency", {
  /** The account (a connected account, or "platform") and the key, as Stripe scopes them. */
  key: text("key").primaryKey(),
  /** The call and its parameters: the same key with other parameters is refused, as Stripe does. */
  fingerprint: text("fingerprint").notNull(),
  response: jsonb("response").notNull(),
  /** The call failed (a declined card): the same key answers the same failure. */
  failed: boolean("failed").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

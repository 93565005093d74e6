import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// drizzle-kit loads the schema without the path aliases: the one list of states, by its relative path.
// eslint-disable-next-line no-restricted-imports
import { POLICY_STATES, type PolicyState } from "../../../contract/policy-constants";
import { salesDocuments } from "./billing";
import { clientCompanies, individuals } from "./clients";
import { companies, users } from "./identity";

/**
 * On-platform policies of a tenant (spec: "Policies"): the product placed (name, class of business, insurer), the
 * client (an individual or a company of the tenant, exactly one), the main broker (brokerage), the money in integer
 * pence with Insurance Premium Tax as a rate on the policy (12 standard, 20 higher, 0 exempt), the dates and the
 * state. States and their allowed changes: contract/policy-constants.ts.
 */
export const policies = pgTable(
  "policies",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The policy number, unique per tenant (case-insensitive): an import finds the policy by it. */
    number: text("number").notNull(),
    productName: text("product_name").notNull(),
    classOfBusiness: text("class_of_business"),
    insurer: text("insurer"),
    /** The client: an individual or a company of the tenant (exactly one). */
    individualId: integer("individual_id").references(() => individuals.id, { onDelete: "cascade" }),
    clientCompanyId: integer("client_company_id").references(() => clientCompanies.id, { onDelete: "cascade" }),
    /** The main broker (brokerage) that placed the policy. */
    mainBrokerName: text("main_broker_name"),
    premiumPence: bigint("premium_pence", { mode: "number" }).notNull().default(0),
    /** Insurance Premium Tax rate in percent: 12 (standard), 20 (higher) or 0 (exempt). */
    iptRate: smallint("ipt_rate").notNull().default(12),
    /** round(premium × rate / 100), kept with the premium. */
    iptPence: bigint("ipt_pence", { mode: "number" }).notNull().default(0),
    feesPence: bigint("fees_pence", { mode: "number" }).notNull().default(0),
    inceptionDate: date("inception_date", { mode: "string" }).notNull(),
    renewalDate: date("renewal_date", { mode: "string" }).notNull(),
    state: text("state", { enum: POLICY_STATES }).$type<PolicyState>().notNull().default("QUOTE"),
    /** A code of POLICY_CANCELLATION_REASONS (GET /policy-cancellation-reason), with CANCELLED. */
    cancellationReason: text("cancellation_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** "portal" (made in the portal or the API) or "import" (a bordereau). */
    source: text("source", { enum: ["portal", "import"] })
      .notNull()
      .default("portal"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("policies_tenant_number_unique").on(t.tenantId, sql`lower(${t.number})`),
    // The list's default order (newest first) and its sorts, the id breaking ties.
    index("policies_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("policies_tenant_renewal_idx").on(t.tenantId, t.renewalDate, t.id),
    index("policies_tenant_inception_idx").on(t.tenantId, t.inceptionDate, t.id),
    index("policies_tenant_state_idx").on(t.tenantId, t.state, t.createdAt, t.id),
    index("policies_tenant_premium_idx").on(t.tenantId, t.premiumPence, t.id),
    index("policies_tenant_product_idx").on(t.tenantId, sql`lower(${t.productName})`, t.id),
    index("policies_tenant_broker_idx").on(t.tenantId, sql`lower(${t.mainBrokerName})`, t.id),
    // The number and state sorts with the id breaking ties, and the brokerage newest-last sort (blanks last both ways).
    index("policies_tenant_number_idx").on(t.tenantId, sql`lower(${t.number})`, t.id),
    index("policies_tenant_state_id_idx").on(t.tenantId, t.state, t.id),
    index("policies_tenant_broker_desc_idx").on(t.tenantId, sql`lower(${t.mainBrokerName}) desc nulls last`, sql`${t.id} desc`),
    index("policies_tenant_individual_idx").on(t.tenantId, t.individualId),
    index("policies_tenant_company_idx").on(t.tenantId, t.clientCompanyId),
    // The cooling-off job: policies whose 14 days are over, across tenants.
    index("policies_cooling_off_idx")
      .on(t.inceptionDate)
      .where(sql`${t.state} = 'COOLING_OFF'`),
    // The filters' `%term%` on number, product and brokerage: trigrams (pg_trgm).
    index("policies_search_trgm_idx").using("gin", t.number.op("gin_trgm_ops"), t.productName.op("gin_trgm_ops"), t.mainBrokerName.op("gin_trgm_ops")),
    check("policies_one_client", sql`(${t.individualId} is null) <> (${t.clientCompanyId} is null)`),
    check("policies_ipt_rate_check", sql`${t.iptRate} in (0, 12, 20)`),
    check("policies_money_check", sql`${t.premiumPence} >= 0 and ${t.iptPence} >= 0 and ${t.feesPence} >= 0`),
    check("policies_dates_check", sql`${t.renewalDate} > ${t.inceptionDate}`),
  ],
);

/** The simple invoices linked to a policy (PUT /policies/{id}/invoices/{invoiceId}); an invoice belongs to one policy. */
export const policyInvoices = pgTable(
  "policy_invoices",
  {
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => salesDocuments.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.invoiceId] }), uniqueIndex("policy_invoices_invoice_unique").on(t.invoiceId)],
);

/** The policy's activity: every state change and edit, who (null: the system's scheduled job) and when. */
export const policyActivity = pgTable(
  "policy_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** created, updated, state_changed, invoice_linked, invoice_unlinked, welcome_email_sent, renewal_email_sent. */
    action: text("action").notNull(),
    fromState: text("from_state"),
    toState: text("to_state"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("policy_activity_policy_idx").on(t.policyId, t.createdAt, t.id)],
);

/**
 * The welcome and renewal e-mails sent, one per policy term: the term is the renewal date the policy had when the
 * e-mail went. The unique index makes a second request (or two at once) send nothing.
 */
export const policyEmails = pgTable(
  "policy_emails",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["welcome", "renewal"] }).notNull(),
    termRenewalDate: date("term_renewal_date", { mode: "string" }).notNull(),
    toAddress: text("to_address").notNull(),
    sentBy: integer("sent_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("policy_emails_term_unique").on(t.policyId, t.kind, t.termRenewalDate)],
);

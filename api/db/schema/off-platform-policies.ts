import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./identity";

/** Off-platform policies of a tenant: placed outside the platform, recorded so that the book is whole. */
export const offPlatformPolicies = pgTable(
  "off_platform_policies",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    policyNumber: text("policy_number").notNull(),
    productName: text("product_name").notNull(),
    insurer: text("insurer").notNull(),
    classOfBusiness: text("class_of_business"),
    state: text("state").notNull(),
    clientType: text("client_type").notNull(),
    clientName: text("client_name").notNull(),
    clientEmail: text("client_email"),
    inceptionDate: date("inception_date", { mode: "string" }).notNull(),
    renewalDate: date("renewal_date", { mode: "string" }).notNull(),
    premiumPence: bigint("premium_pence", { mode: "number" }).notNull(),
    iptRate: integer("ipt_rate").notNull(),
    feesPence: bigint("fees_pence", { mode: "number" }),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One policy number per tenant (case-insensitive): the natural key.
    uniqueIndex("off_platform_policies_tenant_number_uq").on(t.tenantId, sql`lower(${t.policyNumber})`),
    // The list's sorts within a tenant, the id breaking ties.
    index("off_platform_policies_tenant_client_idx").on(t.tenantId, sql`lower(${t.clientName})`, t.id),
    index("off_platform_policies_tenant_insurer_idx").on(t.tenantId, sql`lower(${t.insurer})`, t.id),
    index("off_platform_policies_tenant_renewal_idx").on(t.tenantId, t.renewalDate, t.id),
    index("off_platform_policies_tenant_premium_idx").on(t.tenantId, t.premiumPence, t.id),
    index("off_platform_policies_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);

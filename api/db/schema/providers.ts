import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./identity";

/**
 * Insurance providers (insurers, MGAs, wholesale brokers …) a parent tenant works with. Functions and
 * roles are values of the fixed reference lists in contract/providers.ts.
 */
export const providers = pgTable(
  "providers",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom().unique(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    claimsEmail: text("claims_email"),
    claimsTelephone: text("claims_telephone"),
    supportEmail: text("support_email"),
    supportTelephone: text("support_telephone"),
    complaintsEmail: text("complaints_email"),
    nominalCode: text("nominal_code"),
    /** Storage key of the logo (see api/integrations/storage), served at /files/{key}. */
    logoKey: text("logo_key"),
    functions: text("functions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    roles: text("roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One provider name per tenant (case-insensitive); also serves the default sort by name.
    uniqueIndex("providers_tenant_name_unique").on(t.tenantId, sql`lower(${t.name})`),
    index("providers_tenant_nominal_code_idx").on(t.tenantId, t.nominalCode, t.id),
    index("providers_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);

import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { companies } from "./identity";

/**
 * Lookups used by the client forms. Platform rows (tenant_id null) come from the reference data
 * ensured on start (api/modules/lookups/reference.ts); company types may also be added by a tenant
 * (POST /type), visible to that tenant only.
 */
export const companyTypes = pgTable(
  "company_types",
  {
    id: serial("id").primaryKey(),
    /** null: a platform type every tenant sees. */
    tenantId: integer("tenant_id").references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("company_types_tenant_name_unique").on(sql`coalesce(${t.tenantId}, 0)`, sql`lower(${t.name})`)],
);

/** Platform reference lists: ordered names. */
function referenceList(name: string) {
  return pgTable(
    name,
    {
      id: serial("id").primaryKey(),
      name: text("name").notNull(),
      sortOrder: integer("sort_order").notNull().default(0),
    },
    (t) => [uniqueIndex(`${name}_name_unique`).on(t.name)],
  );
}

export const employeeSizes = referenceList("employee_sizes");
export const jobTitles = referenceList("job_titles");
export const industries = referenceList("industries");
export const businessUnits = referenceList("business_units");

/** A trade belongs to an industry (GET /trade-industry lists industries with their trades). */
export const trades = pgTable(
  "trades",
  {
    id: serial("id").primaryKey(),
    industryId: integer("industry_id")
      .notNull()
      .references((): AnyPgColumn => industries.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("trades_industry_name_unique").on(t.industryId, t.name), index("trades_name_idx").on(t.name)],
);

export const DATA_LIST_GROUPS = ["company", "task", "product", "wealth-source"] as const;

/** GET /data-lists?filter[group]=…: short option lists of one group (sources of business, wealth …). */
export const dataListItems = pgTable(
  "data_list_items",
  {
    id: serial("id").primaryKey(),
    group: text("group", { enum: DATA_LIST_GROUPS }).notNull(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("data_list_items_group_name_unique").on(t.group, t.name)],
);

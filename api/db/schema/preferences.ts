import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies, users } from "./identity";

/** The last filters a user applied to a list (search, sort, filters, page size), one row per user and list. */
export const listPreferences = pgTable(
  "list_preferences",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listKey: text("list_key").notNull(),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("list_preferences_user_list_unique").on(t.userId, t.listKey), index("list_preferences_tenant_idx").on(t.tenantId)],
);

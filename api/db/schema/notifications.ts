import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies, users } from "./identity";

/** What a notification says and where it leads (the spec's `data`). */
export interface NotificationData {
  title: string;
  desc: string;
  /** An image URL (e.g. the photo of whoever caused it), or null. */
  image: string | null;
  /** A portal path the notification opens (e.g. /tasks/12), or null. */
  link: string | null;
}

/**
 * Notifications of one user of one tenant (the bell). Unread while read_at is null. Written by
 * api/modules/notifications/notify.ts only; the user reads, marks and deletes their own.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<NotificationData>().notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The panel: one user's notifications, newest first, a page at a time (the index read backwards: drizzle
    // writes desc() as DESC NULLS LAST, which `order by created_at desc` cannot use, so the old index sorted all
    // of a user's rows). tenant_id is in the key so the (capped) count is an index-only scan.
    index("notifications_user_created_idx").on(t.userId, t.tenantId, t.createdAt, t.id),
    // The badge: a user's unread count stays cheap however long their history (index-only, no table reads).
    index("notifications_user_unread_idx")
      .on(t.userId, t.tenantId)
      .where(sql`${t.readAt} is null`),
    index("notifications_tenant_idx").on(t.tenantId),
  ],
);

import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Notification, NotificationList, NotificationListQuery } from "#contract/notifications";
import type { Db } from "#api/db/client";
import { preparedPerDatabase } from "#api/db/prepared";
import { notifications } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import { cappedCount } from "#api/http/paging";

/** Whose notifications: a user of a tenant. Every query below is limited to both. */
export interface Owner {
  userId: number;
  tenantId: number;
}

type Row = typeof notifications.$inferSelect;

export function toNotification(r: Row): Notification {
  return {
    id: r.id,
    read_at: r.readAt ? r.readAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    data: { title: r.data.title, desc: r.data.desc ?? "", image: r.data.image ?? null, link: r.data.link ?? null },
  };
}

const mine = (owner: Owner) => and(eq(notifications.userId, owner.userId), eq(notifications.tenantId, owner.tenantId));
const oneOfMine = (owner: Owner, id: string) => and(eq(notifications.id, id), mine(owner));

/** A page of the user's notifications, newest first; counted up to TOTAL_CAP (the panel only needs 'More'). */
export async function list(db: Db, owner: Owner, query: NotificationListQuery): Promise<NotificationList> {
  const { number, size } = query.page;
  const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];
  const [rows, { total, capped }] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine(owner))
      .orderBy(...newestFirst)
      .limit(size)
      .offset((number - 1) * size),
    cappedCount(db, notifications, mine(owner), newestFirst),
  ]);
  return {
    items: rows.map(toNotification),
    meta: { current_page: number, per_page: size, total, last_page: Math.max(1, Math.ceil(total / size)), ...(capped ? { total_capped: true } : {}) },
  };
}

/** The bell's count: unread notifications counted up to a limit, prepared once (it is asked on every page). */
const unreadUpTo = preparedPerDatabase((db) =>
  db
    .select({ n: count() })
    .from(
      db
        .select({ one: sql`1`.as("one") })
        .from(notifications)
        .where(and(eq(notifications.userId, sql.placeholder("userId")), eq(notifications.tenantId, sql.placeholder("tenantId")), isNull(notifications.readAt)))
        .limit(sql.placeholder("limit"))
        .as("unread"),
    )
    .prepare("unread_notifications_up_to"),
);

/** Unread notifications of the owner; with `max`, counted up to max (an answer of max means 'max or more'). */
export async function unreadCount(db: Db, owner: Owner, max?: number): Promise<number> {
  const unread = and(mine(owner), isNull(notifications.readAt));
  if (max !== undefined) {
    const [{ n }] = await unreadUpTo(db).execute({ userId: owner.userId, tenantId: owner.tenantId, limit: max + 1 });
    return Math.min(n, max);
  }
  const [{ n }] = await db.select({ n: count() }).from(notifications).where(unread);
  return n;
}

export async function get(db: Db, owner: Owner, id: string): Promise<Notification> {
  const [row] = await db.select().from(notifications).where(oneOfMine(owner, id)).limit(1);
  if (!row) throw notFound("Notification");
  return toNotification(row);
}

/** Marks one read; one already read keeps the time it was first read. */
export async function markRead(db: Db, owner: Owner, id: string): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(oneOfMine(owner, id), isNull(notifications.readAt)))
    .returning();
  return row ? toNotification(row) : get(db, owner, id);
}

/** Marks every unread notification of the user read; answers how many changed. */
export async function markAllRead(db: Db, owner: Owner): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(owner), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function remove(db: Db, owner: Owner, id: string): Promise<void> {
  const gone = await db.delete(notifications).where(oneOfMine(owner, id)).returning({ id: notifications.id });
  if (gone.length === 0) throw notFound("Notification");
}

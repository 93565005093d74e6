import { and, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { auditEvents, users } from "#api/db/schema";
import { offsetOf, paged, textFilter } from "#api/http/paging";
import { routes } from "#api/http/route";

const query = listQuerySchema({ maxSize: 100, defaultSize: 25 });

/** The audit log of the caller's company, newest first; for administrators (role_manage). */
export default routes((r) => {
  r.get("/audit-log", { access: { permissions: ["role_manage"] }, query }, async ({ auth, query: q, request }) => {
    const { db } = request.server.database;
    const type = textFilter(q, "type");
    const range = q.filter.created_at;
    const conditions: (SQL | undefined)[] = [eq(auditEvents.tenantId, auth.tenantId), type ? eq(auditEvents.type, type) : undefined];
    if (range && typeof range === "object") {
      const from = z.iso.date().safeParse(range.from);
      const to = z.iso.date().safeParse(range.to);
      if (from.success) conditions.push(gte(auditEvents.createdAt, new Date(`${from.data}T00:00:00Z`)));
      if (to.success) conditions.push(lte(auditEvents.createdAt, new Date(`${to.data}T23:59:59.999Z`)));
    }
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ event: auditEvents, email: users.email })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.userId))
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(q.page.size)
        .offset(offsetOf(q)),
      db.select({ total: count() }).from(auditEvents).where(where),
    ]);
    return paged(
      request,
      q,
      rows.map(({ event, email }) => ({
        id: event.id,
        type: event.type,
        subject: event.subject,
        user: event.userId ? { id: event.userId, email } : null,
        ip: event.ip,
        details: event.details,
        created_at: event.createdAt.toISOString(),
      })),
      total,
    );
  });
});

import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { listKeySchema, listPreferencesBodySchema, MAX_REMEMBERED_LISTS } from "#contract/list-preferences";
import { listPreferences } from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { routes } from "#api/http/route";

const params = z.object({ listKey: listKeySchema });

/**
 * The filters a user last used on a list ('previously used filters come back from the server'). Any
 * signed-in user; each user only ever reads and writes their own.
 */
export default routes((r) => {
  r.get("/list-preferences/:listKey", { access: { permissions: [] }, params }, async ({ auth, params: p, request }) => {
    const [row] = await request.server.database.db
      .select({ filters: listPreferences.filters, updatedAt: listPreferences.updatedAt })
      .from(listPreferences)
      .where(and(eq(listPreferences.userId, auth.userId), eq(listPreferences.listKey, p.listKey)))
      .limit(1);
    return { data: { filters: row?.filters ?? null, updated_at: row?.updatedAt.toISOString() ?? null } };
  });

  r.put("/list-preferences/:listKey", { access: { permissions: [] }, params, body: listPreferencesBodySchema }, async ({ auth, params: p, body, request }) => {
    const { db } = request.server.database;
    const mine = and(eq(listPreferences.userId, auth.userId), eq(listPreferences.listKey, p.listKey));
    if (body.filters === null) {
      await db.delete(listPreferences).where(mine);
      return;
    }
    // A list is remembered on every view; the same filters again (paging, coming back) write nothing.
    const [exists] = await db
      .select({ id: listPreferences.id, same: sql<boolean>`${listPreferences.filters} = ${JSON.stringify(body.filters)}::jsonb` })
      .from(listPreferences)
      .where(mine)
      .limit(1);
    if (exists?.same) return;
    if (!exists) {
      const [{ n }] = await db.select({ n: count() }).from(listPreferences).where(eq(listPreferences.userId, auth.userId));
      if (n >= MAX_REMEMBERED_LISTS) throw invalid({ filters: [`Filters are remembered for at most ${MAX_REMEMBERED_LISTS} lists.`] });
    }
    const now = new Date();
    await db
      .insert(listPreferences)
      .values({ tenantId: auth.tenantId, userId: auth.userId, listKey: p.listKey, filters: body.filters, updatedAt: now })
      .onConflictDoUpdate({ target: [listPreferences.userId, listPreferences.listKey], set: { filters: body.filters, updatedAt: now } });
  });
});

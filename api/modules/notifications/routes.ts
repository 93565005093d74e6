import { z } from "zod";
import { notificationCountQuerySchema, notificationListQuerySchema } from "#contract/notifications";
import { routes } from "#api/http/route";
import * as service from "./service";

/** Any signed-in user, on their own notifications only: another user's (or tenant's) id answers 404. */
const OWN = { permissions: [] } as const;
const idParams = z.object({ id: z.string().uuid() });

export default routes((r) => {
  r.get("/notification", { access: OWN, query: notificationListQuerySchema }, ({ auth, query, request }) =>
    service.list(request.server.database.db, auth, query),
  );

  r.get("/notification/count", { access: OWN, query: notificationCountQuerySchema }, async ({ auth, query, request }) => ({
    new: await service.unreadCount(request.server.database.db, auth, query.max),
  }));

  /** Mark all read. */
  r.post("/notification/read", { access: OWN }, async ({ auth, request }) => {
    const { db } = request.server.database;
    const updated = await service.markAllRead(db, auth);
    return { updated, new: await service.unreadCount(db, auth) };
  });

  r.get("/notification/:id", { access: OWN, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.get(request.server.database.db, auth, params.id),
  }));

  r.post("/notification/:id/read", { access: OWN, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.markRead(request.server.database.db, auth, params.id),
  }));

  r.delete("/notification/:id", { access: OWN, params: idParams, audit: false }, async ({ auth, params, request }) => {
    await service.remove(request.server.database.db, auth, params.id);
  });
});

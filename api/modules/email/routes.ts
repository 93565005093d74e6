import { emailSendBodySchema } from "#contract/clients";
import { routes } from "#api/http/route";
import { idParams } from "#api/http/ids";
import { ANY_MANAGE, ANY_VIEW, assertCan } from "../clients/records";
import * as service from "./service";

export default routes((r) => {
  /**
   * POST email/send: a new e-mail (optionally about a task, individual or company), or a reply in
   * thread_id. Needs the manage permission of what it is about.
   */
  r.post("/email/send", { access: { permissions: ANY_MANAGE }, body: emailSendBodySchema }, async ({ auth, body, request, reply }) => {
    const { database, mail } = request.server;
    let relatedType = body.related_type ?? null;
    let relatedId = body.related_id ?? null;
    if (body.thread_id) {
      const thread = await service.findThread(database.db, auth.tenantId, body.thread_id);
      relatedType = thread.relatedType;
      relatedId = thread.relatedId;
    }
    if (relatedType) assertCan(auth.permissions, relatedType, "manage");
    const thread = await service.sendEmail(database, mail, {
      tenantId: auth.tenantId,
      userId: auth.userId,
      to: body.to,
      subject: body.subject,
      body: body.body,
      relatedType,
      relatedId,
      threadId: body.thread_id,
    });
    reply.code(201);
    return { data: thread };
  });

  r.get("/email/threads/:id", { access: { permissions: ANY_VIEW }, params: idParams }, async ({ auth, params, request }) => {
    const { db } = request.server.database;
    const thread = await service.getThread(db, auth.tenantId, params.id);
    if (thread.related_type) assertCan(auth.permissions, thread.related_type, "view");
    return { data: thread };
  });
});

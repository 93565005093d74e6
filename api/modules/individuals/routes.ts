import { listQuerySchema } from "#contract/common";
import { idField } from "#contract/ids";
import {
  idsBodySchema,
  individualArchiveBodySchema,
  individualCreateBodySchema,
  individualEmailBodySchema,
  individualUpdateBodySchema,
  MESSAGES,
} from "#contract/clients";
import { invalid } from "#api/http/errors";
import { idParams } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import * as email from "../email/service";
import * as service from "./service";

const VIEW = { permissions: ["individual_view", "individual_manage"] } as const;
const CREATE = { permissions: ["individual_create", "individual_manage"] } as const;
const MANAGE = { permissions: ["individual_manage"] } as const;

/** The list query, plus the shell's for_linking_to_company_id (individuals not yet linked to that company). */
const listQuery = listQuerySchema({ maxSize: 999 }).extend({
  for_linking_to_company_id: idField("Choose a valid id.").optional(),
});

export default routes((r) => {
  r.get("/individual", { access: VIEW, query: listQuery }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listIndividuals(request.server.database.db, auth.tenantId, query, {
      notLinkedToCompanyId: query.for_linking_to_company_id,
    });
    return paged(request, query, rows, total);
  });

  r.post("/individual", { access: CREATE, body: individualCreateBodySchema }, async ({ auth, body, request, reply }) => {
    const individual = await service.createIndividual(request.server.database, auth.tenantId, auth.userId, body);
    reply.code(201);
    return { data: individual };
  });

  /** POST individual/email: sends an e-mail to the individual's address and records it as a thread. */
  r.post("/individual/email", { access: MANAGE, body: individualEmailBodySchema }, async ({ auth, body, request, reply }) => {
    const { database, mail } = request.server;
    const person = await service.findRow(database.db, auth.tenantId, body.individual_id);
    if (!person.email) throw invalid({ individual_id: [MESSAGES.noEmail] });
    const thread = await email.sendEmail(database, mail, {
      tenantId: auth.tenantId,
      userId: auth.userId,
      to: person.email,
      subject: body.subject,
      body: body.body,
      relatedType: "individual",
      relatedId: person.id,
    });
    reply.code(201);
    return { data: thread };
  });

  /** POST /individual/portal-invite {ids}: 200 with who was invited and who was skipped (and why). */
  r.post("/individual/portal-invite", { access: MANAGE, body: idsBodySchema }, async ({ auth, body, request }) => {
    const { database, mail, config } = request.server;
    return { data: await service.portalInvite(database, mail, config.PORTAL_URL, auth.tenantId, body.ids) };
  });

  /** Bulk archive {ids, archived: true (default) | false to restore}: 204. */
  r.post("/individual/archive", { access: MANAGE, body: individualArchiveBodySchema }, async ({ auth, body, request }) => {
    await service.bulkArchive(request.server.database.db, auth.tenantId, body.ids, body.archived);
  });

  r.get("/individual/:id", { access: VIEW, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.getIndividual(request.server.database.db, auth.tenantId, params.id),
  }));

  r.patch("/individual/:id", { access: MANAGE, params: idParams, body: individualUpdateBodySchema }, async ({ auth, params, body, request }) => ({
    data: await service.updateIndividual(request.server.database.db, auth.tenantId, params.id, body),
  }));

  /** The e-mails sent to the individual, newest first. */
  r.get("/individual/:id/email", { access: VIEW, params: idParams, query: listQuerySchema({ maxSize: 100 }) }, async ({ auth, params, query, request }) => {
    const { db } = request.server.database;
    await service.findRow(db, auth.tenantId, params.id);
    const { rows, total } = await email.listMessagesFor(db, auth.tenantId, "individual", params.id, query);
    return paged(request, query, rows, total);
  });

  /** Deletes only the caller's own individuals: if any id is not one of them, 404 and nothing is deleted. */
  r.delete("/individual-bulk-delete", { access: MANAGE, body: idsBodySchema }, async ({ auth, body, request }) => {
    await service.bulkDelete(request.server.database, auth.tenantId, body.ids);
  });

  /** The clients I look after (individuals whose owner I am); the list's filters and sorts apply. */
  r.get("/me/client", { access: VIEW, query: listQuery }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listIndividuals(request.server.database.db, auth.tenantId, query, { ownerUserId: auth.userId });
    return paged(request, query, rows, total);
  });

  /** Of my clients, those invited to the client portal (external users of the portal). */
  r.get("/me/client/external", { access: VIEW, query: listQuery }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listIndividuals(request.server.database.db, auth.tenantId, query, { ownerUserId: auth.userId, portalInvited: true });
    return paged(request, query, rows, total);
  });
});

import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { documentTemplateBodySchema, documentTemplateIdsSchema } from "#contract/document-templates";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import * as service from "./service";

const VIEW = { permissions: ["document_template_view", "document_template_manage"] } as const;
const MANAGE = { permissions: ["document_template_manage"] } as const;
const idParams = z.object({ id: pathId });

export default routes((r) => {
  r.get("/document-templates", { access: VIEW, query: listQuerySchema() }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listDocumentTemplates(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  r.get("/document-templates/:id", { access: VIEW, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.getDocumentTemplate(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post("/document-templates", { access: MANAGE, body: documentTemplateBodySchema }, async ({ auth, body, request, reply }) => {
    const created = await service.createDocumentTemplate(request.server.database.db, auth.tenantId, body);
    reply.code(201);
    return { data: created };
  });

  r.put("/document-templates/:id", { access: MANAGE, params: idParams, body: documentTemplateBodySchema }, async ({ auth, params, body, request }) => ({
    data: await service.updateDocumentTemplate(request.server.database.db, auth.tenantId, params.id, body),
  }));

  /** Deletes the listed document templates of the tenant; 404 when none of them is one. */
  r.delete("/document-templates", { access: MANAGE, body: documentTemplateIdsSchema }, async ({ auth, body, request }) => ({
    deleted: await service.deleteDocumentTemplates(request.server.database.db, auth.tenantId, body.ids),
  }));
});

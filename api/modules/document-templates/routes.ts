import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import {
  datapointListSchema,
  documentTemplateBodySchema,
  documentTemplateIdsQuerySchema,
  documentTemplateListSchema,
  documentTemplateResponseSchema,
  generatedDocumentListSchema,
  generatedDocumentResponseSchema,
  policyChoicesSchema,
  quotesAndInvoicesBodySchema,
  quotesAndInvoicesSchema,
  RECORD_TYPES,
  useTemplateBodySchema,
} from "#contract/document-templates";
import { notFound } from "#api/http/errors";
import { attachment, sendStoredFile } from "#api/http/files";
import { pathId } from "#api/http/ids";
import { readForm } from "#api/http/multipart";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { parseOr422 } from "#api/http/validation";
import * as service from "./service";

const VIEW = { permissions: ["document_template_view", "document_template_manage"] } as const;
const MANAGE = { permissions: ["document_template_manage"] } as const;
const idParams = z.object({ id: pathId });
const recordQuery = z.object({ record_type: z.enum(RECORD_TYPES), record_id: z.coerce.number().int().positive().max(2147483647) });

export default routes((r) => {
  r.get("/document-templates", { access: VIEW, query: listQuerySchema(), response: documentTemplateListSchema }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listDocumentTemplates(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  /** The fields of a client, company, task, policy, quote and invoice that a template may use. */
  r.get("/document-templates/datapoints", { access: VIEW, response: datapointListSchema }, async () => ({ data: service.datapointList() }));

  /** The policies a template may be used on. */
  r.get("/document-templates/policies", { access: VIEW, response: policyChoicesSchema }, async ({ auth, request }) => ({
    data: await service.listPolicyChoices(request.server.database.db, auth.tenantId),
  }));

  /** The quotes and invoices a template may be used on. */
  r.post(
    "/document-templates/get-quotes-and-invoices",
    { access: VIEW, body: quotesAndInvoicesBodySchema, response: quotesAndInvoicesSchema },
    async ({ auth, body, request }) => ({ data: await service.quotesAndInvoices(request.server.database.db, auth.tenantId, body.search) }),
  );

  /** The documents made from templates for a record. */
  r.get("/document-templates/documents", { access: VIEW, query: recordQuery, response: generatedDocumentListSchema }, async ({ auth, query, request }) => ({
    data: await service.documentsOf(request.server.database.db, auth.tenantId, query.record_type, query.record_id),
  }));

  r.get(
    "/document-templates/documents/:id",
    { access: VIEW, params: idParams, responseType: "application/octet-stream", summary: "Download a document made from a template" },
    async ({ auth, params, request, reply }) => {
      const doc = await service.generatedDocument(request.server.database.db, auth.tenantId, params.id);
      const file = await request.server.storage.get(doc.storageKey);
      if (!file) throw notFound("Document");
      return sendStoredFile(reply, file.bytes, { contentType: doc.mimeType, disposition: attachment(doc.fileName), cacheControl: "private, no-store" });
    },
  );

  r.get("/document-templates/:id", { access: VIEW, params: idParams, response: documentTemplateResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.getDocumentTemplate(request.server.database.db, auth.tenantId, params.id),
  }));

  r.get(
    "/document-templates/:id/file",
    { access: VIEW, params: idParams, responseType: "application/octet-stream", summary: "Download a template's Word document" },
    async ({ auth, params, request, reply }) => {
      const row = await service.templateRow(request.server.database.db, auth.tenantId, params.id);
      const file = row.storageKey ? await request.server.storage.get(row.storageKey) : null;
      if (!file) throw notFound("Document");
      return sendStoredFile(reply, file.bytes, {
        contentType: service.DOCX_TYPE,
        disposition: attachment(row.fileName ?? `${row.name}.docx`),
        cacheControl: "private, no-store",
      });
    },
  );

  /** Creates a template: JSON or a multipart form with `name`, and a DOCX `file` or a text `body`. */
  r.post("/document-templates", { access: MANAGE, response: documentTemplateResponseSchema, status: 201 }, async ({ auth, request, reply }) => {
    const form = await readForm(request, ["file"], { file: "Word document" });
    const body = parseOr422(documentTemplateBodySchema, form.fields);
    const created = await service.createDocumentTemplate(request.server.database.db, request.server.storage, auth.tenantId, body, form.files.file);
    reply.code(201);
    return { data: created };
  });

  /** Updates a template (PUT, or POST with a multipart form to replace its DOCX); without new content it keeps its own. */
  const update = async ({
    auth,
    params,
    request,
  }: {
    auth: { tenantId: number };
    params: { id: number };
    request: Parameters<Parameters<typeof r.put>[2]>[0]["request"];
  }) => {
    const form = await readForm(request, ["file"], { file: "Word document" });
    const body = parseOr422(documentTemplateBodySchema, form.fields);
    return { data: await service.updateDocumentTemplate(request.server.database.db, request.server.storage, auth.tenantId, params.id, body, form.files.file) };
  };
  r.put("/document-templates/:id", { access: MANAGE, params: idParams, response: documentTemplateResponseSchema }, update);
  r.post(
    "/document-templates/:id",
    { access: MANAGE, params: idParams, response: documentTemplateResponseSchema, summary: "Update a template from a multipart form" },
    update,
  );

  /** Uses a template on a record: the filled document, stored with the record. */
  r.post(
    "/document-templates/use/:id",
    { access: MANAGE, params: idParams, body: useTemplateBodySchema, response: generatedDocumentResponseSchema, status: 201 },
    async ({ auth, params, body, request, reply }) => {
      const doc = await service.useTemplate(request.server.database.db, request.server.storage, auth, params.id, body.record_type, body.record_id);
      reply.code(201);
      return { data: doc };
    },
  );

  /** Deletes many: `?document_template_ids=1,2`; every id must be one of the company's templates (404 otherwise). */
  r.delete("/document-templates", { access: MANAGE, query: documentTemplateIdsQuerySchema }, async ({ auth, query, request, reply }) => {
    const keys = await service.deleteDocumentTemplates(request.server.database.db, auth.tenantId, query.document_template_ids);
    for (const key of keys) await request.server.storage.delete(key);
    reply.code(204);
  });
});

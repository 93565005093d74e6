import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import {
  activityListSchema,
  closeDateReasonListSchema,
  confidenceScoreListSchema,
  paymentFrequencyListSchema,
  priorityListSchema,
  taskCreateBodySchema,
  taskEmailBodySchema,
  taskEmailListSchema,
  taskEmailResponseSchema,
  taskIdsBodySchema,
  taskKybBodySchema,
  taskListSchema,
  taskNoteListSchema,
  taskProductBodySchema,
  taskProductListSchema,
  taskProductPageSchema,
  taskProductResponseSchema,
  taskProductTypeListSchema,
  taskProgressBodySchema,
  taskProgressResponseSchema,
  taskResponseSchema,
  taskRevenueBodySchema,
  taskUpdateBodySchema,
} from "#contract/tasks";
import { HttpError, notFound } from "#api/http/errors";
import { attachment, sendStoredFile } from "#api/http/files";
import { readForm } from "#api/http/multipart";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { parseOr422 } from "#api/http/validation";
import { listActivity } from "./activity";
import { listTaskEmails, sendTaskEmail } from "./emails";
import * as lookups from "./lookups";
import { findDocument, listTaskNotes, patchTask, recordProgress } from "./notes";
import * as products from "./products";
import * as service from "./service";

const READ = { permissions: ["task_view", "task_manage"] } as const;
const MANAGE = { permissions: ["task_manage"] } as const;
const SIGNED_IN = { permissions: [] } as const;

const id = pathId;
const taskParams = z.object({ id });
const productParams = z.object({ id, productId: id });
const documentParams = z.object({ id, documentId: id });

const includeParams = { include: z.string().max(300).optional(), includes: z.string().max(300).optional() };
/** GET /task: paged (default 10, up to 999), filters, sort, include=… */
const taskListQuery = listQuerySchema({ maxSize: 999 }).extend(includeParams);
const showQuery = z.object(includeParams);
const fullList = listQuerySchema({ maxSize: 999, defaultSize: 999 });
const pagedList = listQuerySchema({ maxSize: 999, defaultSize: 20 });

/** `_method` of a POST (form field or query) or the X-HTTP-Method-Override header. */
function overriddenMethod(fields: Record<string, unknown>, query: unknown, header: unknown): string | undefined {
  const candidates = [fields._method, (query as Record<string, unknown> | undefined)?._method, header];
  const found = candidates.find((v) => typeof v === "string" && v.trim() !== "");
  return typeof found === "string" ? found.trim().toUpperCase() : undefined;
}

export default routes((r) => {
  // ------------------------------------------------------------ tasks
  r.get("/task", { access: READ, query: taskListQuery, response: taskListSchema }, async ({ auth, query, request }) => {
    const includes = service.parseIncludes(query.include, query.includes);
    const { rows, total } = await service.listTasks(request.server.database.db, auth, query, includes);
    return paged(request, query, rows, total);
  });

  r.post("/task", { access: MANAGE, body: taskCreateBodySchema, response: taskResponseSchema, status: 201 }, async ({ auth, body, request, reply }) => {
    const task = await service.createTask(request.server.database, auth, body);
    reply.code(201);
    return { data: task };
  });

  /** Deletes many tasks: every id must be one of the company's tasks (404 otherwise, nothing deleted). */
  r.delete("/task", { access: MANAGE, body: taskIdsBodySchema }, async ({ auth, body, request }) => {
    const keys = await service.deleteTasks(request.server.database, auth, body.ids);
    for (const key of keys) await request.server.storage.delete(key);
  });

  r.get("/task/:id", { access: READ, params: taskParams, query: showQuery, response: taskResponseSchema }, async ({ auth, params, query, request }) => {
    const asked = service.parseIncludes(query.include, query.includes);
    return { data: await service.getTask(request.server.database.db, auth.tenantId, params.id, asked.size ? asked : service.ALL_INCLUDES) };
  });

  r.put(
    "/task/:id",
    { access: MANAGE, params: taskParams, body: taskUpdateBodySchema, response: taskResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await service.updateTask(request.server.database, auth, params.id, body),
    }),
  );

  r.delete("/task/:id", { access: MANAGE, params: taskParams }, async ({ auth, params, request }) => {
    const keys = await service.deleteTasks(request.server.database, auth, [params.id]);
    for (const key of keys) await request.server.storage.delete(key);
  });

  r.put(
    "/task/:id/revenue",
    { access: MANAGE, params: taskParams, body: taskRevenueBodySchema, response: taskResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await service.updateTask(request.server.database, auth, params.id, body, { as: "revenue" }),
    }),
  );

  r.put(
    "/task/:id/kyb",
    { access: MANAGE, params: taskParams, body: taskKybBodySchema, response: taskResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await service.updateTask(request.server.database, auth, params.id, body, { as: "kyb" }),
    }),
  );

  /** Partial edit sent as a multipart form (POST with _method=PATCH), optionally with a `document`. */
  r.post(
    "/tasks/:id",
    { access: MANAGE, params: taskParams, response: taskResponseSchema, summary: "Update a task from a multipart form (_method=PATCH), with a document" },
    async ({ auth, params, request }) => {
      const form = await readForm(request, ["document"]);
      const method = overriddenMethod(form.fields, request.query, request.headers["x-http-method-override"]);
      if (method !== "PATCH" && method !== "PUT") throw new HttpError(405, "To update a task, send _method=PATCH with the POST (or use PUT /task/{id}).");
      const { _method: _, ...fields } = form.fields as Record<string, unknown>;
      const body = parseOr422(taskUpdateBodySchema, fields);
      return { data: await patchTask(request.server.database, request.server.storage, auth, params.id, body, form.files.document) };
    },
  );

  // ------------------------------------------------------------ progress notes
  r.post(
    "/tasks/:id/notes/progress",
    {
      access: MANAGE,
      params: taskParams,
      response: taskProgressResponseSchema,
      status: 201,
      summary: "Record progress on a task (multipart form, with a document)",
    },
    async ({ auth, params, request, reply }) => {
      const form = await readForm(request, ["document"], { document: "document" });
      const body = parseOr422(taskProgressBodySchema, form.fields);
      const result = await recordProgress(request.server.database, request.server.storage, auth, params.id, body, form.files.document);
      reply.code(201);
      return { data: result };
    },
  );

  r.get("/tasks/:id/notes", { access: READ, params: taskParams, query: pagedList, response: taskNoteListSchema }, async ({ auth, params, query, request }) => {
    const { rows, total } = await listTaskNotes(request.server.database.db, auth.tenantId, params.id, query);
    return paged(request, query, rows, total);
  });

  /** A note's document, to the company's users only: downloaded, never cached by a shared cache, never run. */
  r.get(
    "/tasks/:id/documents/:documentId",
    { access: READ, params: documentParams, responseType: "application/octet-stream", summary: "Download a document of a task's note" },
    async ({ auth, params, request, reply }) => {
      const document = await findDocument(request.server.database.db, auth.tenantId, params.id, params.documentId);
      const file = await request.server.storage.get(document.storageKey);
      if (!file) throw notFound("Document");
      return sendStoredFile(reply, file.bytes, {
        contentType: document.mimeType,
        disposition: attachment(document.filename),
        cacheControl: "private, no-store",
      });
    },
  );

  // ------------------------------------------------------------ products
  r.get("/task/:id/task-product", { access: READ, params: taskParams, response: taskProductListSchema }, async ({ auth, params, request }) => ({
    data: await products.listProductsOfTask(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post(
    "/task/:id/task-product",
    { access: MANAGE, params: taskParams, body: taskProductBodySchema, response: taskProductResponseSchema, status: 201 },
    async ({ auth, params, body, request, reply }) => {
      const product = await products.createProduct(request.server.database, auth, params.id, body);
      reply.code(201);
      return { data: product };
    },
  );

  r.get(
    "/task/:id/task-product/:productId",
    { access: READ, params: productParams, response: taskProductResponseSchema },
    async ({ auth, params, request }) => ({
      data: await products.getProduct(request.server.database.db, auth.tenantId, params.id, params.productId),
    }),
  );

  r.put(
    "/task/:id/task-product/:productId",
    { access: MANAGE, params: productParams, body: taskProductBodySchema, response: taskProductResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await products.updateProduct(request.server.database, auth, params.id, params.productId, body),
    }),
  );

  r.delete("/task/:id/task-product/:productId", { access: MANAGE, params: productParams }, async ({ auth, params, request }) => {
    await products.deleteProduct(request.server.database, auth, params.id, params.productId);
  });

  r.get("/task-products", { access: READ, query: pagedList, response: taskProductPageSchema }, async ({ auth, query, request }) => {
    const { rows, total } = await products.listAllProducts(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  // ------------------------------------------------------------ e-mail and activity
  r.post(
    "/task/:id/send-email",
    { access: MANAGE, params: taskParams, body: taskEmailBodySchema, response: taskEmailResponseSchema, status: 201 },
    async ({ auth, params, body, request, reply }) => {
      const email = await sendTaskEmail(request.server.database, request.server.mail, auth, params.id, body);
      reply.code(201);
      return { data: email };
    },
  );

  r.get("/task/:id/email", { access: READ, params: taskParams, query: pagedList, response: taskEmailListSchema }, async ({ auth, params, query, request }) => {
    const { rows, total } = await listTaskEmails(request.server.database.db, auth.tenantId, params.id, query);
    return paged(request, query, rows, total);
  });

  r.get(
    "/activity-log/task/:id",
    { access: READ, params: taskParams, query: pagedList, response: activityListSchema, summary: "List the activity of a task" },
    async ({ auth, params, query, request }) => {
      const { db } = request.server.database;
      await service.assertTask(db, auth.tenantId, params.id);
      const { rows, total } = await listActivity(db, auth.tenantId, "task", params.id, query);
      return paged(request, query, rows, total);
    },
  );

  // ------------------------------------------------------------ lookups (any signed-in user)
  r.get("/priority", { access: SIGNED_IN, query: fullList, response: priorityListSchema }, async ({ query, request }) => {
    const { rows, total } = lookups.priorities(query);
    return paged(request, query, rows, total);
  });

  r.get("/task-product-type", { access: SIGNED_IN, query: fullList, response: taskProductTypeListSchema }, async ({ query, request }) => {
    const { rows, total } = await lookups.productTypes(request.server.database.db, query);
    return paged(request, query, rows, total);
  });

  r.get("/confidence-scores", { access: SIGNED_IN, response: confidenceScoreListSchema }, async ({ request }) => ({
    data: await lookups.confidenceScoreGroups(request.server.database.db),
  }));

  r.get("/payment-frequencies", { access: SIGNED_IN, response: paymentFrequencyListSchema }, async ({ request }) => ({
    data: await lookups.allPaymentFrequencies(request.server.database.db),
  }));

  r.get("/expected-close-date-change-reasons", { access: SIGNED_IN, response: closeDateReasonListSchema }, async ({ request }) => ({
    data: await lookups.closeDateChangeReasons(request.server.database.db),
  }));
});

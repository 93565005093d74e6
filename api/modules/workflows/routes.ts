import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import {
  workflowBodySchema,
  workflowIdsSchema,
  workflowListSchema,
  workflowResponseSchema,
  workflowRunListSchema,
  workflowTestBodySchema,
  workflowTestResultSchema,
} from "#contract/workflows";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { testWorkflow } from "./run";
import * as service from "./service";

/** Automations act on tasks: reading them takes a task permission, changing them task_manage. */
const VIEW = { permissions: ["task_view", "task_manage"] } as const;
const MANAGE = { permissions: ["task_manage"] } as const;
const idParams = z.object({ id: pathId });

export default routes((r) => {
  r.get("/workflow", { access: VIEW, query: listQuerySchema(), response: workflowListSchema }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listWorkflows(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  r.get("/workflow/:id", { access: VIEW, params: idParams, response: workflowResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.getWorkflow(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post("/workflow", { access: MANAGE, body: workflowBodySchema, response: workflowResponseSchema, status: 201 }, async ({ auth, body, request, reply }) => {
    const created = await service.createWorkflow(request.server.database.db, auth.tenantId, body);
    reply.code(201);
    return { data: created };
  });

  r.put(
    "/workflow/:id",
    { access: MANAGE, params: idParams, body: workflowBodySchema, response: workflowResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await service.updateWorkflow(request.server.database.db, auth.tenantId, params.id, body),
    }),
  );

  r.delete("/workflow/:id", { access: MANAGE, params: idParams }, async ({ auth, params, request, reply }) => {
    await service.deleteWorkflows(request.server.database.db, auth.tenantId, [params.id]);
    reply.code(204);
  });

  /** Deletes many: every id must be one of the company's workflows (404 otherwise, nothing deleted). */
  r.delete("/workflow", { access: MANAGE, body: workflowIdsSchema }, async ({ auth, body, request }) => ({
    deleted: await service.deleteWorkflows(request.server.database.db, auth.tenantId, body.ids),
  }));

  /** The run history: when, which task, what it did or why it failed. */
  r.get(
    "/workflow/:id/runs",
    { access: VIEW, params: idParams, query: listQuerySchema({ defaultSize: 20 }), response: workflowRunListSchema },
    async ({ auth, params, query, request }) => {
      const { rows, total } = await service.listRuns(request.server.database.db, auth.tenantId, params.id, query);
      return paged(request, query, rows, total);
    },
  );

  /** What the workflow would do to a task, without doing it. */
  r.post(
    "/workflow/:id/test",
    { access: VIEW, params: idParams, body: workflowTestBodySchema, response: workflowTestResultSchema },
    async ({ auth, params, body, request }) => ({
      data: await testWorkflow(request.server.database.db, auth.tenantId, params.id, body.task_id),
    }),
  );
});

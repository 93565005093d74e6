import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { idField } from "#contract/ids";
import {
  flaggedStageListSchema,
  pipelineArchiveBodySchema,
  pipelineCreateBodySchema,
  pipelineListSchema,
  pipelineResponseSchema,
  pipelineUpdateBodySchema,
  pipelineUsersBodySchema,
  stageBodySchema,
  stageListSchema,
  stageOrderBodySchema,
  stageResponseSchema,
  stageUpdateBodySchema,
  targetQuerySchema,
  targetResponseSchema,
  targetsBodySchema,
  userTargetListSchema,
} from "#contract/pipelines";
import type { Permission } from "#contract/permissions";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { flaggedStages, getPipeline, listPipelines, listStages } from "./service";
import { myTargets, pipelineTargetsSummary, setTargets, usersTargets } from "./targets";
import { createPipeline, createStage, reorderStages, setPipelinesStatus, setPipelineUsers, updatePipeline, updateStage } from "./write";

const PIPELINE_READ: Permission[] = ["pipeline_view", "pipeline_access", "pipeline_manage"];
/** Pipelines and their stages are also the lookups of the task screens (filters, forms, board). */
const LOOKUP = { permissions: [...PIPELINE_READ, "task_view", "task_manage"] } as const satisfies { permissions: Permission[] };
const READ = { permissions: PIPELINE_READ };
const MANAGE = { permissions: ["pipeline_manage"] } as const;
/** Everyone's targets: the 'view pipeline targets' permission, or managing pipelines. */
const TARGETS = { permissions: ["pipeline_targets_view", "pipeline_manage"] } as const;

const id = pathId;
const pipelineParams = z.object({ id });
const stageParams = z.object({ id, stageId: id });

const listQuery = listQuerySchema({ maxSize: 999 }).extend({
  /** include=stages adds each pipeline's stages (in order) to the list. */
  include: z.string().max(200).optional(),
  includes: z.string().max(200).optional(),
});
const flaggedQuery = z.object({ filter: z.object({ pipeline_id: idField("Must be a pipeline id.").optional() }).default({}) });

const includesStages = (q: { include?: string; includes?: string }) =>
  `${q.include ?? ""},${q.includes ?? ""}`
    .split(",")
    .map((s) => s.trim())
    .includes("stages");

export default routes((r) => {
  r.get("/pipelines", { access: LOOKUP, query: listQuery, response: pipelineListSchema }, async ({ auth, query, request }) => {
    const { rows, total } = await listPipelines(request.server.database.db, auth.tenantId, query, { withStages: includesStages(query) });
    return paged(request, query, rows, total);
  });

  r.post(
    "/pipelines",
    { access: MANAGE, body: pipelineCreateBodySchema, response: pipelineResponseSchema, status: 201 },
    async ({ auth, body, request, reply }) => {
      const pipeline = await createPipeline(request.server.database, auth.tenantId, body);
      reply.code(201);
      return { data: pipeline };
    },
  );

  // Registered before /pipelines/:id so "archive" is never read as an id.
  r.put("/pipelines/archive", { access: MANAGE, body: pipelineArchiveBodySchema }, async ({ auth, body, request }) => ({
    data: await setPipelinesStatus(request.server.database.db, auth.tenantId, body.ids, body.status),
  }));

  r.get("/pipelines/:id", { access: READ, params: pipelineParams, response: pipelineResponseSchema }, async ({ auth, params, request }) => ({
    data: await getPipeline(request.server.database.db, auth.tenantId, params.id),
  }));

  r.put(
    "/pipelines/:id",
    { access: MANAGE, params: pipelineParams, body: pipelineUpdateBodySchema, response: pipelineResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await updatePipeline(request.server.database.db, auth.tenantId, params.id, body),
    }),
  );

  r.get("/pipelines/:id/pipeline-stages", { access: LOOKUP, params: pipelineParams, response: stageListSchema }, async ({ auth, params, request }) => ({
    data: await listStages(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post(
    "/pipelines/:id/pipeline-stages",
    { access: MANAGE, params: pipelineParams, body: stageBodySchema, response: stageResponseSchema, status: 201 },
    async ({ auth, params, body, request, reply }) => {
      const stage = await createStage(request.server.database.db, auth.tenantId, params.id, body);
      reply.code(201);
      return { data: stage };
    },
  );

  r.put(
    "/pipelines/:id/pipeline-stages/:stageId",
    { access: MANAGE, params: stageParams, body: stageUpdateBodySchema, response: stageResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await updateStage(request.server.database, auth.tenantId, params.id, params.stageId, body),
    }),
  );

  r.put(
    "/pipelines/:id/update-order",
    { access: MANAGE, params: pipelineParams, body: stageOrderBodySchema, response: stageListSchema },
    async ({ auth, params, body, request }) => ({
      data: await reorderStages(request.server.database.db, auth.tenantId, params.id, body.pipeline_stage_id),
    }),
  );

  r.put(
    "/pipelines/:id/users",
    { access: MANAGE, params: pipelineParams, body: pipelineUsersBodySchema, response: pipelineResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await setPipelineUsers(request.server.database, auth.tenantId, params.id, body.user_ids),
    }),
  );

  r.get("/revenue-stages", { access: LOOKUP, query: flaggedQuery, response: flaggedStageListSchema }, async ({ auth, query, request }) => ({
    data: await flaggedStages(request.server.database.db, auth.tenantId, "revenue", query.filter.pipeline_id),
  }));

  r.get("/contract-stages", { access: LOOKUP, query: flaggedQuery, response: flaggedStageListSchema }, async ({ auth, query, request }) => ({
    data: await flaggedStages(request.server.database.db, auth.tenantId, "contract", query.filter.pipeline_id),
  }));

  r.get(
    "/pipelines/:id/targets",
    { access: TARGETS, params: pipelineParams, query: targetQuerySchema, response: targetResponseSchema },
    async ({ auth, params, query, request }) => ({
      data: await pipelineTargetsSummary(request.server.database.db, auth.tenantId, { pipelineId: params.id, ...query }),
    }),
  );

  r.put(
    "/pipelines/:id/targets",
    { access: MANAGE, params: pipelineParams, body: targetsBodySchema, response: userTargetListSchema },
    async ({ auth, params, body, request }) => setTargets(request.server.database, auth.tenantId, params.id, body),
  );

  r.get(
    "/pipelines/:id/my/targets",
    { access: READ, params: pipelineParams, query: targetQuerySchema, response: targetResponseSchema },
    async ({ auth, params, query, request }) => ({
      data: await myTargets(request.server.database.db, auth.tenantId, auth.userId, { pipelineId: params.id, ...query }),
    }),
  );

  r.get(
    "/pipelines/:id/targets/users",
    { access: TARGETS, params: pipelineParams, query: targetQuerySchema, response: userTargetListSchema },
    async ({ auth, params, query, request }) => usersTargets(request.server.database.db, auth.tenantId, { pipelineId: params.id, ...query }),
  );
});

import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import {
  offPlatformPolicyBodySchema,
  offPlatformPolicyDeletedSchema,
  offPlatformPolicyIdsQuerySchema,
  offPlatformPolicyListSchema,
  offPlatformPolicyResponseSchema,
  validateQuerySchema,
  validateResponseSchema,
} from "#contract/off-platform-policies";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { parseOr422 } from "#api/http/validation";
import * as service from "./service";

const VIEW = { permissions: ["off_platform_policy_view", "off_platform_policy_manage"] } as const;
const MANAGE = { permissions: ["off_platform_policy_manage"] } as const;
const DELETE = { permissions: ["off_platform_policy_delete"] } as const;
const idParams = z.object({ id: pathId });

/** The spec's calls (business-domain §7, "Off-platform policies"). */
export default routes((r) => {
  r.get(
    "/off-platform-policy",
    { access: VIEW, query: listQuerySchema(), response: offPlatformPolicyListSchema, summary: "The company's off-platform policies" },
    async ({ auth, query, request }) => {
      const { rows, total } = await service.listOffPlatformPolicies(request.server.database.db, auth.tenantId, query);
      return paged(request, query, rows, total);
    },
  );

  r.post(
    "/off-platform-policy/validate",
    { access: MANAGE, query: validateQuerySchema, response: validateResponseSchema, summary: "Checks one stage of the off-platform policy form" },
    async ({ auth, query, request }) => ({
      data: await service.validateStage(request.server.database.db, auth.tenantId, query.stage, request.body, query.id),
    }),
  );

  r.get("/off-platform-policy/:id", { access: VIEW, params: idParams, response: offPlatformPolicyResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.getOffPlatformPolicy(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post(
    "/off-platform-policy",
    { access: MANAGE, body: offPlatformPolicyBodySchema, response: offPlatformPolicyResponseSchema, status: 201 },
    async ({ auth, body, request, reply }) => {
      const created = await service.createOffPlatformPolicy(request.server.database.db, auth.tenantId, body);
      reply.code(201);
      return { data: created };
    },
  );

  r.put(
    "/off-platform-policy/:id",
    // The body is checked after the policy is found: another company's id is a 404 whatever the body.
    { access: MANAGE, params: idParams, response: offPlatformPolicyResponseSchema, summary: "Replaces an off-platform policy (the body of POST)" },
    async ({ auth, params, request }) => {
      const { db } = request.server.database;
      await service.getOffPlatformPolicy(db, auth.tenantId, params.id);
      const body = parseOr422(offPlatformPolicyBodySchema, request.body ?? {});
      return { data: await service.updateOffPlatformPolicy(db, auth.tenantId, params.id, body) };
    },
  );

  /** Deletes the listed off-platform policies of the company (`?off_platform_policy_ids=1,2`); 404 when none of them is one. */
  r.delete(
    "/off-platform-policy",
    { access: DELETE, query: offPlatformPolicyIdsQuerySchema, response: offPlatformPolicyDeletedSchema, summary: "Deletes off-platform policies" },
    async ({ auth, query, request }) => ({
      deleted: await service.deleteOffPlatformPolicies(request.server.database.db, auth.tenantId, query.off_platform_policy_ids),
    }),
  );
});

import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { roleBodySchema, roleIdsBodySchema, roleNameSchema, rolePermissionsBodySchema } from "#contract/roles";
import { idParams } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { auditFor } from "../audit/audit";
import * as service from "./service";

const VIEW = ["role_view", "role_manage"] as const;
const MANAGE = ["role_manage"] as const;

export default routes((r) => {
  r.get("/role", { access: { permissions: VIEW }, query: listQuerySchema() }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listRoles(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  r.get("/role/info", { access: { permissions: VIEW } }, async ({ auth, request }) => ({
    data: await service.roleInfo(request.server.database.db, auth.tenantId),
  }));

  r.post("/role", { access: { permissions: ["role_create", "role_manage"] }, body: roleBodySchema }, async ({ auth, body, request, reply }) => {
    reply.code(201);
    const role = await service.createRole(request.server.database, auth.tenantId, body);
    await auditFor(request, auth, "role.created", `role:${role.id}`, { name: role.name, permissions: body.permissions ?? [] });
    return { data: role };
  });

  r.delete("/role", { access: { permissions: MANAGE }, body: roleIdsBodySchema, audit: false }, async ({ auth, body, request }) => {
    await service.deleteRoles(request.server.database.db, auth.tenantId, body.ids);
    await auditFor(request, auth, "role.deleted", body.ids.map((id) => `role:${id}`).join(","));
  });

  r.get("/role/:id", { access: { permissions: VIEW }, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.getRole(request.server.database.db, auth.tenantId, params.id),
  }));

  r.put(
    "/role/:id",
    { access: { permissions: MANAGE }, params: idParams, body: z.object({ name: roleNameSchema }) },
    async ({ auth, params, body, request }) => {
      const role = await service.renameRole(request.server.database.db, auth.tenantId, params.id, body.name);
      await auditFor(request, auth, "role.renamed", `role:${role.id}`, { name: role.name });
      return { data: role };
    },
  );

  r.delete("/role/:id", { access: { permissions: MANAGE }, params: idParams, audit: false }, async ({ auth, params, request }) => {
    await service.deleteRoles(request.server.database.db, auth.tenantId, [params.id]);
    await auditFor(request, auth, "role.deleted", `role:${params.id}`);
  });

  r.get("/role/:id/permission", { access: { permissions: VIEW }, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.rolePermissionList(request.server.database.db, auth.tenantId, params.id),
  }));

  r.put(
    "/role/:id/permission",
    { access: { permissions: MANAGE }, params: idParams, body: rolePermissionsBodySchema },
    async ({ auth, params, body, request }) => {
      const data = await service.setRolePermissions(request.server.database, auth.tenantId, params.id, body.permissions);
      await auditFor(request, auth, "role.permissions_changed", `role:${params.id}`, {
        permissions: data.filter((p) => p.has_permission).map((p) => p.permission.name),
      });
      return { data };
    },
  );

  r.get("/permission", { access: { permissions: VIEW } }, async ({ request }) => ({ data: await service.listPermissions(request.server.database.db) }));

  r.get("/permission/:id", { access: { permissions: VIEW }, params: idParams }, async ({ params, request }) => ({
    data: await service.getPermission(request.server.database.db, params.id),
  }));
});

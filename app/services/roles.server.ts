import { z } from "zod";
import { pagedSchema } from "#contract/common";
import { rolePermissionSchema, roleSchema } from "#contract/roles";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

// The body of the permissions form, checked by its action before the API is asked.
export { rolePermissionsBodySchema } from "#contract/roles";

const roleDetailSchema = z.object({ data: roleSchema.extend({ permissions: z.array(z.object({ id: z.number(), name: z.string() })) }) });

export const listRoles = (api: Api, state: ListState) => api.get("/role", { query: toApiQuery(state), schema: pagedSchema(roleSchema) });
export const getRole = async (api: Api, id: string) => (await api.get(`/role/${encodeURIComponent(id)}`, { schema: roleDetailSchema })).data;
export const createRole = (api: Api, name: string) => api.post("/role", { body: { name }, schema: roleDetailSchema });
export const renameRole = (api: Api, id: string, name: string) => api.put(`/role/${encodeURIComponent(id)}`, { body: { name }, schema: roleDetailSchema });
export const deleteRoles = (api: Api, ids: number[]) => api.delete("/role", { body: { ids } });
export const rolePermissions = async (api: Api, id: string) =>
  (await api.get(`/role/${encodeURIComponent(id)}/permission`, { schema: z.object({ data: z.array(rolePermissionSchema) }) })).data;
export const saveRolePermissions = (api: Api, id: string, permissions: string[]) =>
  api.put(`/role/${encodeURIComponent(id)}/permission`, { body: { permissions } });

import { z } from "zod";
export { ROLE_SORTS } from "./list-sorts";

export const roleNameSchema = z.string({ error: "Enter a role name." }).trim().min(1, "Enter a role name.").max(100, "Use at most 100 characters.");

export const roleBodySchema = z.object({
  name: roleNameSchema,
  /** Permission names to grant a new role. */
  permissions: z.array(z.string().max(100)).max(500).optional(),
});

export const roleIdsBodySchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1, "No items selected").max(1000),
});

export const rolePermissionsBodySchema = z.object({
  permissions: z.array(z.string().max(100)).max(500),
});

export const permissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permission_group: z.object({ id: z.number().int(), name: z.string() }),
});

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_system: z.boolean(),
  users_count: z.number().int(),
  permissions_count: z.number().int(),
  created_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const rolePermissionSchema = z.object({
  permission: permissionSchema,
  has_permission: z.boolean(),
  can_be_removed: z.boolean(),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;

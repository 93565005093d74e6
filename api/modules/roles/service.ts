import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import type { Role, RolePermission } from "#contract/roles";
import type { Database, Db } from "#api/db/client";
import { permissionGroups, permissions, rolePermissions, roles, userRoles } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { isUniqueViolation } from "#api/lib/db-errors";
import { likeEscape, offsetOf, sortOf, textFilter } from "#api/http/paging";

const usersCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;
const permissionsCount = sql<number>`(select count(*)::int from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id})`;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  isSystem: roles.isSystem,
  createdAt: roles.createdAt,
  usersCount,
  permissionsCount,
};

function toRole(r: { id: number; name: string; isSystem: boolean; createdAt: Date; usersCount: number; permissionsCount: number }): Role {
  return {
    id: r.id,
    name: r.name,
    is_system: r.isSystem,
    users_count: Number(r.usersCount),
    permissions_count: Number(r.permissionsCount),
    created_at: r.createdAt.toISOString(),
  };
}

const SORTS = ["name", "created_at", "users_count"] as const;

export async function listRoles(db: Db, tenantId: number, query: ListQuery) {
  const search = textFilter(query, "search") ?? textFilter(query, "name");
  const where = and(eq(roles.tenantId, tenantId), search ? ilike(roles.name, `%${likeEscape(search)}%`) : undefined);
  const sort = sortOf(query, SORTS) ?? { field: "name", desc: false };
  const column = { name: roles.name, created_at: roles.createdAt, users_count: usersCount }[sort.field];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(roleColumns)
      .from(roles)
      .where(where)
      .orderBy(sort.desc ? desc(column) : asc(column), asc(roles.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(roles).where(where),
  ]);
  return { rows: rows.map(toRole), total };
}

export async function roleInfo(db: Db, tenantId: number) {
  return db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.tenantId, tenantId)).orderBy(asc(roles.name));
}

export async function getRole(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.tenantId, tenantId)))
    .limit(1);
  if (!row) throw notFound("Role");
  const perms = await db
    .select({ id: permissions.id, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, id))
    .orderBy(asc(permissions.name));
  return { ...toRole(row), permissions: perms };
}

const nameTaken = () => invalid({ name: ["A role with this name already exists."] });

async function assertNameFree(db: Db, tenantId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(sql`lower(${roles.name})`, name.toLowerCase())))
    .limit(1);
  if (clash && clash.id !== exceptId) throw nameTaken();
}

/** The check above can race with a simultaneous request; the unique index decides, and answers the same 422. */
async function orNameTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (e) {
    if (isUniqueViolation(e, "roles_tenant_name_unique")) throw nameTaken();
    throw e;
  }
}

async function permissionIdsByName(db: Db, names: string[]) {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const rows = await db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.name, unique));
  const unknown = unique.filter((n) => !rows.some((r) => r.name === n));
  if (unknown.length) throw invalid({ permissions: [`Unknown permission: ${unknown.join(", ")}.`] });
  return rows;
}

export async function createRole(database: Database, tenantId: number, body: { name: string; permissions?: string[] }) {
  const { db } = database;
  await assertNameFree(db, tenantId, body.name);
  const perms = await permissionIdsByName(db, body.permissions ?? []);
  const id = await orNameTaken(
    database.transaction(async (tx) => {
      const [role] = await tx.insert(roles).values({ tenantId, name: body.name }).returning({ id: roles.id });
      if (perms.length) await tx.insert(rolePermissions).values(perms.map((p) => ({ roleId: role.id, permissionId: p.id })));
      return role.id;
    }),
  );
  return getRole(db, tenantId, id);
}

export async function renameRole(db: Db, tenantId: number, id: number, name: string) {
  await getRole(db, tenantId, id);
  await assertNameFree(db, tenantId, name, id);
  await orNameTaken(
    db
      .update(roles)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(roles.id, id), eq(roles.tenantId, tenantId))),
  );
  return getRole(db, tenantId, id);
}

/** Deletes roles of the tenant. Any id that is not the tenant's answers 404; a system role cannot go. Nothing is deleted unless all can be. */
export async function deleteRoles(db: Db, tenantId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: roles.id, name: roles.name, isSystem: roles.isSystem })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, unique)));
  if (found.length !== unique.length) throw notFound("Role");
  const locked = found.filter((r) => r.isSystem);
  if (locked.length) throw invalid({ ids: [`The ${locked.map((r) => r.name).join(", ")} role cannot be deleted.`] });
  await db.delete(roles).where(and(eq(roles.tenantId, tenantId), inArray(roles.id, unique)));
}

export async function listPermissions(db: Db) {
  const rows = await db
    .select({ id: permissions.id, name: permissions.name, groupId: permissionGroups.id, groupName: permissionGroups.name })
    .from(permissions)
    .innerJoin(permissionGroups, eq(permissionGroups.id, permissions.groupId))
    .orderBy(asc(permissionGroups.id), asc(permissions.id));
  return rows.map((r) => ({ id: r.id, name: r.name, permission_group: { id: r.groupId, name: r.groupName } }));
}

export async function getPermission(db: Db, id: number) {
  const found = (await listPermissions(db)).find((p) => p.id === id);
  if (!found) throw notFound("Permission");
  return found;
}

export async function rolePermissionList(db: Db, tenantId: number, roleId: number): Promise<RolePermission[]> {
  await getRole(db, tenantId, roleId);
  const [all, held] = await Promise.all([listPermissions(db), db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))]);
  return all.map((permission) => {
    const h = held.find((x) => x.permissionId === permission.id);
    return { permission, has_permission: Boolean(h), can_be_removed: h ? h.canBeRemoved : true };
  });
}

/** Replaces a role's permissions with the given names; locked permissions cannot be taken away. */
export async function setRolePermissions(database: Database, tenantId: number, roleId: number, names: string[]) {
  const { db } = database;
  const current = await rolePermissionList(db, tenantId, roleId);
  const wanted = await permissionIdsByName(db, names);
  const wantedIds = new Set(wanted.map((p) => p.id));
  const lockedRemoved = current.filter((c) => c.has_permission && !c.can_be_removed && !wantedIds.has(c.permission.id));
  if (lockedRemoved.length) {
    throw invalid({ permissions: [`${lockedRemoved.map((c) => c.permission.name).join(", ")} cannot be removed from this role.`] });
  }
  const toAdd = wanted.filter((p) => !current.some((c) => c.has_permission && c.permission.id === p.id));
  const toRemove = current.filter((c) => c.has_permission && !wantedIds.has(c.permission.id)).map((c) => c.permission.id);
  await database.transaction(async (tx) => {
    if (toRemove.length) await tx.delete(rolePermissions).where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, toRemove)));
    // A simultaneous identical request may have added them already: that is the wanted state, not an error.
    if (toAdd.length)
      await tx
        .insert(rolePermissions)
        .values(toAdd.map((p) => ({ roleId, permissionId: p.id })))
        .onConflictDoNothing();
    await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, roleId));
  });
  return rolePermissionList(db, tenantId, roleId);
}

import { and, asc, eq, inArray } from "drizzle-orm";
import { USER_ROLE_MESSAGES } from "#contract/users";
import type { Database, Db } from "#api/db/client";
import { permissions, rolePermissions, roles, userRoles, users } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { roleGranted, roleRemoved } from "../notifications/notify";

async function tenantUser(db: Db, tenantId: number, userId: number) {
  const [u] = await db
    .select({ id: users.id, name: users.name, lastName: users.lastName, profilePhotoPath: users.profilePhotoPath })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1);
  if (!u) throw notFound("User");
  return u;
}

async function rolesOf(db: Db, userId: number) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name), asc(roles.id));
}

/** The roles of a user of the tenant (another tenant's user answers 404). */
export async function userRoleList(db: Db, tenantId: number, userId: number) {
  await tenantUser(db, tenantId, userId);
  return { user_id: userId, roles: await rolesOf(db, userId) };
}

/**
 * Replaces a user's roles with the given roles of the tenant, and tells the user about each role they
 * gained or lost (unless they changed their own). Nobody can take role administration away from
 * themselves, so a company always keeps someone who can give it back.
 */
export async function setUserRoles(database: Database, actor: { userId: number; tenantId: number }, userId: number, roleIds: number[]) {
  const { db } = database;
  const { tenantId } = actor;
  await tenantUser(db, tenantId, userId);
  const wanted = [...new Set(roleIds)];
  const found = wanted.length
    ? await db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, wanted)))
    : [];
  if (found.length !== wanted.length) throw invalid({ role_ids: [USER_ROLE_MESSAGES.unknownRole] });

  if (userId === actor.userId) {
    const keeps = wanted.length
      ? await db
          .select({ roleId: rolePermissions.roleId })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(and(inArray(rolePermissions.roleId, wanted), eq(permissions.name, "role_manage")))
          .limit(1)
      : [];
    if (keeps.length === 0) throw invalid({ role_ids: [USER_ROLE_MESSAGES.keepRoleAdmin] });
  }

  const current = await rolesOf(db, userId);
  const added = found.filter((r) => !current.some((c) => c.id === r.id));
  const removed = current.filter((c) => !wanted.includes(c.id));
  if (added.length || removed.length) {
    const [by] = await db.select({ name: users.name, lastName: users.lastName, photo: users.profilePhotoPath }).from(users).where(eq(users.id, actor.userId));
    const who = { name: [by.name, by.lastName].filter(Boolean).join(" "), photo: by.photo };
    const to = { tenantId, userId };
    await database.transaction(async (tx) => {
      if (removed.length)
        await tx.delete(userRoles).where(
          and(
            eq(userRoles.userId, userId),
            inArray(
              userRoles.roleId,
              removed.map((r) => r.id),
            ),
          ),
        );
      // A simultaneous identical request may have added them already: that is the wanted state.
      if (added.length)
        await tx
          .insert(userRoles)
          .values(added.map((r) => ({ userId, roleId: r.id })))
          .onConflictDoNothing();
      if (userId !== actor.userId) {
        for (const r of added) await roleGranted(tx, to, r, who);
        for (const r of removed) await roleRemoved(tx, to, r, who);
      }
    });
  }
  return { user_id: userId, roles: await rolesOf(db, userId) };
}

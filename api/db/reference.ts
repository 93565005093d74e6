import { permissionCatalogue } from "#contract/permissions";
import type { Db } from "./client";
import { permissionGroups, permissions } from "./schema";
import { ensureTaskLookups } from "../modules/tasks/reference-data";
import { ensureLookups } from "../modules/lookups/reference-data";

/** Makes sure the permission catalogue and the platform lookups exist; safe to run on every start. */
export async function ensureReferenceData(db: Db) {
  for (const [group, names] of Object.entries(permissionCatalogue)) {
    const [g] = await db
      .insert(permissionGroups)
      .values({ name: group })
      .onConflictDoUpdate({ target: permissionGroups.name, set: { name: group } })
      .returning({ id: permissionGroups.id });
    await db
      .insert(permissions)
      .values(names.map((name) => ({ name, groupId: g.id })))
      .onConflictDoNothing({ target: permissions.name });
  }
  await ensureLookups(db);
  await ensureTaskLookups(db);
}

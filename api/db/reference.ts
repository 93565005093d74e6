import { permissionCatalogue } from "../../contract/permissions";
import type { Db } from "./client";
import { permissionGroups, permissions } from "./schema";

/** Makes sure the permission catalogue of the product exists; safe to run on every start. */
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
}

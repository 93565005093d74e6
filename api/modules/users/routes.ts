import { PROFILE_MESSAGES, PROFILE_PHOTO_FIELD, userRolesBodySchema } from "#contract/users";
import { idParams } from "#api/http/ids";
import { readForm } from "#api/http/multipart";
import { routes } from "#api/http/route";
import { auditFor } from "../audit/audit";
import { updateProfile } from "./profile";
import { setUserRoles, userRoleList } from "./roles";


export default routes((r) => {
  /**
   * The signed-in user's own profile (the 'Edit Profile' drawer): multipart (or JSON) with the fields of
   * the spec; empty values are ignored; every rule is checked here. Answers the fresh user, as GET /me.
   */
  r.post("/api/v1/update-user-profile", { access: { permissions: [] } }, async ({ auth, request }) => {
    const form = await readForm(request, [PROFILE_PHOTO_FIELD], { [PROFILE_PHOTO_FIELD]: "profile photo" });
    const me = await updateProfile(request.server.database, request.server.storage, auth, form);
    if (typeof form.fields.password === "string" && form.fields.password !== "") await auditFor(request, auth, "password.changed", `user:${auth.userId}`);
    return { message: PROFILE_MESSAGES.updated, data: me };
  });

  /** The roles a user of the company holds. */
  r.get("/users/:id/roles", { access: { permissions: ["role_view", "role_manage"] }, params: idParams }, async ({ auth, params, request }) => ({
    data: await userRoleList(request.server.database.db, auth.tenantId, params.id),
  }));

  /** Gives a user of the company exactly these roles; the user is notified of each role gained or lost. */
  r.put("/users/:id/roles", { access: { permissions: ["role_manage"] }, params: idParams, body: userRolesBodySchema }, async ({ auth, params, body, request }) => {
    const data = await setUserRoles(request.server.database, auth, params.id, body.role_ids);
    await auditFor(request, auth, "user.roles_changed", `user:${params.id}`, { role_ids: [...new Set(body.role_ids)].sort((a, b) => a - b) });
    return { data };
  });
});

import { z } from "zod";
import { PROFILE_MESSAGES, PROFILE_PHOTO_FIELD, userRolesBodySchema } from "#contract/users";
import { idParams } from "#api/http/ids";
import { readForm } from "#api/http/multipart";
import { routes } from "#api/http/route";
import { audit, auditFor } from "../audit/audit";
import { confirmEmailChange, updateProfile } from "./profile";
import { setUserRoles, userRoleList } from "./roles";

export default routes((r) => {
  /**
   * The signed-in user's own profile (the 'Edit Profile' drawer): multipart (or JSON) with the fields of
   * the spec; empty values are ignored; every rule is checked here. Answers the fresh user, as GET /me.
   */
  r.post("/api/v1/update-user-profile", { access: { permissions: [] } }, async ({ auth, request }) => {
    const form = await readForm(request, [PROFILE_PHOTO_FIELD], { [PROFILE_PHOTO_FIELD]: "profile photo" });
    const { me, pendingEmail } = await updateProfile(request.server.database, request.server.storage, auth, form, {
      provider: request.server.mail,
      portalUrl: request.server.config.PORTAL_URL,
    });
    if (typeof form.fields.password === "string" && form.fields.password !== "") await auditFor(request, auth, "password.changed", `user:${auth.userId}`);
    if (pendingEmail) await auditFor(request, auth, "email.change_requested", `user:${auth.userId}`);
    return { message: pendingEmail ? PROFILE_MESSAGES.emailPending : PROFILE_MESSAGES.updated, data: me, pending_email: pendingEmail };
  });

  /** The link sent to a new e-mail address: opening it (a POST from the portal's confirmation page) makes it the user's. */
  r.post("/confirm-email", { access: { public: true }, body: z.object({ token: z.string().min(20).max(200) }) }, async ({ body, request }) => {
    const changed = await confirmEmailChange(request.server.database, body.token);
    await audit(request.server.database.db, request, { tenantId: changed.tenantId, userId: changed.userId, type: "email.changed", subject: changed.email });
    return { message: PROFILE_MESSAGES.emailChanged };
  });

  /** The roles a user of the company holds. */
  r.get("/users/:id/roles", { access: { permissions: ["role_view", "role_manage"] }, params: idParams }, async ({ auth, params, request }) => ({
    data: await userRoleList(request.server.database.db, auth.tenantId, params.id),
  }));

  /** Gives a user of the company exactly these roles; the user is notified of each role gained or lost. */
  r.put(
    "/users/:id/roles",
    { access: { permissions: ["role_manage"] }, params: idParams, body: userRolesBodySchema },
    async ({ auth, params, body, request }) => {
      const data = await setUserRoles(request.server.database, auth, params.id, body.role_ids);
      await auditFor(request, auth, "user.roles_changed", `user:${params.id}`, { role_ids: [...new Set(body.role_ids)].sort((a, b) => a - b) });
      return { data };
    },
  );
});

import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  userSetupBodySchema,
  verifyEmailBodySchema,
} from "#contract/auth";
import { companies, users } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import { routes } from "#api/http/route";
import { auditFor } from "../audit/audit";
import { loadMe } from "./me";
import * as auth from "./service";

const invitationParams = z.object({ uuid: z.string().uuid(), token: z.string().min(10).max(200) });
const resetParams = z.object({ token: z.string().min(10).max(200) });

export default routes((r) => {
  r.post("/login", { access: { public: true }, body: loginBodySchema }, ({ body, request }) =>
    auth.login(request.server.database, request.server.mail, body, request),
  );

  r.post("/login/verify-email", { access: { public: true }, body: verifyEmailBodySchema }, ({ body, request }) =>
    auth.verifyEmail(request.server.database, body, request),
  );

  r.post("/login/resend-verification", { access: { public: true }, body: resendVerificationBodySchema }, async ({ body, request }) => {
    await auth.resendVerification(request.server.database, request.server.mail, body.verification_token);
  });

  /** "Forgot password?": the same answer whether the address is known or not; an account's e-mail gets a one-use link. */
  r.post("/login/forgot-password", { access: { public: true }, body: forgotPasswordBodySchema }, ({ body, request }) =>
    auth.requestPasswordReset(request.server.database, request.server.mail, request.server.config.PORTAL_URL, body, request),
  );

  /** Whether a reset link still works (404 once used or expired). */
  r.get("/login/reset-password/:token", { access: { public: true }, params: resetParams }, ({ params, request }) =>
    auth.showPasswordReset(request.server.database, params.token),
  );

  r.post("/login/reset-password/:token", { access: { public: true }, params: resetParams, body: resetPasswordBodySchema }, ({ params, body, request }) =>
    auth.completePasswordReset(request.server.database, params.token, body.password, request),
  );

  /** Branding for a company's own sign-in page: name, logo and colour only. */
  r.get("/login/company/:uuid", { access: { public: true }, params: z.object({ uuid: z.string().uuid("Unknown company.") }) }, async ({ params, request }) => {
    const [c] = await request.server.database.db.select().from(companies).where(eq(companies.uuid, params.uuid)).limit(1);
    if (!c) throw notFound("Company");
    return { data: { uuid: c.uuid, name: c.name, full_logo: c.fullLogo, main_color: c.mainColor } };
  });

  r.post("/logout", { access: { permissions: [] } }, async ({ auth: a, request }) => {
    await auth.logout(request.server.database, a.tokenId);
    await auditFor(request, a, "sign_out");
  });

  r.get("/me", { access: { permissions: [] } }, async ({ auth: a, request }) => ({ data: await loadMe(request.server.database.db, a.userId) }));

  r.get("/me/feature", { access: { permissions: [] } }, async ({ auth: a, request }) => {
    const [u] = await request.server.database.db.select().from(users).where(eq(users.id, a.userId));
    return { data: { can_view_broker_portal_login_link: u.hasCedarPermission, can_make_phone_calls: u.canMakePhoneCalls } };
  });

  r.get("/company/tenant-parent", { access: { permissions: [] } }, async ({ auth: a, request }) => {
    const [c] = await request.server.database.db.select().from(companies).where(eq(companies.id, a.tenantId));
    return {
      data: {
        tenant_is_seg_parent: c.tenantIsSegParent,
        tenant_group_parent_at: c.tenantGroupParentAt?.toISOString() ?? null,
        company: { uuid: c.uuid, name: c.name },
      },
    };
  });

  r.get("/user-setup/:uuid/:token", { access: { public: true }, params: invitationParams }, ({ params, request }) =>
    auth.showInvitation(request.server.database, params.uuid, params.token),
  );

  r.post("/user-setup/:uuid/:token", { access: { public: true }, params: invitationParams, body: userSetupBodySchema }, ({ params, body, request }) =>
    auth.completeInvitation(request.server.database, params.uuid, params.token, body.password, request),
  );
});

import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { companyBrandingSchema, EMAIL_VERIFICATION_REQUIRED } from "#contract/auth";
import { replyForm } from "./form-action.server";
import { SAVE_INTENT } from "../components/form/form-result";
import { ApiValidationError, createApi } from "./api.server";
import { assertSameOrigin, authenticator } from "./auth.server";
import { isUuidText } from "./ids.server";
import { getSession, sessionStorage } from "./session.server";
import { completeSignIn } from "./sign-in.server";

export const loginFormSchema = z.object({
  email: z.string({ error: "Enter your e-mail address." }).trim().email("Enter a valid e-mail address."),
  password: z.string({ error: "Enter your password." }),
  company_uuid: z.string().optional(),
  redirectTo: z.string().optional(),
});

export type Branding = z.infer<typeof companyBrandingSchema>["data"];

/** A company's name, logo and colour for its sign-in page; null when the uuid is unknown. */
export async function loadBranding(request: Request, uuid: string | null): Promise<Branding | null> {
  if (!isUuidText(uuid)) return null;
  try {
    const { data: branding } = await createApi({ request, signInPage: true }).get(`/login/company/${uuid}`, { schema: companyBrandingSchema });
    return branding;
  } catch (e) {
    if (e instanceof Response && e.status === 404) return null;
    throw e;
  }
}

/** A signed-in visitor of a sign-in page goes straight to the dashboard. */
export async function redirectIfSignedIn(request: Request) {
  const session = await getSession(request);
  if (session.get("token")) throw redirect("/dashboard");
}

/** The sign-in form's action, shared by /login and /{companyUuid}/login. */
export async function loginAction(request: Request) {
  assertSameOrigin(request);
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: loginFormSchema });
  if (submission.status !== "success") return replyForm(SAVE_INTENT, submission.reply({ hideFields: ["password"] }), { status: 422 });

  let outcome;
  try {
    outcome = await authenticator.authenticate("form", request);
  } catch (error) {
    if (error instanceof ApiValidationError) {
      return replyForm(
        SAVE_INTENT,
        submission.reply({ hideFields: ["password"], fieldErrors: error.body.errors ?? {}, formErrors: error.body.errors ? [] : [error.body.message] }),
        { status: 422 },
      );
    }
    throw error;
  }
  if (outcome.message === EMAIL_VERIFICATION_REQUIRED && "verification_token" in outcome) {
    const session = await getSession(request);
    session.set("verificationToken", outcome.verification_token);
    session.set("verificationEmail", outcome.email);
    const redirectTo = submission.value.redirectTo;
    return redirect(`/login-email-verification-send${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""}`, {
      headers: { "Set-Cookie": await sessionStorage.commitSession(session) },
    });
  }
  if (!("token" in outcome)) throw new Error("Invalid response");
  const done = await completeSignIn(request, outcome, submission.value.redirectTo ?? null);
  if (done instanceof Response) return done;
  return replyForm(SAVE_INTENT, submission.reply({ hideFields: ["password"], formErrors: [done.refused] }), { status: 403 });
}

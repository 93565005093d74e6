import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { loginResponseSchema } from "#contract/auth";
import { replyForm } from "./form-action.server";
import { SAVE_INTENT } from "../components/form/form-result";
import { ApiValidationError, createApi } from "./api.server";
import { assertSameOrigin } from "./auth.server";
import { getSession, redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";
import { completeSignIn } from "./sign-in.server";

/**
 * The sign-in's e-mail code step (/login-email-verification-send): its loader and action, apart from the route
 * module so that zod stays out of the page's JavaScript.
 */

const schema = z.object({
  intent: z.enum(["verify", "resend"]).default("verify"),
  code: z.string().trim().optional(),
});

/** "verify@harbour.test" → "v•••••@harbour.test" */
function maskEmail(email: string) {
  const [local, domain] = email.split("@");
  return `${local.slice(0, 1)}${"•".repeat(Math.max(local.length - 1, 1))}@${domain}`;
}

export async function emailVerificationLoader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (!session.get("verificationToken")) throw redirect("/login");
  return { email: maskEmail(session.get("verificationEmail") ?? "") };
}

export async function emailVerificationAction({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await getSession(request);
  const verificationToken = session.get("verificationToken");
  if (!verificationToken) throw redirect("/login");
  const submission = parseWithZod(await formOf(request), { schema });
  if (submission.status !== "success") return replyForm(SAVE_INTENT, submission.reply(), { status: 422 });
  const api = createApi({ request, signInPage: true });
  try {
    if (submission.value.intent === "resend") {
      await api.post("/login/resend-verification", { body: { verification_token: verificationToken } });
      return redirectWithToast(request, request.url, { kind: "success", message: "We sent you a new code." });
    }
    const outcome = await api.post("/login/verify-email", {
      body: { verification_token: verificationToken, code: submission.value.code ?? "" },
      schema: loginResponseSchema,
    });
    const done = await completeSignIn(request, outcome, new URL(request.url).searchParams.get("redirectTo"));
    if (done instanceof Response) return done;
    return replyForm(SAVE_INTENT, submission.reply({ formErrors: [done.refused] }), { status: 403 });
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return replyForm(SAVE_INTENT, submission.reply({ fieldErrors: error.body.errors ?? { code: [error.body.message] } }), { status: 422 });
  }
}

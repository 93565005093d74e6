import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { forgotPasswordBodySchema, resetPasswordBodySchema, RESET_LINK_INVALID } from "#contract/auth";
import { replyForm } from "./form-action.server";
import { SAVE_INTENT } from "../components/form/form-result";
import { ApiValidationError, createApi } from "./api.server";
import { assertSameOrigin } from "./auth.server";
import { hostOf } from "./host.server";
import { loadBranding, redirectIfSignedIn } from "./login-page.server";
import { readCompanyCookie, redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";

/**
 * "Forgot password?" (/forgot-password) and the new-password page a reset link opens (/reset-password/{token}):
 * loaders and actions apart from the route modules, so zod stays out of the pages' JavaScript.
 */

const messageSchema = z.object({ message: z.string() });
const resetSchema = z.object({ data: z.object({ email: z.string() }) });

const resetPath = (token: string | undefined) => `/login/reset-password/${encodeURIComponent(token ?? "")}`;

async function pageBranding(request: Request) {
  const url = new URL(request.url);
  return loadBranding(request, url.searchParams.get("company") ?? (await readCompanyCookie(request)));
}

/** Where "Back to sign-in" goes: the company's own sign-in page when the visitor came from one. */
export const signInPath = (branding: { uuid: string } | null) => (branding ? `/${branding.uuid}/login` : "/login");

export async function forgotPasswordLoader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return { variant: hostOf(request).variant, branding: await pageBranding(request) };
}

export async function forgotPasswordAction({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await formOf(request), { schema: forgotPasswordBodySchema });
  if (submission.status !== "success") return replyForm(SAVE_INTENT, submission.reply(), { status: 422 });
  try {
    const sent = await createApi({ request, signInPage: true }).post("/login/forgot-password", { body: submission.value, schema: messageSchema });
    // The same answer whether the address is known or not.
    return { sent: sent.message, email: submission.value.email };
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return replyForm(SAVE_INTENT, submission.reply({ fieldErrors: error.body.errors ?? {}, formErrors: error.body.errors ? [] : [error.body.message] }), {
      status: 422,
    });
  }
}

export async function resetPasswordLoader({ request, params }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const variant = hostOf(request).variant;
  const branding = await pageBranding(request);
  try {
    const { data } = await createApi({ request, signInPage: true }).get(resetPath(params.token), { schema: resetSchema });
    return { variant, branding, email: data.email, invalid: null };
  } catch (error) {
    if ((error instanceof Response && error.status === 404) || error instanceof ApiValidationError)
      return { variant, branding, email: null, invalid: RESET_LINK_INVALID };
    throw error;
  }
}

export async function resetPasswordAction({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const hide = { hideFields: ["password", "password_confirmation"] };
  const submission = parseWithZod(await formOf(request), { schema: resetPasswordBodySchema });
  if (submission.status !== "success") return replyForm(SAVE_INTENT, submission.reply(hide), { status: 422 });
  try {
    const done = await createApi({ request, signInPage: true }).post(resetPath(params.token), { body: submission.value, schema: messageSchema });
    const branding = await pageBranding(request);
    return redirectWithToast(request, signInPath(branding), { kind: "success", message: done.message });
  } catch (error) {
    if (error instanceof ApiValidationError) {
      return replyForm(
        SAVE_INTENT,
        submission.reply({ ...hide, fieldErrors: error.body.errors ?? {}, formErrors: error.body.errors ? [] : [error.body.message] }),
        { status: 422 },
      );
    }
    // Used or expired meanwhile: the page says so and offers a new link.
    if (error instanceof Response && error.status === 404) throw redirect(new URL(request.url).pathname);
    throw error;
  }
}

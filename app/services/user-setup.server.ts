import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { invitationSchema, userSetupBodySchema } from "#contract/auth";
import { replyForm } from "./form-action.server";
import { SAVE_INTENT } from "../components/form/form-result";
import { ApiValidationError, createApi } from "./api.server";
import { assertSameOrigin } from "./auth.server";
import { redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";

/**
 * The set-up page of an invited user (/user-setup/{uuid}/{token}): its loader and action, apart from the route
 * module so that zod stays out of the page's JavaScript.
 */

const setupResponse = z.object({ message: z.string(), company: z.object({ uuid: z.string() }) });

function invitationPath(params: LoaderFunctionArgs["params"]) {
  return `/user-setup/${encodeURIComponent(params.uuid ?? "")}/${encodeURIComponent(params.token ?? "")}`;
}

export async function userSetupLoader({ request, params }: LoaderFunctionArgs) {
  try {
    const { data: invitation } = await createApi({ request, signInPage: true }).get(invitationPath(params), { schema: invitationSchema });
    return { invitation };
  } catch (error) {
    if ((error instanceof Response && error.status === 404) || error instanceof ApiValidationError) return { invitation: null };
    throw error;
  }
}

export async function userSetupAction({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await formOf(request), { schema: userSetupBodySchema });
  if (submission.status !== "success") return replyForm(SAVE_INTENT, submission.reply({ hideFields: ["password", "password_confirmation"] }), { status: 422 });
  try {
    const done = await createApi({ request, signInPage: true }).post(invitationPath(params), { body: submission.value, schema: setupResponse });
    return redirectWithToast(request, `/${done.company.uuid}/login`, { kind: "success", message: done.message });
  } catch (error) {
    if (error instanceof ApiValidationError) {
      return replyForm(
        SAVE_INTENT,
        submission.reply({
          hideFields: ["password", "password_confirmation"],
          fieldErrors: error.body.errors ?? {},
          formErrors: error.body.errors ? [] : [error.body.message],
        }),
        { status: 422 },
      );
    }
    if (error instanceof Response && error.status === 404) {
      return replyForm(SAVE_INTENT, submission.reply({ formErrors: ["This invitation link is not valid or has expired."] }), { status: 404 });
    }
    throw error;
  }
}

import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { z } from "zod";
import { PROFILE_MESSAGES } from "#contract/users";
import { ApiValidationError, createApi } from "./api.server";
import { assertSameOrigin } from "./auth.server";

/** The confirmation page's action, apart from the route module so that zod stays out of the page's JavaScript. */
const answer = z.object({ message: z.string() });

/**
 * The link e-mailed to a new address (/confirm-email/{token}): opening it shows a button, and the POST makes the
 * address the user's (a GET changes nothing, so a mail scanner that follows links confirms nothing).
 */
export async function confirmEmailAction({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  try {
    const done = await createApi({ request, signInPage: true }).post("/confirm-email", { body: { token: params.token ?? "" }, schema: answer });
    return { ok: true, message: done.message };
  } catch (error) {
    if ((error instanceof Response && error.status === 404) || error instanceof ApiValidationError) {
      return data({ ok: false, message: PROFILE_MESSAGES.emailChangeInvalid }, { status: 404 });
    }
    throw error;
  }
}

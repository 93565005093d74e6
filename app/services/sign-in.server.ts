import { redirect } from "@remix-run/node";
import type { LoginResponse } from "#contract/auth";
import { landingPathFor, safeRedirect } from "../lib/sign-in";
import { signOuts } from "./sign-out.server";
import { getSession, sessionStorage } from "./session.server";

export const NOT_FRONT_END_USER = "This account cannot sign in to this portal. Please use the system your company gave you access to.";

/**
 * Finishes a sign-in: a user who is not a front-end user is refused (and the token given back); otherwise
 * the token goes into the session (a fresh cookie) and the user lands where the spec says.
 */
export async function completeSignIn(request: Request, outcome: LoginResponse, redirectTo: string | null): Promise<Response | { refused: string }> {
  if (!outcome.is_front_end_user) {
    await signOuts.signOut(outcome.token);
    return { refused: NOT_FRONT_END_USER };
  }
  const session = await getSession(request);
  session.unset("verificationToken");
  session.unset("verificationEmail");
  session.set("token", outcome.token);
  session.set("companyUuid", outcome.tenant.company.uuid);
  return redirect(safeRedirect(redirectTo, landingPathFor(outcome.tenant.company)), {
    headers: { "Set-Cookie": await sessionStorage.commitSession(session) },
  });
}

import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { pageTitle } from "../lib/variant";
import { assertSameOrigin } from "../services/auth.server";
import { getSession, sessionStorage } from "../services/session.server";
import { signOuts } from "../services/sign-out.server";
import { Form } from "../components/form/form";

export const meta: MetaFunction = ({ matches }) => pageTitle("Log out", matches);

/**
 * Logging out is a POST (a GET changes nothing): the API token is revoked (retried until the API has done it)
 * and the session cleared.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await getSession(request);
  const token = session.get("token");
  const companyUuid = session.get("companyUuid");
  // Retried until the API has revoked the token (in the background when it is down); the cookie goes now.
  if (token) await signOuts.signOut(token);
  return redirect(companyUuid ? `/login?uuid=${companyUuid}` : "/login", {
    headers: { "Set-Cookie": await sessionStorage.destroySession(session) },
  });
}

export default function LogoutPage() {
  return (
    <main className="flex min-h-[calc(100vh-2rem)] items-center justify-center px-4">
      <Form method="post" className="rounded-xl bg-white p-8 text-center shadow-md ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold">Log out?</h1>
        <button type="submit" className="btn-primary mt-6">
          Log Out
        </button>
      </Form>
    </main>
  );
}

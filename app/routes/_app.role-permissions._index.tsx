import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";

/** The role permissions are edited per role; the bare path shows the roles to choose from. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, "/role-permissions");
  return redirect("/roles");
}

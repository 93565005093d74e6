import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";

/** A row's Delete goes to the same confirmation as the bulk action, with that one role selected. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, "/roles");
  const params2 = new URLSearchParams(new URL(request.url).search);
  params2.append("ids", params.id ?? "");
  return redirect(`/roles/delete?${params2}`);
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";
import { idOf } from "../services/ids.server";

/** A reminder's document, downloaded through the portal with the session (the API serves it to its owner only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id ?? "");
  const docId = idOf(params.docId ?? "");
  const { api } = await requireAccess(request, "/calendar");
  return api.download(`/reminders/${id}/documents/${docId}`);
}

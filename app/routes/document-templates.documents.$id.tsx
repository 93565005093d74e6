import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";
import { idOf } from "../services/ids.server";

/** A document made from a template (DOCX or PDF), downloaded through the portal with the session. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  const { api } = await requireAccess(request, "/document-templates");
  return api.download(`/document-templates/documents/${id}`);
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";
import { idOf } from "../services/ids.server";
import { downloadAttachment } from "../services/sales-documents.server";

/** A invoice's attachment, downloaded through the portal with the session (the API serves it to the company's users only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  const documentId = idOf(params.documentId);
  const { api } = await requireAccess(request, "/invoices/:id");
  return downloadAttachment(api, "invoice", id, documentId);
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "../services/auth.server";
import { idOf } from "../services/ids.server";

/** The PDFs of a policy's linked invoices in one ZIP (GET /export-zip/invoice/{id}), downloaded with the session. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  const { api } = await requireAccess(request, "/policies/:id");
  return api.download(`/export-zip/invoice/${id}`);
}

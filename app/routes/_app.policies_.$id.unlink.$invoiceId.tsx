import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { requirePermission } from "../services/auth.server";
import { idOf } from "../services/ids.server";
import { policyInvoices, unlinkInvoice } from "../services/policies.server";
import { redirectWithToast } from "../services/session.server";

/** The confirmation of a linked invoice's Unlink: the invoice stays, it is only no longer the policy's. */
const guard = (request: Request, id: string) => requirePermission(request, "policy_manage", { route: "/policies/:id", back: `/policies/${id}` });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  const invoiceId = idOf(params.invoiceId);
  const { api } = await guard(request, id);
  const invoice = (await policyInvoices(api, id)).find((i) => String(i.id) === invoiceId);
  if (!invoice) throw new Response("Not found", { status: 404 });
  return { back: `/policies/${id}`, number: invoice.number ?? `draft #${invoice.id}` };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = idOf(params.id);
  const invoiceId = idOf(params.invoiceId);
  const { api } = await guard(request, id);
  try {
    await unlinkInvoice(api, id, invoiceId);
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return redirectWithToast(request, `/policies/${id}`, { kind: "error", message: `Failed to unlink the invoice. ${error.body.message}` });
  }
  return redirectWithToast(request, `/policies/${id}`, { kind: "success", message: "Invoice unlinked." });
}

export default function UnlinkInvoice() {
  const { back, number } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Unlink invoice"
      message={`Unlink invoice ${number} from this policy? The invoice itself is kept.`}
      cancelTo={back}
      confirmLabel="Unlink"
    />
  );
}

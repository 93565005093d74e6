import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatPence } from "#common/money";
import { PAYMENT_MESSAGES } from "#contract/payments";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ApiValidationError } from "../services/api.server";
import { requirePermission } from "../services/auth.server";
import { cancelPayment, getPayment, newFormKey } from "../services/payments.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";

const guard = (request: Request, id: string) => requirePermission(request, "payment_manage", { route: "/transactions/:id", back: `/transactions/${id}` });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request, params.id!);
  const payment = await getPayment(api, params.id!);
  if (!payment.can_cancel) throw await redirectWithToast(request, `/transactions/${payment.id}`, { kind: "error", message: PAYMENT_MESSAGES.cancelTaken });
  return { id: payment.id, amount: payment.amount_pence, key: newFormKey() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  const id = params.id!;
  const { api } = await guard(request, id);
  const key = form.get("idempotency_key");
  try {
    await cancelPayment(api, id, { idempotency_key: typeof key === "string" && key.length >= 8 ? key : newFormKey() });
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return redirectWithToast(request, `/transactions/${id}`, { kind: "error", message: error.body.message });
  }
  return redirectWithToast(request, `/transactions/${id}`, { kind: "success", message: "Payment cancelled." });
}

export default function CancelPayment() {
  const { id, amount, key } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title="Cancel payment"
      message={`Cancel this payment of ${formatPence(amount)}? The hold on the client's card is released and the payment cannot be taken any more.`}
      cancelTo={`/transactions/${id}`}
      cancelLabel="Keep it"
      confirmLabel="Cancel payment"
      fields={{ idempotency_key: key }}
    />
  );
}

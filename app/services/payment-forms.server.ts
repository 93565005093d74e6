import { formatPence } from "#common/money";
import { poundsToPence } from "#common/payments";
import { PAYMENT_MESSAGES, refundFormSchema } from "#contract/payments";
import { ApiValidationError } from "./api.server";
import { requirePermission } from "./auth.server";
import { submitForm } from "./form-action.server";
import { cancelPayment, getPayment, newFormKey, refundPayment } from "./payments.server";
import { redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";

/** The refund and cancel forms of a payment (kept here so that zod and the contract stay out of the pages' JavaScript). */
const guard = (request: Request, id: string) => requirePermission(request, "payment_manage", { route: "/transactions/:id", back: `/transactions/${id}` });

/** The refund form's data; a payment with nothing left to refund goes back to its page with the reason. */
export async function refundFormData(request: Request, id: string) {
  const { api } = await guard(request, id);
  const payment = await getPayment(api, id);
  if (!payment.can_refund) {
    throw await redirectWithToast(request, `/transactions/${payment.id}`, { kind: "error", message: PAYMENT_MESSAGES.nothingLeft });
  }
  // The refund's idempotency key, made as the form is drawn: the same form sent twice refunds once.
  return {
    id: payment.id,
    refundable: payment.refundable_pence,
    card: payment.card ? `${payment.card.brand} card ending ${payment.card.last4}` : "card",
    sandbox: payment.sandbox,
    key: newFormKey(),
  };
}

/** Refund: the amount in pounds read as pence, the API's refusal under the amount, a toast on the payment's page. */
export async function refundAction(request: Request, id: string) {
  const form = await formOf(request);
  const typed = form.get("amount");
  const amount = typeof typed === "string" ? poundsToPence(typed) : null;
  return submitForm(request, {
    form,
    guard: () => guard(request, id),
    schema: refundFormSchema,
    failure: "Failed to refund the payment.",
    precheck: () => (amount === null ? { amount: [PAYMENT_MESSAGES.amountFormat] } : amount < 1 ? { amount: [PAYMENT_MESSAGES.amountZero] } : null),
    fieldErrors: (refused) => {
      const { amount_pence, idempotency_key, ...rest } = refused.body.errors ?? {};
      return { ...rest, ...(amount_pence ? { amount: amount_pence } : {}), ...(idempotency_key ? { "": idempotency_key } : {}) };
    },
    send: (value, { api }) => refundPayment(api, id, { amount_pence: amount!, reason: value.reason || undefined, idempotency_key: value.idempotency_key }),
    success: (saved) => {
      const last = saved.data.refunds.at(-1);
      const pending = last && (last.status === "pending" || last.status === "requested");
      return {
        to: `/transactions/${id}`,
        message: pending ? `Refund of ${formatPence(amount!)} is pending at the payment provider.` : `Refund of ${formatPence(amount!)} sent.`,
      };
    },
  });
}

export async function cancelFormData(request: Request, id: string) {
  const { api } = await guard(request, id);
  const payment = await getPayment(api, id);
  if (!payment.can_cancel) throw await redirectWithToast(request, `/transactions/${payment.id}`, { kind: "error", message: PAYMENT_MESSAGES.cancelTaken });
  return { id: payment.id, amount: payment.amount_pence, key: newFormKey() };
}

export async function cancelAction(request: Request, id: string) {
  const form = await formOf(request);
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

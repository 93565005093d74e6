import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { formatPence } from "#common/money";
import { penceToPoundsText, poundsToPence } from "#common/payments";
import { PAYMENT_MESSAGES, refundFormSchema } from "#contract/payments";
import { Drawer } from "../components/drawer";
import { Field, FormAlert } from "../components/form/field";
import { Form } from "../components/form/form";
import { useFormResult } from "../components/form/form-result";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { getPayment, newFormKey, refundPayment } from "../services/payments.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";

const guard = (request: Request, id: string) => requirePermission(request, "payment_manage", { route: "/transactions/:id", back: `/transactions/${id}` });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request, params.id!);
  const payment = await getPayment(api, params.id!);
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

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  const id = params.id!;
  const amount = typeof form.get("amount") === "string" ? poundsToPence(form.get("amount") as string) : null;
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

export default function RefundPayment() {
  const { id, refundable, card, sandbox, key } = useLoaderData<typeof loader>();
  const [form, fields] = useFormResult<{ amount: string; reason: string; idempotency_key: string }>("save", {
    defaultValue: { amount: penceToPoundsText(refundable), reason: "", idempotency_key: key },
  });
  const sending = useNavigation().state === "submitting";
  return (
    <Drawer title="Refund payment" closeTo={`/transactions/${id}`}>
      <Form method="post" className="space-y-3" {...getFormProps(form)}>
        <FormAlert messages={form.errors} />
        <p className="text-sm text-slate-700">
          {`Up to ${formatPence(refundable)} can be refunded to the ${card}. The money goes back to the card; a refund cannot be undone.`}
          {sandbox ? " This is a sandbox payment: no money moves." : ""}
        </p>
        <input {...getInputProps(fields.idempotency_key, { type: "hidden" })} />
        <Field
          label="Amount to refund (£)"
          required
          inputMode="decimal"
          maxLength={20}
          help={`At most ${formatPence(refundable)}.`}
          errors={fields.amount.errors}
          {...getInputProps(fields.amount, { type: "text" })}
          id={fields.amount.id}
        />
        <Field label="Reason (optional)" maxLength={500} errors={fields.reason.errors} {...getInputProps(fields.reason, { type: "text" })} id={fields.reason.id} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Link to={`/transactions/${id}`} className="btn-secondary" preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className="btn bg-red-600 text-white hover:bg-red-700" disabled={sending}>
            {sending ? "Refunding…" : "Refund"}
          </button>
        </div>
      </Form>
    </Drawer>
  );
}

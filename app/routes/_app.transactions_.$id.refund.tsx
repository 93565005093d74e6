import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { formatPence } from "#common/money";
import { penceToPoundsText } from "#common/payments";
import { Drawer } from "../components/drawer";
import { Field, FormAlert } from "../components/form/field";
import { Form } from "../components/form/form";
import { useFormResult } from "../components/form/form-result";
import { refundAction, refundFormData } from "../services/payment-forms.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => refundFormData(request, params.id!);

export const action = ({ request, params }: ActionFunctionArgs) => refundAction(request, params.id!);

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
        <Field
          label="Reason (optional)"
          maxLength={500}
          errors={fields.reason.errors}
          {...getInputProps(fields.reason, { type: "text" })}
          id={fields.reason.id}
        />
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

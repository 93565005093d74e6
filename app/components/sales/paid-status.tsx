import { formatDate } from "#common/format";
import type { DocumentPageData } from "#app/services/sales-detail.server";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { formReading, useFormAnswer } from "../form/form-answer";
import { PAYMENT_METHOD_OPTIONS } from "./document-options";

/** An invoice's paid status: paid on a date by a method, or back to unpaid. */
export function PaidStatus({ data }: { data: DocumentPageData }) {
  const { doc, allowed, canManage, today } = data;
  const answer = useFormAnswer("paid");
  const reading = formReading(answer?.form.result);
  if (doc.status === "paid") {
    return (
      <section aria-label="Paid status" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-base font-semibold">Paid</h2>
        <p className="mt-1 text-sm" data-paid>
          {`Paid on ${doc.paid_on ? formatDate(doc.paid_on) : "—"} by ${PAYMENT_METHOD_OPTIONS.find((m) => m.value === doc.payment_method)?.label ?? doc.payment_method ?? "—"}.`}
        </p>
        <FormAlert messages={reading.top} />
        {canManage && allowed.unpaid ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="paid" />
            <input type="hidden" name="paid" value="false" />
            <button type="submit" className="btn-secondary">
              Mark as unpaid
            </button>
          </Form>
        ) : null}
      </section>
    );
  }
  if (!canManage || !allowed.paid) return null;
  return (
    <section aria-label="Paid status" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold">Record the payment</h2>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-3" aria-label="Mark as paid">
        <input type="hidden" name="intent" value="paid" />
        <input type="hidden" name="paid" value="true" />
        <div className="w-full">
          <FormAlert messages={reading.top} />
        </div>
        <div>
          <label htmlFor="paid-on" className="field-label">
            Paid on
          </label>
          <input id="paid-on" name="paid_on" type="date" max={today} defaultValue={reading.value("paid_on", today)} className="field-input" />
          <p className="field-error">{reading.err("paid_on")?.join(" ")}</p>
        </div>
        <div>
          <label htmlFor="payment-method" className="field-label">
            Method
          </label>
          <select id="payment-method" name="payment_method" defaultValue={reading.value("payment_method", "")} className="field-input">
            <option value="">Choose…</option>
            {PAYMENT_METHOD_OPTIONS.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
          <p className="field-error">{reading.err("payment_method")?.join(" ")}</p>
        </div>
        <div className="pb-5">
          <button type="submit" className="btn-primary">
            Mark as paid
          </button>
        </div>
      </Form>
    </section>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatPence } from "#common/money";
import { MAX_QUANTITY, TERMINAL_MESSAGES } from "#common/terminal-orders";
import { Field, FormAlert } from "../components/form/field";
import { Form } from "../components/form/form";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { Alert } from "../components/ui/alert";
import { TerminalSandboxNote } from "../components/terminals/badges";
import { pageTitle } from "../lib/variant";
import type { FieldErrors, OrderStep, OrderValues } from "../services/terminal-order-forms.server";
import { newOrderData, orderAction } from "../services/terminal-order-forms.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Order hardware", matches);

export const loader = ({ request }: LoaderFunctionArgs) => newOrderData(request);

export const action = ({ request }: ActionFunctionArgs) => orderAction(request);

const DETAIL_FIELDS = ["shipping_method", "name", "company", "email", "phone", "line1", "line2", "city", "state", "postal_code"] as const;

const TEST_CARDS: [string, string][] = [
  ["4242 4242 4242 4242", "Succeeds"],
  ["4000 0000 0000 0002", "Declined"],
  ["4000 0000 0000 9995", "Declined: insufficient funds"],
];

/** The details step's values carried to the pay step as hidden fields. */
function Hidden({ values }: { values: OrderValues }) {
  return (
    <>
      {DETAIL_FIELDS.map((f) => (
        <input key={f} type="hidden" name={f} value={values[f]} />
      ))}
      {Object.entries(values.qty).map(([sku, q]) => (
        <input key={sku} type="hidden" name={`qty_${sku}`} value={q} />
      ))}
    </>
  );
}

function Steps({ current }: { current: 1 | 2 }) {
  const steps = ["Hardware and address", "Preview and pay", "Confirmation"];
  return (
    <ol className="mb-6 flex flex-wrap gap-4 text-sm" aria-label="Steps">
      {steps.map((s, i) => (
        <li key={s} aria-current={i + 1 === current ? "step" : undefined} className={i + 1 === current ? "font-semibold text-brand" : "text-slate-500"}>
          {`${i + 1}. ${s}`}
        </li>
      ))}
    </ol>
  );
}

export default function NewTerminalOrder() {
  const { skus, methods, sandbox, connectStatus, cancelled } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as OrderStep | undefined;
  const frame = useFrame();
  const sending = useNavigation().state === "submitting";
  const step = answer ?? ({ step: "details", values: null, errors: {}, formError: null } as const);
  const values = step.values;
  const errors: FieldErrors = step.errors;
  const v = (name: (typeof DETAIL_FIELDS)[number]) => values?.[name] ?? "";
  const err = (name: string) => errors[name];

  return (
    <>
      <PageHeader companyName={frame.company.name} title="Order hardware" backTo="/terminal-orders" />
      {sandbox ? (
        <TerminalSandboxNote>
          Sandbox: test mode. Orders go to the card-terminal sandbox: nothing is shipped and the sandbox's payment page takes test cards only (no money moves).
        </TerminalSandboxNote>
      ) : null}
      {step.step === "details" ? (
        <Form method="post" className="max-w-3xl space-y-6" noValidate>
          <Steps current={1} />
          <FormAlert messages={step.formError ? [step.formError] : undefined} />
          {cancelled && !answer ? (
            <Alert tone="info" role="status">
              {TERMINAL_MESSAGES.checkoutUnpaid}
            </Alert>
          ) : null}
          <section aria-labelledby="catalogue" className="rounded-lg bg-white p-5 shadow-sm">
            <h2 id="catalogue" className="mb-1 text-lg font-semibold">
              Hardware
            </h2>
            <p className="mb-3 text-sm text-slate-600">{`Prices before VAT. Up to ${MAX_QUANTITY} of each device. Connect: ${connectStatus}.`}</p>
            {err("items") ? (
              <p className="field-error mb-2" id="items-error" role="alert">
                {err("items")!.join(" ")}
              </p>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {skus.map((s) => (
                <div key={s.id} className="rounded-md border border-slate-200 p-3">
                  <p className="font-medium">{s.name}</p>
                  <p className="mb-2 text-sm text-slate-600">{`${formatPence(s.unit_amount_pence)} each`}</p>
                  <Field
                    id={`qty_${s.id}`}
                    name={`qty_${s.id}`}
                    label={`Quantity of ${s.name}`}
                    inputMode="numeric"
                    maxLength={6}
                    defaultValue={values?.qty[s.id] ?? ""}
                    errors={err(`qty_${s.id}`)}
                  />
                </div>
              ))}
            </div>
          </section>
          <section aria-labelledby="shipping-method" className="rounded-lg bg-white p-5 shadow-sm">
            <h2 id="shipping-method" className="mb-3 text-lg font-semibold">
              Shipping method
            </h2>
            <fieldset aria-describedby={err("shipping_method") ? "shipping_method-error" : undefined}>
              <legend className="sr-only">Shipping method</legend>
              {methods.map((m, i) => (
                <label key={m.id} className="flex items-center gap-2 py-1 text-sm">
                  <input type="radio" name="shipping_method" value={m.id} defaultChecked={values ? values.shipping_method === m.id : i === 0} />
                  {`${m.name}${m.description ? ` (${m.description})` : ""}: ${formatPence(m.amount_pence)}`}
                </label>
              ))}
            </fieldset>
            <p id="shipping_method-error" className="field-error">
              {err("shipping_method")?.join(" ")}
            </p>
          </section>
          <section aria-labelledby="address" className="rounded-lg bg-white p-5 shadow-sm">
            <h2 id="address" className="mb-3 text-lg font-semibold">
              Shipping address
            </h2>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Field id="name" name="name" label="Name" required maxLength={200} autoComplete="name" defaultValue={v("name")} errors={err("name")} />
              <Field
                id="company"
                name="company"
                label="Company"
                maxLength={200}
                autoComplete="organization"
                defaultValue={v("company")}
                errors={err("company")}
              />
              <Field
                id="email"
                name="email"
                label="Email"
                required
                type="email"
                maxLength={254}
                autoComplete="email"
                defaultValue={v("email")}
                errors={err("email")}
              />
              <Field
                id="phone"
                name="phone"
                label="Phone"
                required
                type="tel"
                maxLength={20}
                autoComplete="tel"
                defaultValue={v("phone")}
                errors={err("phone")}
              />
              <Field
                id="line1"
                name="line1"
                label="Address line 1"
                required
                maxLength={200}
                autoComplete="address-line1"
                defaultValue={v("line1")}
                errors={err("line1")}
              />
              <Field
                id="line2"
                name="line2"
                label="Address line 2"
                maxLength={200}
                autoComplete="address-line2"
                defaultValue={v("line2")}
                errors={err("line2")}
              />
              <Field
                id="city"
                name="city"
                label="Town or city"
                required
                maxLength={100}
                autoComplete="address-level2"
                defaultValue={v("city")}
                errors={err("city")}
              />
              <Field id="state" name="state" label="County" maxLength={100} autoComplete="address-level1" defaultValue={v("state")} errors={err("state")} />
              <Field
                id="postal_code"
                name="postal_code"
                label="Postcode"
                required
                maxLength={10}
                autoComplete="postal-code"
                defaultValue={v("postal_code")}
                errors={err("postal_code")}
              />
              <div>
                <p className="field-label">Country</p>
                <p className="py-2 text-sm">United Kingdom (GB): hardware ships to the UK only.</p>
              </div>
            </div>
          </section>
          <div className="flex justify-end gap-2">
            <Link to="/terminal-orders" className="btn-secondary">
              Cancel
            </Link>
            <button type="submit" name="intent" value="preview" className="btn-primary" disabled={sending}>
              Preview order
            </button>
          </div>
        </Form>
      ) : (
        <div className="max-w-3xl space-y-6">
          <Steps current={2} />
          <section aria-labelledby="preview" className="rounded-lg bg-white p-5 shadow-sm">
            <h2 id="preview" className="mb-3 text-lg font-semibold">
              Your order
            </h2>
            <table className="w-full text-sm">
              <caption className="sr-only">Your order</caption>
              <thead>
                <tr className="text-left text-slate-500">
                  <th className="py-1">Device</th>
                  <th className="py-1 text-right">Quantity</th>
                  <th className="py-1 text-right">Unit price</th>
                  <th className="py-1 text-right">Amount</th>
                </tr>
              </thead>
              <tbody>
                {step.preview.items.map((i) => (
                  <tr key={i.terminal_hardware_sku} className="border-t border-slate-100">
                    <td className="py-1">{i.name}</td>
                    <td className="py-1 text-right">{i.quantity}</td>
                    <td className="py-1 text-right">{formatPence(i.unit_amount_pence)}</td>
                    <td className="py-1 text-right">{formatPence(i.amount_pence)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="mt-3 grid grid-cols-2 gap-y-1 text-sm" aria-label="Totals">
              <dt className="text-slate-500">Subtotal</dt>
              <dd className="text-right">{formatPence(step.preview.subtotal_pence)}</dd>
              <dt className="text-slate-500">{`Shipping: ${step.preview.shipping_method_name}`}</dt>
              <dd className="text-right">{formatPence(step.preview.shipping_pence)}</dd>
              <dt className="text-slate-500">VAT (20%)</dt>
              <dd className="text-right">{formatPence(step.preview.tax_pence)}</dd>
              <dt className="font-semibold">Total to pay</dt>
              <dd className="text-right font-semibold" data-total>
                {formatPence(step.preview.total_pence)}
              </dd>
            </dl>
            <p className="mt-3 text-sm text-slate-600">
              {`Ship to ${[step.values.name, step.values.company, step.values.line1, step.values.line2, step.values.city, step.values.state, step.values.postal_code].filter(Boolean).join(", ")}, United Kingdom.`}
            </p>
            <Form method="post" className="mt-3">
              <Hidden values={step.values} />
              <button type="submit" name="intent" value="change" className="btn-secondary">
                Change order
              </button>
            </Form>
          </section>
          <section aria-labelledby="pay" className="rounded-lg bg-white p-5 shadow-sm">
            <h2 id="pay" className="mb-3 text-lg font-semibold">
              Pay by card
            </h2>
            <p className="mb-3 text-sm text-slate-600">
              {sandbox
                ? "Pay takes you to the sandbox's payment page (it stands in for Stripe's), then back here to the confirmation."
                : "Pay takes you to Stripe's secure payment page, then back here to the confirmation."}
            </p>
            {sandbox ? (
              <div className="mb-3 rounded-md border border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <p>Sandbox payment page: use a test card with any future expiry date and any 3-digit security code.</p>
                <ul className="mt-1">
                  {TEST_CARDS.map(([n, note]) => (
                    <li key={n}>
                      <code>{n}</code> {note}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <Form method="post" noValidate>
              <Hidden values={step.values} />
              <input type="hidden" name="amount" value={step.preview.total_pence} />
              <input type="hidden" name="idempotency_key" value={step.key} />
              <FormAlert messages={step.formError ? [step.formError] : undefined} />
              <div className="mt-4 flex justify-end">
                <button type="submit" name="intent" value="pay" className="btn-primary" disabled={sending}>
                  {`Pay ${formatPence(step.preview.total_pence)}${sandbox ? " (sandbox)" : ""}`}
                </button>
              </div>
            </Form>
          </section>
        </div>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

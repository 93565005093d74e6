import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { formatPence } from "#common/money";
import { TERMINAL_MESSAGES, TERMINAL_UNLOCK_MINUTES } from "#contract/terminal-constants";
import { Field, FormAlert, PasswordField } from "../components/form/field";
import { Form } from "../components/form/form";
import { useFormResult } from "../components/form/form-result";
import { SelectField } from "../components/form/select-field";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { ReaderSelect } from "../components/terminal-app/forms";
import { TerminalTabs } from "../components/terminal-app/terminal-tabs";
import { useHydrated } from "../lib/use-hydrated";
import { pageTitle } from "../lib/variant";
import { requirePermission } from "../services/auth.server";
import { dispatchIntent, refuseForm, submitForm } from "../services/form-action.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";
import {
  newFormKey,
  payableInvoices,
  payFormSchema,
  payReaders,
  pinStatus,
  readerFinders,
  readerOption,
  startPayment,
  unlockCookie,
  unlockOf,
  unlockReaderScreen,
} from "../services/terminal-app.server";
import { ApiValidationError } from "../services/api.server";
import { useFrame } from "./_app";

// The terminal-reader island: its chunk (and Stripe's SDK, against Stripe) is fetched only on this page.
const ReaderIsland = lazy(() => import("../components/terminal-app/reader-island"));

const guard = (request: Request) => requirePermission(request, ["terminal_request", "terminal_manage"], { route: "/terminal-app", back: "/terminal-app" });

export const meta: MetaFunction = ({ matches }) => pageTitle("Take a payment", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  const unlocked = Boolean(await unlockOf(request));
  if (!unlocked) return { pin: await pinStatus(api), unlocked, readers: [], more: false, invoices: [], key: "", reader: null };
  const wanted = Number(new URL(request.url).searchParams.get("reader"));
  const [pin, { readers, more }, invoices] = await Promise.all([
    pinStatus(api),
    payReaders(api, Number.isSafeInteger(wanted) ? wanted : 0),
    payableInvoices(api),
  ]);
  return {
    pin,
    unlocked,
    more,
    readers: readers.map((r) => ({
      id: r.id,
      label: readerOption(r).label,
      simulated: r.simulated,
      provider_reader_id: r.provider_reader_id,
    })),
    invoices: invoices.map((i) => ({ id: i.id, label: `${i.number ?? `Invoice ${i.id}`}${i.client ? ` — ${i.client}` : ""} — ${formatPence(i.total_pence)}` })),
    key: newFormKey(),
    reader: readers.some((r) => r.id === wanted) ? wanted : null,
  };
}

async function unlock(request: Request, form: FormData) {
  const { api } = await guard(request);
  const pin = String(form.get("pin") ?? "").trim();
  if (!pin) return refuseForm("unlock", form, { fieldErrors: { pin: [TERMINAL_MESSAGES.pin] } }, { hideFields: ["pin"] });
  try {
    const { unlock_token } = await unlockReaderScreen(api, pin);
    // Back to the page as it was asked for (a chosen reader kept).
    return redirectWithToast(
      request,
      `/terminal-app/pay${new URL(request.url).search}`,
      { kind: "success", message: "Reader screen unlocked." },
      {
        headers: { "Set-Cookie": await unlockCookie.serialize(unlock_token) },
      },
    );
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return refuseForm("unlock", form, { fieldErrors: { pin: error.body.errors?.pin ?? [error.body.message] } }, { hideFields: ["pin"] });
  }
}

async function lock(request: Request) {
  return redirectWithToast(
    request,
    "/terminal-app/pay",
    { kind: "info", message: "Reader screen locked." },
    {
      headers: { "Set-Cookie": await unlockCookie.serialize("", { maxAge: 0 }) },
    },
  );
}

async function pay(request: Request, form: FormData) {
  if (!(await unlockOf(request))) return redirectWithToast(request, "/terminal-app/pay", { kind: "error", message: TERMINAL_MESSAGES.locked });
  return submitForm(request, {
    intent: "pay",
    form,
    guard: () => guard(request),
    schema: payFormSchema,
    failure: "The payment could not be started.",
    fieldErrors: (refused) => {
      const e = refused.body.errors ?? {};
      return { ...e, amount: e.amount_pence ?? [] };
    },
    finders: readerFinders,
    send: async (value, { api }) =>
      startPayment(api, {
        reader_id: value.reader_id,
        ...(value.invoice_id ? { invoice_id: value.invoice_id } : { amount_pence: value.amount }),
        description: value.description,
        idempotency_key: value.idempotency_key,
        unlock_token: (await unlockOf(request)) ?? undefined,
      }),
    success: (p) => ({ to: `/terminal-app/pay/${p.id}`, message: "Payment sent to the reader." }),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await formOf(request);
  return dispatchIntent(form, { unlock: () => unlock(request, form), lock: () => lock(request), pay: () => pay(request, form) });
}

function PinForm() {
  const [form, fields] = useFormResult<{ pin: string }>("unlock");
  return (
    <Form method="post" className="max-w-sm space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="unlock" />
      <FormAlert messages={form.errors} />
      <PasswordField
        label="PIN"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        errors={fields.pin.errors}
        {...getInputProps(fields.pin, { type: "password" })}
      />
      <button type="submit" className="btn-primary">
        Unlock
      </button>
    </Form>
  );
}

function PayForm({
  readers,
  more,
  invoices,
  formKey,
  reader,
}: {
  readers: { id: number; label: string }[];
  /** More readers than the first 100: a name typed beside the select finds the others. */
  more: boolean;
  invoices: { id: number; label: string }[];
  formKey: string;
  reader: number | null;
}) {
  const [form, fields] = useFormResult<{ reader_id: string; amount: string; invoice_id: string; description: string; idempotency_key: string }>("pay", {
    defaultValue: { reader_id: reader ? String(reader) : readers.length === 1 ? String(readers[0].id) : "", idempotency_key: formKey },
  });
  return (
    <Form method="post" className="max-w-lg space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="pay" />
      <input {...getInputProps(fields.idempotency_key, { type: "hidden" })} />
      <FormAlert messages={form.errors} />
      <ReaderSelect
        id={fields.reader_id.id}
        readers={{ options: readers.map((r) => ({ value: String(r.id), label: r.label })), more }}
        current={fields.reader_id.initialValue ?? ""}
        errors={fields.reader_id.errors}
      />
      <Field
        label="Amount (£)"
        inputMode="decimal"
        maxLength={20}
        help="Or choose a sent invoice below."
        errors={fields.amount.errors}
        {...getInputProps(fields.amount, { type: "text" })}
      />
      <SelectField
        label="Invoice"
        placeholder="No invoice"
        options={invoices.map((i) => ({ value: String(i.id), label: i.label }))}
        errors={fields.invoice_id.errors}
        {...getSelectProps(fields.invoice_id)}
      />
      <Field label="Description (optional)" maxLength={200} errors={fields.description.errors} {...getInputProps(fields.description, { type: "text" })} />
      <button type="submit" className="btn-primary">
        Charge on reader
      </button>
    </Form>
  );
}

export default function TakePayment() {
  const { pin, unlocked, readers, more, invoices, key, reader } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const hydrated = useHydrated();
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Take a payment"
        info={pin.simulated ? "Sandbox: simulated readers and test cards, no money moves." : undefined}
      />
      <TerminalTabs />
      {!unlocked ? (
        <section aria-label="PIN" className="space-y-3">
          {!pin.pin_is_allowed ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">{TERMINAL_MESSAGES.pinNotAllowed}</p>
          ) : !pin.has_pin ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
              {TERMINAL_MESSAGES.pinNotSet}{" "}
              <Link to="/profile" className="underline">
                Open your profile
              </Link>
            </p>
          ) : (
            <>
              <p className="text-slate-700">{`Enter your PIN to unlock the reader screen for ${TERMINAL_UNLOCK_MINUTES} minutes.`}</p>
              <PinForm />
            </>
          )}
        </section>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-label="Payment form">
            {readers.length ? (
              <PayForm readers={readers} more={more} invoices={invoices} formKey={key} reader={reader} />
            ) : (
              <p className="text-slate-600">
                No readers yet.{" "}
                <Link to="/terminal-app/readers" className="underline">
                  Register one under Readers.
                </Link>
              </p>
            )}
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="lock" />
              <button type="submit" className="btn-secondary">
                Lock the reader screen
              </button>
            </Form>
          </section>
          {hydrated && readers.length ? (
            <Suspense fallback={<p className="text-slate-600">Loading the card reader…</p>}>
              <ReaderIsland readers={readers} invoices={invoices} provider={pin.provider} initialReader={reader} />
            </Suspense>
          ) : null}
        </div>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatPence } from "#common/money";
import { TERMINAL_TEST_CARDS } from "#contract/terminal-constants";
import { ReaderMachine, STEP_TEXT, type PaymentView, type ReaderDependencies, type ReaderInfo, type ReaderState } from "./reader-machine";
import { SandboxReaderDriver } from "./sandbox-reader";

const ENDPOINT = "/resources/terminal-app";

async function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const res = await fetch(ENDPOINT, { method: "POST", body, headers: { accept: "application/json" } });
  return (await res.json().catch(() => ({ ok: false, error: "The portal did not answer." }))) as { ok: boolean; error?: string; data?: PaymentView };
}

export interface ReaderIslandProps {
  readers: (ReaderInfo & { provider_reader_id: string })[];
  invoices: { id: number; label: string }[];
  provider: string;
  initialReader: number | null;
}

function dependencies(props: ReaderIslandProps): ReaderDependencies {
  const driver =
    props.provider === "stripe"
      ? {
          kind: "stripe" as const,
          // Stripe's SDK is fetched only here, on the first discovery.
          async discover() {
            const { createStripeReaderDriver } = await import("./stripe-reader");
            const ids = Object.fromEntries(props.readers.map((r) => [r.id, r.provider_reader_id]));
            const real = await createStripeReaderDriver(
              async () => {
                const answer = (await post({ intent: "token" })) as { data?: { secret: string } };
                return answer.data?.secret ?? "";
              },
              props.readers,
              ids,
            );
            Object.assign(driver, { connect: real.connect, disconnect: real.disconnect });
            return real.discover();
          },
          async connect() {},
          async disconnect() {},
        }
      : new SandboxReaderDriver(props.readers);
  return {
    driver,
    async start({ readerId, amount, invoiceId, key }) {
      const answer = await post({ intent: "start", reader_id: String(readerId), amount: amount ?? "", invoice_id: invoiceId ?? "", idempotency_key: key });
      return answer.ok && answer.data ? { ok: true, data: answer.data } : { ok: false, error: answer.error ?? "The payment could not be started." };
    },
    async status(id) {
      const answer = await post({ intent: "status", id: String(id) });
      return answer.ok ? (answer.data ?? null) : null;
    },
    cancel: (id) => post({ intent: "cancel", id: String(id) }),
    presentCard: (id, number) => post({ intent: "present", id: String(id), number }),
    newKey: () => crypto.randomUUID(),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (h) => window.clearTimeout(h as number),
  };
}

/**
 * The terminal-reader island (loaded only on the Take a payment page): discover and connect a reader, enter an
 * amount or pick a sent invoice, then each step of the payment; in the sandbox, "Present test card" plays the
 * customer's card on the simulated reader.
 */
export default function ReaderIsland(props: ReaderIslandProps) {
  const machine = useRef<ReaderMachine | null>(null);
  machine.current ??= new ReaderMachine(dependencies(props));
  const [state, setState] = useState<ReaderState>(machine.current.current);
  const [amount, setAmount] = useState("");
  const [invoice, setInvoice] = useState("");
  useEffect(() => {
    const m = machine.current!;
    const off = m.subscribe(setState);
    void m.discover().then(() => {
      const first = props.initialReader ?? m.current.readers[0]?.id;
      if (first) void m.connect(first);
    });
    return () => {
      off();
      m.destroy();
    };
  }, [props.initialReader]);
  const m = machine.current;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void m.pay(invoice ? { invoiceId: invoice } : { amount });
  };
  const p = state.payment;
  return (
    <section aria-label="Card reader" className="rounded-md border border-slate-200 bg-white p-4 shadow-sm" data-testid="reader-island">
      <h2 className="mb-2 text-lg font-semibold">Card reader</h2>
      <label className="mb-3 block text-sm">
        <span className="mb-1 block font-medium">Reader</span>
        <select className="field-input" value={state.reader?.id ?? ""} onChange={(e) => void m.connect(Number(e.target.value))} aria-label="Connected reader">
          {state.readers.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
              {r.simulated ? " (simulated)" : ""}
            </option>
          ))}
        </select>
      </label>
      <p role="status" aria-live="polite" className="mb-3 font-medium" data-step={state.step}>
        {state.step === "declined" && p?.failure ? `Declined: ${p.failure.message} (${p.failure.code})` : STEP_TEXT[state.step]}
        {p && state.step !== "declined" ? ` — ${formatPence(p.amount_pence)}` : ""}
      </p>
      {state.error ? <p className="mb-3 text-sm text-red-700">{state.error}</p> : null}
      {state.step === "ready" ? (
        <form onSubmit={submit} className="space-y-3">
          <label className="block text-sm">
            <span className="mb-1 block font-medium">Amount (£)</span>
            <input className="field-input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} disabled={Boolean(invoice)} />
          </label>
          <label className="block text-sm">
            <span className="mb-1 block font-medium">Or an invoice</span>
            <select className="field-input" value={invoice} onChange={(e) => setInvoice(e.target.value)}>
              <option value="">No invoice</option>
              {props.invoices.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-primary">
            Charge on reader
          </button>
        </form>
      ) : null}
      {state.step === "waiting" ? (
        <div className="space-y-3">
          {state.reader?.simulated ? (
            <div className="flex flex-wrap gap-2" aria-label="Present test card">
              {TERMINAL_TEST_CARDS.map((c) => (
                <button key={c.number} type="button" className="btn-secondary" onClick={() => void m.presentCard(c.number)}>
                  Present test card: {c.label}
                </button>
              ))}
            </div>
          ) : null}
          <button type="button" className="btn-secondary text-red-700" onClick={() => void m.cancel()}>
            Cancel payment
          </button>
        </div>
      ) : null}
      {m.finished ? (
        <div className="flex gap-2">
          {p?.payment_id ? (
            <a className="btn-secondary" href={`/transactions/${p.payment_id}`}>
              View in Customer transactions
            </a>
          ) : null}
          <button type="button" className="btn-primary" onClick={() => m.again()}>
            New payment
          </button>
        </div>
      ) : null}
    </section>
  );
}

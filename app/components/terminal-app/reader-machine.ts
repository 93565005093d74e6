/**
 * The terminal-reader island's state machine, apart from any page or SDK: the island gives it the portal's
 * terminal endpoints and a reader driver (Stripe's Terminal JS SDK, or the sandbox's simulated reader) and draws
 * what it says. Unit-tested in tests/unit/terminal-reader-machine.test.ts.
 *
 *   idle → discovering → ready (a reader connected) → starting → waiting (for the card; polled) → approved | declined
 *   | cancelled; a refusal or an outage → error (ready again with Try again).
 */

export type ReaderStep = "idle" | "discovering" | "ready" | "starting" | "waiting" | "approved" | "declined" | "cancelled" | "error";

export interface ReaderInfo {
  id: number;
  label: string;
  simulated: boolean;
}

export interface PaymentView {
  id: number;
  status: "starting" | "waiting" | "approved" | "declined" | "cancelled";
  amount_pence: number;
  failure: { code: string; message: string } | null;
  payment_id: number | null;
}

/** The reader hardware behind one small interface. */
export interface ReaderDriver {
  readonly kind: "sandbox" | "stripe";
  discover(): Promise<ReaderInfo[]>;
  connect(reader: ReaderInfo): Promise<void>;
  disconnect(): Promise<void>;
}

export interface ReaderDependencies {
  driver: ReaderDriver;
  start(input: { readerId: number; amount?: string; invoiceId?: string; key: string }): Promise<{ ok: true; data: PaymentView } | { ok: false; error: string }>;
  status(paymentId: number): Promise<PaymentView | null>;
  cancel(paymentId: number): Promise<{ ok: boolean; error?: string; data?: PaymentView }>;
  presentCard(paymentId: number, number: string): Promise<{ ok: boolean; error?: string; data?: PaymentView }>;
  newKey(): string;
  /** Timers (fake ones in tests). */
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export interface ReaderState {
  step: ReaderStep;
  readers: ReaderInfo[];
  reader: ReaderInfo | null;
  payment: PaymentView | null;
  error: string | null;
}

export const POLL_MS = 1500;
export const INITIAL: ReaderState = { step: "idle", readers: [], reader: null, payment: null, error: null };

export const STEP_TEXT: Record<ReaderStep, string> = {
  idle: "Not connected",
  discovering: "Looking for readers…",
  ready: "Reader connected: enter an amount or choose an invoice",
  starting: "Sending the payment to the reader…",
  waiting: "Waiting for the customer's card…",
  approved: "Approved",
  declined: "Declined",
  cancelled: "Cancelled",
  error: "Something went wrong",
};

const stepOf = (p: PaymentView): ReaderStep => (p.status === "starting" ? "starting" : p.status);

export class ReaderMachine {
  private state: ReaderState = INITIAL;
  private listeners = new Set<(s: ReaderState) => void>();
  private timer: unknown = null;
  private key: string;

  constructor(private readonly deps: ReaderDependencies) {
    this.key = deps.newKey();
  }

  get current() {
    return this.state;
  }

  subscribe(listener: (s: ReaderState) => void) {
    this.listeners.add(listener);
    listener(this.state);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private set(next: Partial<ReaderState>) {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l(this.state);
  }

  async discover() {
    this.set({ step: "discovering", error: null });
    try {
      const readers = await this.deps.driver.discover();
      this.set({ step: readers.length ? "idle" : "error", readers, error: readers.length ? null : "No readers found: register one under Readers." });
    } catch (error) {
      this.set({ step: "error", error: (error as Error).message || "The readers could not be listed." });
    }
  }

  async connect(readerId: number) {
    const reader = this.state.readers.find((r) => r.id === readerId);
    if (!reader) return;
    try {
      await this.deps.driver.connect(reader);
      this.set({ step: "ready", reader, payment: null, error: null });
    } catch (error) {
      this.set({ step: "error", error: (error as Error).message || "The reader could not be connected." });
    }
  }

  /** Starts a payment of an amount (pounds as typed) or an invoice on the connected reader. */
  async pay(input: { amount?: string; invoiceId?: string }) {
    if (!this.state.reader || (this.state.step !== "ready" && !this.finished)) return;
    this.set({ step: "starting", error: null, payment: null });
    const answer = await this.deps.start({ readerId: this.state.reader.id, ...input, key: this.key });
    if (!answer.ok) {
      // The same key again resumes the same payment (an outage): it is kept until a payment is made.
      this.set({ step: "error", error: answer.error });
      return;
    }
    this.key = this.deps.newKey();
    this.follow(answer.data);
  }

  private follow(payment: PaymentView) {
    this.set({ payment, step: stepOf(payment), error: null });
    this.stopPolling();
    if (payment.status === "waiting" || payment.status === "starting") {
      this.timer = this.deps.setTimer(() => void this.poll(), POLL_MS);
    }
  }

  async poll() {
    this.timer = null;
    const p = this.state.payment;
    if (!p) return;
    const now = await this.deps.status(p.id);
    if (now) this.follow(now);
    else this.timer = this.deps.setTimer(() => void this.poll(), POLL_MS);
  }

  async cancel() {
    const p = this.state.payment;
    if (!p || (p.status !== "waiting" && p.status !== "starting")) return;
    const answer = await this.deps.cancel(p.id);
    if (answer.data) this.follow(answer.data);
    else this.set({ error: answer.error ?? "The payment could not be cancelled." });
  }

  /** Sandbox: the customer's test card on the simulated reader. */
  async presentCard(number: string) {
    const p = this.state.payment;
    if (!p || p.status !== "waiting") return;
    const answer = await this.deps.presentCard(p.id, number);
    if (answer.data) this.follow(answer.data);
    else this.set({ error: answer.error ?? "The card could not be presented." });
  }

  /** After an answer (approved, declined, cancelled, error): ready for the next payment. */
  again() {
    this.stopPolling();
    this.set({ step: this.state.reader ? "ready" : "idle", payment: null, error: null });
  }

  get finished() {
    return ["approved", "declined", "cancelled", "error"].includes(this.state.step);
  }

  stopPolling() {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  destroy() {
    this.stopPolling();
    void this.deps.driver.disconnect();
    this.listeners.clear();
  }
}

import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { todayInLondon } from "#common/dates";
import type { Database, Tx } from "#api/db/client";
import { paymentSandboxIdempotency, paymentSandboxObjects } from "#api/db/schema";
import { isUniqueViolation } from "#api/lib/db-errors";
import { cardDigits, cardExpired, DECLINE_MESSAGES, luhnValid, testCardFor, type TestCard } from "./test-cards";
import {
  COMPLETED_CHECKOUTS_MAX,
  PaymentProviderUnavailable,
  PaymentRequestError,
  type CallOptions,
  type CreateCheckoutInput,
  type CreateIntentInput,
  type PaymentMethodInput,
  type ProviderCheckout,
  type PaymentsProvider,
  type ProviderIntent,
  type ProviderRefund,
} from "./types";

/** A session kept as JSON under its key comes back with its date as a string. */
const reviveCheckout = (c: ProviderCheckout): ProviderCheckout => ({ ...c, createdAt: new Date(c.createdAt) });

/** Stripe's test payment methods the sandbox knows, as the card each stands for. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_refundPending: "4000000000007726",
};

interface IntentData extends ProviderIntent {
  account: string;
  description: string;
  capture: "automatic" | "manual";
  refundBehaviour: TestCard["refund"];
  /** Refunds not failed, in pence. */
  refundedPence: number;
}

interface RefundData extends ProviderRefund {
  account: string;
  /** Where a pending refund goes when it moves on. */
  settlesTo: "succeeded" | "failed";
}

interface CheckoutData extends Omit<ProviderCheckout, "createdAt" | "intent"> {
  account: string;
  lines: CreateCheckoutInput["lines"];
  description: string;
  successUrl: string;
  cancelUrl: string;
  intentId: string | null;
  createdAtMs: number;
  expiresAtMs: number;
}

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString("base64url")}`;
const publicIntent = ({ id, status, amountPence, currency, card, paymentMethodId, failure }: IntentData): ProviderIntent => ({
  id,
  status,
  amountPence,
  currency,
  card,
  paymentMethodId: paymentMethodId ?? null,
  failure,
  test: true,
});
const publicRefund = ({ id, paymentIntentId, amountPence, status, failureReason }: RefundData): ProviderRefund => ({
  id,
  paymentIntentId,
  amountPence,
  status,
  failureReason,
});

/**
 * The payments sandbox: Stripe test mode's behaviour with nothing sent anywhere. Its payment intents and refunds
 * live in `payment_sandbox_objects`; each call's answer is kept under its idempotency key, so the same call again
 * answers the same object and the same key with other parameters is refused (as Stripe does). Test cards are those
 * of test-cards.ts: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (card_declined), 4000 0000 0000
 * 7726 succeeds and its refunds are pending until asked about again (then succeeded).
 */
export class SandboxPayments implements PaymentsProvider {
  readonly kind = "sandbox" as const;
  readonly label = "Sandbox (test mode: no money moved)";
  /** Test hook: the next calls fail as an outage would, before or after the sandbox acted. */
  private outage: { when: "before" | "after"; calls: number } | null = null;

  constructor(private readonly database: Database) {}

  simulateOutage(when: "before" | "after", calls = 1) {
    this.outage = { when, calls };
  }

  private outageNow(when: "before" | "after") {
    if (!this.outage || this.outage.when !== when || this.outage.calls <= 0) return;
    this.outage.calls -= 1;
    if (this.outage.calls === 0) this.outage = null;
    throw new PaymentProviderUnavailable("The payments sandbox did not answer (a simulated outage).");
  }

  /** Runs a call once per idempotency key: the same key and parameters answer the kept answer. */
  private async once<T>(operation: string, params: unknown, options: CallOptions, act: (tx: Tx, account: string) => Promise<T>): Promise<T> {
    this.outageNow("before");
    const account = options.account ?? "platform";
    const key = `${account}:${options.idempotencyKey}`;
    const fingerprint = createHash("sha256")
      .update(JSON.stringify([operation, params]))
      .digest("hex");
    const replay = async () => {
      const [kept] = await this.database.db.select().from(paymentSandboxIdempotency).where(eq(paymentSandboxIdempotency.key, key));
      if (!kept) return undefined;
      if (kept.fingerprint !== fingerprint) {
        throw new PaymentRequestError(
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          "idempotency_key_in_use",
        );
      }
      if (kept.failed) {
        const e = kept.response as { message: string; code: string };
        throw new PaymentRequestError(e.message, e.code);
      }
      return kept.response as T;
    };
    const first = await replay();
    if (first !== undefined) {
      this.outageNow("after");
      return first;
    }
    let answer: T;
    try {
      answer = await this.database.transaction(async (tx) => {
        try {
          const result = await act(tx, account);
          await tx.insert(paymentSandboxIdempotency).values({ key, fingerprint, response: result as object });
          return result;
        } catch (error) {
          if (!(error instanceof PaymentRequestError)) throw error;
          await tx.insert(paymentSandboxIdempotency).values({ key, fingerprint, response: { message: error.message, code: error.code }, failed: true });
          return { __refused: error } as T;
        }
      });
    } catch (error) {
      // The same key at the same moment: the first one's answer.
      if (!isUniqueViolation(error)) throw error;
      const kept = await replay();
      if (kept === undefined) throw error;
      answer = kept;
    }
    const refused = (answer as { __refused?: PaymentRequestError }).__refused;
    if (refused) throw refused;
    this.outageNow("after");
    return answer;
  }

  private async load<T>(tx: Tx | Database["db"], id: string, kind: "payment_intent" | "refund" | "checkout_session", account: string): Promise<T> {
    const [row] = await tx.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.id, id)).for("update");
    const data = row?.data as (T & { account: string }) | undefined;
    if (!row || row.kind !== kind || data!.account !== account) {
      const name = { refund: "refund", payment_intent: "payment_intent", checkout_session: "checkout.session" }[kind];
      throw new PaymentRequestError(`No such ${name}: '${id}'`, "resource_missing");
    }
    return data as T;
  }

  private async save(tx: Tx | Database["db"], id: string, data: IntentData | RefundData | CheckoutData) {
    await tx.update(paymentSandboxObjects).set({ data, updatedAt: new Date() }).where(eq(paymentSandboxObjects.id, id));
  }

  createPayment(input: CreateIntentInput, options: CallOptions): Promise<ProviderIntent> {
    const method = input.paymentMethod;
    // The card number is never kept: the fingerprint of the call holds its hash only.
    const params = {
      ...input,
      paymentMethod: method.type === "card" ? { ...method, number: createHash("sha256").update(method.number).digest("hex") } : method,
    };
    return this.once("createPayment", params, options, async (tx, account) => {
      if (!Number.isInteger(input.amountPence) || input.amountPence < 30) {
        throw new PaymentRequestError("Amount must be at least £0.30 gbp", "amount_too_small");
      }
      let digits: string | null;
      if (method.type === "card") digits = cardDigits(method.number);
      else if (method.type === "payment_method") {
        digits = TEST_PAYMENT_METHODS[method.id] ?? null;
        if (!digits) throw new PaymentRequestError(`No such PaymentMethod: '${method.id}'`, "resource_missing");
      } else {
        throw new PaymentRequestError("Card readers are not connected to the sandbox yet.", "payment_method_unavailable");
      }
      const card = digits ? testCardFor(digits) : null;
      let failure: ProviderIntent["failure"] = null;
      if (!digits || !luhnValid(digits)) failure = { code: "incorrect_number", message: "Your card number is incorrect." };
      else if (method.type === "card" && cardExpired(method.expMonth, method.expYear, todayInLondon())) {
        failure = { code: "expired_card", declineCode: "expired_card", message: "Your card has expired." };
      } else if (card && card.outcome !== "succeeds") failure = DECLINE_MESSAGES[card.outcome];
      const data: IntentData = {
        id: newId("pi"),
        account,
        description: input.description,
        capture: input.capture,
        status: failure ? "requires_payment_method" : input.capture === "manual" ? "requires_capture" : "succeeded",
        amountPence: input.amountPence,
        currency: input.currency,
        card: digits && card ? { brand: card.brand, last4: digits.slice(-4) } : null,
        // Typed card details become a payment method of their own, as Stripe's hosted pages make one.
        paymentMethodId: method.type === "payment_method" ? method.id : newId("pm"),
        failure,
        test: true,
        refundBehaviour: card?.refund ?? "succeeds",
        refundedPence: 0,
      };
      await tx.insert(paymentSandboxObjects).values({ id: data.id, kind: "payment_intent", data });
      return publicIntent(data);
    });
  }

  cancelPayment(intentId: string, options: CallOptions): Promise<ProviderIntent> {
    return this.once("cancelPayment", { intentId }, options, async (tx, account) => {
      const intent = await this.load<IntentData>(tx, intentId, "payment_intent", account);
      if (intent.status === "succeeded" || intent.status === "canceled") {
        throw new PaymentRequestError(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, "payment_intent_unexpected_state");
      }
      const next: IntentData = { ...intent, status: "canceled" };
      await this.save(tx, intentId, next);
      return publicIntent(next);
    });
  }

  createRefund(input: { paymentIntentId: string; amountPence: number; reason?: string }, options: CallOptions): Promise<ProviderRefund> {
    return this.once("createRefund", input, options, async (tx, account) => {
      const intent = await this.load<IntentData>(tx, input.paymentIntentId, "payment_intent", account);
      if (intent.status !== "succeeded") {
        throw new PaymentRequestError(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, "charge_not_refundable");
      }
      const left = intent.amountPence - intent.refundedPence;
      if (!Number.isInteger(input.amountPence) || input.amountPence < 1 || input.amountPence > left) {
        throw new PaymentRequestError(
          `Refund amount (£${(input.amountPence / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
          "amount_too_large",
        );
      }
      const pending = intent.refundBehaviour !== "succeeds";
      const refund: RefundData = {
        id: newId("re"),
        account,
        paymentIntentId: intent.id,
        amountPence: input.amountPence,
        status: pending ? "pending" : "succeeded",
        failureReason: null,
        settlesTo: intent.refundBehaviour === "fails" ? "failed" : "succeeded",
      };
      await tx.insert(paymentSandboxObjects).values({ id: refund.id, kind: "refund", data: refund });
      await this.save(tx, intent.id, { ...intent, refundedPence: intent.refundedPence + input.amountPence });
      return publicRefund(refund);
    });
  }

  /** A pending refund moves on when it is next asked about: to succeeded, or (its test card says so) failed. */
  async retrieveRefund(refundId: string, options: { account?: string } = {}): Promise<ProviderRefund> {
    this.outageNow("before");
    return this.database.transaction(async (tx) => {
      const refund = await this.load<RefundData>(tx, refundId, "refund", options.account ?? "platform");
      if (refund.status !== "pending") return publicRefund(refund);
      const next: RefundData = { ...refund, status: refund.settlesTo, failureReason: refund.settlesTo === "failed" ? "expired_or_canceled_card" : null };
      await this.save(tx, refundId, next);
      if (next.status === "failed") {
        const intent = await this.load<IntentData>(tx, refund.paymentIntentId, "payment_intent", refund.account);
        await this.save(tx, intent.id, { ...intent, refundedPence: intent.refundedPence - refund.amountPence });
      }
      return publicRefund(next);
    });
  }

  // ---------------------------------------------------------------------------------------------- hosted checkout

  /** The session as the interface shows it: an open session past its expiry is expired; its payment once paid. */
  private async publicCheckout(db: Tx | Database["db"], c: CheckoutData): Promise<ProviderCheckout> {
    const status = c.status === "open" && Date.now() >= c.expiresAtMs ? "expired" : c.status;
    const intent = c.intentId ? publicIntent(await this.load<IntentData>(db, c.intentId, "payment_intent", c.account)) : null;
    return {
      id: c.id,
      url: status === "open" ? c.url : null,
      status,
      paid: c.paid,
      amountPence: c.amountPence,
      intent,
      metadata: c.metadata,
      createdAt: new Date(c.createdAtMs),
      test: true,
    };
  }

  createCheckout(input: CreateCheckoutInput, options: CallOptions): Promise<ProviderCheckout> {
    const params = { ...input, expiresAt: input.expiresAt.toISOString() };
    return this.once("createCheckout", params, options, async (tx, account) => {
      const sum = input.lines.reduce((total, l) => total + l.unitAmountPence * l.quantity, 0);
      if (!Number.isInteger(input.amountPence) || input.amountPence < 30)
        throw new PaymentRequestError("Amount must be at least £0.30 gbp", "amount_too_small");
      if (sum !== input.amountPence) throw new PaymentRequestError("The line items do not add up to the amount.", "parameter_invalid_integer");
      const id = newId("cs");
      const data: CheckoutData = {
        id,
        account,
        url: `/payments-sandbox/checkout/${id}`,
        status: "open",
        paid: false,
        amountPence: input.amountPence,
        metadata: input.metadata,
        test: true,
        lines: input.lines,
        description: input.description,
        successUrl: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancelUrl: input.cancelUrl,
        intentId: null,
        createdAtMs: Date.now(),
        expiresAtMs: input.expiresAt.getTime(),
      };
      await tx.insert(paymentSandboxObjects).values({ id, kind: "checkout_session", data });
      return this.publicCheckout(tx, data);
    }).then(reviveCheckout);
  }

  async retrieveCheckout(id: string, options: { account?: string } = {}): Promise<ProviderCheckout> {
    this.outageNow("before");
    return this.publicCheckout(this.database.db, await this.load<CheckoutData>(this.database.db, id, "checkout_session", options.account ?? "platform"));
  }

  expireCheckout(id: string, options: CallOptions): Promise<ProviderCheckout> {
    return this.once("expireCheckout", { id }, options, async (tx, account) => {
      const c = await this.load<CheckoutData>(tx, id, "checkout_session", account);
      if (c.status !== "open") {
        throw new PaymentRequestError(
          `Only Checkout Sessions with a status of open can be expired; this one is ${c.status}.`,
          "checkout_session_unexpected_state",
        );
      }
      const next: CheckoutData = { ...c, status: "expired" };
      await this.save(tx, id, next);
      return this.publicCheckout(tx, next);
    }).then(reviveCheckout);
  }

  async listCompletedCheckouts(since: Date, options: { account?: string; limit?: number } = {}): Promise<ProviderCheckout[]> {
    this.outageNow("before");
    const account = options.account ?? "platform";
    const rows = await this.database.db
      .select()
      .from(paymentSandboxObjects)
      .where(
        and(
          eq(paymentSandboxObjects.kind, "checkout_session"),
          gte(paymentSandboxObjects.createdAt, since),
          // Filtered before the limit, as Stripe's list filters by status.
          sql`${paymentSandboxObjects.data}->>'status' = 'complete'`,
          sql`${paymentSandboxObjects.data}->>'account' = ${account}`,
        ),
      )
      .orderBy(desc(paymentSandboxObjects.createdAt))
      .limit(options.limit ?? COMPLETED_CHECKOUTS_MAX);
    return Promise.all(rows.map((r) => this.publicCheckout(this.database.db, r.data as CheckoutData)));
  }

  /**
   * The hosted page's view of a session: its lines and where its buttons go; null when unknown. (The sandbox's page
   * stands in for Stripe's: the real provider's sessions are never shown here.)
   */
  async openCheckout(id: string): Promise<(ProviderCheckout & Pick<CheckoutData, "lines" | "description" | "successUrl" | "cancelUrl">) | null> {
    if (!/^cs_sbx_[\w-]{16}$/.test(id)) return null;
    const [row] = await this.database.db.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.id, id));
    if (!row || row.kind !== "checkout_session") return null;
    const c = row.data as CheckoutData;
    return {
      ...(await this.publicCheckout(this.database.db, c)),
      lines: c.lines,
      description: c.description,
      successUrl: c.successUrl,
      cancelUrl: c.cancelUrl,
    };
  }

  /**
   * The hosted page's card form sent: the card is charged once per session and card (the same card sent twice
   * replays its answer; another card after a decline is a new attempt). Paid: the session is complete. A declined
   * card leaves it open, its intent's failure says why. A session no longer open takes no payment.
   */
  async payCheckout(id: string, method: Extract<PaymentMethodInput, { type: "card" }>): Promise<ProviderCheckout> {
    const c = await this.load<CheckoutData>(this.database.db, id, "checkout_session", (await this.checkoutAccount(id)) ?? "platform");
    const now = await this.publicCheckout(this.database.db, c);
    if (now.status !== "open") return now;
    const card = createHash("sha256")
      .update(`${cardDigits(method.number)}|${method.expMonth}|${method.expYear}`)
      .digest("hex")
      .slice(0, 24);
    const intent = await this.createPayment(
      { amountPence: c.amountPence, currency: "gbp", description: c.description, paymentMethod: method, capture: "automatic", metadata: c.metadata },
      { idempotencyKey: `checkout-${id}-${card}`, account: c.account === "platform" ? undefined : c.account },
    );
    if (intent.status !== "succeeded") return { ...now, intent };
    const done = await this.database.transaction(async (tx) => {
      const locked = await this.load<CheckoutData>(tx, id, "checkout_session", c.account);
      if (locked.status === "complete") return { session: locked, duplicate: locked.intentId !== intent.id };
      const next: CheckoutData = { ...locked, status: "complete", paid: true, intentId: intent.id };
      await this.save(tx, id, next);
      return { session: next, duplicate: false };
    });
    // Two cards paid at once on the same session: the first completed it; the other is given back.
    if (done.duplicate) {
      await this.createRefund(
        { paymentIntentId: intent.id, amountPence: intent.amountPence, reason: "duplicate" },
        { idempotencyKey: `checkout-duplicate-${intent.id}`, account: c.account === "platform" ? undefined : c.account },
      );
    }
    return this.publicCheckout(this.database.db, done.session);
  }

  private async checkoutAccount(id: string) {
    const [row] = await this.database.db.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.id, id));
    return (row?.data as CheckoutData | undefined)?.account;
  }
}

import type Stripe from "stripe";
import { onFirstUse } from "#api/lib/on-first-use";
import {
  COMPLETED_CHECKOUTS_MAX,
  PaymentProviderUnavailable,
  PaymentRequestError,
  type CallOptions,
  type CreateCheckoutInput,
  type CreateIntentInput,
  type ProviderCheckout,
  type PaymentsProvider,
  type ProviderIntent,
  type ProviderRefund,
} from "./types";

type StripeIntent = Stripe.PaymentIntent;
type StripeRefund = Stripe.Refund;

function toIntent(pi: StripeIntent, fallbackFailure?: { code?: string; decline_code?: string; message?: string }): ProviderIntent {
  const charge = typeof pi.latest_charge === "object" && pi.latest_charge ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card ?? charge?.payment_method_details?.card_present ?? null;
  const error = pi.last_payment_error ?? fallbackFailure;
  return {
    id: pi.id,
    status: pi.status as ProviderIntent["status"],
    amountPence: pi.amount,
    currency: pi.currency,
    card: card ? { brand: card.brand ?? "card", last4: card.last4 ?? "" } : null,
    paymentMethodId: typeof pi.payment_method === "string" ? pi.payment_method : (pi.payment_method?.id ?? null),
    failure:
      error && pi.status === "requires_payment_method"
        ? { code: error.code ?? "card_declined", declineCode: error.decline_code ?? undefined, message: error.message ?? "Your card was declined." }
        : null,
    test: !pi.livemode,
  };
}

function toRefund(r: StripeRefund): ProviderRefund {
  const status = (r.status ?? "pending") as ProviderRefund["status"];
  return {
    id: r.id,
    paymentIntentId: typeof r.payment_intent === "string" ? r.payment_intent : (r.payment_intent?.id ?? ""),
    amountPence: r.amount,
    status,
    failureReason: r.failure_reason ?? null,
  };
}

function toCheckout(s: Stripe.Checkout.Session): ProviderCheckout {
  const pi = typeof s.payment_intent === "object" && s.payment_intent ? s.payment_intent : null;
  return {
    id: s.id,
    url: s.url ?? null,
    status: (s.status ?? "open") as ProviderCheckout["status"],
    paid: s.payment_status === "paid",
    amountPence: s.amount_total ?? 0,
    intent: pi ? toIntent(pi) : null,
    metadata: (s.metadata ?? {}) as Record<string, string>,
    createdAt: new Date(s.created * 1000),
    test: !s.livemode,
  };
}

/** The official `stripe` package, loaded when a Stripe adapter is first used (the sandbox is the default). */
export const stripeSdk = onFirstUse<typeof Stripe>("stripe");

/**
 * The code of Stripe's refusal: its `code`, else the error's type as Stripe's API names it (`idempotency_error`,
 * `invalid_request_error`), not the library's class name.
 */
export const refusalCode = (error: InstanceType<typeof Stripe.errors.StripeError>) => error.code ?? error.rawType ?? error.type;

/** Stripe's errors in the interface's words: a refusal (nothing happened) or an outage (retry with the same key). */
export function translate(error: unknown): never {
  const { errors } = stripeSdk();
  if (error instanceof errors.StripeConnectionError || error instanceof errors.StripeAPIError || error instanceof errors.StripeRateLimitError) {
    throw new PaymentProviderUnavailable(`Stripe did not answer: ${error.message}`);
  }
  if (error instanceof errors.StripeError) {
    throw new PaymentRequestError(error.message, refusalCode(error));
  }
  throw error;
}

export interface StripePaymentsOptions {
  /** The HTTP layer (tests give a fetch that answers as Stripe would; nothing reaches the network). */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
  /** Stripe's own retries (default 2; each with the same idempotency key). */
  maxNetworkRetries?: number;
}

/**
 * Card payments through Stripe, with the official `stripe` package. Card numbers never pass through the server:
 * a payment takes a payment method made in the browser by Stripe Elements (`pm_…`) or a Terminal reader.
 * Connected accounts (Stripe Connect) go as `Stripe-Account` on each call.
 */
export class StripePayments implements PaymentsProvider {
  readonly kind = "stripe" as const;
  readonly label = "Stripe";
  private readonly stripe: Stripe;

  constructor(secretKey: string, options: StripePaymentsOptions = {}) {
    this.stripe = new (stripeSdk())(secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 20_000,
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
      appInfo: { name: "business-portal" },
    });
  }

  private requestOptions(options: Partial<CallOptions>): Stripe.RequestOptions {
    return {
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      ...(options.account ? { stripeAccount: options.account } : {}),
    };
  }

  async createPayment(input: CreateIntentInput, options: CallOptions): Promise<ProviderIntent> {
    const method = input.paymentMethod;
    if (method.type === "card") {
      throw new PaymentRequestError("Card numbers are never sent to Stripe from the server: pay through Stripe Elements.", "raw_card_refused");
    }
    const base = {
      amount: input.amountPence,
      currency: input.currency,
      description: input.description,
      metadata: input.metadata ?? {},
      capture_method: input.capture,
    } as const;
    try {
      if (method.type === "card_present") {
        const pi = await this.stripe.paymentIntents.create(
          { ...base, allowed_payment_method_types: ["card_present"], capture_method: "manual" },
          this.requestOptions(options),
        );
        await this.stripe.terminal.readers.processPaymentIntent(
          method.readerId,
          { payment_intent: pi.id },
          this.requestOptions({ ...options, idempotencyKey: `${options.idempotencyKey}:reader` }),
        );
        return toIntent(pi);
      }
      const pi = await this.stripe.paymentIntents.create(
        {
          ...base,
          payment_method: method.id,
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          expand: ["latest_charge"],
        },
        this.requestOptions(options),
      );
      return toIntent(pi);
    } catch (error) {
      // A declined card: Stripe answers 402 with the intent, which stays to be recorded as a failed attempt.
      if (error instanceof stripeSdk().errors.StripeCardError && error.payment_intent) {
        return toIntent(error.payment_intent as StripeIntent, { code: error.code, decline_code: error.decline_code, message: error.message });
      }
      translate(error);
    }
  }

  async cancelPayment(intentId: string, options: CallOptions): Promise<ProviderIntent> {
    try {
      return toIntent(await this.stripe.paymentIntents.cancel(intentId, {}, this.requestOptions(options)));
    } catch (error) {
      translate(error);
    }
  }

  async createRefund(input: { paymentIntentId: string; amountPence: number; reason?: string }, options: CallOptions): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountPence,
          reason: "requested_by_customer",
          ...(input.reason ? { metadata: { note: input.reason.slice(0, 500) } } : {}),
        },
        this.requestOptions(options),
      );
      return toRefund(refund);
    } catch (error) {
      translate(error);
    }
  }

  async retrieveRefund(refundId: string, options: { account?: string } = {}): Promise<ProviderRefund> {
    try {
      return toRefund(await this.stripe.refunds.retrieve(refundId, {}, this.requestOptions(options)));
    } catch (error) {
      translate(error);
    }
  }

  /** Stripe Checkout: a session in payment mode, one line per order line with its price; the page is Stripe's. */
  async createCheckout(input: CreateCheckoutInput, options: CallOptions): Promise<ProviderCheckout> {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: input.currency,
          line_items: input.lines.map((l) => ({
            quantity: l.quantity,
            price_data: { currency: input.currency, unit_amount: l.unitAmountPence, product_data: { name: l.name } },
          })),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          ...(input.clientReferenceId ? { client_reference_id: input.clientReferenceId } : {}),
          metadata: input.metadata,
          payment_intent_data: { description: input.description, metadata: input.metadata },
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        },
        this.requestOptions(options),
      );
      return toCheckout(session);
    } catch (error) {
      translate(error);
    }
  }

  async retrieveCheckout(id: string, options: { account?: string } = {}): Promise<ProviderCheckout> {
    try {
      return toCheckout(await this.stripe.checkout.sessions.retrieve(id, { expand: ["payment_intent.latest_charge"] }, this.requestOptions(options)));
    } catch (error) {
      translate(error);
    }
  }

  async expireCheckout(id: string, options: CallOptions): Promise<ProviderCheckout> {
    try {
      return toCheckout(await this.stripe.checkout.sessions.expire(id, {}, this.requestOptions(options)));
    } catch (error) {
      translate(error);
    }
  }

  async listCompletedCheckouts(since: Date, options: { account?: string; limit?: number } = {}): Promise<ProviderCheckout[]> {
    try {
      // Every page of the answer (Stripe gives 100 a page at most), up to `limit` sessions.
      const sessions = await this.stripe.checkout.sessions
        .list(
          {
            status: "complete",
            created: { gte: Math.floor(since.getTime() / 1000) },
            limit: 100,
            expand: ["data.payment_intent.latest_charge"],
          },
          this.requestOptions(options),
        )
        .autoPagingToArray({ limit: options.limit ?? COMPLETED_CHECKOUTS_MAX });
      return sessions.map(toCheckout);
    } catch (error) {
      translate(error);
    }
  }
}

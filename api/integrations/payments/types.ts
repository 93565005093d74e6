/**
 * One interface for taking card payments. The sandbox (default) behaves like Stripe test mode and keeps its own
 * books in the database; the Stripe adapter is chosen by STRIPE_SECRET_KEY. Amounts are integer pence.
 *
 * Made to grow: a payment method is a tagged union (card details for the sandbox's card form, a provider's
 * payment-method id from Stripe Elements, a card reader for Stripe Terminal), and every call takes the
 * connected account it acts for (Stripe Connect's `Stripe-Account`), besides its idempotency key.
 */

export type PaymentMethodInput =
  /** Card details typed into the sandbox's card form (test cards only; never sent to a real provider). */
  | { type: "card"; number: string; expMonth: number; expYear: number; cvc: string; holder?: string }
  /** A payment method the provider made in the browser (Stripe Elements' `pm_…`). */
  | { type: "payment_method"; id: string }
  /** A card reader of Stripe Terminal: the payment is finished on the reader. */
  | { type: "card_present"; readerId: string };

export interface CallOptions {
  /** The same key and parameters again answer the first answer; other parameters with the key are refused. */
  idempotencyKey: string;
  /** Stripe Connect: the connected account the call is made for (none: the platform's own account). */
  account?: string;
}

/** A payment intent's state, in Stripe's words. */
export type IntentStatus =
  "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "canceled" | "succeeded";

export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  amountPence: number;
  currency: string;
  card: { brand: string; last4: string } | null;
  /** The payment method charged (Stripe's `pm_…`), when there was one (absent: not known). */
  paymentMethodId?: string | null;
  /** Why the last attempt failed (card_declined …), and its message. */
  failure: { code: string; declineCode?: string; message: string } | null;
  /** True when no money moved: sandbox or Stripe test mode. */
  test: boolean;
}

export type RefundState = "pending" | "succeeded" | "failed" | "canceled" | "requires_action";

export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  amountPence: number;
  status: RefundState;
  failureReason: string | null;
}

export interface CreateIntentInput {
  amountPence: number;
  currency: "gbp";
  description: string;
  paymentMethod: PaymentMethodInput;
  /** automatic: taken at once; manual: authorised only, captured or cancelled later (terminal flows). */
  capture: "automatic" | "manual";
  metadata?: Record<string, string>;
}

/** One line of a hosted checkout: what the customer sees on the provider's page, in pence per unit. */
export interface CheckoutLine {
  name: string;
  unitAmountPence: number;
  quantity: number;
}

export interface CreateCheckoutInput {
  /** The lines must add up to this (the provider charges their sum). */
  amountPence: number;
  currency: "gbp";
  lines: CheckoutLine[];
  description: string;
  /** Where the provider sends the browser once paid; `{CHECKOUT_SESSION_ID}` is replaced by the session's id. */
  successUrl: string;
  /** Where "back" goes, and an expired session. */
  cancelUrl: string;
  clientReferenceId?: string;
  /** Kept on the session and its payment (Stripe: at most 50 keys, values under 500 characters). */
  metadata: Record<string, string>;
  /** The session stops taking payment then (Stripe: 30 minutes to 24 hours from now). */
  expiresAt: Date;
}

export type CheckoutStatus = "open" | "complete" | "expired";

/** A hosted checkout session (Stripe Checkout's), paid on the provider's own page. */
export interface ProviderCheckout {
  id: string;
  /** The provider's page; the sandbox's is a path on the API host (the route makes it absolute). */
  url: string | null;
  status: CheckoutStatus;
  paid: boolean;
  amountPence: number;
  /** The payment, once paid (its card and state). */
  intent: ProviderIntent | null;
  metadata: Record<string, string>;
  createdAt: Date;
  test: boolean;
}

/** How many completed checkout sessions one listing reads at most (the status job's look back over two days). */
export const COMPLETED_CHECKOUTS_MAX = 1000;

/** The provider refused the request itself (wrong parameters, a key reused with others): nothing happened. */
export class PaymentRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The provider could not be reached or failed: whether the call took effect is not known. Retry with the same key. */
export class PaymentProviderUnavailable extends Error {}

export interface PaymentsProvider {
  readonly kind: "sandbox" | "stripe";
  /** Shown beside its payments: the sandbox's say that no money moved. */
  readonly label: string;
  /**
   * Creates and confirms a payment intent. A declined card is not an error: the intent comes back with
   * `failure` set (Stripe's status requires_payment_method), so the attempt can be recorded.
   */
  createPayment(input: CreateIntentInput, options: CallOptions): Promise<ProviderIntent>;
  /** Cancels an intent not yet taken (an authorisation is released). */
  cancelPayment(intentId: string, options: CallOptions): Promise<ProviderIntent>;
  /** Refunds all or part of a taken payment. */
  createRefund(input: { paymentIntentId: string; amountPence: number; reason?: string }, options: CallOptions): Promise<ProviderRefund>;
  /** A refund's state now (a pending refund moves on at the provider). */
  retrieveRefund(refundId: string, options?: { account?: string }): Promise<ProviderRefund>;
  /** A hosted checkout session: the customer pays on the provider's page and comes back to `successUrl`. */
  createCheckout(input: CreateCheckoutInput, options: CallOptions): Promise<ProviderCheckout>;
  /** A session as it is now (an open session past its expiry is expired). */
  retrieveCheckout(id: string, options?: { account?: string }): Promise<ProviderCheckout>;
  /** Stops an open session taking payment. */
  expireCheckout(id: string, options: CallOptions): Promise<ProviderCheckout>;
  /** Completed sessions created since `since`, newest first (the job's round over sessions never returned to). */
  /** Completed sessions created since `since`, newest first: at most `limit` (COMPLETED_CHECKOUTS_MAX when not given). */
  listCompletedCheckouts(since: Date, options?: { account?: string; limit?: number }): Promise<ProviderCheckout[]>;
}

import { describe, expect, it } from "vitest";
import { PaymentProviderUnavailable, PaymentRequestError, StripePayments } from "#api/integrations/payments";
import { stripeHttp, type Answer, type Sent } from "../helpers/stripe-http";

/**
 * The Stripe adapter through the official `stripe` package, against a mocked HTTP layer (its fetch client given a
 * function that answers as Stripe's API would): nothing reaches the network.
 */

const intent = (over: Record<string, unknown> = {}) => ({
  id: "pi_123",
  object: "payment_intent",
  amount: 12000,
  currency: "gbp",
  status: "succeeded",
  livemode: false,
  last_payment_error: null,
  payment_method: "pm_card_visa",
  latest_charge: { id: "ch_1", object: "charge", payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } } },
  ...over,
});

function mockStripe(answer: (req: Sent) => Answer) {
  const { sent, options } = stripeHttp(answer);
  const stripe = new StripePayments("sk_test_mocked", options);
  return { stripe, sent };
}

describe("the Stripe adapter (mocked HTTP)", () => {
  it("creates and confirms a payment intent with the payment method, the idempotency key and the connected account", async () => {
    const { stripe, sent } = mockStripe(() => ({ status: 200, body: intent() }));
    const pi = await stripe.createPayment(
      {
        amountPence: 12000,
        currency: "gbp",
        description: "Invoice INV-0001",
        paymentMethod: { type: "payment_method", id: "pm_card_visa" },
        capture: "automatic",
        metadata: { invoice: "7" },
      },
      { idempotencyKey: "payment-1-abc", account: "acct_123" },
    );
    expect(pi).toEqual({
      id: "pi_123",
      status: "succeeded",
      amountPence: 12000,
      currency: "gbp",
      card: { brand: "visa", last4: "4242" },
      paymentMethodId: "pm_card_visa",
      failure: null,
      test: true,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/payment_intents" });
    expect(sent[0].headers.authorization).toBe("Bearer sk_test_mocked");
    expect(sent[0].headers["idempotency-key"]).toBe("payment-1-abc");
    expect(sent[0].headers["stripe-account"]).toBe("acct_123");
    expect(Object.fromEntries(sent[0].body)).toMatchObject({
      amount: "12000",
      currency: "gbp",
      payment_method: "pm_card_visa",
      confirm: "true",
      capture_method: "automatic",
      "metadata[invoice]": "7",
      "expand[0]": "latest_charge",
    });
  });

  it("a declined card (402) comes back as the intent with its failure, to be recorded", async () => {
    const { stripe } = mockStripe(() => ({
      status: 402,
      body: {
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
          payment_intent: intent({
            status: "requires_payment_method",
            latest_charge: null,
            last_payment_error: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
          }),
        },
      },
    }));
    const pi = await stripe.createPayment(
      { amountPence: 12000, currency: "gbp", description: "x", paymentMethod: { type: "payment_method", id: "pm_card_chargeDeclined" }, capture: "automatic" },
      { idempotencyKey: "k-declined" },
    );
    expect(pi.status).toBe("requires_payment_method");
    expect(pi.failure).toEqual({ code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." });
  });

  it("refunds with the key, reads a pending refund's state later, and cancels an authorisation", async () => {
    const { stripe, sent } = mockStripe((req) => {
      if (req.path === "/v1/refunds")
        return { status: 200, body: { id: "re_1", object: "refund", amount: 500, status: "pending", payment_intent: "pi_123", failure_reason: null } };
      if (req.path === "/v1/refunds/re_1")
        return { status: 200, body: { id: "re_1", object: "refund", amount: 500, status: "succeeded", payment_intent: "pi_123", failure_reason: null } };
      return { status: 200, body: intent({ status: "canceled", latest_charge: null }) };
    });
    expect(await stripe.createRefund({ paymentIntentId: "pi_123", amountPence: 500, reason: "Damaged" }, { idempotencyKey: "refund-1-2-k" })).toEqual({
      id: "re_1",
      paymentIntentId: "pi_123",
      amountPence: 500,
      status: "pending",
      failureReason: null,
    });
    expect(sent[0].headers["idempotency-key"]).toBe("refund-1-2-k");
    expect(Object.fromEntries(sent[0].body)).toMatchObject({
      payment_intent: "pi_123",
      amount: "500",
      reason: "requested_by_customer",
      "metadata[note]": "Damaged",
    });
    expect((await stripe.retrieveRefund("re_1")).status).toBe("succeeded");
    expect(sent[1]).toMatchObject({ method: "GET", path: "/v1/refunds/re_1" });
    expect((await stripe.cancelPayment("pi_123", { idempotencyKey: "cancel-1" })).status).toBe("canceled");
    expect(sent[2]).toMatchObject({ method: "POST", path: "/v1/payment_intents/pi_123/cancel" });
  });

  it("a refusal is a request error (nothing happened); a 5xx is an outage (retry with the same key)", async () => {
    const refused = mockStripe(() => ({
      status: 400,
      body: { error: { type: "invalid_request_error", code: "amount_too_large", message: "Refund amount is greater than unrefunded amount on charge" } },
    }));
    const error = await refused.stripe.createRefund({ paymentIntentId: "pi_123", amountPence: 99999 }, { idempotencyKey: "k1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect((error as PaymentRequestError).code).toBe("amount_too_large");
    const down = mockStripe(() => ({ status: 500, body: { error: { type: "api_error", message: "Something went wrong" } } }));
    await expect(down.stripe.createRefund({ paymentIntentId: "pi_123", amountPence: 1 }, { idempotencyKey: "k2" })).rejects.toBeInstanceOf(
      PaymentProviderUnavailable,
    );
  });

  it("never sends card numbers to Stripe from the server", async () => {
    const { stripe, sent } = mockStripe(() => ({ status: 200, body: intent() }));
    await expect(
      stripe.createPayment(
        {
          amountPence: 100,
          currency: "gbp",
          description: "x",
          paymentMethod: { type: "card", number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
          capture: "automatic",
        },
        { idempotencyKey: "k3" },
      ),
    ).rejects.toMatchObject({ code: "raw_card_refused" });
    expect(sent).toHaveLength(0);
  });
});

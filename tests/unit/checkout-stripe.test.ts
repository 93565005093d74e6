import { describe, expect, it } from "vitest";
import { PaymentProviderUnavailable, PaymentRequestError, StripePayments } from "#api/integrations/payments";
import { stripeHttp, type Answer, type Sent } from "../helpers/stripe-http";

/**
 * Stripe Checkout through the official `stripe` package (the hardware order's pay step), against a mocked HTTP layer:
 * what each call sends (its idempotency key among it) and how Stripe's answers read. Nothing reaches the network.
 */

function mockStripe(answer: (req: Sent) => Answer) {
  const { sent, options } = stripeHttp(answer);
  const stripe = new StripePayments("sk_test_mocked", options);
  return { stripe, sent };
}

const OPEN = {
  id: "cs_test_123",
  object: "checkout.session",
  url: "https://checkout.stripe.com/c/pay/cs_test_123",
  status: "open",
  payment_status: "unpaid",
  amount_total: 38640,
  currency: "gbp",
  created: 1_790_000_000,
  livemode: false,
  metadata: { tenant: "7", attempt: "a-1" },
  payment_intent: null,
};
const PAID = {
  ...OPEN,
  url: null,
  status: "complete",
  payment_status: "paid",
  payment_intent: {
    id: "pi_123",
    object: "payment_intent",
    status: "succeeded",
    amount: 38640,
    currency: "gbp",
    livemode: false,
    last_payment_error: null,
    latest_charge: { id: "ch_1", object: "charge", payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } } },
  },
};

const INPUT = {
  amountPence: 38640,
  currency: "gbp" as const,
  lines: [
    { name: "Wise POS E", unitAmountPence: 19900, quantity: 1 },
    { name: "Wise Pad 3", unitAmountPence: 5900, quantity: 2 },
    { name: "Shipping: Standard", unitAmountPence: 500, quantity: 1 },
    { name: "VAT (20%)", unitAmountPence: 6440, quantity: 1 },
  ],
  description: "Card terminal hardware",
  successUrl: "https://portal.test/terminal-orders/checkout?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "https://portal.test/terminal-orders/new?checkout=cancelled",
  clientReferenceId: "7-a-1",
  metadata: { tenant: "7", attempt: "a-1", lines: "thsku_pos:1,thsku_pad:2" },
  expiresAt: new Date(1_790_003_600_000),
};

describe("Stripe Checkout (the payments adapter)", () => {
  it("creates a payment-mode session: one priced line each, the addresses, metadata on the session and its payment, the expiry, the idempotency key", async () => {
    const { stripe, sent } = mockStripe(() => ({ status: 200, body: OPEN }));
    const session = await stripe.createCheckout(INPUT, { idempotencyKey: "terminal-checkout-7-a-1" });
    expect(session).toMatchObject({ id: "cs_test_123", url: OPEN.url, status: "open", paid: false, amountPence: 38640, intent: null, test: true });
    expect(session.createdAt.toISOString()).toBe(new Date(1_790_000_000_000).toISOString());
    const [req] = sent;
    expect([req.method, req.path]).toEqual(["POST", "/v1/checkout/sessions"]);
    expect(req.headers["idempotency-key"]).toBe("terminal-checkout-7-a-1");
    const b = req.body;
    expect(b.get("mode")).toBe("payment");
    expect(b.get("line_items[0][price_data][unit_amount]")).toBe("19900");
    expect(b.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(b.get("line_items[0][price_data][product_data][name]")).toBe("Wise POS E");
    expect(b.get("line_items[1][quantity]")).toBe("2");
    expect(b.get("line_items[3][price_data][product_data][name]")).toBe("VAT (20%)");
    expect(b.get("success_url")).toBe(INPUT.successUrl);
    expect(b.get("cancel_url")).toBe(INPUT.cancelUrl);
    expect(b.get("client_reference_id")).toBe("7-a-1");
    expect(b.get("metadata[lines]")).toBe("thsku_pos:1,thsku_pad:2");
    expect(b.get("payment_intent_data[metadata][attempt]")).toBe("a-1");
    expect(b.get("payment_intent_data[description]")).toBe("Card terminal hardware");
    expect(b.get("expires_at")).toBe("1790003600");
  });

  it("reads a paid session with its payment and card (payment_intent.latest_charge expanded)", async () => {
    const { stripe, sent } = mockStripe(() => ({ status: 200, body: PAID }));
    const session = await stripe.retrieveCheckout("cs_test_123");
    expect(session).toMatchObject({ status: "complete", paid: true, url: null, metadata: { attempt: "a-1" } });
    expect(session.intent).toMatchObject({ id: "pi_123", status: "succeeded", amountPence: 38640, card: { brand: "visa", last4: "4242" } });
    expect([sent[0].method, sent[0].path]).toEqual(["GET", "/v1/checkout/sessions/cs_test_123"]);
    expect(sent[0].query.getAll("expand[0]")).toEqual(["payment_intent.latest_charge"]);
  });

  it("expires a session with its idempotency key, and lists completed sessions since a time", async () => {
    const { stripe, sent } = mockStripe((req) =>
      req.path.endsWith("/expire")
        ? { status: 200, body: { ...OPEN, status: "expired", url: null } }
        : { status: 200, body: { object: "list", data: [PAID], has_more: false } },
    );
    expect((await stripe.expireCheckout("cs_test_123", { idempotencyKey: "terminal-checkout-expire-a-1" })).status).toBe("expired");
    expect([sent[0].method, sent[0].path, sent[0].headers["idempotency-key"]]).toEqual([
      "POST",
      "/v1/checkout/sessions/cs_test_123/expire",
      "terminal-checkout-expire-a-1",
    ]);
    const done = await stripe.listCompletedCheckouts(new Date(1_790_000_000_000));
    expect(done.map((s) => [s.id, s.paid])).toEqual([["cs_test_123", true]]);
    expect(sent[1].path).toBe("/v1/checkout/sessions");
    expect(sent[1].query.get("status")).toBe("complete");
    expect(sent[1].query.get("created[gte]")).toBe("1790000000");
    expect(sent[1].query.get("expand[0]")).toBe("data.payment_intent.latest_charge");
  });

  it("lists every page of completed sessions, not only Stripe's first hundred", async () => {
    const { stripe, sent } = mockStripe((req) =>
      req.query.get("starting_after")
        ? { status: 200, body: { object: "list", data: [{ ...PAID, id: "cs_test_2" }], has_more: false } }
        : { status: 200, body: { object: "list", data: [PAID], has_more: true } },
    );
    const done = await stripe.listCompletedCheckouts(new Date(1_790_000_000_000));
    expect(done.map((s) => s.id)).toEqual(["cs_test_123", "cs_test_2"]);
    expect(sent.map((r) => r.query.get("starting_after"))).toEqual([null, "cs_test_123"]);
    expect(sent[1].query.get("status")).toBe("complete");
  });

  it("a refusal is a PaymentRequestError; Stripe failing is an outage", async () => {
    const refused = mockStripe(() => ({
      status: 404,
      body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session: 'cs_x'" } },
    }));
    await expect(refused.stripe.retrieveCheckout("cs_x")).rejects.toBeInstanceOf(PaymentRequestError);
    const down = mockStripe(() => ({ status: 500, body: { error: { type: "api_error", message: "Something went wrong" } } }));
    await expect(down.stripe.createCheckout(INPUT, { idempotencyKey: "k" })).rejects.toBeInstanceOf(PaymentProviderUnavailable);
  });

  it("a key reused with other parameters is refused with Stripe's type as its code (the order service reads idempotency_error)", async () => {
    const reused = mockStripe(() => ({
      status: 400,
      body: {
        error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with." },
      },
    }));
    const e = await reused.stripe.createCheckout(INPUT, { idempotencyKey: "k" }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PaymentRequestError);
    expect(e).toMatchObject({ code: "idempotency_error" });
  });
});

import { describe, expect, it } from "vitest";
import { ConnectRequestError, PaymentProviderUnavailable, StripeConnect } from "#api/integrations/payments/connect";
import { stripeHttp, type Answer, type Sent } from "../helpers/stripe-http";

/**
 * The Stripe Connect and Terminal-hardware adapter through the official `stripe` package, against a mocked HTTP
 * layer (its fetch client given a function that answers as Stripe's API would): nothing reaches the network.
 */

function mockStripe(answer: (req: Sent) => Answer) {
  const { sent, options } = stripeHttp(answer);
  const stripe = new StripeConnect("sk_test_mocked", options);
  return { stripe, sent };
}

const PRODUCTS = {
  object: "list",
  data: [
    { id: "thpd_pos", object: "terminal.hardware_product", type: "bbpos_wisepos_e" },
    { id: "thpd_pad", object: "terminal.hardware_product", type: "bbpos_wisepad_3" },
  ],
};
const SKUS = {
  object: "list",
  data: [
    { id: "thsku_pos", amount: 19900, currency: "gbp", country: "GB", max_per_order: 50, product: "thpd_pos", status: "available" },
    { id: "thsku_pad", amount: 5900, currency: "gbp", country: "GB", max_per_order: 50, product: "thpd_pad", status: "available" },
    { id: "thsku_old", amount: 100, currency: "gbp", country: "GB", max_per_order: 5, product: "thpd_pos", status: "unavailable" },
  ],
};
const ORDER = {
  id: "thor_123",
  object: "terminal.hardware_order",
  status: "pending",
  amount: 38640,
  currency: "gbp",
  hardware_order_items: [
    { amount: 19900, currency: "gbp", quantity: 1, terminal_hardware_sku: "thsku_pos" },
    { amount: 11800, currency: "gbp", quantity: 2, terminal_hardware_sku: "thsku_pad" },
  ],
  shipping: { amount: 500 },
  shipping_method: "thsm_standard",
  total_tax_amounts: [{ amount: 6440 }],
};
const INPUT = {
  items: [
    { sku: "thsku_pos", quantity: 1 },
    { sku: "thsku_pad", quantity: 2 },
  ],
  shippingMethod: "thsm_standard",
  shipping: {
    name: "Bea Baker",
    email: "bea@bloom.test",
    phone: "020 7946 0018",
    address: { line1: "12 Mill Lane", city: "Leeds", state: "West Yorkshire", postalCode: "LS1 4AP", country: "GB" as const },
  },
};

const catalogue = (req: Sent) =>
  req.path === "/v1/terminal/hardware_products"
    ? { status: 200, body: PRODUCTS }
    : req.path === "/v1/terminal/hardware_skus"
      ? { status: 200, body: SKUS }
      : null;

describe("the Stripe Connect adapter (mocked HTTP)", () => {
  it("creates an Express account in GB with the idempotency key, and reads its requirements", async () => {
    const { stripe, sent } = mockStripe((req) => ({
      status: 200,
      body: {
        id: "acct_1",
        object: "account",
        details_submitted: req.method === "GET",
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: req.method === "GET" ? ["external_account"] : [] },
        business_profile: { name: "Bloom Bakery Ltd" },
      },
    }));
    const created = await stripe.createAccount({ tenantId: 7, businessName: "Bloom Bakery Ltd" }, { idempotencyKey: "connect-account-stripe-7" });
    expect(created).toMatchObject({ id: "acct_1", status: "not_started" });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/accounts" });
    expect(sent[0].headers["idempotency-key"]).toBe("connect-account-stripe-7");
    expect(Object.fromEntries(sent[0].body)).toMatchObject({
      type: "express",
      country: "GB",
      "metadata[tenant]": "7",
      "capabilities[card_payments][requested]": "true",
    });
    const read = await stripe.retrieveAccount("acct_1");
    expect(read).toMatchObject({ status: "pending", currentlyDue: ["external_account"], businessName: "Bloom Bakery Ltd" });
  });

  it("makes an onboarding account link that returns to the portal", async () => {
    const { stripe, sent } = mockStripe(() => ({
      status: 200,
      body: { object: "account_link", url: "https://connect.stripe.com/setup/e/acct_1/abc", expires_at: 1_900_000_000, created: 1_899_999_000 },
    }));
    const link = await stripe.createAccountLink(
      "acct_1",
      { returnUrl: "https://app/stripe-connect?onboarding=returned", refreshUrl: "https://app/stripe-connect?onboarding=expired" },
      { idempotencyKey: "link-1" },
    );
    expect(link.url).toBe("https://connect.stripe.com/setup/e/acct_1/abc");
    expect(link.expiresAt.toISOString()).toBe(new Date(1_900_000_000_000).toISOString());
    expect(Object.fromEntries(sent[0].body)).toEqual({
      account: "acct_1",
      refresh_url: "https://app/stripe-connect?onboarding=expired",
      return_url: "https://app/stripe-connect?onboarding=returned",
      type: "account_onboarding",
    });
    expect(sent[0].headers["idempotency-key"]).toBe("link-1");
  });

  it("reads the GB hardware catalogue (the preview APIs through rawRequest) and its shipping methods", async () => {
    const { stripe, sent } = mockStripe(
      (req) =>
        catalogue(req) ?? {
          status: 200,
          body: {
            object: "list",
            data: [{ id: "thsm_standard", name: "Standard", estimated_delivery_days: 4, amount: 500, currency: "gbp", status: "available" }],
          },
        },
    );
    const skus = await stripe.listHardwareSkus();
    expect(skus).toEqual([
      { id: "thsku_pos", type: "bbpos_wisepos_e", name: "Wise POS E", unitAmountPence: 19900, currency: "gbp", country: "GB", maxPerOrder: 50 },
      { id: "thsku_pad", type: "bbpos_wisepad_3", name: "Wise Pad 3", unitAmountPence: 5900, currency: "gbp", country: "GB", maxPerOrder: 50 },
    ]);
    const skuCall = sent.find((s) => s.path === "/v1/terminal/hardware_skus")!;
    expect(skuCall.method).toBe("GET");
    expect(skuCall.query.get("country")).toBe("GB");
    const methods = await stripe.listShippingMethods();
    expect(methods).toEqual([{ id: "thsm_standard", name: "Standard", description: "About 4 working days", amountPence: 500, currency: "gbp" }]);
  });

  it("previews and creates a hardware order with its items, shipping and idempotency key", async () => {
    const { stripe, sent } = mockStripe((req) => catalogue(req) ?? { status: 200, body: ORDER });
    const preview = await stripe.previewHardwareOrder(INPUT, { idempotencyKey: "preview-1" });
    expect(preview).toMatchObject({ subtotalPence: 31700, shippingPence: 500, taxPence: 6440, totalPence: 38640 });
    expect(preview.items[1]).toMatchObject({ name: "Wise Pad 3", quantity: 2, unitAmountPence: 5900, amountPence: 11800 });
    const previewCall = sent.find((s) => s.path === "/v1/terminal/hardware_orders/preview")!;
    expect(previewCall.method).toBe("GET");
    expect(previewCall.query.get("hardware_order_items[1][quantity]")).toBe("2");
    expect(previewCall.query.get("shipping[address][postal_code]")).toBe("LS1 4AP");
    expect(previewCall.query.get("payment_type")).toBe("monthly_invoice");

    const order = await stripe.createHardwareOrder(INPUT, { idempotencyKey: "hardware-order-7-abc" });
    expect(order).toMatchObject({ id: "thor_123", status: "pending", totalPence: 38640 });
    const create = sent.find((s) => s.method === "POST" && s.path === "/v1/terminal/hardware_orders")!;
    expect(create.headers["idempotency-key"]).toBe("hardware-order-7-abc");
    expect(Object.fromEntries(create.body)).toMatchObject({
      "hardware_order_items[0][terminal_hardware_sku]": "thsku_pos",
      "hardware_order_items[0][quantity]": "1",
      payment_type: "monthly_invoice",
      shipping_method: "thsm_standard",
      "shipping[name]": "Bea Baker",
      "shipping[address][line1]": "12 Mill Lane",
      "shipping[address][state]": "West Yorkshire",
      "shipping[address][country]": "GB",
    });

    await stripe.cancelHardwareOrder("thor_123", { idempotencyKey: "hardware-cancel-7-abc" });
    const cancel = sent.find((s) => s.path === "/v1/terminal/hardware_orders/thor_123/cancel")!;
    expect(cancel.method).toBe("POST");
    expect(cancel.headers["idempotency-key"]).toBe("hardware-cancel-7-abc");
  });

  it("Stripe's 422 is a refusal with its status (STRIPE_ERROR); a 5xx or no answer is an outage", async () => {
    const refused = mockStripe(() => ({
      status: 422,
      body: { error: { type: "invalid_request_error", code: "shipping_address_invalid", message: "The address could not be verified." } },
    }));
    const error = await refused.stripe.previewHardwareOrder(INPUT, { idempotencyKey: "p" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectRequestError);
    expect(error).toMatchObject({ status: 422, code: "shipping_address_invalid", message: "The address could not be verified." });

    const bad = mockStripe(() => ({ status: 400, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such sku" } } }));
    expect(await bad.stripe.createHardwareOrder(INPUT, { idempotencyKey: "o" }).catch((e: unknown) => e)).toMatchObject({ status: 400 });

    const down = mockStripe(() => ({ status: 500, body: { error: { type: "api_error", message: "Something went wrong" } } }));
    expect(await down.stripe.createHardwareOrder(INPUT, { idempotencyKey: "o" }).catch((e: unknown) => e)).toBeInstanceOf(PaymentProviderUnavailable);
  });
});

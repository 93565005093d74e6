import { describe, expect, it } from "vitest";
import { StripeTerminal } from "#api/integrations/payments/terminal-stripe";
import { PaymentProviderUnavailable, PaymentRequestError } from "#api/integrations/payments/types";
import { stripeHttp, type Answer, type Sent } from "../helpers/stripe-http";

/**
 * The Stripe Terminal adapter through the official `stripe` package, against a mocked HTTP layer (its fetch client
 * given a function that answers as Stripe's API would): nothing reaches the network. Every call it makes, the
 * parameters and idempotency key it sends, and Stripe's errors in the payments interface's words.
 */

function mockStripe(answer: (req: Sent) => Answer, secretKey = "sk_test_mocked") {
  const { sent, options } = stripeHttp(answer);
  const terminal = new StripeTerminal(secretKey, options);
  return { terminal, sent, last: () => sent[sent.length - 1] };
}

const ok = (body: unknown): Answer => ({ status: 200, body });

const LOCATION = {
  id: "tml_1",
  object: "terminal.location",
  display_name: "Bloom Bakery Leeds",
  address: { line1: "12 Mill Lane", line2: null, city: "Leeds", postal_code: "LS1 4AP", country: "GB", state: null },
  livemode: false,
};
const READER = {
  id: "tmr_1",
  object: "terminal.reader",
  label: "Front till",
  location: "tml_1",
  device_type: "bbpos_wisepos_e",
  serial_number: "WSC513105011295",
  status: "online",
  action: null,
  livemode: false,
};
const SIMULATED = { ...READER, id: "tmr_sim", device_type: "simulated_wisepos_e", serial_number: "SIM-1", location: { ...LOCATION } };
const withAction = (status: string, extra: Record<string, unknown> = {}) => ({
  ...SIMULATED,
  action: { type: "process_payment_intent", status, process_payment_intent: { payment_intent: "pi_1" }, failure_code: null, failure_message: null, ...extra },
});
const INTENT = {
  id: "pi_1",
  object: "payment_intent",
  amount: 1250,
  currency: "gbp",
  status: "requires_payment_method",
  capture_method: "manual",
  livemode: false,
  latest_charge: null,
  last_payment_error: null,
};
const CHARGE = {
  id: "ch_1",
  object: "charge",
  payment_method_details: { type: "card_present", card_present: { brand: "visa", last4: "4242" } },
};
const ADDRESS = { line1: "12 Mill Lane", city: "Leeds", postalCode: "LS1 4AP", country: "GB" as const };

describe("the Stripe Terminal adapter (mocked HTTP)", () => {
  it("creates, renames and deletes a location in GB, each with its idempotency key", async () => {
    const { terminal, sent } = mockStripe((req) => ok(req.method === "DELETE" ? { id: "tml_1", object: "terminal.location", deleted: true } : LOCATION));

    const created = await terminal.createLocation({ displayName: "Bloom Bakery Leeds", address: ADDRESS }, { idempotencyKey: "location-7-a" });
    expect(created).toEqual({
      id: "tml_1",
      displayName: "Bloom Bakery Leeds",
      address: { line1: "12 Mill Lane", line2: null, city: "Leeds", postalCode: "LS1 4AP", country: "GB" },
    });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/terminal/locations" });
    expect(sent[0].headers["idempotency-key"]).toBe("location-7-a");
    // No second address line: none is sent (Stripe keeps an empty one as "").
    expect(Object.fromEntries(sent[0].body)).toEqual({
      display_name: "Bloom Bakery Leeds",
      "address[line1]": "12 Mill Lane",
      "address[city]": "Leeds",
      "address[postal_code]": "LS1 4AP",
      "address[country]": "GB",
    });

    await terminal.updateLocation("tml_1", { displayName: "Bloom Leeds", address: { ...ADDRESS, line2: "Unit 3" } }, { idempotencyKey: "location-3-b" });
    expect(sent[1]).toMatchObject({ method: "POST", path: "/v1/terminal/locations/tml_1" });
    expect(sent[1].headers["idempotency-key"]).toBe("location-3-b");
    expect(Object.fromEntries(sent[1].body)).toMatchObject({ display_name: "Bloom Leeds", "address[line2]": "Unit 3" });

    await terminal.deleteLocation("tml_1", { idempotencyKey: "location-delete-3" });
    expect(sent[2]).toMatchObject({ method: "DELETE", path: "/v1/terminal/locations/tml_1" });
    expect(sent[2].headers["idempotency-key"]).toBe("location-delete-3");
  });

  it("a location Stripe answers as deleted cannot be renamed: resource_missing", async () => {
    const { terminal } = mockStripe(() => ok({ id: "tml_gone", object: "terminal.location", deleted: true }));
    const error = await terminal.updateLocation("tml_gone", { displayName: "X", address: ADDRESS }, { idempotencyKey: "k" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect(error).toMatchObject({ code: "resource_missing", message: "No such terminal.location: 'tml_gone'" });
  });

  it("registers a reader at a location by its code, reads and deletes it", async () => {
    const { terminal, sent } = mockStripe((req) =>
      ok(req.method === "DELETE" ? { id: "tmr_1", object: "terminal.reader", deleted: true } : req.path.endsWith("tmr_sim") ? SIMULATED : READER),
    );
    const reader = await terminal.registerReader(
      { registrationCode: "puppies-plug-could", label: "Front till", locationId: "tml_1" },
      { idempotencyKey: "reader-7-a" },
    );
    expect(reader).toEqual({
      id: "tmr_1",
      label: "Front till",
      locationId: "tml_1",
      deviceType: "bbpos_wisepos_e",
      serialNumber: "WSC513105011295",
      status: "online",
      action: null,
      simulated: false,
    });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/terminal/readers" });
    expect(sent[0].headers["idempotency-key"]).toBe("reader-7-a");
    expect(Object.fromEntries(sent[0].body)).toEqual({ registration_code: "puppies-plug-could", label: "Front till", location: "tml_1" });

    // A simulated reader, its location expanded into an object.
    const simulated = await terminal.retrieveReader("tmr_sim");
    expect(sent[1]).toMatchObject({ method: "GET", path: "/v1/terminal/readers/tmr_sim" });
    expect(simulated).toMatchObject({ id: "tmr_sim", locationId: "tml_1", deviceType: "simulated_wisepos_e", simulated: true });

    await terminal.deleteReader("tmr_1", { idempotencyKey: "reader-delete-4" });
    expect(sent[2]).toMatchObject({ method: "DELETE", path: "/v1/terminal/readers/tmr_1" });
    expect(sent[2].headers["idempotency-key"]).toBe("reader-delete-4");
  });

  it("a reader answered as deleted is resource_missing (the reader list drops it)", async () => {
    const { terminal } = mockStripe(() => ok({ id: "tmr_gone", object: "terminal.reader", deleted: true }));
    const error = await terminal.retrieveReader("tmr_gone").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect(error).toMatchObject({ code: "resource_missing" });
  });

  it("a connection token for the reader SDK, limited to a location when one is given", async () => {
    const { terminal, sent } = mockStripe(() => ok({ object: "terminal.connection_token", secret: "pst_test_secret", location: "tml_1" }));
    expect(await terminal.connectionToken({ locationId: "tml_1" }, { idempotencyKey: "token-7-a" })).toEqual({ secret: "pst_test_secret" });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/terminal/connection_tokens" });
    expect(sent[0].headers["idempotency-key"]).toBe("token-7-a");
    expect(Object.fromEntries(sent[0].body)).toEqual({ location: "tml_1" });
    await terminal.connectionToken({}, { idempotencyKey: "token-7-b" });
    expect(Object.fromEntries(sent[1].body)).toEqual({});
  });

  it("creates a card_present intent with manual capture and reads it back with its charge", async () => {
    const { terminal, sent } = mockStripe((req) => ok(req.method === "GET" ? { ...INTENT, status: "requires_capture", latest_charge: CHARGE } : INTENT));
    const intent = await terminal.createIntent(
      { amountPence: 1250, description: "Invoice INV-0042", metadata: { tenant: "7", terminal_payment: "31" } },
      { idempotencyKey: "terminal-7-31-intent" },
    );
    expect(intent).toEqual({ id: "pi_1", status: "requires_payment_method", amountPence: 1250, currency: "gbp", card: null, failure: null, test: true });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/payment_intents" });
    expect(sent[0].headers["idempotency-key"]).toBe("terminal-7-31-intent");
    expect(Object.fromEntries(sent[0].body)).toEqual({
      amount: "1250",
      currency: "gbp",
      "allowed_payment_method_types[0]": "card_present",
      capture_method: "manual",
      description: "Invoice INV-0042",
      "metadata[tenant]": "7",
      "metadata[terminal_payment]": "31",
    });

    const read = await terminal.retrieveIntent("pi_1");
    expect(sent[1]).toMatchObject({ method: "GET", path: "/v1/payment_intents/pi_1" });
    expect(sent[1].query.get("expand[0]")).toBe("latest_charge");
    expect(read).toMatchObject({ status: "requires_capture", card: { brand: "visa", last4: "4242" }, failure: null });
  });

  it("a declined card on the reader: the intent's last error is its failure, the decline code kept", async () => {
    const { terminal } = mockStripe(() =>
      ok({
        ...INTENT,
        livemode: true,
        last_payment_error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
      }),
    );
    expect(await terminal.retrieveIntent("pi_1")).toMatchObject({
      status: "requires_payment_method",
      failure: { code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
      test: false,
    });
  });

  it("hands the intent to the reader (server-driven) and reads the reader's action", async () => {
    const { terminal, sent } = mockStripe((req) =>
      ok(
        req.method === "POST" ? withAction("in_progress") : withAction("failed", { failure_code: "card_declined", failure_message: "Your card was declined." }),
      ),
    );
    const reader = await terminal.processPaymentIntent("tmr_sim", "pi_1", { idempotencyKey: "terminal-7-31-process" });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/terminal/readers/tmr_sim/process_payment_intent" });
    expect(sent[0].headers["idempotency-key"]).toBe("terminal-7-31-process");
    expect(Object.fromEntries(sent[0].body)).toEqual({ payment_intent: "pi_1" });
    expect(reader.action).toEqual({ status: "in_progress", paymentIntentId: "pi_1", failureCode: null, failureMessage: null });

    const failed = await terminal.retrieveReader("tmr_sim");
    expect(failed.action).toEqual({ status: "failed", paymentIntentId: "pi_1", failureCode: "card_declined", failureMessage: "Your card was declined." });
  });

  it("captures, releases and stops: each with its own key", async () => {
    const { terminal, sent } = mockStripe((req) => {
      if (req.path.endsWith("/capture")) return ok({ ...INTENT, status: "succeeded", latest_charge: CHARGE });
      if (req.path.endsWith("/cancel")) return ok({ ...INTENT, status: "canceled" });
      return ok(SIMULATED);
    });
    const captured = await terminal.captureIntent("pi_1", { idempotencyKey: "terminal-7-31-capture" });
    expect(captured).toMatchObject({ status: "succeeded", amountPence: 1250, card: { brand: "visa", last4: "4242" } });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/payment_intents/pi_1/capture" });
    expect(sent[0].headers["idempotency-key"]).toBe("terminal-7-31-capture");
    expect(sent[0].body.get("expand[0]")).toBe("latest_charge");

    expect(await terminal.cancelIntent("pi_1", { idempotencyKey: "terminal-7-31-cancel" })).toMatchObject({ status: "canceled" });
    expect(sent[1]).toMatchObject({ method: "POST", path: "/v1/payment_intents/pi_1/cancel" });
    expect(sent[1].headers["idempotency-key"]).toBe("terminal-7-31-cancel");

    expect(await terminal.cancelReaderAction("tmr_sim", { idempotencyKey: "terminal-7-31-cancel-reader" })).toMatchObject({ id: "tmr_sim", action: null });
    expect(sent[2]).toMatchObject({ method: "POST", path: "/v1/terminal/readers/tmr_sim/cancel_action" });
    expect(sent[2].headers["idempotency-key"]).toBe("terminal-7-31-cancel-reader");
  });

  it("presents a test card through Stripe's test helper in test mode; never with a live key", async () => {
    const { terminal, sent } = mockStripe(() => ok(withAction("succeeded")));
    expect(terminal.simulated).toBe(true);
    const reader = await terminal.presentTestCard("tmr_sim", { number: "4000 0000 0000 9995" }, { idempotencyKey: "terminal-7-31-present-4000000000009995" });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/test_helpers/terminal/readers/tmr_sim/present_payment_method" });
    expect(sent[0].headers["idempotency-key"]).toBe("terminal-7-31-present-4000000000009995");
    expect(Object.fromEntries(sent[0].body)).toEqual({ type: "card_present", "card_present[number]": "4000000000009995" });
    expect(reader.action?.status).toBe("succeeded");

    const live = mockStripe(() => ok(SIMULATED), "sk_live_mocked");
    expect(live.terminal.simulated).toBe(false);
    const error = await live.terminal.presentTestCard("tmr_sim", { number: "4242424242424242" }, { idempotencyKey: "k" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect(error).toMatchObject({ code: "livemode_mismatch" });
    expect(live.sent).toHaveLength(0);
  });

  it("acts for a connected account when one is given (Stripe-Account)", async () => {
    const { terminal, sent } = mockStripe(() => ok(INTENT));
    await terminal.createIntent({ amountPence: 500, description: "Coffee", metadata: {} }, { idempotencyKey: "k-acct", account: "acct_9" });
    expect(sent[0].headers["stripe-account"]).toBe("acct_9");
    await terminal.createIntent({ amountPence: 500, description: "Coffee", metadata: {} }, { idempotencyKey: "k-own" });
    expect(sent[1].headers["stripe-account"]).toBeUndefined();
  });

  // Every call that creates, charges, releases or removes something sends the caller's key, so a call sent again
  // after an outage acts once at Stripe.
  const calls: [string, (t: StripeTerminal, key: string) => Promise<unknown>, unknown][] = [
    ["createLocation", (t, key) => t.createLocation({ displayName: "A", address: ADDRESS }, { idempotencyKey: key }), LOCATION],
    ["updateLocation", (t, key) => t.updateLocation("tml_1", { displayName: "A", address: ADDRESS }, { idempotencyKey: key }), LOCATION],
    ["deleteLocation", (t, key) => t.deleteLocation("tml_1", { idempotencyKey: key }), { id: "tml_1", deleted: true }],
    ["registerReader", (t, key) => t.registerReader({ registrationCode: "c", label: "L", locationId: "tml_1" }, { idempotencyKey: key }), READER],
    ["deleteReader", (t, key) => t.deleteReader("tmr_1", { idempotencyKey: key }), { id: "tmr_1", deleted: true }],
    ["connectionToken", (t, key) => t.connectionToken({}, { idempotencyKey: key }), { secret: "pst" }],
    ["createIntent", (t, key) => t.createIntent({ amountPence: 100, description: "d", metadata: {} }, { idempotencyKey: key }), INTENT],
    ["processPaymentIntent", (t, key) => t.processPaymentIntent("tmr_1", "pi_1", { idempotencyKey: key }), withAction("in_progress")],
    ["captureIntent", (t, key) => t.captureIntent("pi_1", { idempotencyKey: key }), { ...INTENT, status: "succeeded" }],
    ["cancelIntent", (t, key) => t.cancelIntent("pi_1", { idempotencyKey: key }), { ...INTENT, status: "canceled" }],
    ["cancelReaderAction", (t, key) => t.cancelReaderAction("tmr_1", { idempotencyKey: key }), READER],
    ["presentTestCard", (t, key) => t.presentTestCard("tmr_1", { number: "4242424242424242" }, { idempotencyKey: key }), withAction("succeeded")],
  ];

  it.each(calls)("%s sends the caller's idempotency key", async (name, run, body) => {
    const { terminal, sent } = mockStripe(() => ok(body));
    await run(terminal, `key-${name}`);
    expect(sent).toHaveLength(1);
    expect(sent[0].headers["idempotency-key"]).toBe(`key-${name}`);
  });

  it("reads (reader, intent) send no key of their own choosing", async () => {
    const { terminal, sent } = mockStripe((req) => ok(req.path.startsWith("/v1/payment_intents") ? INTENT : READER));
    await terminal.retrieveReader("tmr_1");
    await terminal.retrieveIntent("pi_1");
    expect(sent.map((s) => s.method)).toEqual(["GET", "GET"]);
    expect(sent.every((s) => !s.headers["idempotency-key"])).toBe(true);
  });

  describe("Stripe's errors in the interface's words", () => {
    const refusals: [string, number, Record<string, unknown>, string][] = [
      [
        "a card declined at capture",
        402,
        { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
        "card_declined",
      ],
      [
        "a busy reader",
        400,
        { type: "invalid_request_error", code: "terminal_reader_busy", message: "Reader is currently busy processing another request." },
        "terminal_reader_busy",
      ],
      ["a reader gone", 404, { type: "invalid_request_error", code: "resource_missing", message: "No such terminal.reader: 'tmr_1'" }, "resource_missing"],
      [
        "a key reused with other parameters",
        400,
        { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with." },
        "idempotency_error",
      ],
      ["a wrong secret key", 401, { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_***" }, "invalid_request_error"],
    ];

    it.each(refusals)("%s is a refusal (PaymentRequestError) with Stripe's code and message", async (_, status, error, code) => {
      const { terminal } = mockStripe(() => ({ status, body: { error } }));
      const e = await terminal.captureIntent("pi_1", { idempotencyKey: "k" }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PaymentRequestError);
      expect(e).toMatchObject({ code, message: error.message });
    });

    const outages: [string, Answer][] = [
      ["a 500", { status: 500, body: { error: { type: "api_error", message: "Something went wrong on Stripe's end." } } }],
      ["a 429 (rate limited)", { status: 429, body: { error: { type: "invalid_request_error", code: "rate_limit", message: "Too many requests" } } }],
      ["no answer at all", "no answer"],
    ];

    it.each(outages)("%s is an outage (PaymentProviderUnavailable): send again with the same key", async (_, answer) => {
      const { terminal } = mockStripe(() => answer);
      const e = await terminal.processPaymentIntent("tmr_1", "pi_1", { idempotencyKey: "k" }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PaymentProviderUnavailable);
      expect(e).not.toBeInstanceOf(PaymentRequestError);
      expect((e as Error).message).toMatch(/^Stripe did not answer/);
    });

    it("a refused reader deletion tells resource_missing apart, which the service treats as already gone", async () => {
      const { terminal } = mockStripe(() => ({
        status: 404,
        body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such terminal.reader: 'tmr_x'" } },
      }));
      expect(await terminal.deleteReader("tmr_x", { idempotencyKey: "k" }).catch((e: unknown) => e)).toMatchObject({ code: "resource_missing" });
    });
  });
});

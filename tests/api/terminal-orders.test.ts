import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSandboxObjects, payments, paymentSandboxObjects, terminalOrders } from "#api/db/schema";
import { connectFor, paymentsFor, type SandboxPayments } from "#api/integrations/payments";
import { SANDBOX_OUTAGE_LINE1, SANDBOX_REFUSED_LINE1, type SandboxConnect } from "#api/integrations/payments/connect-sandbox";
import { completePaidCheckouts, syncOpenOrders } from "#api/modules/terminal-orders/service";
import { TERMINAL_MESSAGES } from "#common/terminal-orders";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, userWith } from "../helpers/crm";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

let n = 0;
const key = () => `order-attempt-${Date.now()}-${++n}`;
const connect = () => connectFor(api.database, api.config) as SandboxConnect;
const sandboxPayments = () => paymentsFor(api.database, api.config) as SandboxPayments;

const order = (over: Record<string, unknown> = {}, address: Record<string, unknown> = {}) => ({
  shipping_method: "thsm_sbx_standard",
  shipping: {
    name: "Bea Baker",
    company: "Bloom Bakery Ltd",
    email: "bea@bloom.test",
    phone: "020 7946 0018",
    address: { line1: "12 Mill Lane", city: "Leeds", state: "West Yorkshire", postal_code: "ls1 4ap", country: "GB", ...address },
  },
  items: [
    { terminal_hardware_sku: "thsku_sbx_wisepos_e", quantity: 1 },
    { terminal_hardware_sku: "thsku_sbx_wisepad_3", quantity: 2 },
  ],
  ...over,
});
// 19900 + 2 × 5900 = 31700; shipping 500; VAT 20% of 32200 = 6440; total 38640.
const TOTAL = 38640;
const CARD = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2034, cvc: "123", holder: "Bea Baker" };
const paid = (over: Record<string, unknown> = {}) => ({ ...order(), amount: TOTAL, card: CARD, idempotency_key: key(), ...over });

async function orderer() {
  return emptyTenant(api, ["terminal_view", "terminal_request"]);
}

async function count(table: typeof terminalOrders | typeof payments, tenantId: number) {
  return (await api.database.db.select().from(table).where(eq(table.tenantId, tenantId))).length;
}

describe("terminal hardware orders", () => {
  it("401 without a token, 403 without a terminal permission, and viewers may not order", async () => {
    expect((await api.request("GET", "/terminal-orders")).status).toBe(401);
    expect((await api.request("POST", "/terminal-orders/preview", { body: order() })).status).toBe(401);
    const none = await emptyTenant(api, ["task_view"]);
    for (const [method, path] of [
      ["GET", "/terminal-orders"],
      ["GET", "/terminal-orders/skus"],
      ["GET", "/terminal-orders/shipping-methods"],
      ["GET", "/terminal-orders/1"],
    ] as const) {
      expect((await api.request(method, path, { token: none.token })).status, path).toBe(403);
    }
    const viewer = await emptyTenant(api, ["terminal_view"]);
    expect((await api.request("GET", "/terminal-orders", { token: viewer.token })).status).toBe(200);
    expect((await api.request("POST", "/terminal-orders/preview", { token: viewer.token, body: order() })).status).toBe(403);
    expect((await api.request("POST", "/terminal-orders", { token: viewer.token, body: paid() })).status).toBe(403);
  });

  it("the catalogue: Wise POS E £199.00 and Wise Pad 3 £59.00, GB; shipping standard and express", async () => {
    const me = await orderer();
    const skus = await api.request("GET", "/terminal-orders/skus", { token: me.token });
    expect(skus.status).toBe(200);
    expect(
      skus.body.data.map((s: { type: string; name: string; unit_amount_pence: number; country: string }) => [s.type, s.name, s.unit_amount_pence, s.country]),
    ).toEqual([
      ["bbpos_wisepos_e", "Wise POS E", 19900, "GB"],
      ["bbpos_wisepad_3", "Wise Pad 3", 5900, "GB"],
    ]);
    const methods = await api.request("GET", "/terminal-orders/shipping-methods", { token: me.token });
    expect(methods.body.data.map((m: { name: string; amount_pence: number }) => [m.name, m.amount_pence])).toEqual([
      ["Standard", 500],
      ["Express", 1500],
    ]);
  });

  it("previews the totals: lines, shipping and VAT at 20%, in pence", async () => {
    const me = await orderer();
    const res = await api.request("POST", "/terminal-orders/preview", { token: me.token, body: order() });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ subtotal_pence: 31700, shipping_pence: 500, tax_pence: 6440, total_pence: TOTAL, sandbox: true });
    expect(res.body.data.items[1]).toMatchObject({ name: "Wise Pad 3", quantity: 2, unit_amount_pence: 5900, amount_pence: 11800 });
  });

  it("422 with errors under each field: postcode, a quantity of 0 or 1,000, no items, country", async () => {
    const me = await orderer();
    const bad = async (body: unknown) => {
      const res = await api.request("POST", "/terminal-orders/preview", { token: me.token, body });
      expect(res.status, res.text).toBe(422);
      expect(res.body.message).toBeTruthy();
      return res.body.errors as Record<string, string[]>;
    };
    expect((await bad(order({}, { postal_code: "NOT A CODE" })))["shipping.address.postal_code"]).toEqual([TERMINAL_MESSAGES.postcode]);
    expect((await bad(order({}, { postal_code: "12345" })))["shipping.address.postal_code"]).toEqual([TERMINAL_MESSAGES.postcode]);
    expect((await bad(order({ items: [{ terminal_hardware_sku: "thsku_sbx_wisepos_e", quantity: 0 }] })))["items.0.quantity"]).toEqual([
      TERMINAL_MESSAGES.quantityMin,
    ]);
    expect((await bad(order({ items: [{ terminal_hardware_sku: "thsku_sbx_wisepos_e", quantity: 1000 }] })))["items.0.quantity"]).toEqual([
      TERMINAL_MESSAGES.quantityMax,
    ]);
    expect((await bad(order({ items: [] })))["items"]).toEqual([TERMINAL_MESSAGES.noItems]);
    expect((await bad(order({}, { country: "FR" })))["shipping.address.country"]).toEqual([TERMINAL_MESSAGES.country]);
    const unknown = await bad(order({ shipping_method: "by pigeon", items: [{ terminal_hardware_sku: "thsku_toaster", quantity: 1 }] }));
    expect(unknown).toEqual({ shipping_method: [TERMINAL_MESSAGES.shippingMethod], "items.0.terminal_hardware_sku": [TERMINAL_MESSAGES.sku] });
    const errors = await bad({ shipping_method: "", items: "x" });
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["shipping_method", "shipping", "items"]));
  });

  it("the provider's 422 is STRIPE_ERROR; a provider not answering is ERROR", async () => {
    const me = await orderer();
    const refused = await api.request("POST", "/terminal-orders/preview", { token: me.token, body: order({}, { line1: SANDBOX_REFUSED_LINE1 }) });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("STRIPE_ERROR");
    expect(refused.body.errors.provider[0]).toContain("could not be verified");
    const down = await api.request("POST", "/terminal-orders/preview", { token: me.token, body: order({}, { line1: SANDBOX_OUTAGE_LINE1 }) });
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ error: "ERROR", message: TERMINAL_MESSAGES.providerDown });
    connect().simulateOutage(1);
    const hook = await api.request("POST", "/terminal-orders/preview", { token: me.token, body: order() });
    expect(hook.body.error).toBe("ERROR");
  });

  it("orders and pays by card: one order with its lines, one payment of the total; the list and the detail show it", async () => {
    const me = await orderer();
    const res = await api.request("POST", "/terminal-orders", { token: me.token, body: paid() });
    expect(res.status, res.text).toBe(201);
    const o = res.body.data;
    expect(o).toMatchObject({ status: "pending", status_label: "Pending", total_pence: TOTAL, sandbox: true });
    expect(o.shipping.address).toMatchObject({ postal_code: "LS1 4AP", country: "GB", state: "West Yorkshire" });
    expect(o.payment).toMatchObject({ amount_pence: TOTAL, status: "succeeded", card: { brand: "visa", last4: "4242" } });
    expect(o.items).toHaveLength(2);
    const list = await api.request("GET", "/terminal-orders", { token: me.token });
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([o.id]);
    const pending = await api.request("GET", "/terminal-orders?filter[status]=pending", { token: me.token });
    expect(pending.body.meta.total).toBe(1);
    const delivered = await api.request("GET", "/terminal-orders?filter[status]=delivered", { token: me.token });
    expect(delivered.body.meta.total).toBe(0);
    expect((await api.request("GET", "/terminal-orders?filter[status]=lost", { token: me.token })).status).toBe(422);
    const detail = await api.request("GET", `/terminal-orders/${o.id}`, { token: me.token });
    expect(detail.body.data.provider_order_id).toBe(o.provider_order_id);
  });

  it("another company's order is not found", async () => {
    const me = await orderer();
    const res = await api.request("POST", "/terminal-orders", { token: me.token, body: paid() });
    const other = await orderer();
    const seen = await api.request("GET", `/terminal-orders/${res.body.data.id}`, { token: other.token });
    expect(seen.status).toBe(404);
    expect(seen.body.message).toBe("Terminal order not found.");
    expect((await api.request("GET", "/terminal-orders", { token: other.token })).body.data).toEqual([]);
  });

  it("the same attempt sent twice orders once and charges once", async () => {
    const me = await orderer();
    const body = paid();
    const first = await api.request("POST", "/terminal-orders", { token: me.token, body });
    const again = await api.request("POST", "/terminal-orders", { token: me.token, body });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await count(terminalOrders, me.tenantId)).toBe(1);
    expect(await count(payments, me.tenantId)).toBe(1);
    // At the same moment: still one.
    const body2 = paid();
    const both = await Promise.all([1, 2].map(() => api.request("POST", "/terminal-orders", { token: me.token, body: body2 })));
    expect(new Set(both.map((r) => r.body.data.id)).size).toBe(1);
    expect(await count(terminalOrders, me.tenantId)).toBe(2);
    expect(await count(payments, me.tenantId)).toBe(2);
  });

  it("a provider not answering leaves no order and no payment; the same attempt then goes through, charged once", async () => {
    const me = await orderer();
    const intentsBefore = (await api.database.db.select().from(paymentSandboxObjects)).length;
    const body = paid();
    connect().simulateOutage(2);
    const down = await api.request("POST", "/terminal-orders", { token: me.token, body });
    expect(down.status).toBe(502);
    expect(down.body.error).toBe("ERROR");
    expect(await count(terminalOrders, me.tenantId)).toBe(0);
    expect(await count(payments, me.tenantId)).toBe(0);
    connect().simulateOutage(0);

    // The payments provider down (before it acted): no order, the card not charged; the attempt is kept as
    // processing (whether the card was charged is not known here) so that the same attempt sent again is the same.
    sandboxPayments().simulateOutage("before");
    const payDown = await api.request("POST", "/terminal-orders", { token: me.token, body });
    expect(payDown.status).toBe(502);
    expect(payDown.body.message).toBe(TERMINAL_MESSAGES.paymentsDown);
    expect(await count(terminalOrders, me.tenantId)).toBe(0);
    const attempts = await api.database.db.select().from(payments).where(eq(payments.tenantId, me.tenantId));
    expect(attempts.map((p) => p.status)).toEqual(["processing"]);
    expect((await api.database.db.select().from(paymentSandboxObjects)).length).toBe(intentsBefore);

    // The payments provider acted but its answer was lost: Pay again charges once.
    sandboxPayments().simulateOutage("after");
    const lost = await api.request("POST", "/terminal-orders", { token: me.token, body });
    expect(lost.status).toBe(502);
    expect(await count(terminalOrders, me.tenantId)).toBe(0);
    const ok = await api.request("POST", "/terminal-orders", { token: me.token, body });
    expect(ok.status, ok.text).toBe(201);
    expect(await count(terminalOrders, me.tenantId)).toBe(1);
    expect(await count(payments, me.tenantId)).toBe(1);
    const intents = (await api.database.db.select().from(paymentSandboxObjects)).length - intentsBefore;
    expect(intents).toBe(1);
  });

  it("the provider's refusal of the order (STRIPE_ERROR) and a declined card leave no order; the hardware order is cancelled", async () => {
    const me = await orderer();
    const refused = await api.request("POST", "/terminal-orders", { token: me.token, body: { ...paid(), ...order({}, { line1: SANDBOX_REFUSED_LINE1 }) } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("STRIPE_ERROR");
    expect(await count(payments, me.tenantId)).toBe(0);

    const declined = await api.request("POST", "/terminal-orders", { token: me.token, body: paid({ card: { ...CARD, number: "4000 0000 0000 0002" } }) });
    expect(declined.status).toBe(402);
    expect(declined.body.errors.card).toEqual(["Your card was declined."]);
    expect(await count(terminalOrders, me.tenantId)).toBe(0);
    const cancelled = (await api.database.db.select().from(connectSandboxObjects).where(eq(connectSandboxObjects.kind, "hardware_order"))).filter(
      (o) => (o.data as { canceled: boolean }).canceled,
    );
    expect(cancelled.length).toBeGreaterThan(0);
  });

  it("a total other than the preview's is refused before anything is ordered", async () => {
    const me = await orderer();
    const res = await api.request("POST", "/terminal-orders", { token: me.token, body: paid({ amount: 100 }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.amount).toEqual([TERMINAL_MESSAGES.amountChanged]);
    expect(await count(payments, me.tenantId)).toBe(0);
    const missing = await api.request("POST", "/terminal-orders", { token: me.token, body: paid({ card: undefined }) });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.payment_method_id).toEqual([TERMINAL_MESSAGES.paymentMethod]);
  });

  it("the status job moves sandbox orders on: ready to ship, shipped, delivered", async () => {
    const me = await userWith(api, (await emptyTenant(api, [])).tenantId, ["terminal_manage"]);
    const res = await api.request("POST", "/terminal-orders", { token: me.token, body: paid() });
    const o = res.body.data;
    await connect().ageOrder(o.provider_order_id, 4 * 60_000);
    await syncOpenOrders(api.database, connect());
    expect((await api.request("GET", `/terminal-orders/${o.id}`, { token: me.token })).body.data.status).toBe("shipped");
    await connect().ageOrder(o.provider_order_id, 11 * 60_000);
    await syncOpenOrders(api.database, connect());
    expect((await api.request("GET", `/terminal-orders/${o.id}`, { token: me.token })).body.data.status_label).toBe("Delivered");
  });
});

describe("terminal hardware orders paid on the hosted checkout page", () => {
  const checkout = (over: Record<string, unknown> = {}) => ({
    ...order(),
    amount: TOTAL,
    idempotency_key: key(),
    return_url: "http://portal.test/terminal-orders/checkout",
    ...over,
  });
  const start = async (token: string, body = checkout()) => {
    const res = await api.request("POST", "/terminal-orders/checkout", { token, body });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; url: string; sandbox: boolean };
  };
  const pay = (id: string, number = "4242 4242 4242 4242") =>
    sandboxPayments().payCheckout(id, { type: "card", number, expMonth: 12, expYear: 2034, cvc: "123", holder: "Bea Baker" });
  const complete = (token: string, id: string) => api.request("POST", `/terminal-orders/checkout/${id}/complete`, { token });

  it("the pay step makes a session on the sandbox's hosted page, with the order's lines; nothing is ordered or charged", async () => {
    const me = await orderer();
    const body = checkout();
    const session = await start(me.token, body);
    expect(session.sandbox).toBe(true);
    expect(session.url).toMatch(/^https?:\/\/[^/]+\/payments-sandbox\/checkout\/cs_sbx_/);
    // The same attempt again: the same session.
    expect((await start(me.token, body)).id).toBe(session.id);
    const page = await api.request("GET", new URL(session.url).pathname, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Sandbox: test mode.");
    expect(page.text).toContain("Wise Pad 3");
    expect(page.text).toContain("VAT (20%)");
    expect(page.text).toContain("Pay £386.40");
    expect(page.text).toContain('href="http://portal.test/terminal-orders/new?checkout=cancelled"');
    // The form's answer redirects to the portal: its origin is allowed as a form action.
    expect(String(page.headers["content-security-policy"])).toContain("form-action 'self' http://portal.test;");
    expect(await count(terminalOrders, me.tenantId)).toBe(0);
    expect(await count(payments, me.tenantId)).toBe(0);

    const viewer = await emptyTenant(api, ["terminal_view"]);
    expect((await api.request("POST", "/terminal-orders/checkout", { token: viewer.token, body: checkout() })).status).toBe(403);
    const changed = await api.request("POST", "/terminal-orders/checkout", { token: me.token, body: checkout({ amount: 100 }) });
    expect(changed.status).toBe(422);
    expect(changed.body.errors.amount).toEqual([TERMINAL_MESSAGES.amountChanged]);
    const elsewhere = await api.request("POST", "/terminal-orders/checkout", { token: me.token, body: checkout({ return_url: "https://evil.test/steal" }) });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors.return_url).toEqual([TERMINAL_MESSAGES.checkoutReturnUrl]);
    const refused = await api.request("POST", "/terminal-orders/checkout", {
      token: me.token,
      body: { ...checkout(), ...order({}, { line1: SANDBOX_REFUSED_LINE1 }) },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("STRIPE_ERROR");
  });

  it("the hosted page: a declined card is shown again with its reason (402); a test card that pays goes to the success address", async () => {
    const me = await orderer();
    const session = await start(me.token);
    const path = new URL(session.url).pathname;
    const form = (fields: Record<string, string>) =>
      api.request("POST", path, {
        rawBody: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      });
    const card = { holder: "Bea Baker", number: "4000 0000 0000 0002", expiry: "12/34", cvc: "123" };
    const bad = await form({ ...card, expiry: "13/99", cvc: "1" });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("Enter the expiry date as MM/YY.");
    const declined = await form(card);
    expect(declined.status).toBe(402);
    expect(declined.text).toContain("Your card was declined.");
    expect(declined.text).toContain('value="Bea Baker"');
    const paidNow = await form({ ...card, number: "4242 4242 4242 4242" });
    expect(paidNow.status).toBe(303);
    expect(paidNow.headers.location).toBe(`http://portal.test/terminal-orders/checkout?session_id=${session.id}`);
    // Sent again: the same address, not charged again.
    expect((await form({ ...card, number: "4242 4242 4242 4242" })).headers.location).toBe(paidNow.headers.location);
    const unknown = await api.request("GET", "/payments-sandbox/checkout/cs_sbx_AAAAAAAAAAAAAAAA", { headers: { accept: "text/html" } });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("This payment page has expired or is not valid.");
  });

  it("completed twice: one order and one payment of the total", async () => {
    const me = await orderer();
    const session = await start(me.token);
    await pay(session.id);
    const first = await complete(me.token, session.id);
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ status: "pending", total_pence: TOTAL, sandbox: true });
    // The card typed on the hosted page is the order's payment method (the spec's payment_method_id).
    expect(first.body.data.payment.payment_method_id).toMatch(/^pm_sbx_/);
    expect(first.body.data.items).toHaveLength(2);
    expect(first.body.data.payment).toMatchObject({ amount_pence: TOTAL, status: "succeeded", card: { brand: "visa", last4: "4242" } });
    const again = await complete(me.token, session.id);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await count(terminalOrders, me.tenantId)).toBe(1);
    expect(await count(payments, me.tenantId)).toBe(1);
    const hardware = (await api.database.db.select().from(connectSandboxObjects).where(eq(connectSandboxObjects.kind, "hardware_order"))).filter(
      (o) => (o.data as { id: string }).id === first.body.data.provider_order_id,
    );
    expect(hardware).toHaveLength(1);
  });

  it("an unpaid session (a declined card) records nothing: 409", async () => {
    const me = await orderer();
    const session = await start(me.token);
    const res = await complete(me.token, session.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TERMINAL_MESSAGES.checkoutUnpaid);
    await pay(session.id, "4000 0000 0000 0002");
    expect((await complete(me.token, session.id)).status).toBe(409);
    expect(await count(terminalOrders, me.tenantId)).toBe(0);
    expect(await count(payments, me.tenantId)).toBe(0);
  });

  it("another company's session is not found, paid or not, and orders nothing for either", async () => {
    const me = await orderer();
    const other = await orderer();
    const session = await start(me.token);
    expect((await complete(other.token, session.id)).status).toBe(404);
    await pay(session.id);
    expect((await complete(other.token, session.id)).status).toBe(404);
    expect((await complete(other.token, "cs_sbx_AAAAAAAAAAAAAAAA")).status).toBe(404);
    expect(await count(terminalOrders, other.tenantId)).toBe(0);
    expect(await count(payments, other.tenantId)).toBe(0);
    expect(await count(terminalOrders, me.tenantId)).toBe(0);
  });

  it("the provider refusing the hardware after payment: the payment is refunded, the answer says so, no order", async () => {
    const me = await orderer();
    const session = await start(me.token);
    await pay(session.id);
    // The order the session carries is refused by the provider once paid (the sandbox's refused address).
    const [row] = await api.database.db.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.id, session.id));
    const data = row.data as { metadata: Record<string, string> };
    await api.database.db
      .update(paymentSandboxObjects)
      .set({ data: { ...data, metadata: { ...data.metadata, ship_line1: SANDBOX_REFUSED_LINE1 } } })
      .where(eq(paymentSandboxObjects.id, session.id));
    const res = await complete(me.token, session.id);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("STRIPE_ERROR");
    expect(res.body.refunded).toBe(true);
    expect(res.body.message).toContain(TERMINAL_MESSAGES.refundedAfterRefusal("£386.40"));
    expect(await count(terminalOrders, me.tenantId)).toBe(0);
    const [p] = await api.database.db.select().from(payments).where(eq(payments.tenantId, me.tenantId));
    expect(p.status).toBe("refunded");
    // Again: said again, refunded once.
    const again = await complete(me.token, session.id);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain(TERMINAL_MESSAGES.refundedAfterRefusal("£386.40"));
    expect(await count(payments, me.tenantId)).toBe(1);
    const refunds = (await api.database.db.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.kind, "refund"))).filter(
      (r) => (r.data as { paymentIntentId: string }).paymentIntentId === p.providerPaymentId,
    );
    expect(refunds).toHaveLength(1);
  });

  it("the status job completes a paid session never returned to, once", async () => {
    const me = await orderer();
    const session = await start(me.token);
    await pay(session.id);
    expect(await completePaidCheckouts(api.database, connect(), sandboxPayments())).toBeGreaterThanOrEqual(1);
    expect(await count(terminalOrders, me.tenantId)).toBe(1);
    await completePaidCheckouts(api.database, connect(), sandboxPayments());
    expect(await count(terminalOrders, me.tenantId)).toBe(1);
    expect(await count(payments, me.tenantId)).toBe(1);
    const back = await complete(me.token, session.id);
    expect(back.status).toBe(200);
  });

  it("the sandbox lists completed sessions as Stripe does: filtered before the limit, so newer unpaid ones hide none", async () => {
    const me = await orderer();
    const since = new Date(Date.now() - 60_000);
    const paid = await start(me.token);
    await pay(paid.id);
    await start(me.token);
    await start(me.token);
    const listed = await sandboxPayments().listCompletedCheckouts(since, { limit: 1 });
    expect(listed.map((c) => c.id)).toEqual([paid.id]);
  });
});

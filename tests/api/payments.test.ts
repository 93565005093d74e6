import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inOneSnapshot } from "#api/db/client";
import { clientCompanies, individuals, paymentRefunds, payments, salesDocuments } from "#api/db/schema";
import { paymentsFor, type SandboxPayments } from "#api/integrations/payments";
import { advanceRefund } from "#api/modules/payments/service";
import { PAYMENT_MESSAGES } from "#contract/payments";
import type { Permission } from "#contract/permissions";
import { createTestApi, type TestApi } from "../helpers/api";
import { countQueries, makeCompany, makeIndividual, userWith } from "../helpers/crm";
import { eventually } from "../helpers/jobs";
import { companyWithClient, create, item, rowOf, unique } from "../helpers/sales";

let api: TestApi;
const ALL: Permission[] = ["payment_view", "payment_manage", "invoice_view", "invoice_manage"];

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

let keys = 0;
const key = () => `refund-key-${Date.now()}-${++keys}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const sandbox = () => paymentsFor(api.database, api.config) as SandboxPayments;

/** A sent invoice of £120.00 (100 + 20% VAT) and its client's link token. */
async function sentInvoice(me: { token: string; client: { id: number } }, unitPricePence = 10000) {
  const inv = await create(api, me.token, "/simple-invoices", { individual_id: me.client.id, items: [item({ unit_price_pence: unitPricePence })] });
  const sent = await api.request("POST", `/simple-invoices/${inv.id}/mark-as-sent`, { token: me.token });
  expect(sent.status, sent.text).toBe(200);
  const token = new URL(inv.client_link).searchParams.get("token")!;
  return { id: inv.id as number, token };
}

/** The card form of the invoice, as the client's browser gets it: its hidden fields. */
async function payForm(id: number, token: string) {
  const page = await api.request("GET", `/simple-invoices/${id}/pay?token=${encodeURIComponent(token)}`);
  expect(page.status, page.text).toBe(200);
  const attempt = /name="attempt" value="([^"]+)"/.exec(page.text)?.[1];
  return { page, attempt };
}

async function payByCard(id: number, token: string, number = "4242 4242 4242 4242", attemptKey?: string) {
  const attempt = attemptKey ?? (await payForm(id, token)).attempt!;
  return api.request("POST", `/simple-invoices/${id}/pay`, {
    headers: FORM,
    rawBody: form({ token, attempt, holder: "Clara Client", number, expiry: "12/34", cvc: "123" }),
  });
}

async function paidPayment(me: { token: string; client: { id: number } }, number = "4242 4242 4242 4242") {
  const inv = await sentInvoice(me);
  const res = await payByCard(inv.id, inv.token, number);
  expect(res.status, res.text).toBe(303);
  const [p] = await api.database.db.select().from(payments).where(eq(payments.invoiceId, inv.id));
  return { invoice: inv, payment: p };
}

describe("paying a sent invoice by card through its link", () => {
  it("the summary offers 'Pay by card'; the sandbox's form says it is the sandbox; 4242 pays and marks the invoice paid", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    const summary = await api.request("GET", `/simple-invoices/${inv.id}/summary?token=${inv.token}`);
    expect(summary.text).toContain(`href="/simple-invoices/${inv.id}/pay?token=${inv.token}"`);
    expect(summary.text).toContain("Pay by card");
    // Signed-in staff see the summary without the client's pay link.
    const staff = await api.request("GET", `/simple-invoices/${inv.id}/summary`, { token: me.token });
    expect(staff.text).not.toContain("Pay by card");

    const { page } = await payForm(inv.id, inv.token);
    expect(page.text).toContain("Sandbox: test mode.");
    expect(page.text).toContain("no money moves");
    expect(page.text).toContain("Amount to pay: £120.00");

    const paid = await payByCard(inv.id, inv.token);
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/simple-invoices/${inv.id}/summary?token=${encodeURIComponent(inv.token)}&paid=1`);
    const after = await api.request("GET", paid.headers.location as string);
    expect(after.text).toContain("Thank you: your payment was received and the invoice is paid.");
    expect(after.text).not.toContain("Pay by card");
    expect(await rowOf(api, inv.id)).toMatchObject({ status: "paid", paymentMethod: "card" });

    const list = await api.request("GET", "/payment", { token: me.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      status: "succeeded",
      amount_pence: 12000,
      refundable_pence: 12000,
      card: { brand: "visa", last4: "4242" },
      invoice: { id: inv.id },
      client: { type: "individual", id: me.client.id },
      sandbox: true,
      provider_label: "Sandbox (test mode: no money moved)",
    });
    const detail = await api.request("GET", `/payment/${list.body.data[0].id}`, { token: me.token });
    expect(detail.body.data.events.map((e: { type: string }) => e.type)).toEqual(["succeeded", "sandbox", "invoice_paid"]);
  });

  it("paying twice is refused: the form says the invoice is paid and no second payment is taken", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    const { attempt } = await payForm(inv.id, inv.token);
    expect((await payByCard(inv.id, inv.token, "4242424242424242", attempt)).status).toBe(303);
    // The same form sent again (a double click): the invoice is paid, refused, nothing charged.
    const twice = await payByCard(inv.id, inv.token, "4242424242424242", attempt);
    expect(twice.status).toBe(422);
    expect(twice.text).toContain(PAYMENT_MESSAGES.invoicePaid);
    const page = await api.request("GET", `/simple-invoices/${inv.id}/pay?token=${inv.token}`);
    expect(page.text).toContain(PAYMENT_MESSAGES.invoicePaid);
    expect(page.text).not.toContain("<form");
    expect(await api.database.db.select().from(payments).where(eq(payments.invoiceId, inv.id))).toHaveLength(1);
  });

  it("4000 0000 0000 0002 is declined (card_declined): a failed payment, the invoice stays sent, the form comes back", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    const declined = await payByCard(inv.id, inv.token, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(declined.text).toContain("Your card was declined.");
    expect(declined.text).toContain('name="number"');
    expect(await rowOf(api, inv.id)).toMatchObject({ status: "sent", paymentMethod: null });
    const list = await api.request("GET", "/payment", { token: me.token, query: { filter: { status: "failed" } } });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ status: "failed", failure: { code: "card_declined" }, can_refund: false });
    // Then a good card pays it.
    expect((await payByCard(inv.id, inv.token)).status).toBe(303);
    expect(await rowOf(api, inv.id)).toMatchObject({ status: "paid" });
  });

  it("a wrong token is not found; a draft is not payable; bad card fields answer 422 under each field", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    expect((await api.request("GET", `/simple-invoices/${inv.id}/pay?token=nope`)).status).toBe(404);
    expect((await api.request("GET", `/simple-invoices/${inv.id}/pay`)).status).toBe(404);
    expect((await payByCard(inv.id, "x".repeat(43), "4242424242424242", "attempt-key-1")).status).toBe(404);
    const bad = await api.request("POST", `/simple-invoices/${inv.id}/pay`, {
      headers: FORM,
      rawBody: form({ token: inv.token, holder: "", number: "42", expiry: "13/30", cvc: "x" }),
    });
    expect(bad.status).toBe(422);
    for (const m of [PAYMENT_MESSAGES.cardHolder, PAYMENT_MESSAGES.cardNumber, PAYMENT_MESSAGES.cardExpiry, PAYMENT_MESSAGES.cardCvc])
      expect(bad.text).toContain(m);
    const draft = await create(api, me.token, "/simple-invoices", { individual_id: me.client.id, items: [item()] });
    const draftToken = new URL(draft.client_link).searchParams.get("token")!;
    const draftPage = await api.request("GET", `/simple-invoices/${draft.id}/pay?token=${draftToken}`);
    expect(draftPage.text).toContain(PAYMENT_MESSAGES.invoiceNotPayable);
    expect((await payByCard(draft.id, draftToken)).status).toBe(422);
    expect(await api.database.db.select().from(payments).where(eq(payments.invoiceId, draft.id))).toHaveLength(0);
  });
});

/** Counts the sandbox's card charges while `run` goes on; `hold` keeps each charge waiting that long first. */
async function countingCharges<T>(run: () => Promise<T>, hold = 0, before?: () => Promise<void>) {
  const provider = sandbox();
  const original = provider.createPayment.bind(provider);
  let calls = 0;
  provider.createPayment = async (...args: Parameters<typeof original>) => {
    calls += 1;
    if (before) await before();
    if (hold) await new Promise((resolve) => setTimeout(resolve, hold));
    return original(...args);
  };
  try {
    return { result: await run(), calls: () => calls };
  } finally {
    provider.createPayment = original;
  }
}

const invoicePayments = (id: number) => api.database.db.select().from(payments).where(eq(payments.invoiceId, id));

describe("two payments of one invoice at the same moment", () => {
  it("two card forms sent at once while the first charge is under way: one is charged, the other answered 409 before the provider", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    const [a, b] = [(await payForm(inv.id, inv.token)).attempt!, (await payForm(inv.id, inv.token)).attempt!];
    const { result, calls } = await countingCharges(
      () => Promise.all([payByCard(inv.id, inv.token, undefined, a), payByCard(inv.id, inv.token, undefined, b)]),
      300,
    );
    expect(result.map((r) => r.status).sort()).toEqual([303, 409]);
    const refused = result.find((r) => r.status === 409)!;
    expect(refused.text).toContain(PAYMENT_MESSAGES.invoiceInFlight);
    expect(calls()).toBe(1);
    const rows = await invoicePayments(inv.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "succeeded", amountPence: 12000 });
    expect(await rowOf(api, inv.id)).toMatchObject({ status: "paid", paymentMethod: "card" });
  });

  it("six attempts at once: exactly one charge, one payment, the invoice paid once", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    const attempts = await Promise.all(Array.from({ length: 6 }, async () => (await payForm(inv.id, inv.token)).attempt!));
    const { result, calls } = await countingCharges(() => Promise.all(attempts.map((k) => payByCard(inv.id, inv.token, undefined, k))));
    const statuses = result.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 303),
      JSON.stringify(result.map((r) => [r.status, String(r.text ?? "").slice(0, 160)])),
    ).toHaveLength(1);
    // The others: refused while the first was under way (409), or once it had paid the invoice (422).
    expect(statuses.filter((s) => s !== 303).every((s) => s === 409 || s === 422)).toBe(true);
    expect(calls()).toBe(1);
    const rows = await invoicePayments(inv.id);
    expect(rows.map((r) => r.status)).toEqual(["succeeded"]);
  });

  it("the same form sent twice at once (a double click): one charge, one payment", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    const { attempt } = await payForm(inv.id, inv.token);
    const both = await Promise.all([payByCard(inv.id, inv.token, undefined, attempt), payByCard(inv.id, inv.token, undefined, attempt)]);
    expect(both.some((r) => r.status === 303)).toBe(true);
    expect(both.every((r) => r.status === 303 || r.status === 422)).toBe(true);
    expect(await invoicePayments(inv.id)).toHaveLength(1);
  });

  it("a charge whose answer was lost stays under way, holds the invoice, and the same attempt again charges once", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    const { attempt } = await payForm(inv.id, inv.token);
    sandbox().simulateOutage("after");
    const lost = await payByCard(inv.id, inv.token, undefined, attempt);
    expect(lost.status).toBe(502);
    expect(lost.text).toContain(`value="${attempt}"`);
    expect((await invoicePayments(inv.id)).map((r) => r.status)).toEqual(["processing"]);
    // Another form meanwhile is refused: the first charge may have gone through.
    const other = await payByCard(inv.id, inv.token);
    expect(other.status).toBe(409);
    const { result, calls } = await countingCharges(() => payByCard(inv.id, inv.token, undefined, attempt));
    expect(result.status).toBe(303);
    expect(calls()).toBe(1);
    const rows = await invoicePayments(inv.id);
    expect(rows.map((r) => r.status)).toEqual(["succeeded"]);
    expect(await rowOf(api, inv.id)).toMatchObject({ status: "paid" });
  });

  it("an attempt abandoned long ago no longer holds the invoice: it is marked failed, with the reason", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    const { attempt } = await payForm(inv.id, inv.token);
    sandbox().simulateOutage("before");
    expect((await payByCard(inv.id, inv.token, undefined, attempt)).status).toBe(502);
    const [stuck] = await invoicePayments(inv.id);
    await api.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(payments.id, stuck.id));
    expect((await payByCard(inv.id, inv.token)).status).toBe(303);
    const [old] = await api.database.db.select().from(payments).where(eq(payments.id, stuck.id));
    expect(old).toMatchObject({ status: "failed", failureCode: "abandoned" });
    expect((await invoicePayments(inv.id)).filter((r) => r.status === "succeeded")).toHaveLength(1);
  });

  it("an invoice marked paid by hand while the card was being charged: the charge is refunded at once, and the payment says why", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    const { result } = await countingCharges(
      () => payByCard(inv.id, inv.token),
      0,
      async () => {
        const marked = await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, {
          token: me.token,
          body: { paid: true, paid_on: "2026-11-20", payment_method: "bank_transfer" },
        });
        expect(marked.status, marked.text).toBeLessThan(300);
      },
    );
    expect(result.status).toBe(409);
    expect(result.text).toContain(PAYMENT_MESSAGES.refundedToPayer);
    const [p] = await invoicePayments(inv.id);
    expect(p).toMatchObject({ status: "refunded", refundedPence: 12000, refundPendingPence: 0 });
    const detail = await api.request("GET", `/payment/${p.id}`, { token: me.token });
    expect(detail.body.data.events.map((e: { type: string }) => e.type)).toEqual([
      "succeeded",
      "sandbox",
      "invoice_not_open",
      "refund_requested",
      "refund_succeeded",
    ]);
    expect(detail.body.data.refunds[0].reason).toBe(PAYMENT_MESSAGES.refundedPaidMeanwhile);
    expect(await rowOf(api, inv.id)).toMatchObject({ status: "paid", paymentMethod: "bank_transfer" });
  });
});

describe("guards", () => {
  it("401 without a token, 403 without the payment permissions, 404 for another company's payment", async () => {
    const me = await companyWithClient(api, ALL);
    const { payment } = await paidPayment(me);
    expect((await api.request("GET", "/payment")).status).toBe(401);
    expect((await api.request("PUT", `/payment/${payment.id}/refund`, { body: { idempotency_key: key() } })).status).toBe(401);
    const invoicesOnly = await userWith(api, me.tenantId, ["invoice_view", "invoice_manage"]);
    for (const [method, path] of [
      ["GET", "/payment"],
      ["GET", `/payment/${payment.id}`],
      ["PUT", `/payment/${payment.id}/refund`],
      ["PUT", `/payment/${payment.id}/cancel`],
    ] as const) {
      expect((await api.request(method, path, { token: invoicesOnly.token, body: { idempotency_key: key() } })).status, `${method} ${path}`).toBe(403);
    }
    const viewer = await userWith(api, me.tenantId, ["payment_view"]);
    expect((await api.request("GET", `/payment/${payment.id}`, { token: viewer.token })).status).toBe(200);
    expect((await api.request("PUT", `/payment/${payment.id}/refund`, { token: viewer.token, body: { idempotency_key: key() } })).status).toBe(403);

    const other = await companyWithClient(api, ALL);
    for (const [method, path] of [
      ["GET", `/payment/${payment.id}`],
      ["PUT", `/payment/${payment.id}/refund`],
      ["PUT", `/payment/${payment.id}/cancel`],
    ] as const) {
      const res = await api.request(method, path, { token: other.token, body: { idempotency_key: key() } });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe("Payment not found.");
    }
    expect((await api.request("GET", "/payment", { token: other.token })).body.data).toEqual([]);
    const [after] = await api.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: "succeeded", refundedPence: 0, refundPendingPence: 0 });
  });
});

describe("refunds", () => {
  it("partial, then the rest; never more than is left (422 under amount_pence, nothing changed)", async () => {
    const me = await companyWithClient(api, ALL);
    const { payment } = await paidPayment(me);
    const part = await api.request("PUT", `/payment/${payment.id}/refund`, {
      token: me.token,
      body: { amount_pence: 2050, reason: "Damaged item", idempotency_key: key() },
    });
    expect(part.status, part.text).toBe(200);
    expect(part.body.data).toMatchObject({ status: "partially_refunded", refunded_pence: 2050, refundable_pence: 9950 });
    expect(part.body.data.refunds).toMatchObject([{ amount_pence: 2050, status: "succeeded", reason: "Damaged item" }]);

    const tooMuch = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { amount_pence: 9951, idempotency_key: key() } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({ amount_pence: ["The refund may not be more than what is left to refund (£99.50)."] });
    for (const bad of [
      { amount_pence: 0 },
      { amount_pence: -5 },
      { amount_pence: 1.5 },
      { amount_pence: "ten" },
      { amount_pence: 100, reason: "x".repeat(501) },
    ]) {
      const res = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { idempotency_key: key(), ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.errors, JSON.stringify(bad)).toBeDefined();
    }
    const noKey = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { amount_pence: 100 } });
    expect(noKey.body.errors).toEqual({ idempotency_key: [PAYMENT_MESSAGES.key] });

    const rest = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { idempotency_key: key() } });
    expect(rest.body.data).toMatchObject({ status: "refunded", refunded_pence: 12000, refundable_pence: 0, can_refund: false });
    const more = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { amount_pence: 1, idempotency_key: key() } });
    expect(more.body.errors).toEqual({ amount_pence: [PAYMENT_MESSAGES.nothingLeft] });
    expect(await api.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).toHaveLength(2);
  });

  it("the same refund sent twice (and twice at once) refunds once", async () => {
    const me = await companyWithClient(api, ALL);
    const { payment } = await paidPayment(me);
    const body = { amount_pence: 3000, idempotency_key: key() };
    const [a, b] = await Promise.all([
      api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body }),
      api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body });
    expect(again.body.data).toMatchObject({ refunded_pence: 3000, refundable_pence: 9000, status: "partially_refunded" });
    expect(again.body.data.refunds).toHaveLength(1);
    expect(again.body.data.events.filter((e: { type: string }) => e.type === "refund_succeeded")).toHaveLength(1);
    const otherAmount = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { ...body, amount_pence: 100 } });
    expect(otherAmount.body.errors).toEqual({ amount_pence: [PAYMENT_MESSAGES.keyReused] });
  });

  it("retry after an outage: the attempt is on record before the provider is called, and the retry refunds once", async () => {
    const me = await companyWithClient(api, ALL);
    const { payment } = await paidPayment(me);
    const body = { amount_pence: 5000, idempotency_key: key() };
    // The sandbox refunds, then its answer is lost.
    sandbox().simulateOutage("after");
    const lost = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body });
    expect(lost.status).toBe(502);
    expect(lost.body.message).toBe(PAYMENT_MESSAGES.providerDown);
    const [recorded] = await api.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(recorded).toMatchObject({ status: "requested", amountPence: 5000 });
    const [held] = await api.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(held).toMatchObject({ refundPendingPence: 5000, refundedPence: 0 });
    // What is recorded counts against what is left.
    const over = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { amount_pence: 7001, idempotency_key: key() } });
    expect(over.body.errors).toEqual({ amount_pence: ["The refund may not be more than what is left to refund (£70.00)."] });

    const retry = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.data).toMatchObject({ refunded_pence: 5000, refund_pending_pence: 0, refundable_pence: 7000 });
    // The sandbox holds one refund for the intent: its own books agree.
    const again = await sandbox()
      .createRefund({ paymentIntentId: payment.providerPaymentId!, amountPence: 7001 }, { idempotencyKey: key() })
      .catch((e: Error) => e.message);
    expect(again).toContain("greater than unrefunded amount on charge (£70.00)");
  });

  it("a refund pending at the provider is moved to succeeded by the job", async () => {
    const me = await companyWithClient(api, ALL);
    const { payment } = await paidPayment(me, "4000 0000 0000 7726");
    const res = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { amount_pence: 12000, idempotency_key: key() } });
    expect(res.body.data).toMatchObject({ status: "succeeded", refunded_pence: 0, refund_pending_pence: 12000, refundable_pence: 0 });
    expect(res.body.data.refunds[0]).toMatchObject({ status: "pending", status_label: "Pending" });
    expect(await advanceRefund(api.database, sandbox(), res.body.data.refunds[0].id)).toBe(true);
    const after = await api.request("GET", `/payment/${payment.id}`, { token: me.token });
    expect(after.body.data).toMatchObject({ status: "refunded", refunded_pence: 12000, refund_pending_pence: 0 });
    expect(after.body.data.refunds[0].status).toBe("succeeded");
    expect(after.body.data.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(["refund_requested", "refund_pending", "refund_succeeded"]),
    );
  });

  it("a payment is read in one snapshot (repeatable read, read only), so a refund settled meanwhile is in all of it or none", async () => {
    const settings = await inOneSnapshot(api.database, (tx) =>
      tx.execute(sql`select current_setting('transaction_isolation') as isolation, current_setting('transaction_read_only') as read_only`),
    );
    const [row] = (settings as unknown as { rows: Record<string, string>[] }).rows;
    expect(row).toEqual({ isolation: "repeatable read", read_only: "on" });
  });

  it("the background job moves a pending refund on by itself", async () => {
    const me = await companyWithClient(api, [...ALL, "role_manage"]);
    const { payment } = await paidPayment(me, "4000 0000 0000 7726");
    const res = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { amount_pence: 2000, idempotency_key: key() } });
    expect(res.body.data.refunds[0].status).toBe("pending");
    const [job] = (await api.request("GET", "/jobs", { token: me.token, query: { filter: { name: "payments.refund-status" } } })).body.data;
    expect(job).toMatchObject({ state: "queued" });
    await api.app.jobs.startWorker({ pollSeconds: 0.5 });
    try {
      const done = await eventually(
        async () => {
          const p = await api.request("GET", `/payment/${payment.id}`, { token: me.token });
          return p.body.data.refunds[0].status === "succeeded" ? p : undefined;
        },
        20_000,
        "the refund to succeed",
      );
      expect(done.body.data).toMatchObject({ status: "partially_refunded", refunded_pence: 2000, refund_pending_pence: 0 });
    } finally {
      await api.app.jobs.stopWorker(1);
    }
  });

  it("a pending refund that fails gives its amount back to what is left", async () => {
    const me = await companyWithClient(api, ALL);
    const { payment } = await paidPayment(me, "4000 0000 0000 5126");
    const res = await api.request("PUT", `/payment/${payment.id}/refund`, { token: me.token, body: { amount_pence: 1000, idempotency_key: key() } });
    await advanceRefund(api.database, sandbox(), res.body.data.refunds[0].id);
    const after = await api.request("GET", `/payment/${payment.id}`, { token: me.token });
    expect(after.body.data).toMatchObject({ status: "succeeded", refunded_pence: 0, refund_pending_pence: 0, refundable_pence: 12000 });
    expect(after.body.data.refunds[0].status).toBe("failed");
  });

  it("a failed payment cannot be refunded; a completed one cannot be cancelled", async () => {
    const me = await companyWithClient(api, ALL);
    const inv = await sentInvoice(me);
    await payByCard(inv.id, inv.token, "4000000000000002");
    const [failed] = await api.database.db.select().from(payments).where(eq(payments.invoiceId, inv.id));
    const refund = await api.request("PUT", `/payment/${failed.id}/refund`, { token: me.token, body: { idempotency_key: key() } });
    expect(refund.status).toBe(422);
    expect(refund.body.message).toBe(PAYMENT_MESSAGES.notTaken);
    const { payment } = await paidPayment(me);
    const cancel = await api.request("PUT", `/payment/${payment.id}/cancel`, { token: me.token });
    expect(cancel.status).toBe(422);
    expect(cancel.body.message).toBe(PAYMENT_MESSAGES.cancelTaken);
  });
});

describe("cancel", () => {
  it("an authorised payment is cancelled: the hold is released and the history says so", async () => {
    const me = await companyWithClient(api, ALL);
    const { takePayment } = await import("#api/modules/payments/service");
    const p = await takePayment(api.database, sandbox(), {
      tenantId: me.tenantId,
      amountPence: 4500,
      description: "Deposit held",
      method: { type: "payment_method", id: "pm_card_visa" },
      idempotencyKey: key(),
      capture: "manual",
    });
    expect(p.status).toBe("authorised");
    const res = await api.request("PUT", `/payment/${p.id}/cancel`, { token: me.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: "cancelled", can_cancel: false, can_refund: false });
    expect(res.body.data.events.at(-1)).toMatchObject({ type: "cancelled" });
    expect((await api.request("PUT", `/payment/${p.id}/cancel`, { token: me.token })).body.data.status).toBe("cancelled");
  });
});

describe("list", () => {
  it("filters by status, method, date, amount, client and search; sorts and pages; refuses bad filters", async () => {
    const me = await companyWithClient(api, ALL);
    const small = await sentInvoice(me, 1000); // £12.00
    const big = await sentInvoice(me, 50000); // £600.00
    await payByCard(small.id, small.token);
    await payByCard(big.id, big.token);
    const ids = async (query: Record<string, unknown>) => {
      const res = await api.request("GET", "/payment", { token: me.token, query });
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((p: { amount_pence: number }) => p.amount_pence);
    };
    expect(await ids({})).toEqual([60000, 1200]);
    expect(await ids({ sort: "amount" })).toEqual([1200, 60000]);
    expect(await ids({ filter: { amount_from: "100" } })).toEqual([60000]);
    expect(await ids({ filter: { amount_to: "12.00" } })).toEqual([1200]);
    expect(await ids({ filter: { amount: { from: "12.01", to: "599.99" } } })).toEqual([]);
    expect(await ids({ filter: { status: "succeeded", method: "card" } })).toEqual([60000, 1200]);
    expect(await ids({ filter: { status: "refunded" } })).toEqual([]);
    expect(await ids({ filter: { client: "Clara" } })).toEqual([60000, 1200]);
    expect(await ids({ filter: { client: "Nobody at all" } })).toEqual([]);
    expect(await ids({ filter: { individual_id: String(me.client.id) } })).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids({ filter: { created_at: { from: today } } })).toHaveLength(2);
    expect(await ids({ filter: { created_at: { to: "2000-01-01" } } })).toEqual([]);
    expect(await ids({ filter: { search: "4242" } })).toHaveLength(2);
    const page = await api.request("GET", "/payment", { token: me.token, query: { page: { number: 2, size: 1 } } });
    expect(page.body.meta).toMatchObject({ current_page: 2, per_page: 1, total: 2, last_page: 2 });
    for (const bad of [
      { filter: { status: "lost" } },
      { filter: { method: "cash" } },
      { filter: { amount_from: "ten" } },
      { filter: { created_at: { from: "yesterday" } } },
      { sort: "colour" },
    ]) {
      const res = await api.request("GET", "/payment", { token: me.token, query: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.errors, JSON.stringify(bad)).toBeDefined();
    }
  });

  it("sorts by status and by client, blanks last either way; searches find an invoice's number, a client's name and a payment's id", async () => {
    const me = await companyWithClient(api, ALL);
    // Names without digits (the company is new, so they are its only ones): the search by a payment's number below
    // would also find a name holding the same digits.
    const firm = await makeCompany(api, me.tenantId, "Acorn Ltd");
    const clara = await makeIndividual(api, me.tenantId, "Clara", "Client");
    const row = (over: Partial<typeof payments.$inferInsert>, minutesAgo: number) => ({
      tenantId: me.tenantId,
      description: "Counter sale",
      status: "succeeded" as const,
      amountPence: 1000,
      provider: "sandbox" as const,
      idempotencyKey: `list-test-${Math.random()}`,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      ...over,
    });
    const made = await api.database.db
      .insert(payments)
      .values([
        row({ individualId: clara, status: "failed", description: "Sale A" }, 5),
        row({ clientCompanyId: firm, description: "Sale B" }, 4),
        row({ payerName: "Bertie Walk-in", description: "Sale C" }, 3),
        row({ description: "Sale D" }, 2),
        row({ individualId: clara, status: "refunded", refundedPence: 1000, description: "Sale E" }, 1),
      ])
      .returning({ id: payments.id });
    const list = async (query: Record<string, unknown>) => {
      const res = await api.request("GET", "/payment", { token: me.token, query });
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((p: { description: string }) => p.description);
    };
    // Status: alphabetical, a status's payments oldest first (descending: newest first).
    expect(await list({ sort: "status" })).toEqual(["Sale A", "Sale E", "Sale B", "Sale C", "Sale D"]);
    expect(await list({ sort: "-status" })).toEqual(["Sale D", "Sale C", "Sale B", "Sale E", "Sale A"]);
    // Client: the client's name, else the payer's; a payment with neither last either way.
    expect(await list({ sort: "client" })).toEqual(["Sale B", "Sale C", "Sale A", "Sale E", "Sale D"]);
    expect(await list({ sort: "-client" })).toEqual(["Sale E", "Sale A", "Sale C", "Sale B", "Sale D"]);
    expect(await list({ filter: { search: "acorn" } })).toEqual(["Sale B"]);
    expect(await list({ filter: { client: "walk-in" } })).toEqual(["Sale C"]);
    expect(await list({ filter: { search: String(made[3].id) } })).toEqual(["Sale D"]);
    // An invoice's number (not in the payment's own text here): the paid invoice's payment is found by it.
    const { invoice, payment } = await paidPayment(me);
    await api.database.db.update(payments).set({ description: "Sale F" }).where(eq(payments.id, payment.id));
    const [{ number }] = await api.database.db.select({ number: salesDocuments.number }).from(salesDocuments).where(eq(salesDocuments.id, invoice.id));
    expect(await list({ filter: { search: number! } })).toEqual(["Sale F"]);
    // The company renamed: its payment is found and sorted by the new name (the name is kept on the payment).
    await api.database.db
      .update(clientCompanies)
      .set({ name: unique("Zed Bakers") })
      .where(eq(clientCompanies.id, firm));
    expect(await list({ filter: { client: "zed bakers" } })).toEqual(["Sale B"]);
    expect(await list({ filter: { search: "acorn" } })).toEqual([]);
    expect(await list({ sort: "client" })).toEqual(["Sale C", "Sale A", "Sale E", "Sale F", "Sale B", "Sale D"]);
    const other = await companyWithClient(api, ALL);
    const theirs = await api.request("GET", "/payment", { token: other.token, query: { filter: { search: number! } } });
    expect(theirs.body.data).toEqual([]);
  });

  it("counts a list once while the company's payments are unchanged, and again after a payment, a change straight in the table or a client's new name", async () => {
    const me = await companyWithClient(api, ALL);
    await paidPayment(me);
    await paidPayment(me);
    const [{ fullName }] = await api.database.db.select({ fullName: individuals.fullName }).from(individuals).where(eq(individuals.id, me.client.id));
    const list = (filter: Record<string, unknown>, page = 1) =>
      api.request("GET", "/payment", { token: me.token, query: { filter, page: { size: 1, number: page } } });
    const byName = { client: fullName };
    const first = await countQueries(api, () => list(byName));
    expect((await list(byName)).body.meta).toMatchObject({ total: 2, last_page: 2 });
    // Page 2 of the same list reuses the count: one query fewer than the first view.
    const second = await countQueries(api, () => list(byName, 2));
    expect(second).toBe(first - 1);
    // A payment through the API…
    const third = await paidPayment(me);
    expect((await list(byName)).body.meta.total).toBe(3);
    // …one changed straight in the table…
    expect((await list({ status: "succeeded" })).body.meta.total).toBe(3);
    await api.database.db.update(payments).set({ status: "failed" }).where(eq(payments.id, third.payment.id));
    expect((await list({ status: "succeeded" })).body.meta.total).toBe(2);
    // …and the client renamed (the client filter reads the name) each count again.
    await api.database.db
      .update(individuals)
      .set({ lastName: unique("Renamed") })
      .where(eq(individuals.id, me.client.id));
    expect((await list(byName)).body.meta.total).toBe(0);
    // Another company's payments leave this count alone.
    const other = await companyWithClient(api, ALL);
    await paidPayment(other);
    expect((await list({ status: "succeeded" })).body.meta.total).toBe(2);
    // An invoice edited with its number unchanged keeps the count; a new number (the search reads it) counts again.
    const [{ number }] = await api.database.db.select({ number: salesDocuments.number }).from(salesDocuments).where(eq(salesDocuments.id, third.invoice.id));
    const byNumber = { search: number! };
    expect((await list(byNumber)).body.meta.total).toBe(1);
    const remembered = await countQueries(api, () => list(byNumber));
    await api.database.db.update(salesDocuments).set({ reference: "Edited" }).where(eq(salesDocuments.id, third.invoice.id));
    expect(await countQueries(api, () => list(byNumber))).toBe(remembered);
    await api.database.db
      .update(salesDocuments)
      .set({ number: `${number}-R` })
      .where(eq(salesDocuments.id, third.invoice.id));
    expect(await countQueries(api, () => list(byNumber))).toBe(remembered + 1);
  });
});

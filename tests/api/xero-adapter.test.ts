/**
 * The Xero adapter (xero-node, the official client) against a mocked HTTP layer (nock): no network. Proves the
 * client-credentials token, the calls and bodies Xero receives (pounds, Xero's tax types, tracking), the answers
 * read back (ids, numbers), and Xero's failures mapped: 429 with Retry-After, 400 validation, down.
 */
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AccountingError, createAccounting, XeroAccounting } from "#api/integrations/accounting";
import type { Database } from "#api/db/client";

const API = "https://api.xero.com";
const IDENTITY = "https://identity.xero.com";
const settings = { clientId: "client-id", clientSecret: "client-secret", tenantId: "org-tenant-1", scopes: ["accounting.transactions"] };

const doc = {
  kind: "invoice" as const,
  providerId: null,
  contactName: "Clara Client",
  contactEmail: "clara@example.test",
  issueDate: "2026-11-20",
  dueDate: "2026-12-04",
  reference: "Wedding cake",
  terms: null,
  division: "Region: London",
  recurrence: null,
  lines: [{ description: "Cake", quantityMilli: 2500, unitPricePence: 333, vatRate: 5, accountCode: "200", netPence: 833, vatPence: 42 }],
  subtotalPence: 833,
  vatPence: 42,
  totalPence: 875,
};

function token() {
  return nock(IDENTITY)
    .post("/connect/token", (body) => body.grant_type === "client_credentials")
    .basicAuth({ user: "client-id", pass: "client-secret" })
    .reply(200, { access_token: "token-1", expires_in: 1800, token_type: "Bearer", scope: "accounting.transactions" });
}

beforeAll(() => {
  nock.disableNetConnect();
});
afterEach(() => {
  nock.cleanAll();
});
afterAll(() => {
  nock.enableNetConnect();
});

describe("the Xero adapter", () => {
  it("is chosen by XERO_CLIENT_ID and XERO_CLIENT_SECRET; the sandbox otherwise", () => {
    const database = { db: {} } as unknown as Database;
    expect(createAccounting(database, { XERO_CLIENT_ID: "a", XERO_CLIENT_SECRET: "b" }).kind).toBe("xero");
    expect(createAccounting(database, {}).kind).toBe("sandbox");
    expect(createAccounting(database, {}).label).toBe("Sandbox ledger");
  });

  it("creates an invoice: token once, the body in pounds with Xero's tax type and tracking, the number read back", async () => {
    const auth = token();
    let sent: any;
    const create = nock(API, {
      reqheaders: { authorization: "Bearer token-1", "xero-tenant-id": "org-tenant-1", "idempotency-key": "portal-1-invoice-7-push-r1" },
    })
      .put("/api.xro/2.0/Invoices")
      .query(true)
      .reply(200, (_uri, body) => {
        sent = body;
        return { Invoices: [{ InvoiceID: "9f1c-inv", InvoiceNumber: "INV-0042", Status: "DRAFT", Type: "ACCREC" }] };
      });
    const accounts = nock(API)
      .get("/api.xro/2.0/Accounts")
      .query(true)
      .reply(200, {
        Accounts: [
          { Code: "200", Name: "Sales", Type: "REVENUE", Status: "ACTIVE" },
          { Code: "090", Name: "Business Bank Account", Type: "BANK", Status: "ACTIVE" },
        ],
      });
    const xero = new XeroAccounting(settings);
    const ref = await xero.push(1, doc, { idempotencyKey: "portal-1-invoice-7-push-r1" });
    expect(ref).toEqual({ providerId: "9f1c-inv", number: "INV-0042", status: "DRAFT" });
    expect(sent.Invoices[0]).toMatchObject({
      Type: "ACCREC",
      Contact: { Name: "Clara Client", EmailAddress: "clara@example.test" },
      Date: "2026-11-20",
      DueDate: "2026-12-04",
      Reference: "Wedding cake",
      LineAmountTypes: "Exclusive",
      Status: "DRAFT",
      LineItems: [
        {
          Description: "Cake",
          Quantity: 2.5,
          UnitAmount: 3.33,
          AccountCode: "200",
          TaxType: "RROUTPUT",
          LineAmount: 8.33,
          Tracking: [{ Name: "Region", Option: "London" }],
        },
      ],
    });
    const chart = await xero.accounts();
    expect(chart).toEqual([
      { code: "200", name: "Sales", type: "REVENUE", sales: true, status: "ACTIVE" },
      { code: "090", name: "Business Bank Account", type: "BANK", sales: false, status: "ACTIVE" },
    ]);
    expect(auth.isDone() && create.isDone() && accounts.isDone()).toBe(true);
  });

  it("quotes, sending, paying, cancelling and tracking categories go to Xero's own calls", async () => {
    token();
    const calls: string[] = [];
    const scope = nock(API)
      .put("/api.xro/2.0/Quotes")
      .query(true)
      .reply(200, () => (calls.push("create quote"), { Quotes: [{ QuoteID: "q-1", QuoteNumber: "QU-0007", Status: "DRAFT" }] }))
      .post("/api.xro/2.0/Quotes/q-1")
      .reply(200, (_u, body: any) => (calls.push(`quote ${body.Quotes[0].Status}`), { Quotes: [{ QuoteID: "q-1", QuoteNumber: "QU-0007", Status: "SENT" }] }))
      .post("/api.xro/2.0/Invoices/inv-1")
      .query(true)
      .reply(
        200,
        (_u, body: any) => (
          calls.push(`invoice ${body.Invoices[0].Status}`),
          { Invoices: [{ InvoiceID: "inv-1", InvoiceNumber: "INV-0001", Status: "AUTHORISED" }] }
        ),
      )
      .post("/api.xro/2.0/Payments")
      .query(true)
      .reply(
        200,
        (_u, body: any) => (calls.push(`payment ${body.Invoice.InvoiceID} ${body.Amount} ${body.Account.Code}`), { Payments: [{ PaymentID: "pay-1" }] }),
      )
      .get("/api.xro/2.0/Invoices/inv-1")
      .query(true)
      .reply(200, { Invoices: [{ InvoiceID: "inv-1", Status: "AUTHORISED" }] })
      .post("/api.xro/2.0/Invoices/inv-1")
      .query(true)
      .reply(200, (_u, body: any) => (calls.push(`invoice ${body.Invoices[0].Status}`), { Invoices: [{ InvoiceID: "inv-1", Status: "VOIDED" }] }))
      .get("/api.xro/2.0/TrackingCategories")
      .query(true)
      .reply(200, { TrackingCategories: [{ Name: "Region", Options: [{ Name: "North" }, { Name: "South" }] }] });
    const xero = new XeroAccounting(settings);
    expect(await xero.push(1, { ...doc, kind: "quote", terms: "Valid 30 days" }, { idempotencyKey: "k-quote" })).toEqual({
      providerId: "q-1",
      number: "QU-0007",
      status: "DRAFT",
    });
    expect(await xero.markSent(1, "quote", "q-1")).toMatchObject({ status: "SENT" });
    expect(await xero.markSent(1, "invoice", "inv-1")).toMatchObject({ status: "AUTHORISED" });
    expect(await xero.pay(1, "inv-1", { amountPence: 875, date: "2026-11-21", accountCode: "090", reference: "INV-0001" })).toEqual({ paymentId: "pay-1" });
    await xero.cancel(1, "invoice", "inv-1");
    const div = await xero.divisionsAndRecurrences();
    expect(div.divisions).toEqual([{ name: "Region", options: ["North", "South"] }]);
    expect(div.recurrences.map((r) => r.value)).toContain("MONTHLY/1");
    expect(calls).toEqual(["create quote", "quote SENT", "invoice AUTHORISED", "payment inv-1 8.75 090", "invoice VOIDED"]);
    expect(scope.isDone()).toBe(true);
  });

  it("Xero's 429 becomes a rate limit with its Retry-After; a 400 its validation message; a 503 or no answer: not answering", async () => {
    token();
    nock(API).get("/api.xro/2.0/Accounts").query(true).reply(429, { Title: "Too many requests" }, { "Retry-After": "37", "X-Rate-Limit-Problem": "minute" });
    const xero = new XeroAccounting(settings);
    const limited = await xero.accounts().catch((e) => e);
    expect(limited).toBeInstanceOf(AccountingError);
    expect(limited).toMatchObject({ code: "rate_limited", retryAfterSeconds: 37 });
    expect(limited.message).toMatch(/^Xero allows 60 calls a minute .* Try again in 37 seconds\.$/);

    nock(API)
      .put("/api.xro/2.0/Invoices")
      .query(true)
      .reply(400, {
        ErrorNumber: 10,
        Type: "ValidationException",
        Elements: [{ ValidationErrors: [{ Message: "Account code '999' is not a valid code for this document." }] }],
      });
    const rejected = await xero.push(1, doc, { idempotencyKey: "k-rejected" }).catch((e) => e);
    expect(rejected).toMatchObject({ code: "rejected", message: "Xero refused the document: Account code '999' is not a valid code for this document.." });

    nock(API).get("/api.xro/2.0/TrackingCategories").query(true).reply(503, "Service Unavailable");
    expect(await xero.divisionsAndRecurrences().catch((e) => e)).toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/^Xero is not answering/),
    });

    nock(API).get("/api.xro/2.0/Accounts").query(true).replyWithError("connect ECONNREFUSED");
    expect(await xero.accounts().catch((e) => e)).toMatchObject({ code: "unavailable" });
  });

  it("a refused token (wrong client secret) is reported as Xero not answering, nothing sent", async () => {
    nock(IDENTITY).post("/connect/token").reply(400, { error: "invalid_client" });
    const invoices = nock(API).put("/api.xro/2.0/Invoices").query(true).reply(200, {});
    const xero = new XeroAccounting({ ...settings, clientSecret: "wrong" });
    expect(await xero.push(1, doc, { idempotencyKey: "k-rejected" }).catch((e) => e)).toMatchObject({ code: "unavailable" });
    expect(invoices.isDone()).toBe(false);
  });

  it("every write carries its idempotency key: Xero answers a repeated create with the first answer, and no second invoice is made", async () => {
    token();
    const key = "portal-1-invoice-7-lnx2k-push-r2-0123456789abcdef";
    let creates = 0;
    const first = { Invoices: [{ InvoiceID: "inv-once", InvoiceNumber: "INV-0100", Status: "DRAFT" }] };
    // Xero's side: the same key answers the kept answer; the mock counts the documents it made.
    const seen = new Map<string, unknown>();
    const scope = nock(API)
      .put("/api.xro/2.0/Invoices")
      .query(true)
      .times(2)
      .reply(200, function () {
        const k = String(this.req.headers["idempotency-key"]);
        if (!seen.has(k)) {
          creates += 1;
          seen.set(k, first);
        }
        return seen.get(k) as object;
      })
      .post("/api.xro/2.0/Invoices/inv-once")
      .query(true)
      .matchHeader("idempotency-key", "k-update")
      .reply(200, { Invoices: [{ InvoiceID: "inv-once", InvoiceNumber: "INV-0100", Status: "DRAFT" }] })
      .post("/api.xro/2.0/Quotes/q-9")
      .matchHeader("idempotency-key", "k-quote-update")
      .reply(200, { Quotes: [{ QuoteID: "q-9", QuoteNumber: "QU-0009", Status: "DRAFT" }] })
      .put("/api.xro/2.0/Quotes")
      .query(true)
      .matchHeader("idempotency-key", "k-quote-create")
      .reply(200, { Quotes: [{ QuoteID: "q-9", QuoteNumber: "QU-0009", Status: "DRAFT" }] })
      .post("/api.xro/2.0/Invoices/inv-once")
      .query(true)
      .matchHeader("idempotency-key", "k-sent")
      .reply(200, { Invoices: [{ InvoiceID: "inv-once", Status: "AUTHORISED" }] })
      .post("/api.xro/2.0/Payments")
      .query(true)
      .matchHeader("idempotency-key", "k-pay")
      .reply(200, { Payments: [{ PaymentID: "pay-9" }] });
    const xero = new XeroAccounting(settings);
    // The push is sent, its answer is lost on our side, the push is sent again with the same key: one invoice.
    expect(await xero.push(1, doc, { idempotencyKey: key })).toEqual({ providerId: "inv-once", number: "INV-0100", status: "DRAFT" });
    expect(await xero.push(1, doc, { idempotencyKey: key })).toEqual({ providerId: "inv-once", number: "INV-0100", status: "DRAFT" });
    expect(creates).toBe(1);
    expect(await xero.push(1, { ...doc, providerId: "inv-once" }, { idempotencyKey: "k-update" })).toMatchObject({ providerId: "inv-once" });
    expect(await xero.push(1, { ...doc, kind: "quote" }, { idempotencyKey: "k-quote-create" })).toMatchObject({ providerId: "q-9" });
    expect(await xero.push(1, { ...doc, kind: "quote", providerId: "q-9" }, { idempotencyKey: "k-quote-update" })).toMatchObject({ providerId: "q-9" });
    expect(await xero.markSent(1, "invoice", "inv-once", { idempotencyKey: "k-sent" })).toMatchObject({ status: "AUTHORISED" });
    expect(await xero.pay(1, "inv-once", { amountPence: 875, date: "2026-11-21", accountCode: "090", reference: null }, { idempotencyKey: "k-pay" })).toEqual({
      paymentId: "pay-9",
    });
    expect(scope.isDone()).toBe(true);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONEY_MESSAGES } from "#common/money";
import { ACCOUNTING_MESSAGES } from "#contract/accounting-documents";
import type { Permission } from "#contract/permissions";
import { accountingDocuments, accountingSandboxCalls, accountingSandboxRecords } from "#api/db/schema";
import { AccountingError, SandboxAccounting } from "#api/integrations/accounting";
import { setAccounting } from "#api/modules/accounting-documents/provider";
import { createTestApi, type TestApi } from "../helpers/api";
import { userWith } from "../helpers/crm";
import { companyWithClient, create, item, lastMail } from "../helpers/sales";

let api: TestApi;
const ALL: Permission[] = ["xero_invoices_view", "xero_invoices_manage"];

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const company = (perms: Permission[] = ALL) => companyWithClient(api, perms);
type Me = Awaited<ReturnType<typeof company>>;

async function invoice(me: Me, body: Record<string, unknown> = {}, path = "/xero-invoices") {
  const res = await api.request("POST", path, { token: me.token, body: { individual_id: me.client.id, items: [item()], ...body } });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body.data as Record<string, any> & { id: number };
}

const ledger = async (tenantId: number) => api.database.db.select().from(accountingSandboxRecords).where(eq(accountingSandboxRecords.tenantId, tenantId));
const outage = (me: Me, on: boolean) => api.request("PUT", "/xero/sandbox-ledger/outage", { token: me.token, body: { outage: on } });

describe("guards", () => {
  it("401 without a token, 403 without the permissions, 404 for another company's document", async () => {
    const me = await company();
    const inv = await invoice(me);
    const itemId = inv.items[0].id;
    expect((await api.request("GET", "/xero-invoices")).status).toBe(401);
    expect((await api.request("GET", "/xero/accounts")).status).toBe(401);
    expect((await api.request("GET", `/xero-invoices/${inv.id}/summary`)).status).toBe(404);

    const none = await userWith(api, me.tenantId, ["invoice_view", "invoice_manage"]);
    const viewer = await userWith(api, me.tenantId, ["xero_invoices_view"]);
    const calls = [
      ["GET", "/xero-invoices"],
      ["GET", "/xero-quotes"],
      ["GET", `/xero-invoices/${inv.id}`],
      ["GET", `/xero-invoices/${inv.id}/items/${itemId}`],
      ["GET", "/xero/accounts"],
      ["GET", "/xero/divisions-recurrences"],
      ["GET", "/xero/sandbox-ledger"],
      ["GET", `/xero-invoices/${inv.id}/summary`],
    ] as const;
    for (const [method, path] of calls) {
      expect((await api.request(method, path, { token: none.token })).status, `${method} ${path}`).toBe(403);
      expect((await api.request(method, path, { token: viewer.token })).status, `${method} ${path} viewer`).toBe(200);
    }
    for (const [method, path, body] of [
      ["POST", "/xero-invoices", { individual_id: me.client.id }],
      ["PUT", "/xero-invoices", { ids: [inv.id] }],
      ["PUT", `/xero-invoices/${inv.id}`, { reference: "x" }],
      ["POST", `/xero-invoices/${inv.id}/send`],
      ["POST", `/xero-invoices/${inv.id}/mark-as-sent`],
      ["POST", `/xero-invoices/${inv.id}/paid-status`, { paid: true }],
      ["PUT", `/xero-invoices/${inv.id}/terms-and-conditions`, { terms_and_conditions: "x" }],
      ["POST", `/xero-invoices/${inv.id}/items`, item()],
      ["PUT", `/xero-invoices/${inv.id}/items/${itemId}`, item()],
      ["DELETE", `/xero-invoices/${inv.id}/items?item_ids=${itemId}`],
      ["POST", `/xero-invoices/${inv.id}/retry-sync`],
      ["PUT", "/xero/sandbox-ledger/outage", { outage: true }],
    ] as const) {
      expect((await api.request(method, path, { token: viewer.token, body })).status, `${method} ${path}`).toBe(403);
    }

    const other = await company();
    for (const [method, path, body] of [
      ["GET", `/xero-invoices/${inv.id}`],
      ["GET", `/xero-quotes/${inv.id}`],
      ["PUT", `/xero-invoices/${inv.id}`, { reference: "x" }],
      ["PUT", "/xero-invoices", { ids: [inv.id] }],
      ["POST", `/xero-invoices/${inv.id}/send`],
      ["POST", `/xero-invoices/${inv.id}/mark-as-sent`],
      ["POST", `/xero-invoices/${inv.id}/paid-status`, { paid: true, paid_on: "2026-11-01", payment_method: "cash" }],
      ["PUT", `/xero-invoices/${inv.id}/terms-and-conditions`, { terms_and_conditions: "x" }],
      ["POST", `/xero-invoices/${inv.id}/items`, item()],
      ["GET", `/xero-invoices/${inv.id}/items/${itemId}`],
      ["PUT", `/xero-invoices/${inv.id}/items/${itemId}`, item()],
      ["DELETE", `/xero-invoices/${inv.id}/items?item_ids=${itemId}`],
      ["POST", `/xero-invoices/${inv.id}/retry-sync`],
      ["GET", `/xero-invoices/${inv.id}/summary`],
    ] as const) {
      const res = await api.request(method, path, { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [row] = await api.database.db.select().from(accountingDocuments).where(eq(accountingDocuments.id, inv.id));
    expect(row).toMatchObject({ status: "draft", reference: null, totalPence: 12000 });
  });
});

describe("create, list, show and update", () => {
  it("creates in the sandbox ledger with its number, labelled as the sandbox, and lists with filters and paging", async () => {
    const me = await company();
    const a = await invoice(me, { reference: "Wedding cake", division: "Region: London", recurrence: "MONTHLY/1" });
    expect(a).toMatchObject({
      kind: "invoice",
      number: "INV-0001",
      status: "draft",
      subtotal_pence: 10000,
      vat_pence: 2000,
      total_pence: 12000,
      division: "Region: London",
      recurrence: "MONTHLY/1",
      sync: { status: "synced", label: "Sandbox ledger", provider: "sandbox", provider_label: "Sandbox ledger", error: null },
    });
    expect(a.sync.label).not.toMatch(/synced/i);
    const b = await invoice(me, { items: [item({ quantity: "2.5", unit_price_pence: 333, vat_rate: 5, account_code: "220" })] });
    expect(b).toMatchObject({ number: "INV-0002", subtotal_pence: 833, vat_pence: 42, total_pence: 875 });
    const q = await invoice(me, {}, "/xero-quotes");
    expect(q).toMatchObject({ kind: "quote", number: "QU-0001" });
    const held = await ledger(me.tenantId);
    expect(held.map((r) => r.number).sort()).toEqual(["INV-0001", "INV-0002", "QU-0001"]);
    expect(held.find((r) => r.number === "INV-0002")).toMatchObject({ status: "DRAFT", totalPence: 875, contactName: expect.any(String) });

    const list = await api.request("GET", "/xero-invoices", { token: me.token, query: { page: { size: 1 }, sort: "number" } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: any) => d.number)).toEqual(["INV-0001"]);
    expect(list.body.meta).toMatchObject({ total: 2 });
    const search = await api.request("GET", "/xero-invoices", { token: me.token, query: { filter: { search: "wedding" } } });
    expect(search.body.data.map((d: any) => d.id)).toEqual([a.id]);
    const byTotal = await api.request("GET", "/xero-invoices", { token: me.token, query: { filter: { total: { to: "1000" }, sync: "synced" } } });
    expect(byTotal.body.data.map((d: any) => d.id)).toEqual([b.id]);
    const badFilter = await api.request("GET", "/xero-invoices", { token: me.token, query: { filter: { status: "lost" } } });
    expect(badFilter.status).toBe(422);
    expect((await api.request("GET", "/xero-invoices", { token: me.token, query: { sort: "colour" } })).status).toBe(422);

    const shown = await api.request("GET", `/xero-invoices/${a.id}`, { token: me.token });
    expect(shown.body.data).toMatchObject({ id: a.id, items: [{ description: "Consultation", account_code: "200", net_pence: 10000 }] });
    expect((await api.request("GET", `/xero-quotes/${a.id}`, { token: me.token })).status).toBe(404);

    const updated = await api.request("PUT", `/xero-invoices/${a.id}`, {
      token: me.token,
      body: { reference: "Wedding cake (3 tiers)", items: [item({ unit_price_pence: 25000 })] },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data).toMatchObject({ number: "INV-0001", reference: "Wedding cake (3 tiers)", total_pence: 30000, sync: { status: "synced" } });
    const [rec] = (await ledger(me.tenantId)).filter((r) => r.number === "INV-0001");
    expect(rec).toMatchObject({ totalPence: 30000, reference: "Wedding cake (3 tiers)" });
  });

  it("refuses bad input with errors under the fields, and changes nothing", async () => {
    const me = await company();
    const other = await company();
    const res = await api.request("POST", "/xero-invoices", {
      token: me.token,
      body: {
        individual_id: other.client.id,
        division: "Region: Atlantis",
        recurrence: "DAILY/1",
        items: [{ description: "", quantity: "-1", unit_price_pence: 2_000_000_000, vat_rate: 17, account_code: "090" }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      individual_id: [ACCOUNTING_MESSAGES.individual],
      division: [ACCOUNTING_MESSAGES.division],
      recurrence: [ACCOUNTING_MESSAGES.recurrence],
      "items.0.description": [ACCOUNTING_MESSAGES.description],
      "items.0.quantity": [MONEY_MESSAGES.quantityNegative],
      "items.0.unit_price_pence": [MONEY_MESSAGES.priceTooLarge],
      "items.0.vat_rate": [MONEY_MESSAGES.vatRate],
    });
    const code = await api.request("POST", "/xero-invoices", {
      token: me.token,
      body: { individual_id: me.client.id, items: [item({ account_code: "090" })] },
    });
    expect(code.body.errors).toEqual({ "items.0.account_code": [ACCOUNTING_MESSAGES.accountCode] });
    const quoteRepeat = await api.request("POST", "/xero-quotes", { token: me.token, body: { individual_id: me.client.id, recurrence: "MONTHLY/1" } });
    expect(quoteRepeat.body.errors).toEqual({ recurrence: [ACCOUNTING_MESSAGES.recurrenceQuote] });
    expect((await api.request("PUT", "/xero-invoices", { token: me.token, body: { ids: [] } })).status).toBe(422);
    expect((await api.request("DELETE", "/xero-invoices/1/items?item_ids=abc", { token: me.token })).status).toBe(422);
    expect((await api.request("GET", "/xero-invoices", { token: me.token })).body.meta.total).toBe(0);
    expect(await ledger(me.tenantId)).toEqual([]);
  });
});

describe("items and terms", () => {
  it("adds, reads, replaces and deletes items; the totals and the ledger follow", async () => {
    const me = await company();
    const inv = await invoice(me);
    const added = await api.request("POST", `/xero-invoices/${inv.id}/items`, {
      token: me.token,
      body: item({ description: "Delivery", unit_price_pence: 1500, vat_rate: 0 }),
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.data).toMatchObject({ subtotal_pence: 11500, vat_pence: 2000, total_pence: 13500, items_count: 2 });
    const second = added.body.data.items[1];
    const got = await api.request("GET", `/xero-invoices/${inv.id}/items/${second.id}`, { token: me.token });
    expect(got.body.data).toMatchObject({ description: "Delivery", unit_price_pence: 1500, vat_rate: 0, account_code: "200" });
    const bad = await api.request("PUT", `/xero-invoices/${inv.id}/items/${second.id}`, { token: me.token, body: item({ quantity: "0" }) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ quantity: [MONEY_MESSAGES.quantityZero] });
    const put = await api.request("PUT", `/xero-invoices/${inv.id}/items/${second.id}`, {
      token: me.token,
      body: item({ description: "Delivery", quantity: "3", unit_price_pence: 999, vat_rate: 20 }),
    });
    expect(put.body.data).toMatchObject({ subtotal_pence: 12997, vat_pence: 2599, total_pence: 15596 });
    expect((await api.request("DELETE", `/xero-invoices/${inv.id}/items?item_ids=${second.id},999999`, { token: me.token })).status).toBe(404);
    const del = await api.request("DELETE", `/xero-invoices/${inv.id}/items?item_ids=${second.id}`, { token: me.token });
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ total_pence: 12000, items_count: 1 });
    const terms = await api.request("PUT", `/xero-invoices/${inv.id}/terms-and-conditions`, {
      token: me.token,
      body: { terms_and_conditions: "Payment within 14 days." },
    });
    expect(terms.body.data).toMatchObject({ terms_and_conditions: "Payment within 14 days.", sync: { status: "synced" } });
    const [rec] = await ledger(me.tenantId);
    expect(rec).toMatchObject({ totalPence: 12000, terms: "Payment within 14 days." });
    expect(rec.lines).toHaveLength(1);
  });
});

describe("send, paid status and cancel", () => {
  it("sends (e-mail and the ledger's AUTHORISED), marks paid and unpaid, cancels many", async () => {
    const me = await company();
    const inv = await invoice(me);
    const empty = await invoice(me, { items: [] });
    const noItems = await api.request("POST", `/xero-invoices/${empty.id}/mark-as-sent`, { token: me.token });
    expect(noItems.status).toBe(422);
    expect(noItems.body.message).toBe(ACCOUNTING_MESSAGES.noItems);

    const early = await api.request("POST", `/xero-invoices/${inv.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: "2026-11-01", payment_method: "card" },
    });
    expect(early.status).toBe(422);

    const sent = await api.request("POST", `/xero-invoices/${inv.id}/send`, { token: me.token });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "sent", status_label: "Sent" });
    const mail = await lastMail(api, me.client.email!);
    expect(mail.subject).toContain("Invoice INV-0001");
    expect(mail.textBody).toContain("£120.00");
    expect((await ledger(me.tenantId)).find((r) => r.number === "INV-0001")?.status).toBe("AUTHORISED");
    expect((await api.request("POST", `/xero-invoices/${inv.id}/send`, { token: me.token })).status).toBe(422);
    expect((await api.request("PUT", `/xero-invoices/${inv.id}`, { token: me.token, body: { reference: "late" } })).body.message).toBe(
      ACCOUNTING_MESSAGES.editSent,
    );

    const missing = await api.request("POST", `/xero-invoices/${inv.id}/paid-status`, { token: me.token, body: { paid: true } });
    expect(missing.body.errors).toEqual({ paid_on: [ACCOUNTING_MESSAGES.paidOn], payment_method: [ACCOUNTING_MESSAGES.paymentMethod] });
    const badBank = await api.request("POST", `/xero-invoices/${inv.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: "2026-11-01", payment_method: "card", account_code: "200" },
    });
    expect(badBank.body.errors).toEqual({ account_code: [ACCOUNTING_MESSAGES.bankAccount] });
    const paid = await api.request("POST", `/xero-invoices/${inv.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: "2026-11-01", payment_method: "bank_transfer" },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", paid_on: "2026-11-01", payment_method: "bank_transfer" });
    expect((await ledger(me.tenantId)).find((r) => r.number === "INV-0001")).toMatchObject({ status: "PAID", amountPaidPence: 12000 });
    const twice = await api.request("POST", `/xero-invoices/${inv.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: "2026-11-01", payment_method: "cash" },
    });
    expect(twice.body.errors).toEqual({ paid: [ACCOUNTING_MESSAGES.invoicePaid] });

    const paidCancel = await api.request("PUT", "/xero-invoices", { token: me.token, body: { ids: [inv.id] } });
    expect(paidCancel.body.data).toEqual({ cancelled: [], failed: [{ id: inv.id, message: expect.stringContaining("paid") }] });
    const unpaid = await api.request("POST", `/xero-invoices/${inv.id}/paid-status`, { token: me.token, body: { paid: false } });
    expect(unpaid.body.data).toMatchObject({ status: "sent", paid_on: null });
    expect((await ledger(me.tenantId)).find((r) => r.number === "INV-0001")).toMatchObject({ status: "AUTHORISED", amountPaidPence: 0 });

    const cancelled = await api.request("PUT", "/xero-invoices", { token: me.token, body: { ids: [inv.id, empty.id] } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data).toEqual({ cancelled: [inv.id, empty.id], failed: [] });
    const held = await ledger(me.tenantId);
    expect(held.find((r) => r.number === "INV-0001")?.status).toBe("VOIDED");
    expect(held.find((r) => r.number === "INV-0002")?.status).toBe("DELETED");
    expect((await api.request("PUT", `/xero-invoices/${inv.id}`, { token: me.token, body: { reference: "x" } })).body.message).toBe(
      ACCOUNTING_MESSAGES.cancelled,
    );
  });

  it("sending to a client without an e-mail address is refused; a quote is marked sent", async () => {
    const me = await company();
    const q = await invoice(me, {}, "/xero-quotes");
    const res = await api.request("POST", `/xero-quotes/${q.id}/mark-as-sent`, { token: me.token });
    expect(res.body.data).toMatchObject({ status: "sent" });
    expect((await ledger(me.tenantId))[0].status).toBe("SENT");
    const { makeIndividual } = await import("../helpers/crm");
    const silent = await makeIndividual(api, me.tenantId, "Sam", "Silent");
    const q2 = await invoice(me, { individual_id: silent }, "/xero-quotes");
    const noEmail = await api.request("POST", `/xero-quotes/${q2.id}/send`, { token: me.token });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.message).toBe(ACCOUNTING_MESSAGES.noEmail);
  });
});

describe("the accounting system failing", () => {
  it("not answering: the document is kept, not synced, and the retry syncs it; an action changes nothing", async () => {
    const me = await company();
    const synced = await invoice(me);
    expect((await outage(me, true)).status).toBe(200);
    const res = await api.request("POST", "/xero-invoices", { token: me.token, body: { individual_id: me.client.id, items: [item()] } });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/^Saved here, but not synced: Sandbox ledger is not answering/);
    expect(res.body.data).toMatchObject({ number: null, number_label: "Not synced", sync: { status: "not_synced", label: "Not synced", provider: null } });
    const id = res.body.data.id;

    const send = await api.request("POST", `/xero-invoices/${synced.id}/mark-as-sent`, { token: me.token });
    expect(send.status).toBe(503);
    expect(send.body.message).toMatch(/not answering right now: nothing was changed/);
    expect((await api.request("GET", `/xero-invoices/${synced.id}`, { token: me.token })).body.data.status).toBe("draft");
    const notSyncedSend = await api.request("POST", `/xero-invoices/${id}/mark-as-sent`, { token: me.token });
    expect(notSyncedSend.status).toBe(503);
    const retryDown = await api.request("POST", `/xero-invoices/${id}/retry-sync`, { token: me.token });
    expect(retryDown.status).toBe(503);
    const list = await api.request("GET", "/xero-invoices", { token: me.token, query: { filter: { sync: "not_synced" } } });
    expect(list.body.data.map((d: any) => d.id)).toEqual([id]);
    expect((await api.request("GET", "/xero/accounts", { token: me.token })).status).toBe(503);

    await outage(me, false);
    const retried = await api.request("POST", `/xero-invoices/${id}/retry-sync`, { token: me.token });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data).toMatchObject({ number: "INV-0002", sync: { status: "synced", label: "Sandbox ledger", error: null } });
    expect((await api.request("POST", `/xero-invoices/${id}/retry-sync`, { token: me.token })).body.message).toBe(ACCOUNTING_MESSAGES.synced);
    expect((await ledger(me.tenantId)).map((r) => r.number).sort()).toEqual(["INV-0001", "INV-0002"]);
  });

  it("answers the 61st call of a minute with 429 and Retry-After, per company", async () => {
    const me = await company();
    const other = await company();
    for (let i = 0; i < 60; i++) {
      const ok = await api.request("GET", i % 2 ? "/xero/accounts" : "/xero/divisions-recurrences", { token: me.token });
      expect(ok.status).toBe(200);
    }
    const limited = await api.request("GET", "/xero/accounts", { token: me.token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/60 calls a minute/);
    const created = await api.request("POST", "/xero-invoices", { token: me.token, body: { individual_id: me.client.id, items: [item()] } });
    expect(created.status).toBe(201);
    expect(created.body.data.sync.status).toBe("not_synced");
    expect((await api.request("POST", `/xero-invoices/${created.body.data.id}/retry-sync`, { token: me.token })).status).toBe(429);
    expect((await api.request("GET", "/xero/accounts", { token: other.token })).status).toBe(200);
    // A minute later the calls have expired.
    await api.database.db
      .update(accountingSandboxCalls)
      .set({ calledAt: new Date(Date.now() - 61_000) })
      .where(eq(accountingSandboxCalls.tenantId, me.tenantId));
    expect((await api.request("POST", `/xero-invoices/${created.body.data.id}/retry-sync`, { token: me.token })).status).toBe(200);
  });
});

describe("chart of accounts, divisions, ledger and summary", () => {
  it("lists the sandbox's accounts, divisions and repeats, labelled as the sandbox", async () => {
    const me = await company();
    const accounts = await api.request("GET", "/xero/accounts", { token: me.token });
    expect(accounts.body.meta).toEqual({ provider: "sandbox", provider_label: "Sandbox ledger" });
    expect(accounts.body.data).toContainEqual({ code: "200", name: "Sales", type: "REVENUE", sales: true, status: "ACTIVE" });
    const div = await api.request("GET", "/xero/divisions-recurrences", { token: me.token });
    expect(div.body.data.divisions[0]).toEqual({ name: "Region", options: expect.arrayContaining(["London"]) });
    expect(div.body.data.recurrences).toContainEqual({ value: "MONTHLY/1", label: "Every month", unit: "MONTHLY", period: 1 });
    await invoice(me);
    const view = await api.request("GET", "/xero/sandbox-ledger", { token: me.token });
    expect(view.body.data).toMatchObject({
      provider: "sandbox",
      label: "Sandbox ledger",
      outage: false,
      calls_per_minute: 60,
      records: [{ number: "INV-0001", type: "ACCREC", total_pence: 12000 }],
    });
    expect(view.body.data.calls_last_minute).toBeGreaterThanOrEqual(3);
  });

  it("the summary page: HTML fit to print, by bearer or the document's link, saying it is the sandbox", async () => {
    const me = await company();
    const inv = await invoice(me, { terms_and_conditions: "Pay <soon>" });
    const page = await api.request("GET", `/xero-invoices/${inv.id}/summary`, { token: me.token });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.text).toContain("Invoice INV-0001");
    expect(page.text).toContain("Sandbox ledger: kept in the portal&#39;s sandbox, not in a real accounting system.");
    expect(page.text).toContain("£120.00");
    expect(page.text).not.toContain("££");
    expect(page.text).toContain("Pay &lt;soon&gt;");
    const [row] = await api.database.db
      .select({ token: accountingDocuments.accessToken })
      .from(accountingDocuments)
      .where(and(eq(accountingDocuments.id, inv.id)));
    expect((await api.request("GET", `/xero-invoices/${inv.id}/summary?token=${row.token}`)).status).toBe(200);
    expect((await api.request("GET", `/xero-invoices/${inv.id}/summary?token=wrong`)).status).toBe(404);
  });
});

describe("a simple quote converted to a synced invoice", () => {
  it("keeps the items, records the invoice, refuses a second conversion", async () => {
    const me = await companyWithClient(api, [...ALL, "quote_view", "quote_manage", "invoice_manage"]);
    const quote = await create(api, me.token, "/simple-quotes", {
      individual_id: me.client.id,
      items: [item({ quantity: "3", unit_price_pence: 450, vat_rate: 5, account_code: "210" })],
    });
    const draft = await api.request("POST", `/simple-quotes/${quote.id}/convert-to-xero-invoice`, { token: me.token });
    expect(draft.status).toBe(422);
    await api.request("POST", `/simple-quotes/${quote.id}/mark-as-sent`, { token: me.token });
    const noXero = await userWith(api, me.tenantId, ["quote_view", "quote_manage"]);
    expect((await api.request("POST", `/simple-quotes/${quote.id}/convert-to-xero-invoice`, { token: noXero.token })).status).toBe(403);
    const other = await companyWithClient(api, [...ALL, "quote_manage"]);
    expect((await api.request("POST", `/simple-quotes/${quote.id}/convert-to-xero-invoice`, { token: other.token })).status).toBe(404);

    const res = await api.request("POST", `/simple-quotes/${quote.id}/convert-to-xero-invoice`, { token: me.token });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: "invoice",
      number: "INV-0001",
      total_pence: 1418,
      source_quote: { id: quote.id, number: "QUO-0001" },
      items: [{ quantity: "3", unit_price_pence: 450, vat_rate: 5, account_code: "210" }],
    });
    const again = await api.request("POST", `/simple-quotes/${quote.id}/convert-to-xero-invoice`, { token: me.token });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(ACCOUNTING_MESSAGES.convertedXero);
    expect((await api.request("GET", `/simple-quotes/${quote.id}`, { token: me.token })).body.data.status).toBe("converted");
    expect((await api.request("POST", `/simple-quotes/${quote.id}/convert-to-invoice`, { token: me.token })).status).toBe(422);
  });
});

describe("idempotency keys: a push sent again never makes a second document", () => {
  const lines = (t: number) => [{ ...item(), description: "Cake", unit_price_pence: t }];

  it("the sandbox honours a key: the same key and request answer the first answer; another request with it is refused", async () => {
    const me = await company();
    const sandbox = new SandboxAccounting(api.database);
    const doc = {
      kind: "invoice" as const,
      providerId: null,
      contactName: "Clara Client",
      contactEmail: null,
      issueDate: "2026-11-20",
      dueDate: null,
      reference: "Keyed",
      terms: null,
      division: null,
      recurrence: null,
      lines: [{ description: "Cake", quantityMilli: 1000, unitPricePence: 1000, vatRate: 20, accountCode: "200", netPence: 1000, vatPence: 200 }],
      subtotalPence: 1000,
      vatPence: 200,
      totalPence: 1200,
    };
    const first = await sandbox.push(me.tenantId, doc, { idempotencyKey: "key-a" });
    expect(await sandbox.push(me.tenantId, doc, { idempotencyKey: "key-a" })).toEqual(first);
    // At the same moment, twice: one document.
    const [x, y] = await Promise.all([
      sandbox.push(me.tenantId, doc, { idempotencyKey: "key-b" }),
      sandbox.push(me.tenantId, doc, { idempotencyKey: "key-b" }),
    ]);
    expect(x).toEqual(y);
    expect(await ledger(me.tenantId)).toHaveLength(2);
    const other = await sandbox.push(me.tenantId, { ...doc, reference: "Changed" }, { idempotencyKey: "key-a" }).catch((e) => e);
    expect(other).toBeInstanceOf(AccountingError);
    expect(other).toMatchObject({ code: "rejected", message: "Sandbox ledger: the idempotency key key-a was already used for another request." });
    // Another company's key of the same name is its own.
    const them = await company();
    expect((await sandbox.push(them.tenantId, doc, { idempotencyKey: "key-a" })).providerId).not.toBe(first.providerId);
    // A payment sent twice with its key pays once; sent again, it answers the same payment.
    await sandbox.markSent(me.tenantId, "invoice", first.providerId, { idempotencyKey: "sent-a" });
    const payment = { amountPence: 1200, date: "2026-11-21", accountCode: "090", reference: null };
    const paid = await sandbox.pay(me.tenantId, first.providerId, payment, { idempotencyKey: "pay-a" });
    expect(await sandbox.pay(me.tenantId, first.providerId, payment, { idempotencyKey: "pay-a" })).toEqual(paid);
  });

  it("a create whose answer was lost, pushed again (retry sync): one invoice in the ledger, and the document has its number", async () => {
    const me = await company();
    const real = new SandboxAccounting(api.database);
    const keys: string[] = [];
    let lose = 1;
    const flaky = Object.create(real) as SandboxAccounting;
    flaky.push = async (tenantId, doc, options) => {
      keys.push(options.idempotencyKey);
      const ref = await real.push(tenantId, doc, options);
      if (lose-- > 0) throw new AccountingError("unavailable", "The answer was lost on the way back.");
      return ref;
    };
    setAccounting(api.app, flaky);
    try {
      const inv = await invoice(me, { items: lines(1000) });
      expect(inv.sync.status).toBe("not_synced");
      expect(await ledger(me.tenantId)).toHaveLength(1);
      const retry = await api.request("POST", `/xero-invoices/${inv.id}/retry-sync`, { token: me.token });
      expect(retry.status, retry.text).toBe(200);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[0].length).toBeLessThanOrEqual(128);
      const records = await ledger(me.tenantId);
      expect(records).toHaveLength(1);
      const [doc] = await api.database.db.select().from(accountingDocuments).where(eq(accountingDocuments.id, inv.id));
      expect(doc).toMatchObject({ syncStatus: "synced", providerId: records[0].providerId, providerNumber: records[0].number });

      // Each change of content is another push (another key); content changed back is pushed again, not replayed.
      for (const pence of [2000, 1000]) {
        const res = await api.request("PUT", `/xero-invoices/${inv.id}`, { token: me.token, body: { items: lines(pence) } });
        expect(res.status, res.text).toBe(200);
      }
      expect(new Set(keys).size).toBe(3);
      const [after] = await ledger(me.tenantId);
      expect(after.totalPence).toBe(1200);
      expect(await ledger(me.tenantId)).toHaveLength(1);
    } finally {
      setAccounting(api.app, real);
    }
  });
});

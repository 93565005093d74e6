import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInLondon } from "#common/dates";
import { MONEY_MESSAGES } from "#common/money";
import { SALES_MESSAGES } from "#contract/sales-documents";
import type { Permission } from "#contract/permissions";
import { createTestApi, type TestApi } from "../helpers/api";
import { userWith } from "../helpers/crm";
import { sendMultipart } from "../helpers/multipart";
import { companyWithClient, counterOf, create, item, lastMail, pdfText, rowOf } from "../helpers/sales";

let api: TestApi;
const ALL: Permission[] = ["invoice_view", "invoice_manage", "invoice_delete"];

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const company = (perms: Permission[] = ALL) => companyWithClient(api, perms);

const invoice = (me: { token: string; client: { id: number } }, body: Record<string, unknown> = {}) =>
  create(api, me.token, "/simple-invoices", { individual_id: me.client.id, items: [item()], ...body });

describe("guards", () => {
  it("401 without a token, 403 without the invoice permissions, 404 for another company's invoice", async () => {
    const me = await company();
    const inv = await invoice(me);
    expect((await api.request("GET", "/simple-invoices")).status).toBe(401);
    expect((await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, { body: { paid: true } })).status).toBe(401);
    const quotesOnly = await userWith(api, me.tenantId, ["quote_view", "quote_manage", "quote_delete"]);
    for (const [method, path] of [
      ["GET", "/simple-invoices"],
      ["GET", `/simple-invoices/${inv.id}`],
      ["POST", `/simple-invoices/${inv.id}/send`],
      ["POST", `/simple-invoices/${inv.id}/cancel`],
      ["DELETE", `/simple-invoices/${inv.id}`],
      ["GET", `/simple-invoices/${inv.id}/summary`],
    ] as const) {
      expect((await api.request(method, path, { token: quotesOnly.token })).status, `${method} ${path}`).toBe(403);
    }
    const viewer = await userWith(api, me.tenantId, ["invoice_view"]);
    expect((await api.request("GET", `/simple-invoices/${inv.id}/summary`, { token: viewer.token })).status).toBe(200);
    expect((await api.request("POST", `/simple-invoices/${inv.id}/mark-as-sent`, { token: viewer.token })).status).toBe(403);

    const other = await company();
    for (const [method, path, body] of [
      ["GET", `/simple-invoices/${inv.id}`],
      ["POST", `/simple-invoices/${inv.id}/items`, item()],
      ["POST", `/simple-invoices/${inv.id}/mark-as-sent`],
      ["POST", `/simple-invoices/${inv.id}/paid-status`, { paid: true, paid_on: "2026-11-01", payment_method: "cash" }],
      ["POST", `/simple-invoices/${inv.id}/cancel`],
      ["DELETE", `/simple-invoices/${inv.id}`],
    ] as const) {
      const res = await api.request(method, path, { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe("Invoice not found.");
    }
    expect(await rowOf(api, inv.id)).toMatchObject({ status: "draft", totalPence: 12000 });
  });
});

describe("paid status, cancel and delete", () => {
  it("paid with a date and a method, then unpaid; paid twice is refused and changes nothing", async () => {
    const me = await company();
    const inv = await invoice(me);
    const early = await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: "2026-11-01", payment_method: "card" },
    });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ status: ["Send the invoice, or mark it as sent, before marking it paid."] });
    await api.request("POST", `/simple-invoices/${inv.id}/mark-as-sent`, { token: me.token });

    const missing = await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, { token: me.token, body: { paid: true } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ paid_on: [SALES_MESSAGES.paidOn], payment_method: [SALES_MESSAGES.paymentMethod] });
    const unknown = await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: "2026-11-01", payment_method: "bitcoin" },
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(["payment_method"]);
    const future = await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: "2099-01-01", payment_method: "card" },
    });
    expect(future.body.errors).toEqual({ paid_on: ["The payment date may not be in the future."] });

    const paid = await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: "2026-11-01", payment_method: "bank_transfer" },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", status_label: "Paid", paid_on: "2026-11-01", payment_method: "bank_transfer" });

    const twice = await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: todayInLondon(), payment_method: "cash" },
    });
    expect(twice.status).toBe(422);
    expect(twice.body).toEqual({ message: SALES_MESSAGES.invoicePaid, errors: { paid: [SALES_MESSAGES.invoicePaid] } });
    expect(await rowOf(api, inv.id)).toMatchObject({ status: "paid", paidOn: "2026-11-01", paymentMethod: "bank_transfer" });

    const summary = await api.request("GET", `/simple-invoices/${inv.id}/summary`, { token: me.token });
    expect(summary.text).toContain("01/11/26 by bank transfer");

    const unpaid = await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, { token: me.token, body: { paid: false } });
    expect(unpaid.body.data).toMatchObject({ status: "sent", paid_on: null, payment_method: null });
    const unpaidTwice = await api.request("POST", `/simple-invoices/${inv.id}/paid-status`, { token: me.token, body: { paid: false } });
    expect(unpaidTwice.status).toBe(422);
    expect(unpaidTwice.body.errors).toEqual({ paid: [SALES_MESSAGES.invoiceNotPaid] });
  });

  it("paid twice at once: one request marks it paid, the other is refused", async () => {
    const me = await company();
    const inv = await invoice(me);
    await api.request("POST", `/simple-invoices/${inv.id}/mark-as-sent`, { token: me.token });
    const body = { paid: true, paid_on: "2026-11-01", payment_method: "card" };
    const results = await Promise.all([1, 2].map(() => api.request("POST", `/simple-invoices/${inv.id}/paid-status`, { token: me.token, body })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.errors).toEqual({ paid: [SALES_MESSAGES.invoicePaid] });
  });

  it("a sent invoice is cancelled, never deleted; a draft is deleted; a sent invoice is not edited", async () => {
    const me = await company();
    const draft = await invoice(me);
    const draftCancel = await api.request("POST", `/simple-invoices/${draft.id}/cancel`, { token: me.token });
    expect(draftCancel.status).toBe(422);
    expect(draftCancel.body.errors).toEqual({ status: ["A draft invoice is deleted, not cancelled."] });
    expect((await api.request("DELETE", `/simple-invoices/${draft.id}`, { token: me.token })).status).toBe(204);
    expect((await api.request("GET", `/simple-invoices/${draft.id}`, { token: me.token })).status).toBe(404);

    const sent = await invoice(me);
    await api.request("POST", `/simple-invoices/${sent.id}/mark-as-sent`, { token: me.token });
    const del = await api.request("DELETE", `/simple-invoices/${sent.id}`, { token: me.token });
    expect(del.status).toBe(422);
    expect(del.body.message).toBe("Only a draft invoice can be deleted: a sent invoice is cancelled, never deleted.");
    for (const [method, path, body] of [
      ["PUT", `/simple-invoices/${sent.id}`, { notes: "changed" }],
      ["POST", `/simple-invoices/${sent.id}/items`, item()],
      ["POST", `/simple-invoices/${sent.id}/recalculate`, undefined],
    ] as const) {
      const res = await api.request(method, path, { token: me.token, body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body.errors).toEqual({ status: ["A sent invoice cannot be changed: cancel it and make a new one."] });
    }
    const cancelled = await api.request("POST", `/simple-invoices/${sent.id}/cancel`, { token: me.token });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", number: "INV-0001" });
    expect(cancelled.body.data.cancelled_at).not.toBeNull();
    expect((await api.request("POST", `/simple-invoices/${sent.id}/cancel`, { token: me.token })).status).toBe(422);
    const paidCancelled = await api.request("POST", `/simple-invoices/${sent.id}/paid-status`, {
      token: me.token,
      body: { paid: true, paid_on: "2026-11-01", payment_method: "cash" },
    });
    expect(paidCancelled.status).toBe(422);
    const sendCancelled = await api.request("POST", `/simple-invoices/${sent.id}/send`, { token: me.token });
    expect(sendCancelled.body.errors).toEqual({ status: ["A cancelled invoice cannot be sent."] });
    // The number stays taken: the next invoice is INV-0002.
    const next = await invoice(me);
    expect((await api.request("POST", `/simple-invoices/${next.id}/mark-as-sent`, { token: me.token })).body.data.number).toBe("INV-0002");
  });

  it("validation of items on an invoice, nothing changed", async () => {
    const me = await company();
    const inv = await invoice(me);
    for (const [body, key, message] of [
      [item({ quantity: "-1" }), "quantity", MONEY_MESSAGES.quantityNegative],
      [item({ unit_price_pence: 2_000_000_000 }), "unit_price_pence", MONEY_MESSAGES.priceTooLarge],
      [item({ vat_rate: 15 }), "vat_rate", MONEY_MESSAGES.vatRate],
    ] as const) {
      const res = await api.request("POST", `/simple-invoices/${inv.id}/items`, { token: me.token, body });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ [key]: [message] });
    }
    expect((await api.request("GET", `/simple-invoices/${inv.id}`, { token: me.token })).body.data).toMatchObject({ items_count: 1, total_pence: 12000 });
  });
});

describe("items, attachments, recalculate and the number format of invoices", () => {
  it("works on a draft invoice like on a quote", async () => {
    const me = await company();
    const inv = await invoice(me, { items: [] });
    const added = await api.request("POST", `/simple-invoices/${inv.id}/items`, {
      token: me.token,
      body: item({ quantity: "2.5", unit_price_pence: 333, vat_rate: 5 }),
    });
    // 2.5 × 333 = 832.5 → 833p; VAT 41.65 → 42p.
    expect(added.status, added.text).toBe(201);
    expect(added.body.data).toMatchObject({ subtotal_pence: 833, vat_pence: 42, total_pence: 875 });
    const itemId = added.body.data.items[0].id;
    expect((await api.request("GET", `/simple-invoices/${inv.id}/items`, { token: me.token })).body.data).toHaveLength(1);
    expect((await api.request("GET", `/simple-invoices/${inv.id}/items/${itemId}`, { token: me.token })).body.data.net_pence).toBe(833);
    const changed = await api.request("PUT", `/simple-invoices/${inv.id}/items/${itemId}`, {
      token: me.token,
      body: item({ quantity: "1", unit_price_pence: 1, vat_rate: 20 }),
    });
    expect(changed.body.data).toMatchObject({ subtotal_pence: 1, vat_pence: 0, total_pence: 1 });
    expect((await api.request("POST", `/simple-invoices/${inv.id}/recalculate`, { token: me.token })).body.data.total_pence).toBe(1);
    const up = await sendMultipart(
      api.app,
      "POST",
      `/simple-invoices/${inv.id}/documents`,
      { document: { file: Buffer.from("a,b\n1,2\n"), filename: "lines.csv" } },
      me.token,
    );
    expect(up.status, up.text).toBe(201);
    expect(
      (await api.request("GET", `/simple-invoices/${inv.id}/documents`, { token: me.token })).body.data.map((d: { filename: string }) => d.filename),
    ).toEqual(["lines.csv"]);
    expect((await api.request("GET", up.body.data.url, { token: me.token })).text).toBe("a,b\n1,2\n");
    expect((await api.request("DELETE", up.body.data.url, { token: me.token })).status).toBe(204);
    expect((await api.request("DELETE", `/simple-invoices/${inv.id}/items/${itemId}`, { token: me.token })).body.data.items).toEqual([]);

    expect((await api.request("GET", "/simple-invoices/number-format", { token: me.token })).body.data).toEqual({
      prefix: "INV-",
      width: 4,
      last_number: 0,
      next_number: "INV-0001",
    });
    expect((await api.request("PUT", "/simple-invoices/number-format", { token: me.token, body: { prefix: "BB-", width: 3 } })).body.data.next_number).toBe(
      "BB-001",
    );
    // The quotes' format is its own.
    expect(
      (await api.request("GET", "/simple-quotes/number-format", { token: (await userWith(api, me.tenantId, ["quote_view"])).token })).body.data.prefix,
    ).toBe("QUO-");
    const other = await invoice(me);
    expect((await api.request("POST", `/simple-invoices/${other.id}/mark-as-sent`, { token: me.token })).body.data.number).toBe("BB-001");
  });
});

describe("sending an invoice", () => {
  it("e-mails the PDF and the link, numbered INV-0001; the summary, PDF and e-mail show the same pennies", async () => {
    const me = await company();
    const inv = await invoice(me, {
      due_date: "2099-12-31",
      items: [
        item({ description: "Bread", quantity: "12.5", unit_price_pence: 119, vat_rate: 0 }),
        item({ description: "Catering", quantity: "3.333", unit_price_pence: 2999, vat_rate: 20 }),
      ],
    });
    // 12.5 × 119 = 1487.5 → 1488p. 3.333 × 2999 = 9995.667 → 9996p; VAT 1999.2 → 1999p.
    expect(inv).toMatchObject({ subtotal_pence: 11484, vat_pence: 1999, total_pence: 13483 });
    const res = await api.request("POST", `/simple-invoices/${inv.id}/send`, { token: me.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ number: "INV-0001", status: "sent", sent_by: "email" });
    const mail = await lastMail(api, me.client.email!);
    expect(mail.subject).toContain("Invoice INV-0001");
    const pdf = pdfText(Buffer.from(mail.attachments[0].contentBase64, "base64"));
    const token = new URL(res.body.data.client_link).searchParams.get("token")!;
    const page = await api.request("GET", `/simple-invoices/${inv.id}/summary`, { query: { token } });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Approve");
    for (const text of [mail.textBody, pdf, page.text]) {
      for (const s of ["£14.88", "£99.96", "£114.84", "£19.99", "£134.83", "31/12/99", "INV-0001"]) expect(text).toContain(s);
    }
    expect((await api.request("GET", "/simple-invoices", { token: me.token })).body.data[0]).toMatchObject({ total_pence: 13483, vat_pence: 1999 });
  });

  it("numbers 20 invoices finalised at once: 20 distinct consecutive numbers", async () => {
    const me = await company();
    const invoices = [];
    for (let i = 0; i < 20; i++) invoices.push(await invoice(me));
    const results = await Promise.all(
      invoices.map((inv, i) => api.request("POST", `/simple-invoices/${inv.id}/${i % 2 ? "send" : "mark-as-sent"}`, { token: me.token })),
    );
    for (const r of results) expect(r.status, r.text).toBe(200);
    const numbers = results.map((r) => r.body.data.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${String(i + 1).padStart(4, "0")}`));
    expect(await counterOf(api, me.tenantId, "invoice")).toBe(20);
  });
});

describe("the list", () => {
  it("filters by status and client company, sorts by due date, and refuses a quote status", async () => {
    const me = await company();
    const a = await invoice(me, { due_date: "2030-01-01" });
    const b = await invoice(me, { due_date: "2029-01-01" });
    await api.request("POST", `/simple-invoices/${b.id}/mark-as-sent`, { token: me.token });
    await api.request("POST", `/simple-invoices/${b.id}/paid-status`, { token: me.token, body: { paid: true, paid_on: "2026-11-02", payment_method: "cash" } });
    const ids = async (query: Record<string, unknown>) =>
      (await api.request("GET", "/simple-invoices", { token: me.token, query })).body.data.map((d: { id: number }) => d.id);
    expect(await ids({ filter: { status: "paid" } })).toEqual([b.id]);
    expect(await ids({ sort: "due_date" })).toEqual([b.id, a.id]);
    expect(await ids({ filter: { due_date: { from: "2029-06-01" } } })).toEqual([a.id]);
    expect(await ids({ filter: { individual_id: String(me.client.id) }, sort: "-due_date" })).toEqual([a.id, b.id]);
    const created = await api.request("GET", "/simple-invoices", {
      token: me.token,
      query: { filter: { created_at: { from: todayInLondon(), to: todayInLondon() } } },
    });
    expect(created.body.meta.total).toBe(2);
    const refused = await api.request("GET", "/simple-invoices", { token: me.token, query: { filter: { status: "approved" } } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(["filter.status"]);
  });
});

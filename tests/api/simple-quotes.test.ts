import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#api/app";
import { salesDocumentItems, salesDocuments, salesNumberCounters, taskProducts, taskProductTypes } from "#api/db/schema";
import type { MailProvider } from "#api/integrations/mail";
import { MONEY_MESSAGES } from "#common/money";
import { INVOICE_STATUSES, QUOTE_STATUSES, SALES_MESSAGES } from "#contract/sales-documents";
import type { Permission } from "#contract/permissions";
import { createTestApi, type TestApi } from "../helpers/api";
import { makePipeline, makeTask, userWith } from "../helpers/crm";
import { sendMultipart } from "../helpers/multipart";
import { client, companyClient, companyWithClient, counterOf, create, item, lastMail, pdfText, rowOf, unique } from "../helpers/sales";

let api: TestApi;
const ALL: Permission[] = [
  "quote_view",
  "quote_manage",
  "quote_delete",
  "invoice_view",
  "invoice_manage",
  "invoice_delete",
  "task_view",
  "task_manage",
  "pipeline_view",
  "pipeline_manage",
  "pipeline_access",
];

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** A fresh company whose user holds every quote and invoice permission. */
const company = (perms: Permission[] = ALL) => companyWithClient(api, perms);

/** A task of the user's company (in a pipeline of its own). */
async function task(me: { token: string }, name = unique("Fit-out")) {
  const pipeline = await makePipeline(api, me.token);
  return makeTask(api, me.token, { name, pipeline_id: pipeline.id });
}

async function quoteCount(tenantId: number) {
  const [{ n }] = await api.database.db.select({ n: count() }).from(salesDocuments).where(eq(salesDocuments.tenantId, tenantId));
  return n;
}

describe("guards", () => {
  it("401 without a token, 403 without quote_view or quote_manage, 404 for another company's quote", async () => {
    const me = await company();
    const quote = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    expect((await api.request("GET", "/simple-quotes")).status).toBe(401);
    expect((await api.request("GET", `/simple-quotes/${quote.id}`)).status).toBe(401);

    const taskOnly = await userWith(api, me.tenantId, ["task_view"]);
    expect((await api.request("GET", "/simple-quotes", { token: taskOnly.token })).status).toBe(403);
    expect((await api.request("GET", `/simple-quotes/${quote.id}`, { token: taskOnly.token })).status).toBe(403);
    const viewer = await userWith(api, me.tenantId, ["quote_view"]);
    expect((await api.request("GET", `/simple-quotes/${quote.id}`, { token: viewer.token })).status).toBe(200);
    const refused = await api.request("POST", "/simple-quotes", { token: viewer.token, body: { individual_id: me.client.id } });
    expect(refused.status).toBe(403);
    expect((await api.request("DELETE", `/simple-quotes/${quote.id}`, { token: viewer.token })).status).toBe(403);
    // quote_manage without quote_delete may not delete
    // quote_manage alone reads too (the portal's list opens with either permission).
    const managerOnly = await userWith(api, me.tenantId, ["quote_manage"]);
    expect((await api.request("GET", "/simple-quotes", { token: managerOnly.token })).status).toBe(200);
    expect((await api.request("GET", `/simple-quotes/${quote.id}`, { token: managerOnly.token })).status).toBe(200);
    const manager = await userWith(api, me.tenantId, ["quote_view", "quote_manage"]);
    expect((await api.request("DELETE", `/simple-quotes/${quote.id}`, { token: manager.token })).status).toBe(403);

    const other = await company();
    for (const [method, path] of [
      ["GET", `/simple-quotes/${quote.id}`],
      ["PUT", `/simple-quotes/${quote.id}`],
      ["GET", `/simple-quotes/${quote.id}/items`],
      ["POST", `/simple-quotes/${quote.id}/send`],
      ["POST", `/simple-quotes/${quote.id}/mark-as-sent`],
      ["POST", `/simple-quotes/${quote.id}/recalculate`],
      ["GET", `/simple-quotes/${quote.id}/summary`],
      ["GET", `/simple-quotes/${quote.id}/pdf`],
      ["DELETE", `/simple-quotes/${quote.id}`],
    ] as const) {
      const res = await api.request(method, path, { token: other.token, body: method === "PUT" ? { notes: "x" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe("Quote not found.");
    }
    // Not listed for the other company either, and unchanged.
    expect((await api.request("GET", "/simple-quotes", { token: other.token })).body.data).toEqual([]);
    expect((await rowOf(api, quote.id)).status).toBe("draft");
    // A quote is not an invoice.
    expect((await api.request("GET", `/simple-invoices/${quote.id}`, { token: me.token })).status).toBe(404);
  });
});

describe("creating and changing a quote", () => {
  it("creates a draft: no number ('Draft'), the client, the task, items with their pence, and totals", async () => {
    const me = await company();
    const linked = await task(me);
    const res = await api.request("POST", "/simple-quotes", {
      token: me.token,
      body: {
        individual_id: me.client.id,
        task_id: linked.id,
        issue_date: "2026-11-20",
        due_date: "2026-12-20",
        reference: "PO 77",
        notes: "Thank you for asking.",
        terms_and_conditions: "Valid for 30 days.",
        items: [
          item({ description: "Survey", quantity: "1.5", unit_price_pence: 999, vat_rate: 20, account_code: "200" }),
          item({ description: "Books", quantity: 3, unit_price_pence: 1250, vat_rate: 0 }),
        ],
      },
    });
    expect(res.status, res.text).toBe(201);
    const q = res.body.data;
    expect(q).toMatchObject({
      number: null,
      number_label: "Draft",
      status: "draft",
      status_label: "Draft",
      client: { type: "individual", id: me.client.id, email: me.client.email },
      issue_date: "2026-11-20",
      due_date: "2026-12-20",
      reference: "PO 77",
      notes: "Thank you for asking.",
      terms_and_conditions: "Valid for 30 days.",
      // 1.5 × 999p = 1498.5p → 1499p; VAT 299.8p → 300p. 3 × 1250p = 3750p, no VAT.
      subtotal_pence: 5249,
      vat_pence: 300,
      total_pence: 5549,
      items_count: 2,
      converted_invoice: null,
    });
    expect(q.task).toEqual({ id: linked.id, name: linked.name });
    expect(q.items).toEqual([
      {
        id: expect.any(Number),
        position: 1,
        description: "Survey",
        quantity: "1.5",
        unit_price_pence: 999,
        vat_rate: 20,
        product: null,
        account_code: "200",
        net_pence: 1499,
        vat_pence: 300,
        total_pence: 1799,
      },
      {
        id: expect.any(Number),
        position: 2,
        description: "Books",
        quantity: "3",
        unit_price_pence: 1250,
        vat_rate: 0,
        product: null,
        account_code: null,
        net_pence: 3750,
        vat_pence: 0,
        total_pence: 3750,
      },
    ]);
    expect(q.vat_breakdown).toEqual([
      { rate: 20, net_pence: 1499, vat_pence: 300 },
      { rate: 0, net_pence: 3750, vat_pence: 0 },
    ]);
    expect(q.client_link).toMatch(new RegExp(`/simple-quotes/${q.id}/summary\\?token=[A-Za-z0-9_-]{43}$`));

    const company2 = await companyClient(api, me.tenantId);
    const updated = await api.request("PUT", `/simple-quotes/${q.id}`, {
      token: me.token,
      body: { company_id: company2, notes: "", items: [item({ quantity: "2", unit_price_pence: 5000 })] },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data).toMatchObject({
      client: { type: "company", id: company2 },
      notes: null,
      reference: "PO 77",
      subtotal_pence: 10000,
      vat_pence: 2000,
      total_pence: 12000,
      items_count: 1,
    });
  });

  it.each([
    ["no client", {}, { individual_id: [SALES_MESSAGES.client] }],
    ["two clients", { individual_id: "CLIENT", company_id: "COMPANY" }, { company_id: [SALES_MESSAGES.clientBoth] }],
    ["a negative quantity", { items: [item({ quantity: "-2" })] }, { "items.0.quantity": [MONEY_MESSAGES.quantityNegative] }],
    ["a zero quantity", { items: [item({ quantity: 0 })] }, { "items.0.quantity": [MONEY_MESSAGES.quantityZero] }],
    ["four decimals of quantity", { items: [item({ quantity: "1.2345" })] }, { "items.0.quantity": [MONEY_MESSAGES.quantityFormat] }],
    ["a negative price", { items: [item(), item({ unit_price_pence: -1 })] }, { "items.1.unit_price_pence": [MONEY_MESSAGES.priceNegative] }],
    ["a price over £10m", { items: [item({ unit_price_pence: 1_000_000_001 })] }, { "items.0.unit_price_pence": [MONEY_MESSAGES.priceTooLarge] }],
    ["a price in pounds", { items: [item({ unit_price_pence: 12.5 })] }, { "items.0.unit_price_pence": [MONEY_MESSAGES.priceFormat] }],
    ["an unknown VAT rate", { items: [item({ vat_rate: 17.5 })] }, { "items.0.vat_rate": [MONEY_MESSAGES.vatRate] }],
    ["a line over £100m", { items: [item({ quantity: "1000", unit_price_pence: 1_000_000_000 })] }, { "items.0.quantity": [MONEY_MESSAGES.lineTooLarge] }],
    ["no description", { items: [item({ description: " " })] }, { "items.0.description": [SALES_MESSAGES.description] }],
    ["a due date before the date", { issue_date: "2026-11-20", due_date: "2026-11-19" }, { due_date: [SALES_MESSAGES.dueBeforeIssue] }],
  ])("refuses %s with an errors map, and makes nothing", async (_what, body, errors) => {
    const me = await company();
    const companyId = await companyClient(api, me.tenantId);
    const filled = JSON.parse(
      JSON.stringify({ individual_id: me.client.id, ...body })
        .replace('"CLIENT"', String(me.client.id))
        .replace('"COMPANY"', String(companyId)),
    );
    if (!("individual_id" in body) && !("company_id" in body) && Object.keys(body).length === 0) delete filled.individual_id;
    const res = await api.request("POST", "/simple-quotes", { token: me.token, body: filled });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual(errors);
    expect(res.body.message).toBe(Object.values(errors)[0][0]);
    expect(await quoteCount(me.tenantId)).toBe(0);
  });

  it("refuses another company's client, task and product, and changes nothing", async () => {
    const me = await company();
    const other = await company();
    const otherTask = await task(other, unique("Theirs"));
    const [type] = await api.database.db.select().from(taskProductTypes).limit(1);
    const [theirs] = await api.database.db
      .insert(taskProducts)
      .values({ tenantId: other.tenantId, taskId: otherTask.id, taskProductTypeId: type.id, name: "Their product" })
      .returning();
    const otherProductId = theirs.id;
    const res = await api.request("POST", "/simple-quotes", { token: me.token, body: { individual_id: other.client.id } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ individual_id: [SALES_MESSAGES.individual] });
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    {
      const t = await api.request("PUT", `/simple-quotes/${q.id}`, { token: me.token, body: { task_id: otherTask.id } });
      expect(t.status).toBe(422);
      expect(t.body.errors).toEqual({ task_id: [SALES_MESSAGES.task] });
      const p = await api.request("POST", `/simple-quotes/${q.id}/items`, { token: me.token, body: item({ product_id: otherProductId }) });
      expect(p.status).toBe(422);
      expect(p.body.errors).toEqual({ product_id: [SALES_MESSAGES.product] });
      const inItems = await api.request("PUT", `/simple-quotes/${q.id}`, { token: me.token, body: { items: [item(), item({ product_id: otherProductId })] } });
      expect(inItems.status).toBe(422);
      expect(inItems.body.errors).toEqual({ "items.1.product_id": [SALES_MESSAGES.product] });
      // A product of one's own company is taken.
      const ownTask = await task(me, unique("Ours"));
      const [own] = await api.database.db
        .insert(taskProducts)
        .values({ tenantId: me.tenantId, taskId: ownTask.id, taskProductTypeId: type.id, name: "Our product" })
        .returning();
      const ok = await api.request("POST", `/simple-quotes/${q.id}/items`, { token: me.token, body: item({ product_id: own.id }) });
      expect(ok.status, ok.text).toBe(201);
      expect(ok.body.data.items[1].product).toEqual({ id: own.id, name: "Our product" });
    }
    const after = await api.request("GET", `/simple-quotes/${q.id}`, { token: me.token });
    expect(after.body.data.task).toBeNull();
    expect(after.body.data.total_pence).toBe(24000);
  });
});

describe("items sub-resource and recalculate", () => {
  it("adds, reads, changes and removes items; the totals follow the rounded lines", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id });
    expect(q.total_pence).toBe(0);
    const added = await api.request("POST", `/simple-quotes/${q.id}/items`, {
      token: me.token,
      body: item({ quantity: "0.333", unit_price_pence: 100, vat_rate: 20 }),
    });
    expect(added.status, added.text).toBe(201);
    // 0.333 × 100p = 33.3p → 33p; VAT 6.6p → 7p.
    expect(added.body.data).toMatchObject({ subtotal_pence: 33, vat_pence: 7, total_pence: 40 });
    const itemId = added.body.data.items[0].id;
    expect((await api.request("GET", `/simple-quotes/${q.id}/items/${itemId}`, { token: me.token })).body.data).toMatchObject({
      quantity: "0.333",
      net_pence: 33,
      vat_pence: 7,
    });
    const changed = await api.request("PUT", `/simple-quotes/${q.id}/items/${itemId}`, {
      token: me.token,
      body: item({ quantity: "2.5", unit_price_pence: 1, vat_rate: 5 }),
    });
    // 2.5p → 3p; VAT 0.15p → 0p.
    expect(changed.body.data).toMatchObject({ subtotal_pence: 3, vat_pence: 0, total_pence: 3 });
    const bad = await api.request("PUT", `/simple-quotes/${q.id}/items/${itemId}`, { token: me.token, body: item({ quantity: "-1" }) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ quantity: [MONEY_MESSAGES.quantityNegative] });
    expect((await api.request("GET", `/simple-quotes/${q.id}/items`, { token: me.token })).body.data).toHaveLength(1);
    const removed = await api.request("DELETE", `/simple-quotes/${q.id}/items/${itemId}`, { token: me.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ items: [], total_pence: 0 });
    expect((await api.request("GET", `/simple-quotes/${q.id}/items/${itemId}`, { token: me.token })).status).toBe(404);
  });

  it("recalculate works every line and total out again from quantities, prices and rates", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item({ quantity: "3", unit_price_pence: 333 })] });
    // Stored figures gone wrong (an import, a hand edit): recalculate puts them right.
    await api.database.db.update(salesDocumentItems).set({ netPence: 1, vatPence: 1 }).where(eq(salesDocumentItems.documentId, q.id));
    await api.database.db.update(salesDocuments).set({ subtotalPence: 1, vatPence: 1, totalPence: 2 }).where(eq(salesDocuments.id, q.id));
    const res = await api.request("POST", `/simple-quotes/${q.id}/recalculate`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ subtotal_pence: 999, vat_pence: 200, total_pence: 1199 });
    expect(res.body.data.items[0]).toMatchObject({ net_pence: 999, vat_pence: 200 });
  });
});

describe("attachments", () => {
  it("uploads, lists, downloads and removes a document; refuses a file of another type", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id });
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n");
    const up = await sendMultipart(
      api.app,
      "POST",
      `/simple-quotes/${q.id}/documents`,
      { document: { file: pdf, filename: "plan.pdf", type: "application/pdf" } },
      me.token,
    );
    expect(up.status, up.text).toBe(201);
    expect(up.body.data).toMatchObject({
      filename: "plan.pdf",
      mime_type: "application/pdf",
      size: pdf.length,
      url: `/simple-quotes/${q.id}/documents/${up.body.data.id}`,
    });
    const bad = await sendMultipart(
      api.app,
      "POST",
      `/simple-quotes/${q.id}/documents`,
      { document: { file: Buffer.from("MZ\x90\x00"), filename: "x.exe" } },
      me.token,
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["document"]);
    const list = await api.request("GET", `/simple-quotes/${q.id}/documents`, { token: me.token });
    expect(list.body.data.map((d: { filename: string }) => d.filename)).toEqual(["plan.pdf"]);
    const down = await api.app.inject({ method: "GET", url: up.body.data.url, headers: { authorization: `Bearer ${me.token}` } });
    expect(down.statusCode).toBe(200);
    expect(down.headers["content-disposition"]).toContain("attachment");
    expect(down.rawPayload.equals(pdf)).toBe(true);
    const other = await company();
    expect((await api.request("GET", up.body.data.url, { token: other.token })).status).toBe(404);
    expect((await api.request("DELETE", up.body.data.url, { token: other.token })).status).toBe(404);
    expect((await api.request("DELETE", up.body.data.url, { token: me.token })).status).toBe(204);
    expect((await api.request("GET", `/simple-quotes/${q.id}/documents`, { token: me.token })).body.data).toEqual([]);
  });
});

describe("sending and numbering", () => {
  it("sends the e-mail with the PDF and the link; the first send gives the number; penny-exact everywhere", async () => {
    const me = await company();
    // Awkward quantities and rates: every line rounds.
    const items = [
      item({ description: "Hours of design", quantity: "1.333", unit_price_pence: 7499, vat_rate: 20 }), // 9996.167 → 9996p; VAT 1999.2 → 1999p
      item({ description: "Delivery", quantity: "2.5", unit_price_pence: 1, vat_rate: 20 }), // 2.5 → 3p; VAT 0.6 → 1p
      item({ description: "Children's books", quantity: "7", unit_price_pence: 333, vat_rate: 0 }), // 2331p
      item({ description: "Energy", quantity: "0.125", unit_price_pence: 4002, vat_rate: 5 }), // 500.25 → 500p; VAT 25p
      item({ description: "Hire", quantity: "1.001", unit_price_pence: 50, vat_rate: 5 }), // 50.05 → 50p; VAT 2.5 → 3p
    ];
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, issue_date: "2026-11-20", due_date: "2026-12-19", items });
    expect(q).toMatchObject({ subtotal_pence: 12880, vat_pence: 2028, total_pence: 14908 });
    const before = await counterOf(api, me.tenantId, "quote");
    const sent = await api.request("POST", `/simple-quotes/${q.id}/send`, { token: me.token });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "sent", number: "QUO-0001", number_label: "QUO-0001", sent_by: "email", total_pence: 14908 });
    expect(await counterOf(api, me.tenantId, "quote")).toBe(before + 1);

    const shown = ["£128.80", "£20.28", "£149.08"];
    const list = await api.request("GET", "/simple-quotes", { token: me.token });
    expect(list.body.data[0]).toMatchObject({ id: q.id, subtotal_pence: 12880, vat_pence: 2028, total_pence: 14908, number: "QUO-0001" });
    const detail = await api.request("GET", `/simple-quotes/${q.id}`, { token: me.token });
    expect(detail.body.data).toMatchObject({ subtotal_pence: 12880, vat_pence: 2028, total_pence: 14908 });

    const mail = await lastMail(api, me.client.email!);
    expect(mail.subject).toContain("Quote QUO-0001");
    for (const s of shown) expect(mail.textBody).toContain(s);
    expect(mail.textBody).toContain("Total: £149.08");
    expect(mail.textBody).toContain(detail.body.data.client_link);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: "Quote-QUO-0001.pdf", contentType: "application/pdf" });
    const outbox = await api.request("GET", "/sandbox/outbox", { query: { to: me.client.email } });
    expect(outbox.body.data[0].attachments).toEqual([{ filename: "Quote-QUO-0001.pdf", content_type: "application/pdf", size: mail.attachments[0].size }]);
    const mailed = pdfText(Buffer.from(mail.attachments[0].contentBase64, "base64"));

    const html = await api.request("GET", `/simple-quotes/${q.id}/summary`, { token: me.token });
    expect(html.status).toBe(200);
    expect(html.headers["content-type"]).toContain("text/html");
    const pdf = await api.app.inject({ method: "GET", url: `/simple-quotes/${q.id}/pdf`, headers: { authorization: `Bearer ${me.token}` } });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const pdfShown = pdfText(pdf.rawPayload);
    for (const text of [html.text, mailed, pdfShown]) {
      for (const s of shown) expect(text).toContain(s);
      // Each line's amount, the VAT analysis and the dates, en-GB.
      for (const s of ["£99.96", "£0.03", "£23.31", "£5.00", "£0.50", "20/11/26", "19/12/26", "QUO-0001"]) expect(text).toContain(s);
    }
    expect(html.text).toContain("VAT at 20% on £99.99");
    expect(pdfShown).toContain("VAT at 5% on £5.50");
    // Sent again: the same number, another e-mail, no other number taken.
    expect((await api.request("POST", `/simple-quotes/${q.id}/send`, { token: me.token })).body.data.number).toBe("QUO-0001");
    expect(await counterOf(api, me.tenantId, "quote")).toBe(before + 1);
  });

  it("422 with a clear message when the client has no e-mail or there are no items; no number taken", async () => {
    const me = await company();
    const noMail = await client(api, me.tenantId, null);
    const a = await create(api, me.token, "/simple-quotes", { individual_id: noMail.id, items: [item()] });
    const res = await api.request("POST", `/simple-quotes/${a.id}/send`, { token: me.token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: SALES_MESSAGES.noEmail, errors: { client: [SALES_MESSAGES.noEmail] } });
    const b = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id });
    const empty = await api.request("POST", `/simple-quotes/${b.id}/send`, { token: me.token });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ items: [SALES_MESSAGES.noItems] });
    expect(await counterOf(api, me.tenantId, "quote")).toBe(0);
    expect((await rowOf(api, a.id)).status).toBe("draft");
    expect((await rowOf(api, b.id)).number).toBeNull();
  });

  it("a send whose e-mail fails changes nothing and uses up no number", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    const failing: MailProvider = {
      kind: "smtp",
      send: async () => {
        throw new Error("connect ECONNREFUSED");
      },
    };
    const broken = await buildApp({ config: api.config, database: api.database, mail: failing });
    try {
      const res = await broken.inject({ method: "POST", url: `/simple-quotes/${q.id}/send`, headers: { authorization: `Bearer ${me.token}` } });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain("The e-mail could not be sent");
    } finally {
      await broken.close();
    }
    expect(await rowOf(api, q.id)).toMatchObject({ status: "draft", number: null, sentAt: null });
    expect(await counterOf(api, me.tenantId, "quote")).toBe(0);
    // The next send takes the first number.
    expect((await api.request("POST", `/simple-quotes/${q.id}/send`, { token: me.token })).body.data.number).toBe("QUO-0001");
  });

  it("mark as sent numbers a draft in order; a second mark is refused; the format is a setting", async () => {
    const me = await company();
    const fmt = await api.request("GET", "/simple-quotes/number-format", { token: me.token });
    expect(fmt.body.data).toEqual({ prefix: "QUO-", width: 4, last_number: 0, next_number: "QUO-0001" });
    const a = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    const b = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    expect((await api.request("POST", `/simple-quotes/${b.id}/mark-as-sent`, { token: me.token })).body.data).toMatchObject({
      number: "QUO-0001",
      status: "sent",
      sent_by: "manual",
    });
    const again = await api.request("POST", `/simple-quotes/${b.id}/mark-as-sent`, { token: me.token });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ status: ["This quote has already been sent."] });
    const bad = await api.request("PUT", "/simple-quotes/number-format", { token: me.token, body: { prefix: "Q 2026<", width: 12 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["prefix", "width"]);
    const set = await api.request("PUT", "/simple-quotes/number-format", { token: me.token, body: { prefix: "BB/Q/", width: 6 } });
    expect(set.body.data).toEqual({ prefix: "BB/Q/", width: 6, last_number: 1, next_number: "BB/Q/000002" });
    expect((await api.request("POST", `/simple-quotes/${a.id}/mark-as-sent`, { token: me.token })).body.data.number).toBe("BB/Q/000002");
    const viewer = await userWith(api, me.tenantId, ["quote_view"]);
    expect((await api.request("PUT", "/simple-quotes/number-format", { token: viewer.token, body: { prefix: "X", width: 2 } })).status).toBe(403);

    // A format that spells a number already given is refused when the number would be taken, and nothing changes.
    await api.request("PUT", "/simple-quotes/number-format", { token: me.token, body: { prefix: "A1", width: 1 } });
    const c = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    expect((await api.request("POST", `/simple-quotes/${c.id}/mark-as-sent`, { token: me.token })).body.data.number).toBe("A13");
    await api.request("PUT", "/simple-quotes/number-format", { token: me.token, body: { prefix: "A", width: 1 } });
    await api.database.db
      .update(salesNumberCounters)
      .set({ lastNumber: 12 })
      .where(and(eq(salesNumberCounters.tenantId, me.tenantId), eq(salesNumberCounters.kind, "quote")));
    const d = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    const clash = await api.request("POST", `/simple-quotes/${d.id}/mark-as-sent`, { token: me.token });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ number_format: ["The number format gives A13, which another quote already has: change the number format."] });
    expect(await rowOf(api, d.id)).toMatchObject({ status: "draft", number: null });
    expect(await counterOf(api, me.tenantId, "quote")).toBe(12);
  });
});

describe("the summary page", () => {
  it("shows what was typed as text, never as markup", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", {
      individual_id: me.client.id,
      notes: "<script>alert(1)</script>",
      items: [item({ description: `Cake <img src=x onerror=alert(1)> & "tea"` })],
    });
    const page = await api.request("GET", `/simple-quotes/${q.id}/summary`, { token: me.token });
    expect(page.text).not.toContain("<script>alert");
    expect(page.text).not.toContain("<img src=x");
    expect(page.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.text).toContain("Cake &lt;img src=x onerror=alert(1)&gt; &amp; &quot;tea&quot;");
    expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(page.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("the client's link", () => {
  it("is on API_PUBLIC_URL when set (the API's address for browsers), otherwise on the address the request came in on", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    expect(q.client_link).toMatch(new RegExp(`^http://localhost(:\\d+)?/simple-quotes/${q.id}/summary\\?token=`));
    const other = await api.buildApp({ API_PUBLIC_URL: "https://api.example.test/" });
    const res = await other.request("GET", `/simple-quotes/${q.id}`, { token: me.token });
    expect(res.body.data.client_link).toMatch(new RegExp(`^https://api\\.example\\.test/simple-quotes/${q.id}/summary\\?token=[A-Za-z0-9_-]{43}$`));
  });
});

describe("approval, conversion and deletion", () => {
  it("the client approves through the link, without an account; a wrong token is not found", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    const token = new URL(q.client_link).searchParams.get("token")!;
    // A draft cannot be approved yet.
    const early = await api.request("POST", `/simple-quotes/${q.id}/approve`, { body: { token } });
    expect(early.status).toBe(422);
    await api.request("POST", `/simple-quotes/${q.id}/send`, { token: me.token });

    const page = await api.request("GET", `/simple-quotes/${q.id}/summary`, { query: { token } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Approve this quote");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors");
    // Without the link's token or a signed-in user, the quote is not found (a public address never asks to sign in).
    expect((await api.request("GET", `/simple-quotes/${q.id}/summary`)).status).toBe(404);
    expect((await api.request("GET", `/simple-quotes/${q.id}/pdf`)).status).toBe(404);
    expect(
      (await api.request("GET", `/simple-quotes/${q.id}/summary`, { query: { token: token.slice(0, -1) + (token.endsWith("A") ? "B" : "A") } })).status,
    ).toBe(404);
    expect((await api.request("POST", `/simple-quotes/${q.id}/approve`, { body: { token: "x".repeat(43) } })).status).toBe(404);
    expect((await rowOf(api, q.id)).status).toBe("sent");
    // The token of one quote opens no other.
    const other = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    expect((await api.request("GET", `/simple-quotes/${other.id}/summary`, { query: { token } })).status).toBe(404);

    // The page's own form (no JavaScript): a plain form post, answered by the page again.
    const form = await api.app.inject({
      method: "POST",
      url: `/simple-quotes/${q.id}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/simple-quotes/${q.id}/summary?token=${encodeURIComponent(token)}&approved=1`);
    const thanked = await api.request("GET", form.headers.location as string);
    expect(thanked.text).toContain("Thank you: the quote is approved.");
    expect(thanked.text).not.toContain("Approve this quote");
    expect(await rowOf(api, q.id)).toMatchObject({ status: "approved", approvedBy: "client" });
    // Approving again changes nothing.
    expect((await api.request("POST", `/simple-quotes/${q.id}/approve`, { body: { token } })).body.data.status).toBe("approved");
    const pdf = await api.app.inject({ method: "GET", url: `/simple-quotes/${q.id}/pdf?token=${encodeURIComponent(token)}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("the company's own look through the link (preview=1) shows the summary without the client's approval form", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    const token = new URL(q.client_link).searchParams.get("token")!;
    await api.request("POST", `/simple-quotes/${q.id}/mark-as-sent`, { token: me.token });
    const client = await api.request("GET", `/simple-quotes/${q.id}/summary`, { query: { token } });
    expect(client.text).toContain("Approve this quote");
    const preview = await api.request("GET", `/simple-quotes/${q.id}/summary`, { query: { token, preview: "1" } });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain(q.client.name);
    expect(preview.text).not.toContain("Approve this quote");
    // The portal frames it: from PORTAL_URL and PORTAL_FRAME_ORIGINS, and on localhost from the two development hosts too.
    const ancestorsOf = (res: { headers: Record<string, unknown> }) =>
      /frame-ancestors ([^;]+)/.exec(String(res.headers["content-security-policy"]))![1].split(" ");
    expect(ancestorsOf(preview)).toEqual(["'self'", "http://portal.test"]);
    const local = await api.buildApp({ PORTAL_URL: "http://localhost:3111", PORTAL_FRAME_ORIGINS: "https://sb.example.test/app, https://fd.example.test" });
    const framed = await local.request("GET", `/simple-quotes/${q.id}/summary`, { query: { token, preview: "1" } });
    expect(ancestorsOf(framed)).toEqual([
      "'self'",
      "http://localhost:3111",
      "https://sb.example.test",
      "https://fd.example.test",
      "http://flightdeck.localhost:3111",
      "http://smallbusiness.localhost:3111",
    ]);
    // A wrong token is still not found.
    expect((await api.request("GET", `/simple-quotes/${q.id}/summary`, { query: { token: "x".repeat(43), preview: "1" } })).status).toBe(404);
  });

  it("cancel: a sent or approved quote is cancelled and keeps its number; a draft, a converted or a cancelled one is refused", async () => {
    const me = await company();
    const draft = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    const refusedDraft = await api.request("POST", `/simple-quotes/${draft.id}/cancel`, { token: me.token });
    expect(refusedDraft.status).toBe(422);
    expect(refusedDraft.body.errors).toEqual({ status: ["A draft quote is deleted, not cancelled."] });
    expect((await rowOf(api, draft.id)).status).toBe("draft");

    await api.request("POST", `/simple-quotes/${draft.id}/mark-as-sent`, { token: me.token });
    const viewer = await userWith(api, me.tenantId, ["quote_view"]);
    expect((await api.request("POST", `/simple-quotes/${draft.id}/cancel`, { token: viewer.token })).status).toBe(403);
    const other = await company();
    expect((await api.request("POST", `/simple-quotes/${draft.id}/cancel`, { token: other.token })).status).toBe(404);
    expect((await api.request("POST", `/simple-quotes/${draft.id}/cancel`)).status).toBe(401);

    const cancelled = await api.request("POST", `/simple-quotes/${draft.id}/cancel`, { token: me.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", status_label: "Cancelled", number: "QUO-0001" });
    expect(cancelled.body.data.cancelled_at).not.toBeNull();
    for (const [path, message] of [
      ["cancel", "This quote is already cancelled."],
      ["mark-as-approved", "This quote is cancelled."],
      ["convert-to-invoice", "This quote is cancelled."],
    ] as const) {
      const res = await api.request("POST", `/simple-quotes/${draft.id}/${path}`, { token: me.token });
      expect(res.status, path).toBe(422);
      expect(res.body.errors, path).toEqual({ status: [message] });
    }
    const edit = await api.request("PUT", `/simple-quotes/${draft.id}`, { token: me.token, body: { notes: "changed" } });
    expect(edit.body.errors).toEqual({ status: ["A cancelled quote cannot be changed."] });
    const listed = await api.request("GET", "/simple-quotes", { token: me.token, query: { filter: { status: "cancelled" } } });
    expect(listed.body.data.map((r: { id: number }) => r.id)).toEqual([draft.id]);

    const converted = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    await api.request("POST", `/simple-quotes/${converted.id}/mark-as-sent`, { token: me.token });
    await api.request("POST", `/simple-quotes/${converted.id}/convert-to-invoice`, { token: me.token });
    const refusedConverted = await api.request("POST", `/simple-quotes/${converted.id}/cancel`, { token: me.token });
    expect(refusedConverted.body.errors).toEqual({ status: [`${SALES_MESSAGES.quoteConverted} Cancel the invoice instead.`] });
    expect((await rowOf(api, converted.id)).status).toBe("converted");
  });

  it("mark as approved by a user: only a sent quote", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    const draft = await api.request("POST", `/simple-quotes/${q.id}/mark-as-approved`, { token: me.token });
    expect(draft.status).toBe(422);
    await api.request("POST", `/simple-quotes/${q.id}/mark-as-sent`, { token: me.token });
    const ok = await api.request("POST", `/simple-quotes/${q.id}/mark-as-approved`, { token: me.token });
    expect(ok.body.data).toMatchObject({ status: "approved", approved_by: "user" });
    const twice = await api.request("POST", `/simple-quotes/${q.id}/mark-as-approved`, { token: me.token });
    expect(twice.status).toBe(422);
    // An approved quote is no longer edited.
    const edit = await api.request("PUT", `/simple-quotes/${q.id}`, { token: me.token, body: { notes: "late" } });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ status: ["An approved quote cannot be changed."] });
  });

  it("converts to an invoice once: items, notes, terms and documents kept; the quote records the invoice; a second conversion is 422", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", {
      individual_id: me.client.id,
      notes: "Notes kept",
      terms_and_conditions: "Terms kept",
      items: [item({ quantity: "1.333", unit_price_pence: 7499 }), item({ description: "Second", vat_rate: 5 })],
    });
    await sendMultipart(api.app, "POST", `/simple-quotes/${q.id}/documents`, { document: { file: Buffer.from("plain text"), filename: "spec.txt" } }, me.token);
    const draftConversion = await api.request("POST", `/simple-quotes/${q.id}/convert-to-invoice`, { token: me.token });
    expect(draftConversion.status).toBe(422);
    await api.request("POST", `/simple-quotes/${q.id}/mark-as-sent`, { token: me.token });
    await api.request("POST", `/simple-quotes/${q.id}/mark-as-approved`, { token: me.token });

    const quoteOnly = await userWith(api, me.tenantId, ["quote_view", "quote_manage"]);
    expect((await api.request("POST", `/simple-quotes/${q.id}/convert-to-invoice`, { token: quoteOnly.token })).status).toBe(403);

    const res = await api.request("POST", `/simple-quotes/${q.id}/convert-to-invoice`, { token: me.token });
    expect(res.status, res.text).toBe(201);
    const invoice = res.body.data;
    expect(invoice).toMatchObject({
      status: "draft",
      number: null,
      notes: "Notes kept",
      terms_and_conditions: "Terms kept",
      client: { id: me.client.id },
      subtotal_pence: q.subtotal_pence,
      vat_pence: q.vat_pence,
      total_pence: q.total_pence,
      source_quote: { id: q.id, number: "QUO-0001" },
    });
    expect(invoice.items.map((i: Record<string, unknown>) => [i.description, i.quantity, i.net_pence, i.vat_pence])).toEqual(
      q.items.map((i: Record<string, unknown>) => [i.description, i.quantity, i.net_pence, i.vat_pence]),
    );
    expect(invoice.documents.map((d: { filename: string }) => d.filename)).toEqual(["spec.txt"]);
    const download = await api.app.inject({ method: "GET", url: invoice.documents[0].url, headers: { authorization: `Bearer ${me.token}` } });
    expect(download.body).toBe("plain text");
    const quote = await api.request("GET", `/simple-quotes/${q.id}`, { token: me.token });
    expect(quote.body.data).toMatchObject({ status: "converted", converted_invoice: { id: invoice.id, number: null } });

    const [{ n: invoicesBefore }] = await api.database.db
      .select({ n: count() })
      .from(salesDocuments)
      .where(and(eq(salesDocuments.tenantId, me.tenantId), eq(salesDocuments.kind, "invoice")));
    const twice = await api.request("POST", `/simple-quotes/${q.id}/convert-to-invoice`, { token: me.token });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ status: [SALES_MESSAGES.quoteConverted] });
    const [{ n: invoicesAfter }] = await api.database.db
      .select({ n: count() })
      .from(salesDocuments)
      .where(and(eq(salesDocuments.tenantId, me.tenantId), eq(salesDocuments.kind, "invoice")));
    expect(invoicesAfter).toBe(invoicesBefore);
  });

  it("deletes a draft only", async () => {
    const me = await company();
    const draft = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    const sent = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    await api.request("POST", `/simple-quotes/${sent.id}/mark-as-sent`, { token: me.token });
    const refused = await api.request("DELETE", `/simple-quotes/${sent.id}`, { token: me.token });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(SALES_MESSAGES.deleteQuote);
    expect(await rowOf(api, sent.id)).toBeTruthy();
    expect((await api.request("DELETE", `/simple-quotes/${draft.id}`, { token: me.token })).status).toBe(204);
    expect(await rowOf(api, draft.id)).toBeUndefined();
    expect(await quoteCount(me.tenantId)).toBe(1);
  });
});

describe("at the same moment, and the client kept", () => {
  it("a quote converted twice at once makes one invoice; the other request is refused", async () => {
    const me = await company();
    const q = await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    await api.request("POST", `/simple-quotes/${q.id}/mark-as-sent`, { token: me.token });
    const results = await Promise.all([1, 2, 3].map(() => api.request("POST", `/simple-quotes/${q.id}/convert-to-invoice`, { token: me.token })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    const [{ n }] = await api.database.db
      .select({ n: count() })
      .from(salesDocuments)
      .where(and(eq(salesDocuments.tenantId, me.tenantId), eq(salesDocuments.kind, "invoice")));
    expect(n).toBe(1);
  });

  it("a client with quotes is not deleted: the bulk delete answers that it is still in use", async () => {
    const me = await company([...ALL, "individual_view", "individual_manage", "individual_create"]);
    await create(api, me.token, "/simple-quotes", { individual_id: me.client.id, items: [item()] });
    const res = await api.request("DELETE", "/individual-bulk-delete", { token: me.token, body: { ids: [me.client.id] } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Some of these individuals are still used elsewhere (for example by tasks); nothing was deleted.");
    expect(await quoteCount(me.tenantId)).toBe(1);
  });
});

describe("the list", () => {
  it("filters by status, client, number, search, dates and total; sorts; pages", async () => {
    const me = await company();
    const other = await client(api, me.tenantId);
    const a = await create(api, me.token, "/simple-quotes", {
      individual_id: me.client.id,
      issue_date: "2026-01-10",
      reference: "Kitchen",
      items: [item({ unit_price_pence: 1000 })],
    });
    const b = await create(api, me.token, "/simple-quotes", { individual_id: other.id, issue_date: "2026-02-10", items: [item({ unit_price_pence: 5000 })] });
    const c = await create(api, me.token, "/simple-quotes", {
      individual_id: me.client.id,
      issue_date: "2026-03-10",
      items: [item({ unit_price_pence: 9000 })],
    });
    await api.request("POST", `/simple-quotes/${b.id}/mark-as-sent`, { token: me.token });
    await api.request("POST", `/simple-quotes/${c.id}/mark-as-sent`, { token: me.token });
    const ids = async (query: Record<string, unknown>) => {
      const res = await api.request("GET", "/simple-quotes", { token: me.token, query });
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((d: { id: number }) => d.id);
    };
    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect(await ids({ filter: { status: "draft" } })).toEqual([a.id]);
    expect(await ids({ filter: { status: "sent,draft" }, sort: "created_at" })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ filter: { individual_id: String(other.id) } })).toEqual([b.id]);
    expect(await ids({ filter: { number: "0002" } })).toEqual([c.id]);
    expect(await ids({ filter: { search: "kitch" } })).toEqual([a.id]);
    expect(await ids({ filter: { issue_date: { from: "2026-02-01", to: "2026-03-01" } } })).toEqual([b.id]);
    // Totals with VAT: 1200, 6000, 10800 pence.
    expect(await ids({ filter: { total: { from: "1201", to: "10800" } } })).toEqual([c.id, b.id]);
    expect(await ids({ filter: { total: { to: "6000" } } })).toEqual([b.id, a.id]);
    expect(await ids({ sort: "-total" })).toEqual([c.id, b.id, a.id]);
    // Drafts have no number and go last in a number sort either way.
    expect(await ids({ sort: "number" })).toEqual([b.id, c.id, a.id]);
    expect(await ids({ sort: "-number" })).toEqual([c.id, b.id, a.id]);
    const page = await api.request("GET", "/simple-quotes", { token: me.token, query: { page: { number: 2, size: 2 } } });
    expect(page.body.meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page.body.data.map((d: { id: number }) => d.id)).toEqual([a.id]);
    expect(page.body.data[0]).toMatchObject({ number: null, number_label: "Draft", status_label: "Draft" });

    for (const [query, key] of [
      [{ filter: { status: "paid" } }, "filter.status"],
      [{ filter: { individual_id: "abc" } }, "filter.individual_id"],
      [{ filter: { total: { from: "-1" } } }, "filter.total"],
      [{ filter: { issue_date: { from: "20/01/2026" } } }, "filter.issue_date"],
      [{ sort: "nonsense" }, "sort"],
    ] as const) {
      const res = await api.request("GET", "/simple-quotes", { token: me.token, query });
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([key]);
    }
  });
});

describe("demo data", () => {
  it.each([
    ["admin@harbour.test", "QUO-", "INV-"],
    ["owner@bloom.test", "QUO-", "INV-"],
  ])("%s sees quotes and invoices in every status, numbered and penny-consistent", async (email) => {
    const token = await api.login(email);
    for (const [path, statuses] of [
      ["/simple-quotes", QUOTE_STATUSES],
      ["/simple-invoices", INVOICE_STATUSES],
    ] as const) {
      const res = await api.request("GET", path, { token, query: { page: { size: 100 } } });
      expect(res.status, res.text).toBe(200);
      const rows = res.body.data as { status: string; number: string | null; subtotal_pence: number; vat_pence: number; total_pence: number }[];
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(statuses));
      for (const r of rows) {
        expect(r.number === null).toBe(r.status === "draft");
        expect(r.total_pence).toBe(r.subtotal_pence + r.vat_pence);
        expect(r.total_pence).toBeGreaterThan(0);
      }
    }
  });
});

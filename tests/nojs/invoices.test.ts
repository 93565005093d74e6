import { beforeAll, describe, expect, test } from "vitest";
import { NojsBrowser, apiAs, norm, type NojsPage, uniqueToken } from "./harness";

/**
 * Invoices without JavaScript: the client company filter (a name typed beside it), the status filter; an invoice's
 * paid status (date and method, refused under the field without a method, then unpaid), cancel with its
 * confirmation, a sent invoice never deleted (the bulk delete says so), attachments added and removed; a company's
 * and a task's page with their invoices and New quote / New invoice pre-filled; Bloom Bakery's (smallBusiness)
 * menu and its demo invoices in every status; the invoice summary page.
 */

let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs();
});

const admin = () => NojsBrowser.as("admin");
type Invoice = { id: number; number: string | null; status: string; total_pence: number };

async function company(token: string) {
  const res = await api.call<{ data: { id: number } }>("POST", "/company", { name: `Nojs Co ${token}`, email: `accounts.${token}@example.test` }, 201);
  return res.data.id;
}

async function invoice(body: Record<string, unknown>, sent = false) {
  const res = await api.call<{ data: Invoice }>(
    "POST",
    "/simple-invoices",
    { items: [{ description: "Service", quantity: "2", unit_price_pence: 1500, vat_rate: 20 }], ...body },
    201,
  );
  return sent ? (await api.call<{ data: Invoice }>("POST", `/simple-invoices/${res.data.id}/mark-as-sent`)).data : res.data;
}

const statusOf = async (id: number) =>
  (await api.call<{ data: Invoice & { paid_on: string | null; payment_method: string | null } }>("GET", `/simple-invoices/${id}`)).data;
const chips = (page: NojsPage) => page.$$('[aria-label="Active filters"] li').map((li) => norm(li.text).replace(/✕$/, "").trim());

describe("the invoices list", () => {
  test("the client company filter takes a name typed beside it; with the status filter", async () => {
    const token = uniqueToken();
    const co = await company(token);
    await invoice({ company_id: co }, true);
    await invoice({ company_id: co });
    const FIND = "Client company: not listed? Type a name";
    const list = await admin().goto("/invoices?page=1");
    expect(list.h1).toBe("Invoices");
    const found = await list.form(list.control(FIND).closest("form")!).fill(FIND, `Nojs Co ${token}`).submit("Apply");
    expect(found.param("filter[company_id]")).toBe(String(co));
    expect(chips(found)).toContain(`Client company: Nojs Co ${token}`);
    expect(found.rows()).toHaveLength(2);
    const sentOnly = await found.form({ button: "Apply" }).select("filter[status]", "sent").submit("Apply");
    expect(sentOnly.rows()).toHaveLength(1);
    expect(sentOnly.$$("[data-status]").map((s) => s.getAttribute("data-status"))).toEqual(["sent"]);
    const none = await list.form(list.control(FIND).closest("form")!).fill(FIND, `Nobody ${token}`).submit("Apply");
    expect(none.text("#filter-company_id-error")).toBe(`No results found for “Nobody ${token}”.`);
  });

  test("a sent invoice is never deleted: the bulk delete deletes the draft and counts the sent one as failed", async () => {
    const token = uniqueToken();
    const co = await company(token);
    const sent = await invoice({ company_id: co, reference: `S-${token}` }, true);
    const draft = await invoice({ company_id: co, reference: `D-${token}` });
    const list = await admin().goto(`/invoices?search=${token}`);
    expect(list.rows()).toHaveLength(2);
    const form = list.$$("input[name=ids]").reduce((f, i) => f.check(i.getAttribute("aria-label")!), list.form({ button: "Delete drafts" }));
    const ask = await form.submit("Delete drafts");
    expect(ask.path).toBe("/invoices/delete");
    const done = await ask.form({ button: "Remove", within: ask.confirmation() }).submit("Remove");
    expect(done.toasts()).toContain("1 invoice deleted.");
    expect(done.alerts().some((t) => t.includes("Error occurred while performing the action."))).toBe(true);
    await api.call("GET", `/simple-invoices/${draft.id}`, undefined, 404);
    expect((await statusOf(sent.id)).status).toBe("sent");
  });
});

describe("an invoice's page", () => {
  test("paid with a date and a method (refused under the field without one), then unpaid; only a sent invoice offers it", async () => {
    const token = uniqueToken();
    const co = await company(token);
    const draft = await invoice({ company_id: co });
    const draftPage = await admin().goto(`/invoices/${draft.id}`);
    expect(draftPage.$('form[aria-label="Mark as paid"]')).toBeNull();

    const sent = await invoice({ company_id: co }, true);
    const page = await admin().goto(`/invoices/${sent.id}`);
    expect(page.h1).toBe(`Invoice ${sent.number}`);
    const refused = await page.form('form[aria-label="Mark as paid"]').fill("Paid on", "2026-11-02").submit("Mark as paid");
    expect(refused.text('form[aria-label="Mark as paid"]')).toContain("Choose how the invoice was paid.");
    expect(refused.form('form[aria-label="Mark as paid"]').value("Paid on")).toBe("2026-11-02");
    expect((await statusOf(sent.id)).status).toBe("sent");

    const paid = await refused.form('form[aria-label="Mark as paid"]').select("Method", "cheque").submit("Mark as paid");
    expect(paid.toasts()).toContain("Invoice marked as paid.");
    expect(paid.text("[data-paid]")).toBe("Paid on 02/11/26 by Cheque.");
    expect(paid.$("[data-status]")?.getAttribute("data-status")).toBe("paid");
    expect(await statusOf(sent.id)).toMatchObject({ status: "paid", paid_on: "2026-11-02", payment_method: "cheque" });
    expect(paid.$$("[data-actions] a, [data-actions] button").map((b) => norm(b.text))).toEqual(["Invoice summary"]);

    const unpaid = await paid.form({ button: "Mark as unpaid" }).submit("Mark as unpaid");
    expect(unpaid.toasts()).toContain("Invoice marked as unpaid.");
    expect((await statusOf(sent.id)).status).toBe("sent");
  });

  test("cancel asks first; a cancelled invoice offers nothing more", async () => {
    const token = uniqueToken();
    const sent = await invoice({ company_id: await company(token) }, true);
    const ask = await (await admin().goto(`/invoices/${sent.id}`)).click("Cancel invoice");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to cancel this invoice? It keeps its number and can no longer be changed.");
    const done = await ask.form("[data-confirm] form").submit("Cancel invoice");
    expect(done.toasts()).toContain(`Invoice ${sent.number} cancelled.`);
    expect(done.$("[data-status]")?.getAttribute("data-status")).toBe("cancelled");
    expect(done.$('form[aria-label="Mark as paid"]')).toBeNull();
  });

  test("documents are attached to a draft and removed; a file of another type is refused under the field", async () => {
    const token = uniqueToken();
    const draft = await invoice({ company_id: await company(token) });
    const page = await admin().goto(`/invoices/${draft.id}`);
    expect(page.region("Documents")!.text).toContain("No documents attached.");
    const form = () => page.form({ button: "Attach" });
    const refused = await form().attach("Attach a document", { name: "tool.exe", type: "application/octet-stream", content: "MZ\x90\x00" }).submit("Attach");
    expect(norm(refused.region("Documents")!.text)).toMatch(/Choose|type|file/i);
    const attached = await form()
      .attach("Attach a document", { name: `terms-${token}.pdf`, type: "application/pdf", content: "%PDF-1.4\n%%EOF\n" })
      .submit("Attach");
    expect(attached.toasts()).toContain(`Document terms-${token}.pdf attached.`);
    const link = attached.link(`terms-${token}.pdf`);
    const download = await attached.browser.raw("GET", new URL(link.getAttribute("href")!, attached.url));
    expect(download.status).toBe(200);
    expect(download.body).toContain("%PDF-1.4");
    const removed = await attached.form({ button: `Remove terms-${token}.pdf` }).submit(`Remove terms-${token}.pdf`);
    expect(removed.toasts()).toContain("Document removed.");
    expect(removed.region("Documents")!.text).toContain("No documents attached.");
  });

  test("the invoice summary page frames the API host's simple summary", async () => {
    const sent = await invoice({ company_id: await company(uniqueToken()) }, true);
    const page = await (await admin().goto(`/invoices/${sent.id}`)).click("Invoice summary");
    expect(page.path).toBe(`/simple-invoices/${sent.id}/summary`);
    const src = new URL(page.$("iframe[data-summary-frame]")!.getAttribute("src")!);
    expect(src.pathname).toBe(`/simple-invoices/${sent.id}/summary`);
    const framed = await fetch(src);
    expect(framed.status).toBe(200);
    expect(await framed.text()).toContain(sent.number!);
  });
});

describe("from a company's and a task's page", () => {
  test("a company's page lists its invoices; New invoice opens with the company chosen", async () => {
    const token = uniqueToken();
    const co = await company(token);
    const sent = await invoice({ company_id: co }, true);
    const page = await admin().goto(`/company/${co}`);
    const section = page.region("Quotes and invoices")!;
    expect(norm(section.text)).toContain("Invoices (1)");
    expect(norm(section.text)).toContain(sent.number!);
    const drawer = await page.click("New invoice", section);
    expect(drawer.path).toBe("/invoices/new");
    expect(drawer.form().value("company_id")).toBe(String(co));
    const made = await drawer.form().submit("Create invoice");
    expect(made.toasts()).toContain("Invoice created. Add its items.");
    expect(made.text("[data-document-summary]")).toContain(`Nojs Co ${token}`);
  });

  test("a task's page: New quote chooses the task and its client", async () => {
    const token = uniqueToken();
    const co = await company(token);
    const pipelines = await api.call<{ data: { id: number; stages: { id: number }[] }[] }>("GET", "/pipelines?include=stages&page[size]=1");
    const pipeline = pipelines.data[0];
    const task = await api.call<{ data: { id: number } }>(
      "POST",
      "/task",
      { name: `Nojs Task ${token}`, pipeline_id: pipeline.id, pipeline_stage_id: pipeline.stages[0].id, company_id: co },
      201,
    );
    const page = await admin().goto(`/tasks/${task.data.id}`);
    const section = page.region("Quotes and invoices")!;
    expect(norm(section.text)).toContain("No quotes yet.");
    const drawer = await page.click("New quote", section);
    expect(drawer.form().value("task_id")).toBe(String(task.data.id));
    expect(drawer.form().value("company_id")).toBe(String(co));
    const made = await drawer.form().submit("Create quote");
    expect(made.text("[data-document-summary]")).toContain(`Nojs Task ${token}`);
    const back = await admin().goto(`/tasks/${task.data.id}`);
    expect(norm(back.region("Quotes and invoices")!.text)).toContain("Quotes (1)");
  });
});

describe("Bloom Bakery (smallBusiness)", () => {
  test("the menu's 'Quotes and invoices' opens the invoices, with the demo invoices in every status", async () => {
    const dashboard = await NojsBrowser.as("owner").goto("/dashboard");
    expect(dashboard.links("Invoices").length).toBeGreaterThan(0);
    const list = await dashboard.click("Invoices");
    expect(list.path).toBe("/invoices");
    const all = await list.goto("/invoices?perPage=100");
    const statuses = new Set(all.$$("[data-status]").map((s) => s.getAttribute("data-status")));
    for (const status of ["draft", "sent", "paid", "cancelled"]) expect(statuses).toContain(status);
    const quotes = await all.goto("/quotes?perPage=100");
    const quoteStatuses = new Set(quotes.$$("[data-status]").map((s) => s.getAttribute("data-status")));
    for (const status of ["draft", "sent", "approved", "converted", "cancelled"]) expect(quoteStatuses).toContain(status);
  });
});

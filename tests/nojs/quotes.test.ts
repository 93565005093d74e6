import { beforeAll, describe, expect, test } from "vitest";
import { NojsBrowser, apiAs, norm, type NojsPage, uniqueToken } from "./harness";

/**
 * Quotes without JavaScript: the list's search, filters (status, number, total range, dates), sort, page size and
 * bulk actions with their confirmations; the New drawer (its client error, a client found by a typed name); the
 * editor's lines added and removed by their own buttons with the totals worked out by the server, a line's error
 * under its field; the status actions (send refused without an e-mail address, mark as sent, approved, converted,
 * cancelled, a draft deleted), each offered only when the status allows it; New quote from an individual's page;
 * the summary page's frame.
 *
 * Each test makes its own client (named with a random token) and its quotes through the API.
 */

let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs();
});

const admin = () => NojsBrowser.as("admin");

type Quote = { id: number; number: string | null; total_pence: number; status: string };

async function individual(token: string, email: string | null = `client.${token}@example.test`) {
  const res = await api.call<{ data: { id: number } }>(
    "POST",
    "/individual",
    { first_name: "Nojs", last_name: `Client ${token}`, ...(email ? { email } : {}) },
    201,
  );
  return res.data.id;
}

async function quote(clientId: number, items: { description: string; quantity: string; unit_price_pence: number; vat_rate: number }[], status?: "sent") {
  const res = await api.call<{ data: Quote }>("POST", "/simple-quotes", { individual_id: clientId, items }, 201);
  if (status === "sent") return (await api.call<{ data: Quote }>("POST", `/simple-quotes/${res.data.id}/mark-as-sent`)).data;
  return res.data;
}

const line = (pence: number, description = "Consultation") => ({ description, quantity: "1", unit_price_pence: pence, vat_rate: 20 });
const chips = (page: NojsPage) => page.$$('[aria-label="Active filters"] li').map((li) => norm(li.text).replace(/✕$/, "").trim());
const actionButtons = (page: NojsPage) => page.$$("[data-actions] button, [data-actions] a").map((b) => norm(b.text));

describe("the quotes list", () => {
  test("search, status and total filters in the URL, sort by total, page size; the empty text", async () => {
    const token = uniqueToken();
    const client = await individual(token);
    await quote(client, [line(10000)]);
    await quote(client, [line(25000)], "sent");
    await quote(client, [line(40000)], "sent");

    const list = await admin().goto(`/quotes?search=${token}`);
    expect(list.h1).toBe("Quotes");
    expect(list.rows()).toHaveLength(3);
    // The filter form (GET): status Sent and a total from £350 → the £480.00 quote only (totals include VAT).
    const filtered = await list.form({ button: "Apply" }).select("filter[status]", "sent").fill("filter[total_min]", "350").submit("Apply");
    expect(filtered.param("filter[status]")).toBe("sent");
    expect(filtered.param("filter[total_min]")).toBe("350");
    expect(filtered.param("search")).toBe(token);
    expect(filtered.rows()).toHaveLength(1);
    expect(filtered.text("[data-total]")).toBe("£480.00");
    expect(chips(filtered)).toEqual(expect.arrayContaining(["Status: Sent", "Total from (£): 350"]));
    // A chip's ✕ removes its filter.
    const unfiltered = await filtered.click("Remove filter Total from (£)");
    expect(unfiltered.rows()).toHaveLength(2);
    // A total range from an address: £100 to £200.
    const range = await admin().goto(`/quotes?search=${token}&filter[total_min]=100&filter[total_max]=200`);
    expect(range.$$("[data-total]").map((t) => norm(t.text))).toEqual(["£120.00"]);

    // Sort by the Total header: ascending, then descending.
    const byTotal = await list.click(
      { css: "a" },
      list.$$("th").find((t) => norm(t.text).startsWith("Total"))!,
    );
    expect(byTotal.param("sort")).toBe("total");
    expect(byTotal.$$("[data-total]").map((t) => norm(t.text))).toEqual(["£120.00", "£300.00", "£480.00"]);
    const down = await byTotal.click(
      { css: "a" },
      byTotal.$$("th").find((t) => norm(t.text).startsWith("Total"))!,
    );
    expect(down.param("sort")).toBe("-total");
    expect(down.$$("[data-total]").map((t) => norm(t.text))).toEqual(["£480.00", "£300.00", "£120.00"]);

    // The number filter and the date range.
    const sent = await api.call<{ data: Quote[] }>("GET", `/simple-quotes?filter[search]=${token}&filter[status]=sent&sort=total`);
    const number = sent.data[0].number!;
    const byNumber = await admin().goto(`/quotes?search=${token}&filter[number]=${number}`);
    expect(byNumber.rows()).toHaveLength(1);
    expect(byNumber.text("table tbody")).toContain(number);
    const future = await admin().goto(`/quotes?search=${token}&filter[issue_date][from]=2099-01-01`);
    expect(future.text()).toContain("No quotes found");
    expect(chips(future)).toContain("Date: 01/01/99 – …");
  });

  test("bulk: mark as sent and cancel after a confirmation; delete drafts deletes drafts only", async () => {
    const token = uniqueToken();
    const client = await individual(token);
    const a = await quote(client, [line(1000)]);
    const b = await quote(client, [line(2000)]);
    await quote(client, [line(3000)]);
    const list = await admin().goto(`/quotes?search=${token}&sort=total`);
    const none = await list.form({ button: "Mark as sent" }).submit("Mark as sent");
    expect(none.alerts().some((t) => t.includes("No items selected"))).toBe(true);

    const label = (page: NojsPage, total: string) =>
      page
        .$$("input[name=ids]")
        .find((i) => (i.getAttribute("aria-label") ?? "").includes(total))!
        .getAttribute("aria-label")!;
    const ask = await list.form({ button: "Mark as sent" }).check(label(list, "£12.00")).check(label(list, "£24.00")).submit("Mark as sent");
    expect(ask.path).toBe("/quotes/mark-sent");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to mark as sent these 2 quotes?");
    const done = await ask.form({ button: "Mark as sent", within: ask.confirmation() }).submit("Mark as sent");
    expect(done.toasts()).toContain("2 quotes marked as sent.");
    expect(done.path).toBe("/quotes");
    expect(done.param("search")).toBe(token);
    for (const id of [a.id, b.id]) expect((await api.call<{ data: Quote }>("GET", `/simple-quotes/${id}`)).data.status).toBe("sent");

    // Delete drafts: the sent ones are refused (counted), the draft goes.
    const select = (page: NojsPage) =>
      page.$$("input[name=ids]").reduce((form, i) => form.check(i.getAttribute("aria-label")!), page.form({ button: "Delete drafts" }));
    const askDelete = await select(done).submit("Delete drafts");
    expect(askDelete.text("[data-confirm]")).toContain("Only drafts are deleted");
    const deleted = await askDelete.form({ button: "Remove", within: askDelete.confirmation() }).submit("Remove");
    expect(deleted.toasts()).toContain("1 quote deleted.");
    expect(deleted.alerts().some((t) => t.includes("Error occurred while performing the action. and 1 more errors"))).toBe(true);
    expect(deleted.rows()).toHaveLength(2);

    // Cancel: both sent ones.
    const askCancel = await deleted.form({ button: "Cancel quotes" }).check(label(deleted, "£12.00")).check(label(deleted, "£24.00")).submit("Cancel quotes");
    const cancelled = await askCancel.form({ button: "Cancel them", within: askCancel.confirmation() }).submit("Cancel them");
    expect(cancelled.toasts()).toContain("2 quotes cancelled.");
    expect(cancelled.$$("[data-status]").map((s) => s.getAttribute("data-status"))).toEqual(["cancelled", "cancelled"]);
  });
});

describe("a new quote and its editor", () => {
  test("the New drawer: no client is refused under the field; a client found by a typed name makes the quote", async () => {
    const token = uniqueToken();
    await individual(token);
    const list = await admin().goto(`/quotes?search=${token}`);
    const drawer = await list.click("NEW QUOTE");
    expect(drawer.path).toBe("/quotes/new");
    expect(drawer.text("[data-drawer]")).toContain("New quote");
    const refused = await drawer.form().submit("Create quote");
    expect(refused.fieldError("individual_id")).toBe("Choose the client: an individual or a company.");
    expect(refused.alerts()).toContain("Failed to create quote.");
    const made = await refused.form().fill("individual_id_find", `Client ${token}`).fill("Reference", `REF-${token}`).submit("Create quote");
    expect(made.toasts()).toContain("Quote created. Add its items.");
    expect(made.path).toMatch(/^\/quotes\/\d+$/);
    expect(made.h1).toBe("Quote Draft");
    expect(made.text("[data-document-summary]")).toContain(`Client ${token}`);
    expect(made.text("[data-document-summary]")).toContain(`REF-${token}`);
  });

  test("lines added and removed with their buttons, totals worked out by the server; a bad line is refused under its field; Save keeps them", async () => {
    const token = uniqueToken();
    const client = await individual(token);
    const q = await quote(client, []);
    const page = await admin().goto(`/quotes/${q.id}`);
    expect(page.text("[data-editor]")).toContain("No items yet: add a line.");
    const one = await page.form("[data-editor]").submit("Add line");
    expect(one.$$("[data-line]")).toHaveLength(1);
    const two = await one
      .form("[data-editor]")
      .fill("items.0.description", "Cake, three tiers")
      .fill("items.0.quantity", "3")
      .fill("items.0.unit_price", "12.50")
      .submit("Add line");
    expect(two.$$("[data-line]")).toHaveLength(2);
    // Nothing is saved yet; the first line's total and the totals are the server's sums of what was typed.
    expect(two.text('[data-line-total="0"]')).toBe("£45.00");
    expect(two.text('[data-sum="subtotal"]')).toBe("£37.50");
    expect(two.text('[data-sum="vat"]')).toBe("£7.50");
    expect(two.text('[data-sum="total"]')).toBe("£45.00");
    expect((await api.call<{ data: Quote }>("GET", `/simple-quotes/${q.id}`)).data.total_pence).toBe(0);

    const three = await two
      .form("[data-editor]")
      .fill("items.1.description", "Delivery")
      .fill("items.1.quantity", "-1")
      .fill("items.1.unit_price", "4.99")
      .select("items.1.vat_rate", "0")
      .submit("Save quote");
    expect(three.alerts()).toContain("Failed to save quote.");
    expect(three.fieldError("items.1.quantity")).toBe("The quantity may not be negative.");
    expect(three.form("[data-editor]").value("items.1.description")).toBe("Delivery");
    expect((await api.call<{ data: Quote }>("GET", `/simple-quotes/${q.id}`)).data.total_pence).toBe(0);

    const fixed = await three.form("[data-editor]").fill("items.1.quantity", "2").fill("items.1.unit_price", "4.99").submit("Save quote");
    expect(fixed.toasts()).toContain("Quote saved.");
    expect(fixed.text("[data-document-total]")).toBe("£54.98");
    expect(fixed.$$("[data-line]")).toHaveLength(2);

    const removed = await fixed.form("[data-editor]").submit("Remove item 1");
    expect(removed.$$("[data-line]")).toHaveLength(1);
    expect(removed.form("[data-editor]").value("items.0.description")).toBe("Delivery");
    expect(removed.text('[data-sum="total"]')).toBe("£9.98");
    const saved = await removed.form("[data-editor]").fill("Notes", "Thank you.").submit("Save quote");
    expect(saved.text("[data-document-total]")).toBe("£9.98");
    const stored = (await api.call<{ data: { items: { description: string }[]; notes: string } }>("GET", `/simple-quotes/${q.id}`)).data;
    expect(stored.items.map((i) => i.description)).toEqual(["Delivery"]);
    expect(stored.notes).toBe("Thank you.");
  });
});

describe("a quote's status actions", () => {
  test("send without an e-mail address is refused on top; mark as sent, approved, converted to an invoice; each action only when allowed", async () => {
    const token = uniqueToken();
    const client = await individual(token, null);
    const q = await quote(client, [line(5000)]);
    const draft = await admin().goto(`/quotes/${q.id}`);
    expect(actionButtons(draft)).toEqual(expect.arrayContaining(["Send by e-mail", "Mark as sent", "Recalculate", "Delete draft"]));
    expect(actionButtons(draft)).not.toContain("Mark as approved");
    expect(actionButtons(draft)).not.toContain("Convert to invoice");
    expect(draft.$("[data-status]")?.getAttribute("data-status")).toBe("draft");

    const refused = await draft.form({ button: "Send by e-mail" }).submit("Send by e-mail");
    expect(refused.alerts().join(" ")).toContain("The client has no e-mail address. Add one to the client, or mark the document as sent instead.");
    expect((await api.call<{ data: Quote }>("GET", `/simple-quotes/${q.id}`)).data.status).toBe("draft");

    const sent = await refused.form({ button: "Mark as sent" }).submit("Mark as sent");
    expect(sent.toasts().some((t) => /^Quote QUO-\d+ marked as sent\.$/.test(t))).toBe(true);
    expect(sent.h1).toMatch(/^Quote QUO-\d+$/);
    expect(actionButtons(sent)).toEqual(expect.arrayContaining(["Mark as approved", "Convert to invoice", "Cancel quote"]));
    expect(actionButtons(sent)).not.toContain("Delete draft");

    const approved = await sent.form({ button: "Mark as approved" }).submit("Mark as approved");
    expect(approved.$("[data-status]")?.getAttribute("data-status")).toBe("approved");
    expect(approved.$("[data-editor]")).toBeNull();
    const invoice = await approved.form({ button: "Convert to invoice" }).submit("Convert to invoice");
    expect(invoice.path).toMatch(/^\/invoices\/\d+$/);
    expect(invoice.toasts()).toContain("Quote converted: this is its invoice, a draft.");
    expect(invoice.text("[data-document-total]")).toBe("£60.00");
    const back = await invoice.click(/^QUO-/);
    expect(back.path).toBe(`/quotes/${q.id}`);
    expect(back.$("[data-status]")?.getAttribute("data-status")).toBe("converted");
    expect(actionButtons(back)).not.toContain("Convert to invoice");
  });

  test("cancel and delete ask first (Back keeps the quote); the draft is deleted, the sent one cancelled", async () => {
    const token = uniqueToken();
    const client = await individual(token);
    const draft = await quote(client, [line(700)]);
    const page = await admin().goto(`/quotes/${draft.id}`);
    const ask = await page.click("Delete draft");
    expect(ask.param("confirm")).toBe("delete");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this draft quote?");
    const kept = await ask.click("Back", ask.$("[data-confirm]")!);
    expect(kept.$("[data-confirm]")).toBeNull();
    const gone = await (await kept.click("Delete draft")).form("[data-confirm] form").submit("Delete");
    expect(gone.toasts()).toContain("Quote deleted.");
    expect(gone.path).toBe("/quotes");
    await api.call("GET", `/simple-quotes/${draft.id}`, undefined, 404);

    const sent = await quote(client, [line(800)], "sent");
    const askCancel = await (await admin().goto(`/quotes/${sent.id}`)).click("Cancel quote");
    const cancelled = await askCancel.form("[data-confirm] form").submit("Cancel quote");
    expect(cancelled.toasts()).toContain(`Quote ${sent.number} cancelled.`);
    expect(cancelled.$("[data-status]")?.getAttribute("data-status")).toBe("cancelled");
    expect(actionButtons(cancelled)).toEqual(["Quote summary"]);
  });
});

describe("quotes from a client's page, and the summary", () => {
  test("an individual's page lists their quotes; New quote opens the drawer with them chosen, and Cancel goes back", async () => {
    const token = uniqueToken();
    const client = await individual(token);
    const q = await quote(client, [line(1234)], "sent");
    const page = await admin().goto(`/individual/${client}`);
    const section = page.region("Quotes and invoices")!;
    expect(norm(section.text)).toContain(q.number!);
    expect(norm(section.text)).toContain("Quotes (1)");
    const drawer = await page.click("New quote", section);
    expect(drawer.path).toBe("/quotes/new");
    expect(drawer.form().value("individual_id")).toBe(String(client));
    expect(drawer.link("Cancel", drawer.drawer()!).getAttribute("href")).toBe(`/individual/${client}`);
    const made = await drawer.form().submit("Create quote");
    expect(made.toasts()).toContain("Quote created. Add its items.");
    expect(made.text("[data-document-summary]")).toContain(`Client ${token}`);
  });

  test("the summary page frames the API host's summary through the quote's link, in the company's view; the spinner needs JavaScript", async () => {
    const token = uniqueToken();
    const client = await individual(token);
    const q = await quote(client, [line(999)], "sent");
    const page = await (await admin().goto(`/quotes/${q.id}`)).click("Quote summary");
    expect(page.path).toBe(`/simple-quotes/${q.id}/summary`);
    const frame = page.$("iframe[data-summary-frame]")!;
    const src = new URL(frame.getAttribute("src")!);
    expect(src.pathname).toBe(`/simple-quotes/${q.id}/summary`);
    expect(src.searchParams.get("preview")).toBe("1");
    expect(src.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.html).toContain("[data-summary-spinner]{display:none!important}");
    const framed = await fetch(src);
    expect(framed.status).toBe(200);
    const html = await framed.text();
    expect(html).toContain(q.number!);
    expect(html).not.toContain("Approve this quote");
  });
});

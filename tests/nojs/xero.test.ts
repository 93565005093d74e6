import { describe, expect, test } from "vitest";
import { NOJS, USERS } from "./env";
import { apiAs, NojsBrowser, norm } from "./harness";

/**
 * The accounting-synced documents without JavaScript: the Integration page watches the sandbox ledger (labelled as
 * the sandbox), its outage switch is a plain form; a user without the accounting permission sees no ledger.
 */

async function signedIn(email: string, host: string = NOJS.flightdeck) {
  const browser = new NojsBrowser(host);
  await browser.signIn(email);
  return browser;
}

describe("the Integration page", () => {
  test("shows what the sandbox ledger holds, labelled as the sandbox, and plays an outage through a form", async () => {
    const browser = await signedIn(USERS.admin.email);
    let page = await browser.goto("/integration");
    expect(page.status).toBe(200);
    expect(norm(page.one('[data-testid="accounting-provider"]').text)).toBe("Sandbox ledger");
    expect(page.text()).toContain("never reach a real accounting system");
    const rows = page.$$('[data-testid="ledger-row"]');
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.map((r) => norm(r.text)).join("\n")).toMatch(/INV-\d{4}/);
    expect(rows.map((r) => norm(r.text)).join("\n")).toMatch(/QU-\d{4}/);
    expect(norm(page.one('[data-testid="outage"]').text)).toBe("Yes");

    page = await page.form({ button: "Play an outage" }).submit("Play an outage");
    expect(page.path).toBe("/integration");
    expect(page.toasts().join(" ")).toContain("plays an outage");
    expect(norm(page.one('[data-testid="outage"]').text)).toBe("No: playing an outage");
    page = await page.form({ button: "Answer again" }).submit("Answer again");
    expect(page.toasts().join(" ")).toContain("answers again");
    expect(norm(page.one('[data-testid="outage"]').text)).toBe("Yes");
  });

  test("without the accounting permission: no ledger, and the switch is refused", async () => {
    const browser = await signedIn(USERS.viewer.email);
    const page = await browser.goto("/integration");
    expect(page.status).toBe(200);
    expect(page.text()).toContain("You need the accounting invoices permission");
    expect(page.$('[data-testid="ledger-row"]')).toBeNull();
    const refused = await browser.request("POST", new URL("/integration", NOJS.flightdeck), { data: "outage=on", type: "application/x-www-form-urlencoded" });
    expect(refused.status).toBe(403);
  });
});

describe("the synced kind in the invoices and quotes screens", () => {
  test("a tab lists the synced invoices with where each is kept; a not-synced one is retried from its page", async () => {
    const browser = await signedIn(USERS.owner.email, NOJS.smallbusiness);
    let page = await browser.goto("/invoices");
    expect(page.status).toBe(200);
    page = await page.click("Synced with accounting");
    expect(page.path).toBe("/invoices");
    expect(page.param("kind")).toBe("synced");
    const rows = page.$$("[data-synced-row]");
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const kept = page.$$("[data-synced-list] [data-sync]").map((b) => norm(b.text));
    expect(kept).toContain("Sandbox ledger");
    expect(kept).not.toContain("Synced");

    // A document made while the sandbox plays an outage: kept, "Not synced", retried from its page.
    const owner = await apiAs(USERS.owner.email);
    const client = (await owner.call<{ data: { id: number }[] }>("GET", "/individual?page[size]=1")).data[0];
    await owner.call("PUT", "/xero/sandbox-ledger/outage", { outage: true }, 200);
    const made = await owner.call<{ data: { id: number }; message: string }>(
      "POST",
      "/xero-invoices",
      { individual_id: client.id, items: [{ description: "No-JS retry check", quantity: "1", unit_price_pence: 1234, vat_rate: 20 }] },
      201,
    );
    expect(made.message).toMatch(/not synced/);
    page = await browser.goto("/invoices?kind=synced&sync=not_synced");
    expect(page.$$("[data-synced-row]").map((r) => r.getAttribute("data-synced-row"))).toContain(String(made.data.id));
    page = await browser.goto(`/invoices/${made.data.id}?kind=synced`);
    expect(page.$("[data-not-synced]")).not.toBeNull();
    expect(page.text("[data-not-synced]")).toContain("not answering");
    page = await page.form({ button: "Retry sync" }).submit("Retry sync");
    expect(page.toasts().join(" ")).toContain("not answering");
    expect(page.$("[data-not-synced]")).not.toBeNull();

    await owner.call("PUT", "/xero/sandbox-ledger/outage", { outage: false }, 200);
    page = await page.form({ button: "Retry sync" }).submit("Retry sync");
    expect(page.toasts().join(" ")).toContain("Synced with the accounting system.");
    expect(page.$("[data-not-synced]")).toBeNull();
    expect(norm(page.one("[data-synced-document] [data-sync]").text)).toBe("Sandbox ledger");
    expect(page.text()).toContain("not a real accounting system");
    expect(page.text("[data-total]")).toBe("£14.81");

    page = await page.form({ button: "Mark as sent" }).submit("Mark as sent");
    expect(page.toasts().join(" ")).toContain("Marked as sent.");
    expect(page.one("[data-synced-document] [data-status]").getAttribute("data-status")).toBe("sent");
  });

  test("the synced invoice's summary frame opens its link on the API host", async () => {
    const browser = await signedIn(USERS.owner.email, NOJS.smallbusiness);
    const list = await browser.goto("/invoices?kind=synced&status=sent");
    const id = list.$$("[data-synced-row]")[0].getAttribute("data-synced-row");
    const page = await browser.goto(`/xero-invoices/${id}/summary`);
    expect(page.status).toBe(200);
    const src = new URL(page.$("iframe[data-summary-frame]")!.getAttribute("src")!);
    expect(src.pathname).toBe(`/xero-invoices/${id}/summary`);
    const summary = await fetch(src);
    expect(summary.status).toBe(200);
    expect(await summary.text()).toContain("Sandbox ledger: kept in the portal");
  });
});

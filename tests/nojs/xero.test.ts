import { describe, expect, test } from "vitest";
import { NOJS, USERS } from "./env";
import { NojsBrowser, norm } from "./harness";

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

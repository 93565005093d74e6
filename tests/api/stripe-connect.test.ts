import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSandboxObjects } from "#api/db/schema";
import { connectFor } from "#api/integrations/payments";
import type { SandboxConnect } from "#api/integrations/payments/connect-sandbox";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant } from "../helpers/crm";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const RETURN = "http://smallbusiness.localhost:3000/stripe-connect";

async function link(token: string) {
  const res = await api.request("POST", "/stripe-connect/onboarding-link", { token, body: { return_url: RETURN } });
  expect(res.status, res.text).toBe(201);
  return new URL(res.body.data.url).pathname;
}

describe("Stripe Connect onboarding", () => {
  it("401 without a token; 403 without a terminal permission; viewers see the state but may not onboard", async () => {
    expect((await api.request("GET", "/stripe-connect")).status).toBe(401);
    const none = await emptyTenant(api, ["task_view"]);
    expect((await api.request("GET", "/stripe-connect", { token: none.token })).status).toBe(403);
    const viewer = await emptyTenant(api, ["terminal_view"]);
    const seen = await api.request("GET", "/stripe-connect", { token: viewer.token });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ status: "not_started", status_label: "Not started", account_id: null, sandbox: true });
    expect((await api.request("POST", "/stripe-connect/onboarding-link", { token: viewer.token, body: {} })).status).toBe(403);
    const requester = await emptyTenant(api, ["terminal_request"]);
    expect((await api.request("POST", "/stripe-connect/onboarding-link", { token: requester.token, body: {} })).status).toBe(403);
  });

  it("not started → pending (what is missing listed) → enabled, through the sandbox's onboarding form", async () => {
    const me = await emptyTenant(api, ["terminal_manage"]);
    const path = await link(me.token);
    expect(path).toMatch(/^\/connect-sandbox\/onboarding\/[\w-]+$/);
    const page = await api.request("GET", path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Sandbox: test mode.");
    expect(page.text).toContain("10-88-00");
    // The form's answer redirects to the portal: browsers apply form-action to that redirect, so the portal is allowed.
    expect(String(page.headers["content-security-policy"])).toContain("form-action 'self' http://smallbusiness.localhost:3000;");

    // Some details only: pending, the rest listed as missing.
    const partial = await api.request("POST", path, { headers: FORM, rawBody: form({ business_name: "Crumb & Co", first_name: "Cara" }) });
    expect(partial.status).toBe(303);
    expect(partial.headers.location).toBe(`${RETURN}?onboarding=returned`);
    const pending = (await api.request("GET", "/stripe-connect", { token: me.token })).body.data;
    expect(pending).toMatchObject({ status: "pending", business_name: "Crumb & Co", charges_enabled: false });
    expect(pending.requirements.map((r: { label: string }) => r.label)).toEqual([
      "Bank account for payouts",
      "Representative's last name",
      "Acceptance of the terms of service",
    ]);

    // A bank account that is not the test one: refused under its field, what was typed kept.
    const path2 = await link(me.token);
    const wrong = await api.request("POST", path2, {
      headers: FORM,
      rawBody: form({ business_name: "Crumb & Co", sort_code: "20-00-00", account_number: "55779911" }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain("use the test bank account");
    expect(wrong.text).toContain('value="20-00-00"');
    const bad = await api.request("POST", path2, { headers: FORM, rawBody: form({ sort_code: "1234" }) });
    expect(bad.text).toContain("Enter a sort code of 6 digits, like 10-88-00.");

    const done = await api.request("POST", path2, {
      headers: FORM,
      rawBody: form({ sort_code: "10-88-00", account_number: "00012345", last_name: "Crumb", accept_terms: "yes" }),
    });
    expect(done.status).toBe(303);
    const enabled = (await api.request("GET", "/stripe-connect", { token: me.token })).body.data;
    expect(enabled).toMatchObject({ status: "enabled", status_label: "Enabled", requirements: [], charges_enabled: true, payouts_enabled: true });
    // One account per company, whatever the number of links.
    const again = await link(me.token);
    expect(again).not.toBe(path2);
    expect((await api.request("GET", "/stripe-connect", { token: me.token })).body.data.account_id).toBe(enabled.account_id);
  });

  it("a link of another company shows only that company's account; an unknown or malformed link is not found", async () => {
    expect((await api.request("GET", `/connect-sandbox/onboarding/${"x".repeat(32)}`)).status).toBe(404);
    expect((await api.request("GET", "/connect-sandbox/onboarding/short")).status).toBe(404);
    const a = await emptyTenant(api, ["terminal_manage"]);
    const b = await emptyTenant(api, ["terminal_manage"]);
    const pathA = await link(a.token);
    await api.request("POST", pathA, { headers: FORM, rawBody: form({ business_name: "Only A" }) });
    expect((await api.request("GET", "/stripe-connect", { token: b.token })).body.data.status).toBe("not_started");
  });

  it("an expired link sends the user back to the portal for a new one (its refresh address), saving nothing; an unknown link says so", async () => {
    const me = await emptyTenant(api, ["terminal_manage"]);
    const path = await link(me.token);
    const token = path.split("/").pop()!;
    const id = `link_sbx_${token}`;
    const [row] = await api.database.db.select().from(connectSandboxObjects).where(eq(connectSandboxObjects.id, id));
    await api.database.db
      .update(connectSandboxObjects)
      .set({ data: { ...(row.data as object), expiresAt: new Date(Date.now() - 60_000).toISOString() } })
      .where(eq(connectSandboxObjects.id, id));

    const opened = await api.request("GET", path);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`${RETURN}?onboarding=expired`);
    // The form sent after the link expired (left open in a tab): nothing is saved, back to the portal.
    const sent = await api.request("POST", path, { headers: FORM, rawBody: form({ business_name: "Too Late Ltd", last_name: "Late" }) });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`${RETURN}?onboarding=expired`);
    const account = (await api.request("GET", "/stripe-connect", { token: me.token })).body.data;
    expect(account.status).toBe("not_started");
    expect(account.business_name).not.toBe("Too Late Ltd");
    // A new link works.
    expect((await api.request("GET", await link(me.token))).status).toBe(200);

    // A browser (it accepts HTML) is told in a page; any other caller gets the API's JSON refusal.
    const unknown = await api.request("GET", `/connect-sandbox/onboarding/${"y".repeat(32)}`, { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(unknown.status).toBe(404);
    expect(String(unknown.headers["content-type"])).toMatch(/^text\/html/);
    expect(unknown.text).toContain("This onboarding link has expired or is not valid.");
    expect(unknown.text).toContain("Sandbox: test mode.");
    const json = await api.request("GET", `/connect-sandbox/onboarding/${"y".repeat(32)}`);
    expect(json.status).toBe(404);
    expect(json.body.message).toBeTruthy();
    const posted = await api.request("POST", `/connect-sandbox/onboarding/${"y".repeat(32)}`, {
      headers: { ...FORM, accept: "text/html" },
      rawBody: form({}),
    });
    expect(posted.status).toBe(404);
    expect(posted.text).toContain("This onboarding link has expired or is not valid.");
  });

  it("the return address must be the portal's Connect page; Connect not answering is ERROR and changes nothing", async () => {
    const me = await emptyTenant(api, ["terminal_manage"]);
    const res = await api.request("POST", "/stripe-connect/onboarding-link", { token: me.token, body: { return_url: "https://evil.example/phish" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.return_url).toBeTruthy();
    (connectFor(api.database, api.config) as SandboxConnect).simulateOutage(1);
    const down = await api.request("POST", "/stripe-connect/onboarding-link", { token: me.token, body: {} });
    expect(down.status).toBe(502);
    expect(down.body.error).toBe("ERROR");
    expect((await api.request("GET", "/stripe-connect", { token: me.token })).body.data.status).toBe("not_started");
  });
});

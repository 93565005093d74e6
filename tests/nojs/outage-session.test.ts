import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PASSWORD, USERS } from "./env";
import { NojsBrowser } from "./harness";
import { startPair } from "./pair";

/**
 * Without JavaScript, on pairs of this file's own: the API stopped while the portal runs (a friendly 503 in the
 * frame; a form sent meanwhile is shown unsaved and kept in a form that sends it again, which works once the API
 * is back), and a session that expires after 3 s idle (SESSION_IDLE_MINUTES=0.05).
 */

// Both pairs start side by side (each migrates and seeds a fresh database).
let outage: Awaited<ReturnType<typeof startPair>>;
let short: Awaited<ReturnType<typeof startPair>>;
beforeAll(async () => {
  const started = await Promise.allSettled([startPair("outage", 1), startPair("short", 2, { SESSION_IDLE_MINUTES: "0.05" })]);
  if (started[0].status === "fulfilled") outage = started[0].value;
  if (started[1].status === "fulfilled") short = started[1].value;
  for (const s of started) if (s.status === "rejected") throw s.reason;
}, 240_000);
afterAll(async () => {
  await Promise.all([outage?.stop(), short?.stop()]);
});

describe("the API stopped", () => {
  test("a friendly 503 in the frame, the sent form kept unsaved with 'Send again', and all well again once the API is back", async () => {
    const browser = new NojsBrowser(outage.flightdeck);
    expect((await browser.signIn(USERS.admin.email)).path).toBe("/dashboard");
    const name = `Typed during the outage ${Date.now()}`;
    const drawer = await browser.goto("/roles/new?search=outage");
    const form = drawer.form({ button: "Save", within: drawer.drawer() }).fill("Role name", name);

    await outage.stopApi();
    const unsaved = await form.submit("Save");
    expect(unsaved.status).toBe(503);
    expect(unsaved.text("h1, h2")).toContain("Service unavailable");
    expect(unsaved.text("main")).toContain("what you sent has not been saved yet");
    expect(unsaved.text("main")).not.toContain("has not been lost");
    expect(unsaved.text("[data-unsaved]")).toContain(name);

    // A page opened during the outage (another tab): 503, inside a frame, no stack.
    const other = await browser.goto("/roles?search=outage");
    expect(other.status).toBe(503);
    expect(other.text("h1, h2")).toContain("Service unavailable");
    expect(other.$("[data-frame]")).not.toBeNull();
    expect(other.text("main")).toContain("What you were doing has not been lost");
    expect(other.$("[data-unsaved]")).toBeNull();
    expect(other.html).not.toMatch(/\bat [\w$.<>]+ \(|\.ts:\d+|\.js:\d+|ECONNREFUSED|Error:/);

    await outage.startApi();
    const sent = await unsaved.form({ button: "Send again" }).submit("Send again");
    expect(sent.text()).toContain("Role created.");
    const list = await browser.goto(`/roles?search=${encodeURIComponent(name)}`);
    expect(list.text("table tbody")).toContain(name);
    expect(outage.portal?.exitCode).toBeNull();
  }, 120_000);
});

describe("session expiry", () => {
  const IDLE_WAIT_MS = 5_000;
  const INACTIVITY_NOTICE = "You were signed out after a period of inactivity. Please sign in again.";

  test("after the idle timeout the next page goes to the company's sign-in page with the inactivity notice, once", async () => {
    const browser = new NojsBrowser(short.flightdeck);
    expect((await browser.signIn(USERS.admin.email)).path).toBe("/dashboard");
    await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
    const page = await browser.goto("/dashboard");
    expect(page.path).toBe("/login");
    expect(page.param("reason")).toBe("inactivity");
    const login = (await (
      await fetch(`${short.api}/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: USERS.admin.email, password: PASSWORD }),
      })
    ).json()) as {
      tenant: { company: { uuid: string } };
    };
    expect(page.param("uuid")).toBe(login.tenant.company.uuid);
    expect(page.text('[role="status"]')).toBe(INACTIVITY_NOTICE);
    expect(page.h1).toBe("Sign in to Harbour Brokers");
    expect(page.$("aside#side-menu")).toBeNull();
    const again = await browser.goto("/dashboard");
    expect(again.path).toBe("/login");
    expect(again.param("reason")).toBeNull();
    expect(again.text()).not.toContain(INACTIVITY_NOTICE);
  }, 60_000);

  test("a menu link followed after the time-out also signs out, and signing in again works", async () => {
    const browser = new NojsBrowser(short.flightdeck);
    const dashboard = await browser.signIn(USERS.viewer.email);
    expect(dashboard.path).toBe("/dashboard");
    await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
    const page = await dashboard.click("Tasks", dashboard.one("aside#side-menu"));
    expect(page.path).toBe("/login");
    expect(page.param("reason")).toBe("inactivity");
    expect(page.text()).toContain(INACTIVITY_NOTICE);
    const back = await page.form().fill("email", USERS.viewer.email).fill("password", PASSWORD).submit("Sign in");
    expect(back.path).toBe("/dashboard");
    expect(back.h1).toBe("Dashboard");
  }, 60_000);
});

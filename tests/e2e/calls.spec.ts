import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E, USERS, apiSignIn, startSession } from "./helpers";
import { uniqueToken } from "./lists";

/**
 * The call panel with JavaScript, against the voice sandbox: a full call (ringing, connected with its counter,
 * surviving a move to another page, hung up, gone 2 s after "Call ended") and a call the callee rejects. One call at
 * a time per user, so the tests of this file run one after the other.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

async function person(request: APIRequestContext, last: string, telephone: string) {
  const { token } = await apiSignIn(request, USERS.admin.email);
  const res = await request.post(`${E2E.main.api}/individual`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    data: { first_name: "Cara", last_name: last, telephone },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

test("a sandbox call rings, connects with a counter, survives a page change, and the panel goes 2 s after hanging up", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "without JavaScript the Call button opens the dialler (tests/nojs/calls.test.ts)");
  const token = uniqueToken(testInfo);
  const id = await person(request, `Caller${token}`, "020 7946 0555");
  await startSession(page, USERS.admin);
  await page.goto(`/individual/${id}`);
  await expect(page.locator("[data-call-panel]")).toHaveCount(0);
  await page.getByRole("button", { name: `Call Cara Caller${token} on 020 7946 0555` }).click();

  const panel = page.locator("[data-call-panel]");
  const status = panel.locator("[data-call-status]");
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(`Cara Caller${token}`);
  await expect(panel).toContainText("Sandbox");
  await expect(status).toContainText("Ringing...");
  await expect(status).toContainText("Connected", { timeout: 10_000 });
  await expect(panel).toHaveAttribute("data-status", "connected");
  await expect(panel.locator("[data-call-duration]")).toHaveText(/^0:0[1-9]$/, { timeout: 5_000 });

  // Moving to another page of the portal keeps the call and its panel.
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(panel).toHaveAttribute("data-status", "connected");

  // Keypad: only 0-9, *, # and w.
  await panel.getByRole("textbox", { name: "Keypad digits" }).fill("12x");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel).toContainText("Digits may contain only 0-9, *, # and w.");

  await panel.getByRole("button", { name: "Hang up" }).click();
  await expect(status).toHaveText("Call ended");
  await expect(panel).toHaveCount(0, { timeout: 4_000 });

  await page.goto(`/individual/${id}?tab=calls`);
  const row = page.locator("[data-call-log] tbody tr").first();
  await expect(row).toContainText("Browser (sandbox)");
  await expect(row).toContainText("Completed");
});

test("a call the callee rejects says 'Call was rejected' until it is closed", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "without JavaScript the Call button opens the dialler (tests/nojs/calls.test.ts)");
  const token = uniqueToken(testInfo);
  const id = await person(request, `Reject${token}`, "07700 900603");
  await startSession(page, USERS.admin);
  await page.goto(`/individual/${id}`);
  await page.getByRole("button", { name: `Call Cara Reject${token} on 07700 900603` }).click();
  const panel = page.locator("[data-call-panel]");
  await expect(panel.locator("[data-call-status]")).toHaveText("Call was rejected", { timeout: 10_000 });
  await expect(panel).toHaveAttribute("data-status", "error");
  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toHaveCount(0);
});

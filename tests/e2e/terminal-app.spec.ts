import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E, apiSignIn, expectHydrated, startSession, USERS } from "./helpers";

/**
 * Taking a card payment on a reader, in Chromium with JavaScript: the owner unlocks the reader screen with the
 * PIN, the terminal-reader island connects a simulated reader, charges an amount, the approved test card is
 * presented on the reader, the island shows it approved, and the owner refunds it in Customer transactions. The
 * test registers its own location and simulated reader (unique names) through the API.
 */

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "the no-JavaScript layer (tests/nojs) covers these pages without JavaScript");
});

const owner = USERS.owner;
const portal = E2E.main.smallbusiness;
const PIN = "1357";

test("unlocked with the PIN, the island connects a simulated reader, takes a payment with the approved test card, and it is refunded in Customer transactions", async ({
  page,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const { token } = await apiSignIn(request, owner.email);
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const location = await request.post(`${E2E.main.api}/terminal-app/locations`, {
    headers,
    data: { display_name: `E2E stall ${tag}`, line1: "2 Quay Street", city: "Bristol", postal_code: "BS1 4DB" },
  });
  expect(location.status()).toBe(201);
  const locationId = ((await location.json()) as { data: { id: number } }).data.id;
  const registered = await request.post(`${E2E.main.api}/terminal-app/readers`, {
    headers,
    data: { location_id: locationId, label: `E2E reader ${tag}`, registration_code: "simulated-wpe" },
  });
  expect(registered.status()).toBe(201);
  const readerId = ((await registered.json()) as { data: { id: number } }).data.id;

  await startSession(page, owner);
  await page.goto(`${portal}/terminal-app/pay?reader=${readerId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Take a payment");
  const pin = page.getByRole("textbox", { name: "PIN" });
  await expectHydrated(pin);
  await pin.fill(PIN);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByText("Reader screen unlocked.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/terminal-app/pay\\?reader=${readerId}$`));

  // The island: loaded only here, connecting the chosen simulated reader.
  const island = page.getByTestId("reader-island");
  await expect(island).toBeVisible();
  await expect(island.getByLabel("Connected reader")).toHaveValue(String(readerId));
  const status = island.getByRole("status");
  await expect(status).toHaveAttribute("data-step", "ready");

  await island.getByLabel("Amount (£)").fill("23.45");
  await island.getByRole("button", { name: "Charge on reader" }).click();
  await expect(status).toHaveAttribute("data-step", "waiting");
  await expect(status).toContainText("£23.45");
  await island.getByRole("button", { name: "Present test card: Visa: approved" }).click();
  await expect(status).toHaveAttribute("data-step", "approved");
  await expect(status).toContainText("£23.45");

  // Refunded in Customer transactions.
  await island.getByRole("link", { name: "View in Customer transactions" }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment of £23.45");
  await page.getByRole("link", { name: "Refund", exact: true }).click();
  const refund = page.getByRole("dialog");
  await expect(refund.getByLabel("Amount to refund (£)")).toHaveValue("23.45");
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  const refunds = page.locator("table", { has: page.locator("caption", { hasText: "Refunds" }) });
  await expect(refunds).toContainText("£23.45");
  await expect(refunds).toContainText("Succeeded");
  await expect(page.locator("main")).toContainText("Refunded");
});

test("the terminal-reader island is in no page's first load: the Take a payment page fetches it on demand", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the build is the same for both projects");
  const build = path.join(process.env.REMIX_BUILD_DIR ?? "", "public", "build");
  const island = readdirSync(path.join(build, "_shared")).find((f) => f.startsWith("reader-island-"));
  expect(island).toBeTruthy();
  const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const m of readFileSync(path.join(build, file), "utf8").matchAll(/(?:from|import)\s*"\/build\/([^"]+\.js)"/g)) staticImports(m[1], seen);
    return seen;
  };
  const routes = readdirSync(path.join(build, "routes")).filter((f) => f.endsWith(".js"));
  expect(routes.filter((route) => staticImports(`routes/${route}`).has(`_shared/${island}`))).toEqual([]);
  const pay = routes.find((f) => f.startsWith("_app.terminal-app_.pay-"))!;
  expect(readFileSync(path.join(build, "routes", pay), "utf8")).toContain(`import("/build/_shared/${island}")`);
});

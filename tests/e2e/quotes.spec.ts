import { expect, test, type APIRequestContext } from "@playwright/test";
import { weigh } from "#bench/page-weight";
import { E2E, apiSignIn, expectHydrated, signIn, USERS } from "./helpers";

/**
 * Quotes with JavaScript: the editor's totals follow what is typed (the money rules of the API, half-up per line),
 * before anything is saved, and what Save stores is what was shown; the summary page's spinner for 5 seconds, then
 * the frame; the first-load JavaScript of the quotes and invoices pages within the 100 KB budget. (Everything
 * without JavaScript is the no-JavaScript layer's: tests/nojs/quotes.test.ts, invoices.test.ts.)
 */

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "live totals and the spinner need JavaScript; tests/nojs covers the pages without it");
  await signIn(page, USERS.admin);
});

async function draftQuote(request: APIRequestContext) {
  const { token } = await apiSignIn(request, USERS.admin.email);
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const person = await request.post(`${E2E.main.api}/individual`, {
    headers,
    data: { first_name: "Live", last_name: `Totals ${tag}`, email: `live.${tag}@example.test` },
  });
  expect(person.status()).toBe(201);
  const individualId = ((await person.json()) as { data: { id: number } }).data.id;
  const quote = await request.post(`${E2E.main.api}/simple-quotes`, {
    headers,
    data: { individual_id: individualId, items: [{ description: "Sponge cake", quantity: "1", unit_price_pence: 1000, vat_rate: 20 }] },
  });
  expect(quote.status()).toBe(201);
  const id = ((await quote.json()) as { data: { id: number } }).data.id;
  const read = async () => ((await (await request.get(`${E2E.main.api}/simple-quotes/${id}`, { headers })).json()) as { data: { total_pence: number } }).data;
  return { id, headers, read };
}

test("the editor's totals follow what is typed, penny-exact, and Save stores what was shown", async ({ page, request }) => {
  const quote = await draftQuote(request);
  await page.goto(`/quotes/${quote.id}`);
  const editor = page.locator("form[data-editor]");
  await expectHydrated(editor);
  await expect(editor).toHaveAttribute("data-live-totals", "on");
  const sum = (name: string) => editor.locator(`[data-sum="${name}"]`);
  await expect(sum("total")).toHaveText("£12.00");

  // 2.5 × £10.01 = £25.025 → £25.03 net; VAT 20% of it £5.006 → £5.01 (each rounded half-up).
  await page.getByLabel("Item 1 quantity").fill("2.5");
  await page.getByLabel("Item 1 unit price").fill("10.01");
  await expect(editor.locator('[data-line-total="0"]')).toHaveText("£30.04");
  await expect(sum("subtotal")).toHaveText("£25.03");
  await expect(sum("vat")).toHaveText("£5.01");
  await expect(sum("total")).toHaveText("£30.04");
  // Nothing was sent: the page is where it was and the stored quote unchanged.
  expect(new URL(page.url()).pathname).toBe(`/quotes/${quote.id}`);
  expect((await quote.read()).total_pence).toBe(1200);

  // Add line keeps what was typed; the new line counts once it can be read.
  await editor.getByRole("button", { name: "Add line" }).click();
  await expect(editor.locator("[data-line]")).toHaveCount(2);
  await expect(page.getByLabel("Item 1 quantity")).toHaveValue("2.5");
  await expectHydrated(page.locator("form[data-editor]"));
  await page.getByLabel("Item 2 description").fill("Candles");
  await page.getByLabel("Item 2 quantity").fill("3");
  await page.getByLabel("Item 2 unit price").fill("0.333");
  await expect(page.locator('[data-line-total="1"]')).toHaveText("—");
  await page.getByLabel("Item 2 unit price").fill("0.35");
  await page.getByLabel("Item 2 VAT rate").selectOption("5");
  // 3 × £0.35 = £1.05 net, VAT 5% £0.0525 → £0.05: £1.10.
  await expect(page.locator('[data-line-total="1"]')).toHaveText("£1.10");
  await expect(page.locator('[data-sum="total"]')).toHaveText("£31.14");

  await page.locator("form[data-editor]").getByRole("button", { name: "Save quote" }).click();
  await expect(page.locator("[data-document-total]")).toHaveText("£31.14");
  expect((await quote.read()).total_pence).toBe(3114);
});

test("the summary page shows a spinner for 5 seconds, then the API host's summary in a frame", async ({ page, request }) => {
  const quote = await draftQuote(request);
  await page.goto(`/simple-quotes/${quote.id}/summary`);
  const frame = page.locator("iframe[data-summary-frame]");
  await expect(page.locator("[data-summary-spinner]")).toBeVisible();
  await expect(frame).toBeHidden();
  const shown = Date.now();
  await expect(frame).toHaveAttribute("data-ready", "true", { timeout: 10_000 });
  expect(Date.now() - shown).toBeGreaterThan(3_000);
  await expect(page.locator("[data-summary-spinner]")).toHaveCount(0);
  await expect(frame).toBeVisible();
  await expect(page.frameLocator("iframe[data-summary-frame]").locator("body")).toContainText("Sponge cake");
});

test("the quotes and invoices pages load at most 100 KB of JavaScript first", async ({ page, request }) => {
  const quote = await draftQuote(request);
  // Node resolves no *.localhost name: the pages are weighed at 127.0.0.1 with the browser's session cookie.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const portal = `http://127.0.0.1:${E2E.main.portalPort}`;
  const { token } = await apiSignIn(request, USERS.admin.email);
  const invoices = (await (
    await request.get(`${E2E.main.api}/simple-invoices`, { headers: { Authorization: `Bearer ${token}` }, params: { "page[size]": "1" } })
  ).json()) as { data: { id: number }[] };
  for (const path of ["/quotes?page=1", `/quotes/${quote.id}`, "/invoices?page=1", `/invoices/${invoices.data[0].id}`]) {
    const weight = await weigh(portal, path, cookie);
    expect(weight.js, `${path}: ${(weight.js / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(100 * 1024);
  }
});

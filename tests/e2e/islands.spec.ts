import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectPath, menuLink, signIn, USERS } from "./helpers";

/**
 * Parts of pages that the server draws and the browser hydrates once their own chunk has arrived, after the
 * page's first-load JavaScript (app/lib/island.ts): the task page's sections, the dashboard's figures, a list's
 * filters, the account menu, the error page. With JavaScript they hydrate without a mismatch, after a page load
 * and after a client-side navigation; a filter changed before its panel hydrated still applies.
 */

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "hydration needs JavaScript; the nojs project runs every page without it");
  await signIn(page, USERS.admin);
});

/** React's own errors (hydration mismatches among them) and uncaught errors, as the page logs them. */
function reactErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /react|hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** Whether React has taken an element over (a hydrated or client-rendered one), not left it as server HTML. */
async function expectHydrated(element: Locator) {
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))), { message: "hydrated by React" })
    .toBe(true);
}

test("the islands of a page hydrate after a page load, without a mismatch", async ({ page }) => {
  const errors = reactErrors(page);
  const pages: [string, string][] = [
    ["/dashboard", '[data-widget="my-open-tasks"]'],
    ["/tasks", "#filter-pipeline_id"],
    ["/individuals", "form:has([name^='filter['])"],
    ["/no-such-page", "[data-status]"],
  ];
  for (const [path, island] of pages) {
    await page.goto(path);
    await expectHydrated(page.locator(island).first());
    // The account menu's panel, on every page of the frame.
    await expectHydrated(page.locator("[data-company-switcher]"));
  }
  await page.goto("/tasks");
  await page.locator("tbody tr td:nth-child(2) a").first().click();
  await expect(page).toHaveURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
  await page.reload();
  await expectHydrated(page.locator("section#confidence"));
  expect(errors).toEqual([]);
});

test("after a client-side navigation the islands are drawn and live", async ({ page }) => {
  const errors = reactErrors(page);
  await page.goto("/dashboard");
  await menuLink(page, "Tasks").click();
  await expectPath(page, "/tasks");
  await expectHydrated(page.locator("#filter-pipeline_id"));
  await page.locator("tbody tr td:nth-child(2) a").first().click();
  await expect(page).toHaveURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
  await expect(page.locator("section#activity")).toBeVisible();
  await expectHydrated(page.locator("section#activity"));
  await menuLink(page, "Dashboard").click();
  await expectPath(page, "/dashboard");
  await expectHydrated(page.locator('[data-widget="my-open-tasks"]'));
  expect(errors).toEqual([]);
});

test("a filter changed before the filter panel has hydrated still applies", async ({ page }) => {
  // The page's first-load scripts (what its HTML references) go through; the islands' chunks wait until the
  // filter has been changed.
  const html = await page.evaluate(() => fetch("/tasks?page=1").then((r) => r.text()));
  const firstLoad = new Set([...html.matchAll(/\/build\/[\w./-]+\.js/g)].map((m) => m[0]));
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route("**/build/**/*.js", (route) => {
    if (!holding || firstLoad.has(new URL(route.request().url()).pathname)) return route.continue();
    held.push(() => route.continue());
  });
  await page.goto("/tasks?page=1");
  await expect.poll(() => held.length, { message: "the filter panel's chunk is asked for" }).toBeGreaterThan(0);
  await page.selectOption("#filter-pipeline_id", { label: "New business" });
  await expect(page).toHaveURL((url) => !url.searchParams.has("filter[pipeline_id]"));
  holding = false;
  for (const release of held.splice(0)) await release();
  await expect(page).toHaveURL(/filter%5Bpipeline_id%5D=\d+/);
});

import { expect, test, type Page } from "@playwright/test";
import { expectHydrated, expectPath, menuLink, signIn, USERS } from "./helpers";

/**
 * Parts of pages that the server draws and the browser hydrates once their own chunk has arrived, after the
 * page's first-load JavaScript (app/lib/island.ts): the task page's sections, the dashboard's figures, a list's
 * filters, the account menu, the error page, the individual's, company's and pipeline's pages below their header,
 * the team drawer's and the profile drawer's content. With JavaScript they hydrate without a mismatch, after a
 * page load and after a client-side navigation; a filter changed before its panel hydrated still applies. A
 * drawer drawn by the server stays its panel (a modal once the JavaScript runs), so nothing typed into it is lost.
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

/**
 * Holds back the scripts a page loads after its first-load JavaScript (what its HTML references goes through): the
 * islands' chunks wait until `release`.
 */
async function holdIslandChunks(page: Page, path: string) {
  const html = await page.evaluate((p) => fetch(p).then((r) => r.text()), path);
  const firstLoad = new Set([...html.matchAll(/\/build\/[\w./-]+\.js/g)].map((m) => m[0]));
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route("**/build/**/*.js", (route) => {
    if (!holding || firstLoad.has(new URL(route.request().url()).pathname)) return route.continue();
    held.push(() => route.continue());
  });
  return {
    asked: (message: string) => expect.poll(() => held.length, { message }).toBeGreaterThan(0),
    release: async () => {
      holding = false;
      for (const release of held.splice(0)) await release();
    },
  };
}

test("the islands of a page hydrate after a page load, without a mismatch", async ({ page }) => {
  const errors = reactErrors(page);
  const pages: [string, string][] = [
    ["/dashboard", '[data-widget="my-open-tasks"]'],
    ["/tasks", "#filter-pipeline_id"],
    ["/individuals", "form:has([name^='filter['])"],
    ["/policies", "form:has([name^='filter['])"],
    ["/no-such-page", "[data-status]"],
  ];
  for (const [path, island] of pages) {
    await page.goto(path);
    await expectHydrated(page.locator(island).first());
    // The account menu's panel, on every page of the frame.
    await expectHydrated(page.locator("[data-company-switcher]"));
  }
  // The list as it starts, not as another test left it (the bare /tasks brings back the user's last list).
  await page.goto("/tasks?reset=1");
  await page.locator("tbody tr td:nth-child(2) a").first().click();
  await expect(page).toHaveURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
  await page.reload();
  await expectHydrated(page.locator("section#confidence"));
  // Pages of one record, loaded afresh: their sections (and drawers' content) are islands.
  const records: [string, RegExp, string][] = [
    ["/individuals?page=1", /^\/individual\/\d+$/, "[data-link-form]"],
    ["/companies?page=1", /^\/company\/\d+$/, "[aria-labelledby='company-details-title']"],
    ["/pipelines?filter[status]=1", /^\/pipeline\/\d+$/, "#new-stage-name"],
    ["/team?page=1", /^\/team\/\d+$/, "#team-name"],
  ];
  for (const [list, record, island] of records) {
    await page.goto(list);
    const href = await firstLink(page, record);
    await page.goto(href);
    await expectHydrated(page.locator(island).first());
  }
  await page.goto("/profile?from=/tasks");
  await expectHydrated(page.locator("#profile-photo"));
  expect(errors).toEqual([]);
});

/** The first link of the page whose path matches `pattern`. */
async function firstLink(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => pattern.test(h.split("?")[0]));
  expect(href, `a link like ${pattern}`).toBeTruthy();
  return href!;
}

test("a drawer drawn by the server stays the panel and is a modal once the page's JavaScript runs: the page behind is inert, Escape closes it", async ({
  page,
}) => {
  const errors = reactErrors(page);
  const panel = page.locator("div[data-drawer-open]");
  await page.goto("/profile?from=/tasks");
  await expectHydrated(page.locator("#profile-photo"));
  await expect(panel).toHaveCount(1);
  await expect(page.locator("body[data-drawer-open]")).toHaveCount(1);
  // The focus is in the drawer, and the page behind takes neither the focus nor clicks.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[data-drawer]")))).toBe(true);
  const behind = menuLink(page, "Dashboard");
  expect(await behind.evaluate((link) => Boolean(link.closest("[inert]")))).toBe(true);
  const name = page.locator("[data-drawer]").getByLabel("Name", { exact: true });
  await name.fill("Typed into the panel");
  await page.waitForTimeout(300);
  await expect(panel).toHaveCount(1);
  await expect(name).toHaveValue("Typed into the panel");
  await page.keyboard.press("Escape");
  await expectPath(page, "/tasks");
  await expect(page.locator("body[data-drawer-open]")).toHaveCount(0);
  expect(await menuLink(page, "Dashboard").evaluate((link) => Boolean(link.closest("[inert]")))).toBe(false);
  expect(errors).toEqual([]);
});

test("in a drawer drawn by the server, Escape first closes an open dropdown, then the drawer", async ({ page }) => {
  const errors = reactErrors(page);
  await page.goto("/tasks/new");
  const assignee = page.locator("[data-drawer] input[role=combobox]").first();
  await expectHydrated(assignee);
  await assignee.click();
  const options = page.locator("[role=listbox] [role=option]");
  await expect(options.first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(options).toHaveCount(0);
  await expectPath(page, "/tasks/new");
  await expect(page.locator("[data-drawer]")).toBeVisible();
  await page.keyboard.press("Escape");
  await expectPath(page, "/tasks");
  expect(errors).toEqual([]);
});

test("text typed into a drawer before the page's JavaScript ran stays once it runs", async ({ page }) => {
  const errors = reactErrors(page);
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route("**/build/**/*.js", (route) => {
    if (!holding) return route.continue();
    held.push(() => route.continue());
  });
  await page.goto("/profile?from=/tasks", { waitUntil: "domcontentloaded" });
  const panel = page.locator("div[data-drawer-open]");
  const name = page.locator("[data-drawer]").getByLabel("Name", { exact: true });
  await expect(panel).toHaveCount(1);
  await name.fill("Typed before the scripts");
  await name.focus();
  holding = false;
  for (const release of held.splice(0)) await release();
  await expectHydrated(page.locator("#profile-photo"));
  await expect(page.locator("body[data-drawer-open]")).toHaveCount(1);
  await page.waitForTimeout(300);
  await expect(panel).toHaveCount(1);
  await expect(name).toHaveValue("Typed before the scripts");
  // The focus stays where the user was typing.
  await expect(name).toBeFocused();
  expect(errors).toEqual([]);
});

test("after a client-side navigation the islands are drawn and live", async ({ page }) => {
  const errors = reactErrors(page);
  // The menu's Tasks brings back the list as the user last left it, and tests running beside this one as the same
  // user leave it searched for rows of their own: start it afresh, and again if another test searched it meanwhile.
  const firstTask = page.locator("tbody tr td:nth-child(2) a").first();
  for (let attempt = 1; ; attempt++) {
    await page.goto("/tasks?reset=1");
    await page.goto("/dashboard");
    await menuLink(page, "Tasks").click();
    await expectPath(page, "/tasks");
    await expectHydrated(page.locator("#filter-pipeline_id"));
    if ((await firstTask.count()) > 0 || attempt === 3) break;
  }
  await firstTask.click();
  await expect(page).toHaveURL((url) => /^\/tasks\/\d+$/.test(url.pathname));
  await expect(page.locator("section#activity")).toBeVisible();
  await expectHydrated(page.locator("section#activity"));
  await menuLink(page, "Dashboard").click();
  await expectPath(page, "/dashboard");
  await expectHydrated(page.locator('[data-widget="my-open-tasks"]'));
  expect(errors).toEqual([]);
});

test("a filter changed before the filter panel has hydrated still applies", async ({ page }) => {
  // The islands' chunks wait until the filter has been changed.
  const chunks = await holdIslandChunks(page, "/tasks?page=1");
  await page.goto("/tasks?page=1");
  await chunks.asked("the filter panel's chunk is asked for");
  // The Filters button is a disclosure: it opens before anything has hydrated.
  await page.locator("[data-filters-toggle]").click();
  await page.selectOption("#filter-pipeline_id", { label: "New business" });
  await expect(page).toHaveURL((url) => !url.searchParams.has("filter[pipeline_id]"));
  await chunks.release();
  await expect(page).toHaveURL(/filter%5Bpipeline_id%5D=\d+/);
});

test("rows ticked with select-all before the list has hydrated are counted once it has", async ({ page }) => {
  // The list's chunk waits until the box has been ticked.
  const chunks = await holdIslandChunks(page, "/providers?search=underwriting");
  await page.goto("/providers?search=underwriting");
  await chunks.asked("the list's chunk is asked for");
  const rows = await page.locator("tbody tr").count();
  expect(rows).toBeGreaterThan(1);
  // Drawn by the server, the bulk button shows only once a box is ticked (a style sheet, before any script).
  const bulk = page.locator("form[data-bulk]").getByRole("button");
  await expect(bulk).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Select all rows on this page" }).check();
  await expect(bulk).toHaveText(["Delete provider(s)"]);
  await chunks.release();
  await expect(page.getByRole("button", { name: `Delete ${rows} providers`, exact: true })).toBeVisible();
  await expect(page.locator("tbody input[name='ids']:checked")).toHaveCount(rows);
});

test("a search typed before the list has hydrated is searched once it has", async ({ page }) => {
  const chunks = await holdIslandChunks(page, "/providers?sort=-name");
  await page.goto("/providers?sort=-name");
  await chunks.asked("the list's chunk is asked for");
  const box = page.getByPlaceholder("Search providers");
  await box.fill("underwriting");
  await chunks.release();
  await expectHydrated(page.locator("form[data-bulk]"));
  await expect.poll(() => new URL(page.url()).searchParams.get("search"), { timeout: 8_000 }).toBe("underwriting");
  await expect(box).toHaveValue("underwriting");
});

test("the account menu opened before the frame has hydrated stays open once it has; a navigation then closes it", async ({ page }) => {
  // The frame's chunk (side menu, header, footer) waits until the menu has been opened.
  const chunks = await holdIslandChunks(page, "/tasks?page=1");
  await page.goto("/tasks?page=1");
  await chunks.asked("the frame's chunk is asked for");
  const menu = page.locator("details[data-account-menu]");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await chunks.release();
  await expectHydrated(menu);
  await expect(menu).toHaveAttribute("open", "");
  // With JavaScript a navigation does not reload the page: the menu closes as a page load would close it.
  await menuLink(page, "Dashboard").click();
  await expectPath(page, "/dashboard");
  await expect(menu).not.toHaveAttribute("open");
});

import { expect, test, type Page } from "@playwright/test";
import { USERS, expectHydrated, signIn, startSession } from "./helpers";
import { expectParam, tableRows, uniqueToken } from "./lists";
import { taskApi } from "./task-api";

/**
 * The list kit's bar and table with JavaScript: the search applies by itself (no Search button), the Filters
 * button opens its panel as a popover (Escape closes it and gives the focus back), the filters apply without an
 * Apply button, bulk actions show once rows are selected with their number, the tasks list shows 12 rows on a
 * 1440×900 screen, and on a phone (390×844) every main list fits the width with its first row on screen.
 */

test.describe.configure({ timeout: 120_000 });

/** A dozen tasks of the test's own, found by their token. */
async function dozenTasks(page: Page, token: string, names: (i: number) => string = (i) => `Row ${String(i).padStart(2, "0")} ${token}`) {
  const api = await taskApi(page.request);
  const [pipeline] = await api.pipelines();
  for (let i = 1; i <= 13; i++) await api.createTask(names(i), pipeline.id, pipeline.stages[0].id, { expected_revenue: 125000 + i });
}

test.describe("the list bar with JavaScript", () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "js", "needs JavaScript (tests/nojs covers the list without it)"));

  test("search has no button and applies 2 s after typing stops; a filter applies without Apply", async ({ page }) => {
    await startSession(page, USERS.admin);
    await page.goto("/tasks?page=1");
    const bar = page.locator("[data-list-bar]");
    // The bar's search and popover are the list's island: what this test times is what it does once hydrated.
    await expectHydrated(bar.locator("[data-filters-toggle]"));
    await expect(bar.getByRole("button", { name: "Search", exact: true })).toHaveCount(0);
    await page.locator("#list-search").fill("Renewal");
    // Not at once: the list waits for the typing to stop.
    await page.waitForTimeout(800);
    await expectParam(page, "search", null);
    await expectParam(page, "search", "Renewal");

    await bar.locator("[data-filters-toggle]").click();
    const panel = page.locator("[data-filter-panel]");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("button", { name: "Apply", exact: true })).toHaveCount(0);
    await page.selectOption("#filter-pipeline_id", { label: "New business" });
    await expect(page).toHaveURL(/filter%5Bpipeline_id%5D=\d+/);
    await expectParam(page, "search", "Renewal");
    await expect(bar.locator("[data-filter-count]")).toHaveText("1 active");
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Pipeline: New business");
  });

  test("the Filters button opens its panel as a popover: keyboard, Escape gives the focus back, a click outside closes it", async ({ page }) => {
    await startSession(page, USERS.admin);
    await page.goto("/tasks?page=1");
    const toggle = page.locator("[data-filters-toggle]");
    const panel = page.locator("[data-filter-panel]");
    // Escape and a click outside close it once the list's island has hydrated (before that it is a native disclosure).
    await expectHydrated(toggle);
    await expect(panel).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    // It lies over the list, not pushing it down.
    const before = await tableRows(page).first().boundingBox();
    await page.keyboard.press("Tab");
    await expect(panel.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    expect((await tableRows(page).first().boundingBox())?.y).toBe(before?.y);

    await toggle.click();
    await expect(panel).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(panel).toBeHidden();
  });

  test("bulk actions show once rows are selected, with their number", async ({ page }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await taskApi(page.request);
    const [pipeline] = await api.pipelines();
    for (const letter of ["A", "B", "C", "D"]) await api.createTask(`Bulk ${letter} ${token}`, pipeline.id, pipeline.stages[0].id);
    await startSession(page, USERS.admin);
    await page.goto(`/tasks?page=1&search=${token}&sort=name`);
    await expect(tableRows(page)).toHaveCount(4);
    const bulk = page.locator("[data-bulk]");
    await expect(bulk.getByRole("button")).toHaveCount(0);

    await page.getByRole("checkbox", { name: `Select Bulk A ${token}` }).check();
    await expect(bulk.getByRole("button", { name: "Delete 1 task", exact: true })).toBeVisible();
    await page.getByRole("checkbox", { name: `Select Bulk B ${token}` }).check();
    await page.getByRole("checkbox", { name: `Select Bulk C ${token}` }).check();
    await expect(bulk.getByRole("button", { name: "Delete 3 tasks", exact: true })).toBeVisible();
    await expect(bulk.locator("[data-selected-count]")).toHaveText("3 selected");
    await page.getByRole("checkbox", { name: "Select all rows on this page" }).check();
    await expect(bulk.getByRole("button", { name: "Delete 4 tasks", exact: true })).toBeVisible();
    await page.getByRole("checkbox", { name: "Select all rows on this page" }).uncheck();
    await expect(bulk.getByRole("button")).toHaveCount(0);
  });
});

test.describe("columns at 1440×900", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the tasks list shows at least 12 rows without scrolling; short values stay on one line, long text is cut with its full value on hover", async ({
    page,
  }, testInfo) => {
    const token = uniqueToken(testInfo);
    await dozenTasks(page, token);
    await startSession(page, USERS.admin);
    await page.goto(`/tasks?page=1&perPage=25&sort=name&search=${token}`);
    await expect(tableRows(page)).toHaveCount(13);
    const visible = await tableRows(page).evaluateAll((rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length);
    expect(visible, "rows on the first screen").toBeGreaterThanOrEqual(12);
    // Amounts and dates: one line each, in tabular figures.
    for (const cell of [tableRows(page).first().locator("td").nth(6), tableRows(page).first().locator("td").nth(8)]) {
      const { lines, numeric } = await cell.evaluate((td) => ({
        lines: Math.round(td.getBoundingClientRect().height / parseFloat(getComputedStyle(td).lineHeight)),
        numeric: getComputedStyle(td).fontVariantNumeric,
      }));
      expect(numeric).toBe("tabular-nums");
      expect(lines).toBeLessThanOrEqual(2);
    }
    await expect(tableRows(page).first().locator("td").nth(6)).toHaveCSS("white-space", "nowrap");
    if (testInfo.project.name === "js") await page.screenshot({ path: "test-results/screens/tasks-1440x900.png" });
  });

  test("a long text column is cut with an ellipsis and keeps its full value for hover and screen readers", async ({ page }) => {
    await startSession(page, USERS.admin);
    await page.goto(`/tasks?page=1&perPage=25`);
    const clipped = tableRows(page).first().locator("td.col-clip > div").first();
    await expect(clipped).toHaveCSS("text-overflow", "ellipsis");
    const title = await clipped.getAttribute("title");
    expect(title && title.length).toBeTruthy();
    // The whole value is in the page (what a screen reader reads), the title repeats it.
    expect(((await clipped.textContent()) ?? "").replace(/\s+/g, " ")).toContain(title!.split(" · ").pop()!);
  });
});

const MAIN_LISTS = [
  "/tasks",
  "/individuals",
  "/companies",
  "/providers",
  "/quotes",
  "/invoices",
  "/policies",
  "/off-platform-policies",
  "/transactions",
  "/workflows",
  "/document-templates",
  "/calendar",
  "/team",
  "/roles",
  "/pipelines",
];

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every main list fits the width, its filters folded, its first row on the first screen", { tag: "@nojs-browser" }, async ({ page }) => {
    await signIn(page, USERS.admin);
    for (const path of MAIN_LISTS) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      // A list this company does not have (a feature it has not turned on) sends it elsewhere.
      if (new URL(page.url()).pathname !== path) continue;
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
      const panel = page.locator("[data-filter-panel]");
      if (await panel.count()) await expect(panel, `${path}: filters folded`).toBeHidden();
      // The first row drawn (the calendar draws its month table only on wider screens).
      const first = page.locator("table tbody tr:not([data-placeholder]):visible").first();
      if (await first.count()) {
        const box = await first.boundingBox();
        expect(box!.y + Math.min(box!.height, 40), `${path}: first row on the first screen`).toBeLessThanOrEqual(844);
      }
    }
  });

  test("a very long word in a name widens no page; the row's name stays in view as the table scrolls", { tag: "@nojs-browser" }, async ({ page }, testInfo) => {
    const token = uniqueToken(testInfo);
    const word = `Supercalifragilistic${"x".repeat(120)}${token}`;
    await dozenTasks(page, token, (i) => (i === 1 ? word : `Row ${i} ${token}`));
    await signIn(page, USERS.admin);
    // The long name first (descending names: 'S…' before 'R…').
    await page.goto(`/tasks?page=1&sort=-name&search=${token}`);
    await expect(tableRows(page).first()).toContainText("Supercalifragilistic");
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expect(tableRows(page).first()).toBeInViewport();
    if (testInfo.project.name === "js") await page.screenshot({ path: "test-results/screens/tasks-390x844.png" });
    // The table scrolls in its box; the name column stays put.
    const name = tableRows(page).first().locator("td").nth(1);
    const x = (await name.boundingBox())!.x;
    await page.locator("[data-table]").evaluate((box) => (box.scrollLeft = 400));
    expect((await name.boundingBox())!.x).toBe(x);
  });
});

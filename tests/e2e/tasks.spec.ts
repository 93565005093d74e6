import { expect, test, type Page } from "@playwright/test";
import { USERS, expectHydrated, expectPath, signIn, startSession } from "./helpers";
import { confirmDialog, expectColumn, expectNoBulkButtons, expectParam, openFilters, tableRows, toast, uniqueToken } from "./lists";
import { taskApi } from "./task-api";

/**
 * The tasks list with JavaScript on and off: filter by pipeline, then by one of its stages; the
 * filtered URL opened in a fresh browser context shows the same rows; removing the pipeline filter
 * removes the stage filter with it.
 */

test.describe.configure({ timeout: 90_000 });

const rowNames = (page: Page) => page.locator("tbody tr td:nth-child(2) a").allTextContents();
const applyFilters = async (page: Page) => {
  // Without JavaScript the filter form's Apply button submits; with it a select applies on change.
  if (test.info().project.name === "nojs")
    await page
      .locator("form", { has: page.locator("#filter-pipeline_id") })
      .getByRole("button", { name: "Apply" })
      .click();
};

test("filter tasks by pipeline and stage, share the URL, and drop the stage with its pipeline", async ({ page, browser, baseURL }) => {
  await startSession(page, USERS.admin);
  await page.goto("/tasks?page=1");
  const everything = await page.locator("[data-range]").textContent();

  // The stage filter waits for a pipeline.
  await openFilters(page);
  await expect(page.locator("#filter-pipeline_stage_id")).toBeDisabled();
  await page.selectOption("#filter-pipeline_id", { label: "New business" });
  await applyFilters(page);
  await expect(page).toHaveURL(/filter%5Bpipeline_id%5D=\d+/);
  await expect(page.locator("[data-range]")).not.toHaveText(everything ?? "");

  await expect(page.locator("#filter-pipeline_stage_id")).toBeEnabled();
  await openFilters(page);
  await page.selectOption("#filter-pipeline_stage_id", { label: "Qualified" });
  await applyFilters(page);
  await expect(page).toHaveURL(/filter%5Bpipeline_stage_id%5D=\d+/);
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Stage: Qualified");
  // Every row is in that pipeline and stage; the URL carries no empty parameters.
  const stages = await page.locator("tbody tr td:nth-child(3)").allTextContents();
  expect(stages.length).toBeGreaterThan(0);
  for (const s of stages) expect(s).toMatch(/New business ·\s*Qualified/);
  expect(page.url()).not.toMatch(/=&|=$/);

  const shared = page.url();
  const names = await rowNames(page);
  const range = await page.locator("[data-range]").textContent();

  // The same address in a fresh browser (signed in afresh) shows the same list.
  const fresh = await browser.newContext({ baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const other = await fresh.newPage();
  await signIn(other, USERS.admin);
  await other.goto(shared);
  await expect(other.locator("[data-range]")).toHaveText(range ?? "");
  expect(await rowNames(other)).toEqual(names);
  await fresh.close();

  // Removing the pipeline filter removes its stage too.
  await page.getByRole("link", { name: "Remove filter Pipeline" }).click();
  await expect(page).not.toHaveURL(/pipeline_id|pipeline_stage_id/);
  await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
});

test("a date range filter's chip shows its dates as dd/mm/yy", async ({ page }) => {
  await startSession(page, USERS.admin);
  await page.goto("/tasks?filter[created_at][from]=2026-01-05&filter[created_at][to]=2026-11-20&filter[expected_close_date][from]=2027-03-01");
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips).toContainText("Created: 05/01/26 – 20/11/26");
  await expect(chips).toContainText("Expected close: 01/03/27 – …");
  await expect(chips).not.toContainText("2026-");
});

test("without JavaScript, the assignee filter takes a colleague's name typed beside it: one found filters the list, none found says so", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "nojs", "with JavaScript the filter's dropdown searches as one types");
  await startSession(page, USERS.admin);
  await page.goto("/tasks?page=1");
  await openFilters(page);
  const find = page.getByRole("textbox", { name: "Assigned to: not listed? Type a name" });
  const apply = page.locator("form", { has: find }).getByRole("button", { name: "Apply" });
  await find.fill("Nobody Anywhere");
  await apply.click();
  await expect(page.locator("#filter-team_member_id-error")).toHaveText("No results found for “Nobody Anywhere”.");
  await expect(find).toHaveValue("Nobody Anywhere");

  await openFilters(page);
  await find.fill("grace.bennett@harbour.test");
  await apply.click();
  await expect(page).toHaveURL((url) => /^\d+$/.test(url.searchParams.get("filter[team_member_id]") ?? "") && !url.search.includes("find"));
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Assigned to: Grace Bennett");
  const assignees = await page.locator("tbody tr td:nth-child(6)").allTextContents();
  expect(assignees.length).toBeGreaterThan(0);
  expect(new Set(assignees)).toEqual(new Set(["Grace Bennett"]));
});

test("tasks selected in the list are deleted after a confirmation, and the list keeps its search", async ({ page, request }, testInfo) => {
  const token = uniqueToken(testInfo);
  const api = await taskApi(request);
  const [pipeline] = await api.pipelines();
  const names = ["A", "B", "C"].map((letter) => `Bulk ${letter} ${token}`);
  for (const name of names) await api.createTask(name, pipeline.id, pipeline.stages[0].id);
  await startSession(page, USERS.admin);
  await page.goto(`/tasks?page=1&search=${encodeURIComponent(token)}&sort=name`);
  await expect(tableRows(page)).toHaveCount(3);

  // Nothing chosen: the list offers no bulk button, and with nothing to confirm no confirmation opens
  // (without JavaScript the button answers 'No items selected': tests/nojs/tasks.test.ts).
  await expectNoBulkButtons(page);
  await expect(confirmDialog(page)).toHaveCount(0);

  await page.getByRole("checkbox", { name: `Select ${names[0]}`, exact: true }).check();
  await page.getByRole("checkbox", { name: `Select ${names[1]}`, exact: true }).check();
  await page.getByRole("button", { name: "Delete 2 tasks", exact: true }).click();
  await expectPath(page, "/tasks/delete");
  // Cancelling deletes nothing.
  await expect(confirmDialog(page)).toContainText("Are you sure you want to delete these 2 tasks?");
  await confirmDialog(page).getByRole("link", { name: "Cancel" }).click();
  await expectPath(page, "/tasks");
  await expect(tableRows(page)).toHaveCount(3);

  await page.getByRole("checkbox", { name: `Select ${names[0]}`, exact: true }).check();
  await page.getByRole("checkbox", { name: `Select ${names[1]}`, exact: true }).check();
  await page.getByRole("button", { name: "Delete 2 tasks", exact: true }).click();
  await confirmDialog(page).getByRole("button", { name: "Remove", exact: true }).click();
  await expect(toast(page, "Tasks deleted.")).toBeVisible();
  await expectPath(page, "/tasks");
  await expectParam(page, "search", token);
  await expectColumn(page, [names[2]]);
});

test("with JavaScript, a negative revenue is marked on leaving the field, and after the refused save focus is on it and no dropdown has opened", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "focus management and the note on leaving the field need JavaScript");
  await startSession(page, USERS.admin);
  await page.goto("/tasks/new");
  const drawer = page.locator("[data-drawer]");
  const assignee = drawer.locator("input[role=combobox]").first();
  await expectHydrated(assignee);
  await drawer.locator("#task-name").fill(`E2E Negative ${uniqueToken(testInfo)}`);
  await drawer.locator("select[name=pipeline_id]").selectOption({ index: 1 });
  const revenue = drawer.getByRole("textbox", { name: "Expected revenue (£)" });
  await revenue.fill("-500");
  await revenue.blur();
  // Not turned into 0: kept as typed, with its message under the field.
  await expect(revenue).toHaveValue("-500");
  await expect(revenue).toHaveAttribute("aria-invalid", "true");
  await expect(drawer.locator("#task-revenue-error")).toHaveText("Enter 0 or more: this may not be negative.");
  await drawer.getByRole("button", { name: "Create task", exact: true }).click();
  await expect(drawer.getByRole("alert")).toHaveText("Check the fields marked below.");
  await expect(revenue).toBeFocused();
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(assignee).toHaveAttribute("aria-expanded", "false");
  await expectPath(page, "/tasks/new");
});

test("with JavaScript, an invalid searchable dropdown takes focus after a refused save without opening its list", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "focus management needs JavaScript");
  await signIn(page, USERS.admin);
  // A colleague who may not be assigned (the API refuses the id): the dropdown is the first invalid field.
  await page.goto("/tasks/new");
  const drawer = page.locator("[data-drawer]");
  const assignee = drawer.locator("input[role=combobox]").first();
  await expectHydrated(assignee);
  await drawer.locator("#task-name").fill(`E2E Quiet ${uniqueToken(testInfo)}`);
  await drawer.locator("select[name=pipeline_id]").selectOption({ index: 1 });
  await page.evaluate(() => {
    const hidden = document.querySelector<HTMLInputElement>("[data-drawer] input[type=hidden][name=team_member_id]");
    if (hidden) hidden.value = "999999";
  });
  await drawer.getByRole("button", { name: "Create task", exact: true }).click();
  await expect(drawer.getByRole("alert")).toHaveText("Check the fields marked below.");
  await expect(assignee).toBeFocused();
  await expect(assignee).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("listbox")).toHaveCount(0);
});

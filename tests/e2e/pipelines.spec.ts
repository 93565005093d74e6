import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E, USERS, apiSignIn, expectPath, startSession } from "./helpers";
import { confirmDialog, drawer, openFilters, rowWith, toast, uniqueToken } from "./lists";

/**
 * Pipelines, with JavaScript on and off: the list with its status filter, adding a pipeline with its
 * stages, adding, editing and reordering stages (move up / move down buttons; drag and drop with
 * JavaScript), archiving from the list and from the pipeline page.
 *
 * Both projects run at the same time on one database as the same admin: every test works on
 * pipelines of its own, named with a random token, and opens lists with an explicit query.
 */

async function createPipeline(request: APIRequestContext, name: string, stages: string[]) {
  const { token } = await apiSignIn(request, USERS.admin.email);
  const res = await request.post(`${E2E.main.api}/pipelines`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    data: { name, stages: stages.map((s, i) => ({ name: s, color: ["#64748b", "#0ea5e9", "#6366f1", "#f59e0b"][i % 4] })) },
  });
  expect(res.status(), `creating pipeline ${name}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

/** The stage names of the pipeline page, top to bottom. */
function stageNames(page: Page) {
  return page.locator("[data-stage-list] [data-stage-name]");
}

/**
 * The status filter, in the list's filter panel: with JavaScript a change applies at once (one made before the
 * panel has hydrated applies as it hydrates), without it the Apply button does.
 */
async function chooseStatus(page: Page, label: "Active" | "Archived") {
  await openFilters(page);
  const select = page.getByLabel("Status", { exact: true });
  await select.selectOption({ label });
  if (test.info().project.use.javaScriptEnabled === false)
    await page.getByLabel("Status", { exact: true }).locator("xpath=ancestor::form").getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("filter[status]") === (label === "Active" ? "1" : "0"));
  // With JavaScript the panel stays open over the list for the next filter: Escape folds it.
  await page.keyboard.press("Escape");
  await expect(page.locator("[data-filter-panel]")).toBeHidden();
}

test.describe("Pipelines, as Harbour Brokers' admin", () => {
  test.beforeEach(async ({ page }) => {
    await startSession(page, USERS.admin);
  });

  test("the list shows the active pipelines first; the status filter switches to the archived ones", async ({ page }) => {
    await page.goto("/pipelines?perPage=100");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pipelines");
    await chooseStatus(page, "Active");
    await expect(rowWith(page, "New business")).toHaveCount(1);
    await expect(rowWith(page, "Legacy referrals")).toHaveCount(0);
    await chooseStatus(page, "Archived");
    await expect(rowWith(page, "Legacy referrals")).toHaveCount(1);
    await expect(rowWith(page, "Legacy referrals")).toContainText("Archived");
    await expect(rowWith(page, "New business")).toHaveCount(0);
  });

  test("ADD PIPELINE saves a pipeline with its stages; a stage is added and reordered with move up and move down", async ({ page }, testInfo) => {
    const token = uniqueToken(testInfo);
    const name = `E2E Pipe ${token}`;
    await page.goto(`/pipelines?search=${token}&filter[status]=1`);
    await expect(page.getByText("No results found for your filters")).toBeVisible();
    await page.getByRole("link", { name: "ADD PIPELINE", exact: true }).click();
    await expectPath(page, "/pipelines/new");
    const form = drawer(page);
    await expect(form.getByText("Add pipeline", { exact: true })).toBeVisible();
    await form.getByRole("textbox", { name: "Pipeline name" }).fill(name);
    // The default stages are there; the empty fifth row becomes a stage too.
    await expect(form.getByLabel("Stage 1 name")).toHaveValue("New");
    await expect(form.getByLabel("Stage 4 name")).toHaveValue("Lost");
    await form.getByLabel("Stage 5 name").fill("Review");
    // 'Add stage' adds a sixth row (at once with JavaScript, by a round trip without); left empty, it is skipped.
    await form.getByRole("button", { name: "Add stage", exact: true }).click();
    await expect(drawer(page).getByLabel("Stage 6 name")).toHaveValue("");
    await expect(drawer(page).getByRole("textbox", { name: "Pipeline name" })).toHaveValue(name);
    await drawer(page).getByRole("button", { name: "Save", exact: true }).click();

    await expect(toast(page, "Pipeline created.")).toBeVisible();
    await expect(page).toHaveURL((url) => /^\/pipeline\/\d+$/.test(url.pathname));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(stageNames(page)).toHaveText(["New", "In progress", "Won", "Lost", "Review"]);

    // Add a stage: it goes last.
    await page.getByRole("textbox", { name: "Stage name" }).fill("Quoted");
    await page.getByRole("button", { name: "Add stage", exact: true }).click();
    await expect(toast(page, "Stage added.")).toBeVisible();
    await expect(stageNames(page)).toHaveText(["New", "In progress", "Won", "Lost", "Review", "Quoted"]);

    // Move it up twice, and the first stage down once.
    await page.getByRole("button", { name: "Move Quoted up", exact: true }).click();
    await expect(stageNames(page)).toHaveText(["New", "In progress", "Won", "Lost", "Quoted", "Review"]);
    await page.getByRole("button", { name: "Move Quoted up", exact: true }).click();
    await expect(stageNames(page)).toHaveText(["New", "In progress", "Won", "Quoted", "Lost", "Review"]);
    await page.getByRole("button", { name: "Move New down", exact: true }).click();
    await expect(stageNames(page)).toHaveText(["In progress", "New", "Won", "Quoted", "Lost", "Review"]);
    // The first stage cannot go up, the last cannot go down.
    await expect(page.getByRole("button", { name: "Move In progress up", exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move Review down", exact: true })).toBeDisabled();

    // The order was saved.
    await page.reload();
    await expect(stageNames(page)).toHaveText(["In progress", "New", "Won", "Quoted", "Lost", "Review"]);
  });

  test("a stage is renamed and recoloured in its drawer; its task count links to its tasks", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const pipeline = await createPipeline(request, `E2E Edit ${token}`, ["Lead", "Proposal", "Signed"]);
    await page.goto(`/pipeline/${pipeline.id}`);
    await expect(stageNames(page)).toHaveText(["Lead", "Proposal", "Signed"]);
    const proposal = page.locator("[data-stage-list] li", { hasText: "Proposal" });
    await expect(proposal.locator("[data-stage-tasks]")).toHaveAttribute("href", /^\/tasks\?filter%5Bpipeline_id%5D=\d+&filter%5Bpipeline_stage_id%5D=\d+$/);
    await expect(proposal.locator("[data-stage-tasks]")).toContainText("0 tasks");

    await page.getByRole("link", { name: "Edit Proposal", exact: true }).click();
    await expect(page).toHaveURL((url) => /^\/pipeline\/\d+\/stages\/\d+$/.test(url.pathname));
    const form = drawer(page);
    await expect(form.getByText("Edit stage: Proposal", { exact: true })).toBeVisible();
    // A name another stage has is refused, and what was typed stays.
    await form.getByRole("textbox", { name: "Stage name" }).fill("lead");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(drawer(page).getByText("This pipeline already has a stage with this name.")).toBeVisible();
    await expect(drawer(page).getByRole("textbox", { name: "Stage name" })).toHaveValue("lead");

    await drawer(page).getByRole("textbox", { name: "Stage name" }).fill("Quote sent");
    await drawer(page).getByLabel("Colour", { exact: true }).fill("#aa3366");
    await drawer(page).getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Stage updated.")).toBeVisible();
    await expectPath(page, `/pipeline/${pipeline.id}`);
    await expect(stageNames(page)).toHaveText(["Lead", "Quote sent", "Signed"]);
    await page.getByRole("link", { name: "Edit Quote sent", exact: true }).click();
    await expect(drawer(page).getByLabel("Colour", { exact: true })).toHaveValue("#aa3366");
  });

  test("archiving pipelines from the list takes them out of the active filter, and unarchiving brings them back", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const name = `E2E Archive ${token}`;
    await createPipeline(request, name, ["Open", "Closed"]);
    await page.goto(`/pipelines?search=${token}&filter[status]=1`);
    await expect(rowWith(page, name)).toHaveCount(1);
    await expect(rowWith(page, name)).toContainText("Active");

    await page.getByRole("checkbox", { name: `Select ${name}`, exact: true }).check();
    await page.getByRole("button", { name: "Archive", exact: true }).click();
    await expectPath(page, "/pipelines/archive");
    const dialog = confirmDialog(page);
    await expect(dialog).toContainText("Are you sure you want to archive this pipeline?");
    await dialog.getByRole("button", { name: "Archive", exact: true }).click();

    await expect(toast(page, "Pipeline archived.")).toBeVisible();
    await expectPath(page, "/pipelines");
    await expect(page).toHaveURL((url) => url.searchParams.get("filter[status]") === "1" && url.searchParams.get("search") === token);
    await expect(rowWith(page, name)).toHaveCount(0);
    await expect(page.getByText("No results found for your filters")).toBeVisible();

    await chooseStatus(page, "Archived");
    await expect(rowWith(page, name)).toContainText("Archived");
    await page.getByRole("checkbox", { name: `Select ${name}`, exact: true }).check();
    await page.getByRole("button", { name: "Unarchive", exact: true }).click();
    await confirmDialog(page).getByRole("button", { name: "Unarchive", exact: true }).click();
    await expect(toast(page, "Pipeline restored.")).toBeVisible();
    await expect(rowWith(page, name)).toHaveCount(0);
    await chooseStatus(page, "Active");
    await expect(rowWith(page, name)).toContainText("Active");
  });

  test("a pipeline archived from its own page leaves the active list", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const name = `E2E Page ${token}`;
    const pipeline = await createPipeline(request, name, ["Open", "Closed"]);
    await page.goto(`/pipeline/${pipeline.id}`);
    await page.getByRole("link", { name: "Archive", exact: true }).click();
    await expectPath(page, `/pipeline/${pipeline.id}/archive`);
    await confirmDialog(page).getByRole("button", { name: "Archive", exact: true }).click();
    await expect(toast(page, "Pipeline archived.")).toBeVisible();
    await expectPath(page, `/pipeline/${pipeline.id}`);
    await expect(page.getByText("Archived", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Unarchive", exact: true })).toBeVisible();

    await page.goto(`/pipelines?search=${token}&filter[status]=1`);
    await expect(rowWith(page, name)).toHaveCount(0);
    await page.goto(`/pipelines?search=${token}&filter[status]=0`);
    await expect(rowWith(page, name)).toHaveCount(1);
  });

  test("choosing who works a pipeline, and setting their targets for a month", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const pipeline = await createPipeline(request, `E2E Users ${token}`, ["Open", "Closed"]);
    await page.goto(`/pipeline/${pipeline.id}`);
    await expect(page.locator("[data-pipeline-users]")).toHaveCount(0);
    await page.getByRole("link", { name: "Choose users", exact: true }).click();
    const users = drawer(page);
    await users.getByRole("checkbox", { name: /Amelia Hart/ }).check();
    await users.getByRole("checkbox", { name: /Victor Lane/ }).check();
    await users.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Pipeline users saved.")).toBeVisible();
    await expect(page.locator("[data-pipeline-users] li")).toHaveCount(2);

    await page.getByRole("link", { name: "Set targets", exact: true }).click();
    const targets = drawer(page);
    await targets.getByRole("textbox", { name: "Revenue target of Amelia Hart" }).fill("12,500");
    await targets.getByRole("textbox", { name: "Tasks won target of Amelia Hart" }).fill("4");
    await targets.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Targets saved.")).toBeVisible();
    const amelia = page.locator("[data-user-targets] tr", { hasText: "Amelia Hart" });
    await expect(amelia).toContainText("£12,500.00");
    await expect(page.locator("[data-target-summary]").first()).toContainText("of £12,500.00 target");
  });

  test("with JavaScript a stage dragged onto another takes its place", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name === "nojs", "drag and drop needs JavaScript; the move buttons are tested without it");
    const token = uniqueToken(testInfo);
    const pipeline = await createPipeline(request, `E2E Drag ${token}`, ["One", "Two", "Three", "Four"]);
    await page.goto(`/pipeline/${pipeline.id}`);
    await expect(page.getByText("Drag a stage onto another to move it there, or use the arrows.")).toBeVisible();
    const item = (name: string) => page.locator("[data-stage-list] li", { hasText: name });
    await item("One").dragTo(item("Three"));
    await expect(toast(page, "Stage order saved.")).toBeVisible();
    await expect(stageNames(page)).toHaveText(["Two", "Three", "One", "Four"]);
    await page.reload();
    await expect(stageNames(page)).toHaveText(["Two", "Three", "One", "Four"]);
  });
});

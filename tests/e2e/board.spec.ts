import { expect, test, type Page } from "@playwright/test";
import { USERS, expectHydrated, holdScripts, startSession } from "./helpers";
import { toast, uniqueToken } from "./lists";
import { taskApi } from "./task-api";

/**
 * The tasks board, with JavaScript on and off: a card moves to another stage with its stage select and Move (the
 * server checks the move), and with JavaScript by dragging it onto another column. Each test moves a task it
 * created itself.
 */

const card = (page: Page, stageId: number, taskId: number) => page.locator(`[data-stage-column="${stageId}"] [data-task-card="${taskId}"]`);

test.beforeEach(async ({ page }) => {
  await startSession(page, USERS.admin);
});

test("a card moves to another stage with its stage select and Move", async ({ page, request }, testInfo) => {
  const api = await taskApi(request);
  const [pipeline] = await api.pipelines();
  const [first, second] = pipeline.stages;
  const name = `E2E Board ${uniqueToken(testInfo)}`;
  const id = await api.createTask(name, pipeline.id, first.id);
  try {
    await page.goto(`/tasks/board?pipeline=${pipeline.id}`);
    await expect(card(page, first.id, id)).toBeVisible();
    await page.getByLabel(`Move ${name} to stage`, { exact: true }).selectOption(String(second.id));
    await card(page, first.id, id).getByRole("button", { name: "Move", exact: true }).click();
    await expect(toast(page, "Task moved.")).toBeVisible();
    await expect(card(page, second.id, id)).toBeVisible();
    await expect(card(page, first.id, id)).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === "/tasks/board" && url.searchParams.get("pipeline") === String(pipeline.id));
  } finally {
    await api.removeTask(id);
  }
});

test("a stage chosen before the page's script has arrived is still chosen once it runs, Move stays offered and moves the card there", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "without JavaScript nothing takes the card over");
  const api = await taskApi(request);
  const [pipeline] = await api.pipelines();
  const [first, second] = pipeline.stages;
  const name = `E2E Board early ${uniqueToken(testInfo)}`;
  const id = await api.createTask(name, pipeline.id, first.id);
  try {
    const release = await holdScripts(page);
    await page.goto(`/tasks/board?pipeline=${pipeline.id}`, { waitUntil: "commit" });
    const select = page.getByLabel(`Move ${name} to stage`, { exact: true });
    await select.selectOption(String(second.id));
    release();
    await expectHydrated(select);
    await expect(select).toHaveValue(String(second.id));
    await card(page, first.id, id).getByRole("button", { name: "Move", exact: true }).click();
    await expect(toast(page, "Task moved.")).toBeVisible();
    await expect(card(page, second.id, id)).toBeVisible();
  } finally {
    await api.removeTask(id);
  }
});

test("with JavaScript a card dragged onto another column moves there", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "dragging needs JavaScript; without it the stage select moves a card");
  const api = await taskApi(request);
  const [pipeline] = await api.pipelines();
  const [first, , third] = pipeline.stages;
  const name = `E2E Board ${uniqueToken(testInfo)}`;
  const id = await api.createTask(name, pipeline.id, first.id);
  try {
    await page.goto(`/tasks/board?pipeline=${pipeline.id}`);
    await expect(card(page, first.id, id)).toBeVisible();
    // Dragging works once the board has hydrated (React's handlers on the cards).
    await expect
      .poll(() => card(page, first.id, id).evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))), { message: "hydrated by React" })
      .toBe(true);
    // Dragged by its name (a pointer pressed there, moved onto the column's heading and below it, released).
    await card(page, first.id, id).getByRole("link", { name, exact: true }).hover();
    await page.mouse.down();
    const heading = (await page.locator(`[data-stage-column="${third.id}"] h2`).boundingBox())!;
    await page.mouse.move(heading.x + heading.width / 2, heading.y + heading.height / 2 + 40, { steps: 10 });
    await page.mouse.up();
    await expect(card(page, third.id, id)).toBeVisible();
    await expect(toast(page, "Task moved.")).toBeVisible();
    // Its stage control shows where it is now, so Move would not undo the drag; the quiet control shows no Move.
    const stage = page.getByLabel(`Move ${name} to stage`, { exact: true });
    await expect(stage).toHaveValue(String(third.id));
    await expect(card(page, third.id, id).getByRole("button", { name: "Move", exact: true })).toBeHidden();
    await page.reload();
    await expect(card(page, third.id, id)).toBeVisible();
    await expect(stage).toHaveValue(String(third.id));
  } finally {
    await api.removeTask(id);
  }
});

import { expect, test } from "@playwright/test";
import { USERS, expectPath, signIn } from "./helpers";
import { toast, uniqueToken } from "./lists";

/**
 * An automation that assigns new tasks, made on the workflow page (its condition added with the form's button) and
 * seen at work: a task created in the portal is assigned by the background job, its activity names the automation,
 * and the workflow's run history shows what it did.
 */
test.describe.configure({ timeout: 90_000 });

test("an active automation assigns a new task, and says so", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the no-JavaScript layer covers the forms (tests/nojs/workflows.test.ts)");
  const token = uniqueToken(testInfo);
  const taskName = `Automated ${token}`;
  await signIn(page, USERS.admin);

  await page.goto("/workflows/create");
  await page.locator('[name="name"]').fill(`Assign ${token}`);
  await page.locator('[name="workflow_type_id"]').selectOption({ label: "Assign task" });
  await page.locator('[name="status"]').selectOption({ label: "Active" });
  await page.locator('[name="trigger.event"]').selectOption({ label: "Task created" });
  await page.locator('[name="assign_to_user_id"]').selectOption({ label: "Victor Lane" });
  await page.getByRole("button", { name: "Add condition" }).click();
  await page.locator('[name="conditions[0].field"]').selectOption({ label: "Name" });
  await page.locator('[name="conditions[0].type"]').selectOption({ label: "equal to" });
  await page.locator('[name="conditions[0].value"]').fill(taskName);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toast(page, "Workflow created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Assign ${token}`);
  const workflowUrl = page.url();

  await page.goto("/tasks/new");
  const form = page.locator("[data-drawer]");
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(taskName);
  await form.getByRole("combobox", { name: "Pipeline", exact: true }).selectOption({ index: 1 });
  await form.getByRole("button", { name: "Create task", exact: true }).click();
  await expect(toast(page, "Task created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(taskName);
  const taskPath = new URL(page.url()).pathname;

  // The job runs within the worker's poll: the task page, opened again, shows the assignee and who did it.
  await expect(async () => {
    await page.goto(taskPath);
    await expect(page.locator("dt", { hasText: /^Assigned to$/ }).locator("xpath=following-sibling::dd")).toHaveText("Victor Lane", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const entry = page.getByRole("list", { name: "Activity" }).getByRole("listitem").filter({ hasText: "assigned the task" }).first();
  await expect(entry).toContainText(`Automation "Assign ${token}" assigned the task`);
  await expect(entry).toContainText("Assigned to: Victor Lane");

  await page.goto(workflowUrl);
  await expectPath(page, new URL(workflowUrl).pathname);
  const history = page.locator("section", { has: page.getByRole("heading", { name: "Run history" }) });
  await expect(history.getByRole("link", { name: taskName })).toBeVisible();
  await expect(history).toContainText("Assigned the task to Victor Lane.");
});

import { expect, test, type Page } from "@playwright/test";
import { E2E, USERS, expectPath, signIn } from "./helpers";
import { drawer, rowWith, toast, uniqueToken } from "./lists";

/**
 * A form that changes something carries its page's submission key, so the same form sent twice acts once: a
 * double click without JavaScript (the browser sends the form twice and shows the second answer), a form sent
 * again from the same page after its answer was lost. The second answer is the first one's (here: the redirect
 * to the task created), never a second task. The page loaded again makes a new key: the same words sent from
 * it make a new task, as the user meant.
 */

/** The form as the browser would send it (its fields, the hidden submission key included), url-encoded. */
async function sentBody(page: Page): Promise<string> {
  return drawer(page)
    .locator("form")
    .evaluate((form: HTMLFormElement) => {
      const pairs: string[][] = [];
      for (const [name, value] of new FormData(form).entries()) if (typeof value === "string") pairs.push([name, value]);
      return new URLSearchParams(pairs).toString();
    });
}

/**
 * Posts what the browser would post, with its session cookie, from the portal's own origin (by its address:
 * Node does not resolve the brands' *.localhost names); redirects not followed.
 */
async function post(page: Page, path: string, body: string) {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const origin = `http://127.0.0.1:${E2E.main.portalPort}`;
  return page.request.post(`${origin}${path}`, {
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
    data: body,
    maxRedirects: 0,
  });
}

async function fillNewTask(page: Page, name: string) {
  await page.goto("/tasks/new");
  const form = drawer(page);
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("combobox", { name: "Pipeline", exact: true }).selectOption({ index: 1 });
}

test("the same new-task form sent twice creates one task; the page loaded again creates another", async ({ page }, testInfo) => {
  const token = uniqueToken(testInfo);
  const name = `Sent twice ${token}`;
  await signIn(page, USERS.admin);
  await fillNewTask(page, name);
  const body = await sentBody(page);
  expect(new URLSearchParams(body).get("_submission")).toMatch(/^[0-9a-f-]{36}$/);

  // Sent twice at once, as a double click sends it: both answers go to the one task.
  const [first, second] = await Promise.all([post(page, "/tasks/new", body), post(page, "/tasks/new", body)]);
  expect([first.status(), second.status()]).toEqual([302, 302]);
  const created = first.headers()["location"];
  expect(created).toMatch(/^\/tasks\/\d+$/);
  expect(second.headers()["location"]).toBe(created);

  // Sent a third time from the page still open (its answer lost, say): the same task again, not a new one.
  await drawer(page).getByRole("button", { name: "Create task", exact: true }).click();
  await expectPath(page, created);
  await expect(toast(page, "Task created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  await page.goto(`/tasks?search=${token}`);
  await expect(rowWith(page, name)).toHaveCount(1);

  // A new page load is a new form: the same words make a second task, as meant.
  await fillNewTask(page, name);
  const again = new URLSearchParams(await sentBody(page)).get("_submission");
  expect(again).not.toBe(new URLSearchParams(body).get("_submission"));
  await drawer(page).getByRole("button", { name: "Create task", exact: true }).click();
  await expect(toast(page, "Task created.")).toBeVisible();
  await expect(page).not.toHaveURL((url) => url.pathname === created);
  await page.goto(`/tasks?search=${token}`);
  await expect(rowWith(page, name)).toHaveCount(2);
});

test("the same words added as a note twice, one after the other, make two notes (each answer brings a new key)", async ({ page }, testInfo) => {
  const token = uniqueToken(testInfo);
  await signIn(page, USERS.admin);
  await fillNewTask(page, `Two notes ${token}`);
  await drawer(page).getByRole("button", { name: "Create task", exact: true }).click();
  await expect(page).toHaveURL((url) => /^\/tasks\/\d+$/.test(url.pathname));

  const notes = page.getByRole("region", { name: "Notes", exact: true });
  const words = `Left a voicemail ${token}`;
  const keyBefore = await notes.locator('input[name="_submission"]').inputValue();
  await notes.getByRole("textbox", { name: "Add a note", exact: true }).fill(words);
  await notes.getByRole("button", { name: "Add note", exact: true }).click();
  await expect(notes.locator("[data-note]", { hasText: words })).toHaveCount(1);
  // The page's data came again after the change (with JavaScript, without a page load): a new key.
  await expect(notes.locator('input[name="_submission"]')).not.toHaveValue(keyBefore);

  await notes.getByRole("textbox", { name: "Add a note", exact: true }).fill(words);
  await notes.getByRole("button", { name: "Add note", exact: true }).click();
  await expect(notes.locator("[data-note]", { hasText: words })).toHaveCount(2);
  await page.reload();
  await expect(notes.locator("[data-note]", { hasText: words })).toHaveCount(2);
});

import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E, USERS, apiSignIn, expectHydrated, expectPath, menuLink, startSession } from "./helpers";

/**
 * The header's global search with JavaScript: the results page reached from the header (its box follows a new
 * search without a page load), the popover while typing, and what is typed while a page loads. The dashboard's
 * widgets are server-rendered SVG and tables, the same with JavaScript on or off, and are tested without a
 * browser (tests/nojs/dashboard).
 */

/** A seeded individual whose full name also starts some seeded task names (asked of the API, not guessed). */
async function seededMatch(request: APIRequestContext) {
  const { token } = await apiSignIn(request, USERS.admin.email);
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const list = await request.get(`${E2E.main.api}/individual`, { headers, params: { "page[size]": "25", sort: "full_name" } });
  expect(list.ok(), "the individuals list answers").toBeTruthy();
  const people = ((await list.json()) as { data: { id: number; full_name: string }[] }).data;
  for (const person of people) {
    const res = await request.get(`${E2E.main.api}/global-search`, { headers, params: { q: person.full_name, limit: "5" } });
    const found = (await res.json()) as { data: { tasks?: { id: number; name: string }[]; individuals?: { id: number; name: string }[] } };
    const task = found.data.tasks?.[0];
    const individual = found.data.individuals?.find((i) => i.id === person.id);
    if (task && individual) return { q: person.full_name, task, individual };
  }
  throw new Error("No seeded individual with tasks named after them");
}

test.describe("Global search from the header, as Harbour Brokers' admin", () => {
  test.beforeEach(async ({ page }) => {
    await startSession(page, USERS.admin);
  });

  test("the results page lists a seeded task and an individual, each linking to its page", async ({ page, request }) => {
    const { q, task, individual } = await seededMatch(request);
    await page.goto("/dashboard");
    const box = page.getByRole("searchbox", { name: "Search tasks, individuals and companies" });
    await box.fill(q);
    await box.press("Enter");
    await expectPath(page, "/search");
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === q);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    const tasks = page.locator('[data-search-group="tasks"]');
    const people = page.locator('[data-search-group="individuals"]');
    await expect(tasks.getByRole("heading")).toHaveText(/^Tasks \(\d+\+?\)$/);
    await expect(tasks.getByRole("link", { name: task.name })).toHaveAttribute("href", `/tasks/${task.id}`);
    await expect(people.getByRole("link", { name: new RegExp(`^${individual.name}`) }).first()).toBeVisible();
    await expect(people.locator(`a[href="/individual/${individual.id}"]`)).toHaveCount(1);
    await expect(page.locator('[data-search-group="companies"]')).toBeVisible();
    // The header box keeps what was searched for, and so does the page's own box.
    await expect(box).toHaveValue(q);
    const pageBox = page.getByRole("searchbox", { name: "Search for" });
    await expect(pageBox).toHaveValue(q);
    // A search from the header while the results page is open: the page's box follows it.
    await box.fill(`${q}zz`);
    await box.press("Enter");
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === `${q}zz`);
    await expect(pageBox).toHaveValue(`${q}zz`);
  });

  test("with JavaScript the quick results follow the typing, and a result opens its page", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name === "nojs", "the popover needs JavaScript; the results page is tested without it");
    const { q, task } = await seededMatch(request);
    await page.goto("/dashboard");
    const box = page.getByRole("searchbox", { name: "Search tasks, individuals and companies" });
    await box.pressSequentially(q, { delay: 20 });
    const popover = page.getByRole("region", { name: "Quick search results" });
    await expect(popover.locator('[data-quick-group="tasks"]')).toContainText(task.name);
    await expect(popover.locator('[data-quick-group="individuals"]')).toContainText(q);
    await expect(popover.getByRole("link", { name: `See all results for “${q}”` })).toBeVisible();
    // The keyboard reaches the results, Escape closes them.
    await box.press("ArrowDown");
    await expect(popover.locator("a").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(popover).toHaveCount(0);
    await expect(box).toBeFocused();

    await box.press("End");
    await box.press("Space");
    await box.press("Backspace");
    await expect(popover.locator('[data-quick-group="tasks"]')).toContainText(task.name);
    await popover.getByRole("link", { name: new RegExp(`^${escapeRegExp(task.name)}`) }).click();
    await expectPath(page, `/tasks/${task.id}`);
    await expect(page.getByRole("region", { name: "Quick search results" })).toHaveCount(0);
  });
});

test("with JavaScript, what is typed in the header's search while a page loads stays there", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "without JavaScript a page load is a new document");
  await startSession(page, USERS.admin);
  await page.goto("/dashboard");
  // The side menu and the header hydrate after the page (the frame's island): until then a menu link loads the page.
  await expectHydrated(menuLink(page, "Tasks"));
  await expectHydrated(page.getByRole("searchbox", { name: "Search tasks, individuals and companies" }));
  // A slow connection: the tasks page's data takes a second to come.
  await page.route(
    (url) => url.pathname === "/tasks.data",
    async (route) => {
      await new Promise((done) => setTimeout(done, 1_000));
      await route.continue();
    },
  );
  const loading = page.waitForRequest((request) => new URL(request.url()).pathname === "/tasks.data");
  await menuLink(page, "Tasks").click();
  await loading;
  const box = page.getByRole("searchbox", { name: "Search tasks, individuals and companies" });
  await box.pressSequentially("smi");
  await expectPath(page, "/tasks");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tasks");
  await expect(box).toHaveValue("smi");
  await expect(box).toBeFocused();
  // Its quick results follow what was typed.
  const popover = page.getByRole("region", { name: "Quick search results" });
  await expect(popover).toBeVisible();
  await expect(popover.getByRole("link", { name: "See all results for “smi”" })).toBeVisible();
});

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E, USERS, expectHydrated, openAccountMenu, signIn } from "./helpers";

/**
 * Every page, and the states a user puts it in (a drawer open, a form refused, a menu open), passes axe's
 * checks (WCAG 2.1 A and AA and axe's best practices: contrast, names of controls, landmarks, headings …),
 * with JavaScript and without it.
 */

async function expectAccessible(page: Page, what: string) {
  // What a page shows only without JavaScript (its `noscript` parts: the find fields beside long dropdowns) is drawn
  // as a browser without JavaScript would draw it (with scripts refused, the browser still reads them as text).
  if (test.info().project.name === "nojs") {
    await page.evaluate(() =>
      document.querySelectorAll("noscript").forEach((n) => {
        const parsed = document.createElement("template");
        parsed.innerHTML = n.textContent ?? "";
        n.replaceWith(parsed.content);
      }),
    );
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`).join("\n    ")}`,
  );
  expect(found, `${what}: ${page.url()}`).toEqual([]);
}

/** A page of a list's first row (its detail page), found from the list (opened with a query: a bare list address brings back the filters the user last used, which other tests change). */
async function firstRowPath(page: Page, list: string): Promise<string> {
  await page.goto(`${list}?page=1`);
  const href = await page.locator("tbody a[href]").first().getAttribute("href");
  expect(href, `a row on ${list}`).toBeTruthy();
  return href!;
}

// axe takes seconds per page on a slow machine: each test checks a handful of pages, within 150 s.
test.describe.configure({ mode: "parallel", timeout: 150_000 });

// axe runs as a script in the page. Without JavaScript ('nojs') the page's own scripts are refused instead, so that
// what is checked is the markup as the server drew it, never hydrated.
test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "nojs") await page.route("**/build/**/*.js", (route) => route.abort());
});

test("the sign-in pages", async ({ page }) => {
  for (const url of [`${E2E.main.flightdeck}/login`, `${E2E.main.smallbusiness}/login`, `${E2E.main.flightdeck}/user-setup/00000000-0000-0000-0000-000000000000/not-a-token`]) {
    await page.goto(url);
    await expectAccessible(page, url);
  }
  // Refused: the messages under the fields and above the form.
  await page.goto(`${E2E.main.flightdeck}/login`);
  await page.locator("input[name=email]").fill("nobody@example.test");
  await page.locator("input[name=password]").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
  await expectAccessible(page, "sign-in refused");
});

/**
 * The flightDeck pages of an admin, a test per group: axe takes seconds per page on a slow machine, and one test of
 * every page ran past any sensible timeout; apart, the groups also share the workers.
 */
const ADMIN_PAGES: Record<string, string[]> = {
  "the dashboard and tasks": ["/dashboard", "/tasks?page=1", "/tasks/board", "/tasks/new"],
  "pipelines and clients": ["/pipelines?page=1", "/pipelines/new", "/individuals?page=1", "/individuals/new", "/companies?page=1", "/companies/new"],
  "providers, roles and teams": ["/providers?page=1", "/providers/new", "/roles?page=1", "/roles/new", "/team?page=1", "/team/new"],
  "notifications, profile, search and a missing page": ["/notifications", "/profile", "/search?q=a", "/not-a-page"],
};
for (const [group, pages] of Object.entries(ADMIN_PAGES)) {
  test(`flightDeck pages of an admin: ${group}`, async ({ page }) => {
    await signIn(page, USERS.admin);
    for (const path of pages) {
      await page.goto(path);
      await expectAccessible(page, path);
      // Without JavaScript the new-task form's long dropdowns have their find fields, checked with the rest.
      if (path === "/tasks/new" && test.info().project.name === "nojs") expect(await page.locator('input[name="source_individual_id_find"]').count()).toBe(1);
    }
  });
}

/** A row of each list, and what its page opens (drawers, confirmations, tabs): {row} is the row's page, {id} its id. */
const WITHIN_A_ROW: Record<string, string[]> = {
  "/tasks": ["{row}", "{row}/edit", "{row}/delete", "{row}/emails"],
  "/pipelines": ["{row}", "{row}/targets", "{row}/users", "{row}/archive"],
  "/individuals": ["{row}", "{row}/edit", "{row}?tab=tasks", "{row}?tab=notes", "{row}?tab=emails"],
  "/companies": ["{row}", "{row}/edit", "{row}?tab=bank", "{row}?tab=branding", "{row}?tab=lines", "{row}?tab=notes", "{row}/compliance-information"],
  "/roles": ["{row}", "/roles/{id}/edit", "/roles/{id}/delete"],
  "/team": ["{row}", "{row}/delete"],
};
for (const [list, paths] of Object.entries(WITHIN_A_ROW)) {
  test(`flightDeck pages of an admin: a row of ${list} and what its page opens`, async ({ page }) => {
    await signIn(page, USERS.admin);
    const row = (await firstRowPath(page, list)).split("?")[0];
    const id = /(\d+)$/.exec(row)?.[1] ?? "";
    for (const path of paths.map((p) => p.replace("{row}", row).replace("{id}", id))) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectAccessible(page, path);
    }
  });
}

test("a drawer's form refused, and the account menu open", async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.goto("/tasks/new");
  await page.getByRole("dialog").getByRole("button", { name: /save|add|create/i }).first().click();
  await expect(page.getByRole("dialog").locator("[id$=-error], [role=alert]").first()).toBeVisible();
  await expectAccessible(page, "new task refused");
  await page.goto("/dashboard");
  await openAccountMenu(page);
  await expectAccessible(page, "account menu open");
});

test("with JavaScript, the bell's popover and the quick search results open", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "popovers need JavaScript; without it the bell and the search box open their pages, checked above");
  await signIn(page, USERS.admin);
  await expectHydrated(page.locator("[data-bell]"));
  await page.locator("[data-bell]").click();
  await expect(page.locator("[data-notifications-panel] [data-notification]").first()).toBeVisible();
  await expectAccessible(page, "notifications popover open");
  await page.keyboard.press("Escape");
  await page.getByRole("searchbox", { name: "Search tasks, individuals and companies" }).pressSequentially("a", { delay: 20 });
  await expect(page.getByRole("region", { name: "Quick search results" }).locator("a").first()).toBeVisible();
  await expectAccessible(page, "quick search results open");
});

test("smallBusiness pages of an owner", async ({ page }) => {
  await signIn(page, USERS.owner);
  for (const path of ["/dashboard", "/tasks?page=1", "/pipelines?page=1", "/individuals?page=1", "/companies?page=1", "/team?page=1", "/roles?page=1"]) {
    await page.goto(`${E2E.main.smallbusiness}${path}`);
    await expectAccessible(page, path);
  }
});

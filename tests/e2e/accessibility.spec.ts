import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E, USERS, openAccountMenu, signIn } from "./helpers";

/**
 * Every page, and the states a user puts it in (a drawer open, a form refused, a menu open), passes axe's
 * checks (WCAG 2.1 A and AA and axe's best practices: contrast, names of controls, landmarks, headings …),
 * with JavaScript and without it.
 */

async function expectAccessible(page: Page, what: string) {
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

test.describe.configure({ mode: "parallel" });

// axe runs as a script in the page. Without JavaScript ('nojs') the page's own scripts are refused instead,
// so that what is checked is the markup as the server drew it, never hydrated.
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

test("flightDeck pages of an admin", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.admin);
  const pages = [
    "/dashboard",
    "/tasks?page=1",
    "/tasks/board",
    "/tasks/new",
    "/pipelines?page=1",
    "/pipelines/new",
    "/individuals?page=1",
    "/individuals/new",
    "/companies?page=1",
    "/companies/new",
    "/providers?page=1",
    "/providers/new",
    "/roles?page=1",
    "/roles/new",
    "/team?page=1",
    "/team/new",
    "/notifications",
    "/profile",
    "/search?q=a",
    "/not-a-page",
  ];
  for (const path of pages) {
    await page.goto(path);
    await expectAccessible(page, path);
  }
  for (const list of ["/tasks", "/pipelines", "/individuals", "/companies", "/roles", "/team"]) {
    const detail = await firstRowPath(page, list);
    await page.goto(detail);
    await expectAccessible(page, detail);
  }
});

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

test("smallBusiness pages of an owner", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.owner);
  for (const path of ["/dashboard", "/tasks?page=1", "/pipelines?page=1", "/individuals?page=1", "/companies?page=1", "/team?page=1", "/roles?page=1"]) {
    await page.goto(`${E2E.main.smallbusiness}${path}`);
    await expectAccessible(page, path);
  }
});

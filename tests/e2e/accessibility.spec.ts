import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E, USERS, expectHydrated, openAccountMenu, signIn, startSession, type DemoUser } from "./helpers";

/**
 * One page of each layout kind — list, detail, drawer, form, board, dashboard — in each edition passes axe's checks
 * (WCAG 2.1 A and AA and axe's best practices: contrast, names of controls, landmarks, headings …), each in the
 * state a user puts it in (a form refused, the account menu open), and with JavaScript the popovers it opens. The
 * pages share their frame and their list, form and drawer components, so one of each kind speaks for the rest.
 * With JavaScript only: the markup is the server's either way.
 */

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`)
        .join("\n    ")}`,
  );
  expect(found, `${what}: ${page.url()}`).toEqual([]);
}

// axe takes seconds per page on a slow machine: each test checks a handful of pages.
test.describe.configure({ mode: "parallel", timeout: 120_000 });

test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "axe checks the server's markup, the same without JavaScript");
});

const EDITIONS: [string, DemoUser, string][] = [
  ["flightDeck", USERS.admin, E2E.main.flightdeck],
  ["smallBusiness", USERS.owner, E2E.main.smallbusiness],
];

for (const [edition, user, origin] of EDITIONS) {
  test(`${edition}: the form kind (the sign-in page, refused)`, async ({ page }) => {
    await page.goto(`${origin}/login`);
    await page.locator("input[name=email]").fill("nobody@example.test");
    await page.locator("input[name=password]").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
    await expectAccessible(page, `${edition} sign-in refused`);
  });

  test(`${edition}: the dashboard (account menu open), a list, a detail page, a drawer's form refused, the board`, async ({ page }) => {
    await startSession(page, user);
    await page.goto(`${origin}/dashboard`);
    await openAccountMenu(page);
    await expectAccessible(page, "dashboard, account menu open");

    await page.goto(`${origin}/tasks?page=1`);
    await expectAccessible(page, "list");
    const row = await page.locator("tbody a[href^='/tasks/']").first().getAttribute("href");
    expect(row, "a row of the tasks list").toBeTruthy();
    await page.goto(`${origin}${row}`);
    await expectAccessible(page, "detail");

    await page.goto(`${origin}/tasks/new`);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /save|add|create/i })
      .first()
      .click();
    await expect(page.getByRole("dialog").locator("[id$=-error], [role=alert]").first()).toBeVisible();
    await expectAccessible(page, "drawer, refused");

    await page.goto(`${origin}/tasks/board`);
    await expectAccessible(page, "board");
  });
}

test("flightDeck: the bell's popover and the quick search results open", async ({ page }) => {
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

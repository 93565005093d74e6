import { expect, test } from "@playwright/test";
import { USERS, E2E, expectPath, origin, sideMenu, signIn, startSession, type DemoUser } from "./helpers";

/** A signed-in user without the right to a route is sent to the dashboard. */
const refused: { user: DemoUser; path: string; why: string }[] = [
  { user: USERS.viewer, path: "/roles", why: "no role_view or role_manage" },
  { user: USERS.viewer, path: "/providers", why: "no provider_manage" },
  { user: USERS.adviser, path: "/providers", why: "not a parent tenant" },
  { user: USERS.owner, path: "/roles", why: "roles are flightDeck only" },
];

test.describe("route guard", () => {
  for (const { user, path, why } of refused) {
    test(`${user.email} opening ${path} is sent to /dashboard (${why})`, async ({ page }) => {
      await startSession(page, user);
      const response = await page.goto(`${origin(user.theme)}${path}`);
      expect(response?.status()).toBe(200);
      await expectPath(page, "/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(user.theme === "smallbusiness" ? "Home" : "Dashboard");
    });
  }

  test("a user with the permission opens the guarded routes", async ({ page }) => {
    await signIn(page, USERS.admin);
    for (const [path, title] of [
      ["/roles", "Roles & permissions"],
      ["/providers", "Providers"],
    ]) {
      await page.goto(path);
      await expectPath(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} | flightDeck`);
    }
  });

  for (const path of ["/dashboard", "/roles", "/tasks"]) {
    test(`not signed in, ${path} goes to the sign-in page`, async ({ page }) => {
      await page.goto(path);
      await expectPath(page, "/login");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(path);
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
      await expect(sideMenu(page)).toHaveCount(0);
    });
  }

  test("after signing in from a guarded link, the user lands on that page", async ({ page }) => {
    await page.goto("/tasks");
    await expectPath(page, "/login");
    await page.locator("input[name=email]").fill(USERS.viewer.email);
    await page.locator("input[name=password]").fill("demo-pass-2026");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectPath(page, "/tasks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tasks");
  });
});

test.describe("unknown paths", () => {
  test("show 'Page not found' inside the frame with status 404", async ({ page }) => {
    await startSession(page, USERS.admin);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expectPath(page, "/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(sideMenu(page)).toBeVisible();
    await expect(page.locator("[data-greeting]")).toBeVisible();
    await expect(page).toHaveTitle("Page not found | flightDeck");
  });

  test("outside the frame (an unknown company's sign-in page) the 404 page is titled too", async ({ page }) => {
    const response = await page.goto("/00000000-0000-0000-0000-000000000000/login");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found | flightDeck");
  });

  test("show 'Page not found' in smallBusiness too", async ({ page }) => {
    await startSession(page, USERS.owner);
    const response = await page.goto(`${E2E.main.smallbusiness}/some/deeper/unknown-path`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(sideMenu(page)).toBeVisible();
  });
});

test("in smallBusiness the workflows screens are titled as automations, as its menu says", async ({ page }) => {
  await startSession(page, USERS.owner);
  await page.goto(`${E2E.main.smallbusiness}/workflows`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automations");
  await expect(page).toHaveTitle("Automations | smallBusiness");
});

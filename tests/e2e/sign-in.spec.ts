import { expect, test } from "@playwright/test";
import {
  BAD_CREDENTIALS,
  PASSWORD,
  USERS,
  expectPath,
  latestOutboxId,
  openAccountMenu,
  origin,
  sideMenu,
  signInThroughPage,
  signInCodesSince,
  submitSignIn,
} from "./helpers";

/**
 * Signing in and out with JavaScript (the form posts through the page's own script): each edition's sign-in, the
 * frame drawn at once, a refused password, the e-mailed code step, Log Out. Every other sign-in rule (each demo
 * user's landing and title, a user who is not a front-end user, a signed-in visitor of /login, the code step
 * without a sign-in, an invited user's set-up page) is the same HTML either way and is tested without a browser
 * (tests/nojs/sign-in, tests/nojs/guards).
 */
test.describe("signing in", () => {
  for (const key of ["admin", "owner"] as const) {
    const user = USERS[key];
    test(`${user.email} signs in on ${user.theme} and lands on ${user.landing}`, { tag: key === "admin" ? "@smoke" : [] }, async ({ page }) => {
      await signInThroughPage(page, user);
      await expect(sideMenu(page)).toBeVisible();
      await expect(page.locator("[data-greeting]")).toContainText(user.name);
    });
  }

  test("with JavaScript, the page signing in lands on is drawn with its frame at once: the sign-in page has fetched the frame's chunk", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "nojs", "without JavaScript every page is drawn by the server, frame and all");
    // Chunks slow to arrive, as on a poor connection.
    await page.route("**/build/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const frameChunk = page.waitForResponse((r) => /\/build\/_shared\/chrome-[^/]+\.js$/.test(new URL(r.url()).pathname));
    await page.goto(`${origin(USERS.admin.theme)}/login`);
    await frameChunk;
    await page.locator("input[name=email]").fill(USERS.admin.email);
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(USERS.admin.landingTitle);
    // Read at once, not waited for: the header, its bell and the side menu came with the page.
    expect(await page.locator("[data-bell]").count()).toBe(1);
    expect(await sideMenu(page).count()).toBe(1);
  });

  test("a wrong password is refused and the typed e-mail is kept", async ({ page }) => {
    await submitSignIn(page, USERS.admin.email, "not-the-password");
    await expect(page.getByText(BAD_CREDENTIALS)).toBeVisible();
    await expectPath(page, "/login");
    await expect(page.locator("input[name=email]")).toHaveValue(USERS.admin.email);
    await expect(sideMenu(page)).toHaveCount(0);
  });

  test("a user with e-mail verification passes the code step (a wrong code first)", async ({ page, request }) => {
    const before = await latestOutboxId(request, USERS.verify.email);
    await submitSignIn(page, USERS.verify.email, PASSWORD);
    await expectPath(page, "/login-email-verification-send");
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

    const codes = await signInCodesSince(request, USERS.verify.email, before);
    const code = page.getByLabel("Sign-in code");
    const verify = page.getByRole("button", { name: "Verify and sign in" });

    /**
     * Submits a code; answers the HTTP status of its POST: 422 refused, 2xx/3xx accepted. (With JavaScript
     * the form posts to the single-fetch `….data` address, which answers a redirect as 202.)
     */
    async function submitCode(value: string) {
      await code.fill(value);
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && /^\/login-email-verification-send(\.data)?$/.test(new URL(r.url()).pathname)),
        verify.click(),
      ]);
      return res.status();
    }

    // A six-digit code that was not sent is refused with a message, and the page stays.
    const wrong = ["000000", "111111", "222222"].find((c) => !codes.includes(c))!;
    expect(await submitCode(wrong)).toBe(422);
    await expect(page.getByText("That code is not right. Check the e-mail and try again.")).toBeVisible();
    await expectPath(page, "/login-email-verification-send");

    // The code from the e-mail signs in. (The other project's run of this test may have signed the same
    // user in at the same moment, so two codes can be in the outbox: try them newest first.)
    for (const candidate of codes) {
      if ((await submitCode(candidate)) < 400) break;
    }
    await expectPath(page, "/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    await expect(page.locator("[data-greeting]")).toContainText(USERS.verify.name);
  });
});

test.describe("signing out", () => {
  test("Log Out in the account menu returns to the sign-in page and ends the session", async ({ page }) => {
    await signInThroughPage(page, USERS.admin);
    const menu = await openAccountMenu(page);
    await menu.getByRole("button", { name: "Log Out" }).click();
    await expectPath(page, "/login");
    await expect(page.locator("input[name=email]")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

    await page.goto("/dashboard");
    await expectPath(page, "/login");
    await expect(page).toHaveURL(/redirectTo=%2Fdashboard/);
    await expect(sideMenu(page)).toHaveCount(0);
  });
});

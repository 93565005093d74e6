import { expect, test } from "@playwright/test";
import { E2E, INACTIVITY_NOTICE, USERS, apiSignIn, expectPath, menuLink, sideMenu, signIn } from "./helpers";

/**
 * Session expiry, against the short-session instance (port 3200), whose API signs a token out after
 * 6 s without use (SESSION_IDLE_MINUTES=0.1: a slow machine can take 3 s to sign in and draw the first page).
 */
const short = E2E.short;
/** The API's idle timeout plus a margin. */
const IDLE_WAIT_MS = 8_000;

test.describe("session expiry", () => {
  test("after the idle timeout the next page load goes to the sign-in page with the inactivity notice", async ({ page, request }) => {
    await signIn(page, USERS.admin, { instance: short });
    await expect(sideMenu(page)).toBeVisible();

    // The one fixed wait of the suite: let the API's idle timeout pass.
    await page.waitForTimeout(IDLE_WAIT_MS);
    await page.goto(`${short.flightdeck}/dashboard`);

    await expectPath(page, "/login");
    const url = new URL(page.url());
    expect(url.searchParams.get("reason")).toBe("inactivity");
    const { companyUuid } = await apiSignIn(request, USERS.admin.email, short);
    expect(url.searchParams.get("uuid")).toBe(companyUuid);
    await expect(page.getByRole("status")).toHaveText(INACTIVITY_NOTICE);
    await expect(page.getByText(INACTIVITY_NOTICE)).toBeVisible();
    // The company sign-in page carries the company's name.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to Harbour Brokers");
    await expect(sideMenu(page)).toHaveCount(0);

    // The session is gone: the dashboard now asks for a sign-in without the notice.
    await page.goto(`${short.flightdeck}/dashboard`);
    await expectPath(page, "/login");
    expect(new URL(page.url()).searchParams.get("reason")).toBeNull();
    await expect(page.getByText(INACTIVITY_NOTICE)).toHaveCount(0);
  });

  test("a menu click after the time-out also signs out, and signing in again works", async ({ page }) => {
    await signIn(page, USERS.viewer, { instance: short });
    await page.waitForTimeout(IDLE_WAIT_MS);
    // With JavaScript this is a client-side navigation (a data request), without it a page load.
    await menuLink(page, "Tasks").click();
    await expectPath(page, "/login");
    expect(new URL(page.url()).searchParams.get("reason")).toBe("inactivity");
    await expect(page.getByText(INACTIVITY_NOTICE)).toBeVisible();
    await page.locator("input[name=email]").fill(USERS.viewer.email);
    await page.locator("input[name=password]").fill("demo-pass-2026");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectPath(page, "/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  });
});

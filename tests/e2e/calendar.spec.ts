import { expect, test } from "@playwright/test";
import { USERS, origin, startSession } from "./helpers";
import { drawer, toast, uniqueToken } from "./lists";

/**
 * The calendar with JavaScript: a repeating event created in the drawer (a dialog over the month view), then seen
 * on each of its weeks, in a far period of its own so that the demo calendar never gets in the way.
 */
test.describe("Calendar, as Harbour Brokers' admin", () => {
  test.beforeEach(async ({ page }) => {
    await startSession(page, USERS.admin);
  });

  test("creating a weekly event on two days in the drawer shows it on every week until its end", async ({ page, javaScriptEnabled }, testInfo) => {
    test.skip(!javaScriptEnabled, "the no-JavaScript layer covers this flow (tests/nojs/calendar.test.ts)");
    const name = `E2E weekly ${uniqueToken(testInfo)}`;
    // A Monday in 2042 chosen per run.
    const start = new Date(Date.UTC(2042, 0, 6 + 7 * Math.floor(Math.random() * 300)));
    const monday = start.toISOString().slice(0, 10);
    const plus = (n: number) => new Date(start.getTime() + n * 86_400_000).toISOString().slice(0, 10);

    await page.goto(`${origin("flightdeck")}/calendar?view=week&date=${monday}`);
    await page.getByRole("link", { name: "New event", exact: true }).click();
    const panel = drawer(page);
    await expect(panel.getByText("New event", { exact: true })).toBeVisible();
    await expect(panel.getByLabel("Start date")).toHaveValue(monday);
    await panel.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await panel.getByLabel("Start time").fill("09:00");
    await panel.getByLabel("End time").fill("10:30");
    await panel.getByLabel("Repeats").selectOption("weekly");
    await panel.getByRole("checkbox", { name: "Monday" }).check();
    await panel.getByRole("checkbox", { name: "Thursday" }).check();
    await panel.getByRole("radio", { name: "On a date" }).check();
    await panel.getByLabel("Repeat until").fill(plus(10));
    await panel.getByRole("button", { name: "Save" }).click();

    await expect(toast(page, "Event created.")).toBeVisible();
    await expect(drawer(page)).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === "/calendar" && url.searchParams.get("date") === monday);
    const week = page.locator("[data-view=week]");
    await expect(week.getByRole("link", { name: `${name} at 09:00` })).toHaveCount(2);
    await page.getByRole("link", { name: "Next week" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("date") === plus(7));
    // Monday of the second week only: the Thursday (day 10) is the last one, until day 10 inclusive.
    await expect(week.getByRole("link", { name: `${name} at 09:00` })).toHaveCount(2);
    await page.getByRole("link", { name: "Next week" }).click();
    await expect(page.locator("[data-period-title]")).toContainText("Week of");
    await expect(week.getByRole("link", { name: `${name} at 09:00` })).toHaveCount(0);

    // The series' words in its drawer.
    await page.goto(`${origin("flightdeck")}/calendar?view=day&date=${plus(3)}`);
    await page.getByRole("link", { name: `${name} at 09:00 to 10:30` }).click();
    await expect(drawer(page).locator("[data-repeat-text]")).toContainText("Weekly on Monday and Thursday, until");
  });
});

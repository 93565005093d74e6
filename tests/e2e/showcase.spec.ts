import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E, USERS, expectHydrated, signIn, type DemoUser } from "./helpers";

/**
 * The kit's living reference (/datatable-showcase) in Chromium, in both editions: axe finds nothing on it; the
 * brand typeface is the one in use; every control is drawn by the kit (no browser-default select, checkbox or
 * file button), 36 px high, with one focus ring; icons come from the sprite; with JavaScript the searchable
 * dropdown searches. Without JavaScript it renders the same controls (tests/nojs/showcase.test.ts).
 */

test.describe.configure({ timeout: 120_000 });

const EDITIONS: [string, DemoUser, string][] = [
  ["flightDeck", USERS.admin, E2E.main.flightdeck],
  ["smallBusiness", USERS.owner, E2E.main.smallbusiness],
];

for (const [edition, user, origin] of EDITIONS) {
  test(`${edition}: the showcase is axe clean and every control is the kit's`, async ({ page }, testInfo) => {
    await signIn(page, user);
    await page.goto(`${origin}/datatable-showcase`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data table showcase");

    if (testInfo.project.name === "js") {
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }

    // The brand typeface, from the app's build.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('14px "Inter Variable"'))).toBe(true);
    expect(await page.locator("body").evaluate((b) => getComputedStyle(b).fontFamily)).toContain("Inter Variable");

    // Selects, checkboxes and radios without the browser's chrome; a select shows the kit's chevron.
    const select = page.locator("#sc-stage");
    expect(await select.evaluate((el) => getComputedStyle(el).appearance)).toBe("none");
    expect(await select.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("data:image/svg+xml");
    for (const type of ["checkbox", "radio"])
      expect(
        await page
          .locator(`input[type=${type}]`)
          .first()
          .evaluate((el) => getComputedStyle(el).appearance),
      ).toBe("none");

    // One height for text fields, selects and buttons.
    const heights = await page.evaluate(() =>
      ["#sc-name", "#sc-due", "#sc-stage", "#sc-revenue", '[data-showcase="buttons"] .btn-primary', '[data-showcase="buttons"] .btn-secondary'].map((s) =>
        Math.round(document.querySelector(s)!.getBoundingClientRect().height),
      ),
    );
    expect(new Set(heights)).toEqual(new Set([36]));

    // One focus ring: the accent's halo on a field and on a button. The sections are an island: read once it has
    // hydrated, so its hydration does not hold up the ring's 0.1 s transition while it is read.
    await expectHydrated(page.locator("#sc-name"));
    await page.locator("#sc-name").focus();
    const fieldRing = await page.locator("#sc-name").evaluate((el) => getComputedStyle(el).boxShadow);
    await page.keyboard.press("Shift+Tab");
    await page.locator('[data-showcase="buttons"] .btn-secondary').first().focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    const buttonRing = await page
      .locator('[data-showcase="buttons"] .btn-secondary')
      .first()
      .evaluate((el) => getComputedStyle(el).boxShadow);
    expect(fieldRing).not.toBe("none");
    expect(buttonRing).toBe(fieldRing);

    // Icons are drawn from the sprite (a rendered box, not an empty <svg>).
    const icon = page.locator('[data-showcase="icons"] svg[data-icon="house"]');
    await expect(icon).toBeVisible();
    expect(await icon.evaluate((el) => (el as SVGSVGElement).getBBox().width)).toBeGreaterThan(10);
  });
}

test("the searchable dropdown searches with JavaScript", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "without JavaScript it is a native select (tests/nojs/showcase.test.ts)");
  await signIn(page, USERS.admin);
  await page.goto(`${E2E.main.flightdeck}/datatable-showcase`);
  const combo = page.getByRole("combobox", { name: "Assigned to" });
  await expectHydrated(combo);
  // The showcase's sections are an island: its native select hydrates first, and the searchable combobox takes its
  // place once its own chunk has arrived.
  await expect(combo).toHaveJSProperty("tagName", "INPUT");
  await combo.fill("gra");
  await page.getByRole("option", { name: "Grace Li" }).click();
  await expect(combo).toHaveValue("Grace Li");
});

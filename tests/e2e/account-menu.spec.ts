import { expect, test, type Locator } from "@playwright/test";
import { USERS, expectPath, openAccountMenu, signIn } from "./helpers";

/**
 * The account menu against the spec (page frame, §6), with JavaScript on and off (it is a native
 * disclosure): name, last name and e-mail; 'Personal account' > 'Personal profile'; the company switcher
 * (the company's name and the company pages the user may open, under 'Company account' in flightDeck
 * only); the broker portal with hasCedarPermission; 'Log Out'.
 */

const switcher = (menu: Locator) => menu.locator("[data-company-switcher]");
const switcherLinks = (menu: Locator) => switcher(menu).getByRole("link");

test.describe("the account menu's company switcher", () => {
  test("flightDeck admin: 'Company account', the company, and all four company pages", async ({ page }) => {
    await signIn(page, USERS.admin);
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(`${USERS.admin.name} ${USERS.admin.lastName}`, { exact: true })).toBeVisible();
    await expect(menu.getByText("Personal account", { exact: true })).toBeVisible();
    await expect(switcher(menu).getByText("Company account", { exact: true })).toBeVisible();
    await expect(switcher(menu).locator("[data-company-name]")).toHaveText("Harbour Brokers");
    await expect(switcherLinks(menu)).toHaveText(["Company profile", "Membership", "Teams", "Roles & permissions"]);
    await expect(menu.getByRole("link", { name: /Broker portal/ })).toHaveAttribute("target", "_blank");
    await expect(menu.getByRole("button", { name: "Log Out" })).toBeVisible();
  });

  test("a sub-item opens its page", async ({ page }) => {
    await signIn(page, USERS.admin);
    const menu = await openAccountMenu(page);
    await switcher(menu).getByRole("link", { name: "Roles & permissions" }).click();
    await expectPath(page, "/roles");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roles & permissions");
  });

  test("a user who may view tasks only sees the company's name and no company pages", async ({ page }) => {
    await signIn(page, USERS.viewer);
    const menu = await openAccountMenu(page);
    await expect(switcher(menu).locator("[data-company-name]")).toHaveText("Harbour Brokers");
    await expect(switcherLinks(menu)).toHaveCount(0);
    await expect(menu.getByRole("link", { name: /Broker portal/ })).toHaveCount(0);
  });

  test("an adviser sees the pages their permissions open: Company profile and Membership", async ({ page }) => {
    await signIn(page, USERS.adviser);
    const menu = await openAccountMenu(page);
    await expect(switcher(menu).locator("[data-company-name]")).toHaveText("Northgate Advisers");
    await expect(switcherLinks(menu)).toHaveText(["Company profile", "Membership"]);
  });

  test("smallBusiness owner: no 'Company account' section; the company with Teams only", async ({ page }) => {
    await signIn(page, USERS.owner);
    const menu = await openAccountMenu(page);
    await expect(menu.getByText("Company account", { exact: true })).toHaveCount(0);
    await expect(switcher(menu).locator("[data-company-name]")).toHaveText("Bloom Bakery Ltd");
    await expect(switcherLinks(menu)).toHaveText(["Teams"]);
    await expect(menu.getByRole("link", { name: "Personal profile" })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Broker portal/ })).toHaveCount(0);
  });
});

test("with JavaScript, Escape closes the account menu and puts focus back on its button; on a wide screen Tab never stops on the hidden mobile menu toggle", async ({
  page,
}) => {
  await signIn(page, USERS.admin);
  const menu = await openAccountMenu(page);
  await menu.getByRole("link", { name: "Personal profile" }).focus();
  if (test.info().project.name === "js") {
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(menu.locator("summary")).toBeFocused();
  }
  await expect(page.locator("#nav-toggle")).toBeHidden();
});

import { expect, test } from "@playwright/test";
import { USERS, openAccountMenu, signIn } from "./helpers";

/**
 * The account menu with JavaScript: Escape and focus. Its entries and the company switcher, per user, are the
 * same HTML with JavaScript on or off (a native disclosure) and are tested without a browser (tests/nojs/frame
 * and tests/nojs/guards).
 */

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

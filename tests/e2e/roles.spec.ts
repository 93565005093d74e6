import { expect, test, type Page } from "@playwright/test";
import { USERS, expectPath, startSession } from "./helpers";
import { adminApi, confirmDialog, drawer, expectColumn, expectNoBulkButtons, expectParam, rowWith, tableRows, toast, uniqueToken } from "./lists";

/**
 * Roles & permissions (flightDeck), with JavaScript on and off: create, rename (and a taken name), delete
 * one or many with confirmation, the system Administrator role, and editing a role's permissions.
 * Every role a test changes is one it created itself, named with a random token.
 */

/** A permission's checkbox on a role's permissions page (its value is the permission's name). */
function permission(page: Page, name: string) {
  return page.locator(`input[type=checkbox][name=permissions][value="${name}"]`);
}

/** Opens a role's permissions page from its row of the roles list (searched by `search`). */
async function openPermissions(page: Page, search: string, roleName: string) {
  await page.goto(`/roles?search=${encodeURIComponent(search)}`);
  await rowWith(page, roleName).getByRole("link", { name: "Permissions", exact: true }).click();
  await expect(page).toHaveURL((url) => /^\/role-permissions\/\d+$/.test(url.pathname));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${roleName}: permissions`);
}

async function savePermissions(page: Page) {
  await page.getByRole("button", { name: "Save permissions", exact: true }).click();
  await expect(toast(page, "Permissions saved.")).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await startSession(page, USERS.admin);
});

test.describe("Roles", () => {
  test("ADD ROLE creates a role, a taken name is refused, Rename renames it and Delete removes it", async ({ page }, testInfo) => {
    const token = uniqueToken(testInfo);
    const name = `E2E Role ${token}`;
    await page.goto(`/roles?search=${token}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roles & permissions");
    await expect(page.getByText("No roles found")).toBeVisible();

    // Create.
    await page.getByRole("link", { name: "ADD ROLE", exact: true }).click();
    await expectPath(page, "/roles/new");
    await expect(drawer(page).getByText("Add role", { exact: true })).toBeVisible();
    await drawer(page).getByLabel("Role name").fill(name);
    await drawer(page).getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Role created.")).toBeVisible();
    await expectPath(page, "/roles");
    await expectParam(page, "search", token);
    await expect(drawer(page)).toHaveCount(0);
    await expectColumn(page, [name]);

    // The same name again is refused under the field, and what was typed stays.
    await page.getByRole("link", { name: "ADD ROLE", exact: true }).click();
    const nameInput = drawer(page).getByLabel("Role name");
    await nameInput.fill(name.toUpperCase());
    await drawer(page).getByRole("button", { name: "Save", exact: true }).click();
    await expect(drawer(page).locator(".field-error").filter({ hasText: "A role with this name already exists." })).toBeVisible();
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    await expect(nameInput).toHaveValue(name.toUpperCase());
    await expectPath(page, "/roles/new");
    await drawer(page).getByRole("link", { name: "Cancel", exact: true }).click();
    await expect(drawer(page)).toHaveCount(0);
    await expectPath(page, "/roles");
    await expectColumn(page, [name]);

    // Rename.
    const renamed = `E2E Renamed ${token}`;
    await page.getByRole("link", { name: `Rename ${name}`, exact: true }).click();
    await expect(drawer(page).getByText("Rename role", { exact: true })).toBeVisible();
    await expect(drawer(page).getByLabel("Role name")).toHaveValue(name);
    await drawer(page).getByLabel("Role name").fill(renamed);
    await drawer(page).getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Role updated.")).toBeVisible();
    await expectParam(page, "search", token);
    await expectColumn(page, [renamed]);

    // Delete, with confirmation.
    await page.getByRole("link", { name: `Delete ${renamed}`, exact: true }).click();
    await expect(confirmDialog(page)).toContainText("Are you sure you want to delete this role?");
    await confirmDialog(page).getByRole("button", { name: "Remove", exact: true }).click();
    await expect(toast(page, "Role deleted.")).toBeVisible();
    await expectPath(page, "/roles");
    await expectParam(page, "search", token);
    await expect(page.getByText("No roles found")).toBeVisible();
  });

  test("bulk: selected roles are deleted after confirmation; with nothing selected no bulk button shows", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const api = await adminApi(request);
    const names = [1, 2, 3].map((n) => `E2E Bulk ${n} ${token}`);
    for (const n of names) await api.createRole(n);

    await page.goto(`/roles?search=${token}`);
    await expect(tableRows(page)).toHaveCount(3);
    // Without JavaScript the button answers 'No items selected' (tests/nojs/roles-teams.test.ts).
    await expectNoBulkButtons(page);
    await expect(confirmDialog(page)).toHaveCount(0);
    await expect(tableRows(page)).toHaveCount(3);

    await page.getByRole("checkbox", { name: `Select ${names[0]}`, exact: true }).check();
    await page.getByRole("checkbox", { name: `Select ${names[1]}`, exact: true }).check();
    await page.getByRole("button", { name: "Delete 2 roles", exact: true }).click();
    await expect(confirmDialog(page)).toContainText("Are you sure you want to delete these 2 roles?");
    await confirmDialog(page).getByRole("button", { name: "Remove", exact: true }).click();
    await expect(toast(page, "Roles deleted.")).toBeVisible();
    await expectParam(page, "search", token);
    await expectColumn(page, [names[2]]);
  });

  test("the system role Administrator can be renamed but not deleted or selected", async ({ page }) => {
    await page.goto("/roles?search=Administrator");
    const row = rowWith(page, "Administrator");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("System");
    await expect(page.getByRole("checkbox", { name: "Select Administrator", exact: true })).toBeDisabled();
    await expect(page.getByRole("link", { name: "Rename Administrator", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Delete Administrator", exact: true })).toHaveCount(0);
  });
});

test.describe("Role permissions", () => {
  test("ticked permissions are saved and still ticked after a reload; unticked ones are removed", async ({ page, request }, testInfo) => {
    const token = uniqueToken(testInfo);
    const name = `E2E Perms ${token}`;
    await (await adminApi(request)).createRole(name);

    await openPermissions(page, token, name);
    await expect(page.getByText("0 permissions granted.")).toBeVisible();
    await expect(permission(page, "task_view")).not.toBeChecked();
    await expect(permission(page, "provider_manage")).not.toBeChecked();
    // The permissions are grouped, one fieldset per permission group.
    expect(await page.locator("fieldset legend").count()).toBeGreaterThan(1);

    await permission(page, "task_view").check();
    await permission(page, "provider_manage").check();
    await savePermissions(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name}: permissions`);
    await expect(permission(page, "task_view")).toBeChecked();
    await expect(permission(page, "provider_manage")).toBeChecked();
    await expect(permission(page, "task_manage")).not.toBeChecked();
    await expect(page.getByText("2 permissions granted.")).toBeVisible();

    await permission(page, "task_view").uncheck();
    await savePermissions(page);
    await page.reload();
    await expect(permission(page, "task_view")).not.toBeChecked();
    await expect(permission(page, "provider_manage")).toBeChecked();
    await expect(page.getByText(/^1 permission granted\./)).toBeVisible();

    // The roles list counts them too.
    await page.goto(`/roles?search=${token}`);
    await expect(rowWith(page, name).locator("td").nth(3)).toHaveText("1");
  });

  test("the Administrator's locked permissions are shown Locked and cannot be unticked", async ({ page }) => {
    await openPermissions(page, "Administrator", "Administrator");
    for (const locked of ["role_view", "role_manage"]) {
      const box = permission(page, locked);
      await expect(box, locked).toBeChecked();
      await expect(box, locked).toBeDisabled();
      await expect(page.locator("label").filter({ has: box }), locked).toContainText("Locked");
      // A click does nothing.
      await box.click({ force: true });
      await expect(box, locked).toBeChecked();
    }
    await expect(page.getByText("Locked", { exact: true })).toHaveCount(2);
    // Each permission by its name for people, grouped by its permission group; no machine key, no emoji.
    await expect(page.locator("label").filter({ has: permission(page, "role_manage") })).toContainText("Manage roles");
    await expect(
      page
        .locator("fieldset")
        .filter({ has: permission(page, "role_manage") })
        .locator("legend"),
    ).toHaveText("Roles");
    await expect(page.locator("main")).not.toContainText("role_manage");
    expect(await page.locator("main").textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    // Any other permission of the Administrator may be changed.
    await expect(permission(page, "task_view")).toBeChecked();
    await expect(permission(page, "task_view")).toBeEnabled();
  });
});

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E, USERS, apiSignIn, expectHydrated, expectPath, startSession } from "./helpers";
import { drawer, rowWith, toast, uniqueToken } from "./lists";

/**
 * The team drawer (/team/:id over the teams list), with JavaScript on and off: renaming (a taken name is refused
 * under the field), and with JavaScript the drawer is a modal that Escape closes, whether it was opened from the
 * list (a dialog, a chunk fetched after the page's first-load JavaScript) or drawn by the server on a page load
 * (its panel, made modal once the JavaScript runs). Every team a test changes is one it created itself, named with a random token.
 */

async function teamApi(request: APIRequestContext) {
  const { token } = await apiSignIn(request, USERS.admin.email);
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  return {
    async create(name: string) {
      const res = await request.post(`${E2E.main.api}/api/v1/teams`, { headers, data: { name } });
      expect(res.status(), `creating team ${name}: ${await res.text()}`).toBe(201);
      return ((await res.json()) as { data: { id: number } }).data.id;
    },
    async remove(id: number) {
      await request.delete(`${E2E.main.api}/team/${id}`, { headers });
    },
  };
}

/** The drawer is open as a modal: the page behind it is inert (Headless UI's dialog, or the live panel drawn by the server). */
async function expectModal(page: Page) {
  await expect(drawer(page)).toBeVisible();
  await expect(page.locator("body[data-drawer-open]")).toHaveCount(1);
  await expect.poll(() => page.locator("main table").evaluate((table) => Boolean(table.closest("[inert]")))).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await startSession(page, USERS.admin);
});

test("a team is renamed in its drawer; a taken name is refused under the field", async ({ page, request }, testInfo) => {
  const token = uniqueToken(testInfo);
  const api = await teamApi(request);
  const name = `E2E Team ${token}`;
  const other = `E2E Team ${token} other`;
  const ids = [await api.create(name), await api.create(other)];
  try {
    await page.goto(`/team?search=${token}`);
    await rowWith(page, other).waitFor();
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/team/${ids[0]}`);
    await expect(drawer(page).getByText(`Team: ${name}`, { exact: true })).toBeVisible();

    const field = drawer(page).locator("#team-name");
    await field.fill(other);
    await drawer(page).getByRole("button", { name: "Rename", exact: true }).click();
    await expect(drawer(page).getByText("A team with this name already exists.", { exact: true })).toBeVisible();

    await field.fill(`${name} renamed`);
    await drawer(page).getByRole("button", { name: "Rename", exact: true }).click();
    await expect(toast(page, "Team updated.")).toBeVisible();
    await expect(drawer(page).getByText(`Team: ${name} renamed`, { exact: true })).toBeVisible();
    await expect(drawer(page).locator("#team-name")).toHaveValue(`${name} renamed`);
  } finally {
    for (const id of ids) await api.remove(id);
  }
});

test("with JavaScript the drawer is a modal that Escape closes, opened from the list (a dialog) or drawn on a page load (the panel)", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "without JavaScript the drawer is a panel whose backdrop and ✕ are links back");
  const token = uniqueToken(testInfo);
  const api = await teamApi(request);
  const name = `E2E Team ${token}`;
  const id = await api.create(name);
  try {
    await page.goto(`/team?search=${token}`);
    // The list's table hydrates after the page (the list kit's island): until then its links load the page.
    await expectHydrated(page.getByRole("link", { name, exact: true }));
    await page.getByRole("link", { name, exact: true }).click();
    await expectModal(page);
    await expect(page.locator("div[data-drawer-open]")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(drawer(page)).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === "/team" && url.searchParams.get("search") === token);
    // The focus is back on the link that opened it.
    await expect(page.getByRole("link", { name, exact: true })).toBeFocused();

    await page.goto(`/team/${id}?search=${token}`);
    await expectHydrated(page.locator("#team-name"));
    await expectModal(page);
    await expect(page.locator("div[data-drawer-open]")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(drawer(page)).toHaveCount(0);
    await expectPath(page, "/team");
    // Drawn by the server, it was opened by the page load: the focus goes to the list's link to it, not the page's body.
    await expect(page.getByRole("link", { name, exact: true })).toBeFocused();
  } finally {
    await api.remove(id);
  }
});

test("ADD TEAM with a blank name says to enter a team name, under the field", async ({ page }) => {
  await page.goto("/team/new");
  const name = drawer(page).getByRole("textbox", { name: "Team name", exact: true });
  await name.fill("   ");
  await drawer(page).getByRole("button", { name: "Save", exact: true }).click();
  await expect(drawer(page).getByText("Enter a team name.", { exact: true })).toBeVisible();
  await expect(drawer(page).getByText("Enter a role name.")).toHaveCount(0);
});

test("a colleague is added to a team, given a role and removed; Add member with nobody chosen says to choose a user, under the field", async ({
  page,
  request,
}, testInfo) => {
  const token = uniqueToken(testInfo);
  const api = await teamApi(request);
  const name = `E2E Team ${token}`;
  const id = await api.create(name);
  // A colleague no other browser test signs in as: being added to a team puts a notification in their bell.
  const colleague = "Sophie Turner (sophie.turner@harbour.test)";
  try {
    await page.goto(`/team/${id}`);
    await expect(drawer(page).getByText("No members yet.", { exact: true })).toBeVisible();

    await drawer(page).getByRole("button", { name: "Add member", exact: true }).click();
    await expect(drawer(page).getByText("Choose a user.", { exact: true })).toBeVisible();

    if (testInfo.project.name === "nojs") {
      await drawer(page).locator("select#team-add-user").selectOption({ label: colleague });
    } else {
      const input = drawer(page).locator("input#team-add-user");
      await expectHydrated(input);
      await input.click();
      await input.fill("Sophie");
      await page.getByRole("option", { name: colleague, exact: true }).click();
    }
    await drawer(page).getByRole("combobox", { name: "Role of the new member", exact: true }).selectOption("leader");
    await drawer(page).getByRole("button", { name: "Add member", exact: true }).click();
    await expect(toast(page, "Member added.")).toBeVisible();
    await expect(drawer(page).getByText("Members (1)", { exact: true })).toBeVisible();
    await expect(drawer(page).getByRole("combobox", { name: "Role of Sophie Turner", exact: true })).toHaveValue("leader");
    await expect(drawer(page).getByText("Choose a user.", { exact: true })).toHaveCount(0);

    await drawer(page).getByRole("button", { name: "Remove Sophie Turner", exact: true }).click();
    await expect(toast(page, "Member removed.")).toBeVisible();
    await expect(drawer(page).getByText("No members yet.", { exact: true })).toBeVisible();
  } finally {
    await api.remove(id);
  }
});

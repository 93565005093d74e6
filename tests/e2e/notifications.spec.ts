import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { E2E, PASSWORD, USERS, apiSignIn, expectHydrated, expectPath, signIn, startSession, type DemoUser } from "./helpers";

/** The page's toast (success toasts are a status, failures an alert). */
const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });
/** The open confirmation dialog. */
const confirmDialog = (page: Page) => page.locator("[data-confirm]");

/**
 * The bell and its panel, with JavaScript on (a popover) and off (the /notifications panel).
 *
 * The `js` and `nojs` projects run at the same time on one database, so each signs in as a Harbour
 * Brokers staff member of its own (nobody else's tests use them), whose seeded history has 2 to 4 unread
 * notifications. Tests read what the seed gave rather than assuming exact texts.
 */

const staff = (email: string, name: string, lastName: string): DemoUser => ({
  email,
  name,
  lastName,
  theme: "flightdeck",
  landing: "/dashboard",
  landingTitle: "Dashboard",
});
const READER = { js: staff("james.wright@harbour.test", "James", "Wright"), nojs: staff("priya.patel@harbour.test", "Priya", "Patel") };
const EMPTY = { js: staff("daniel.okafor@harbour.test", "Daniel", "Okafor"), nojs: staff("emily.chen@harbour.test", "Emily", "Chen") };

const userOf = (set: Record<"js" | "nojs", DemoUser>, testInfo: TestInfo) => set[testInfo.project.name as "js" | "nojs"];
const jsOn = (testInfo: TestInfo) => testInfo.project.name === "js";

const bell = (page: Page) => page.locator("[data-bell]");
const badge = (page: Page) => page.locator("[data-bell] [data-badge]");
const panel = (page: Page) => page.locator("[data-notifications-panel]");
const items = (page: Page) => panel(page).locator("[data-notification]");
const unreadItems = (page: Page) => panel(page).locator('[data-notification][data-unread="true"]');

/** Opens the panel: the popover with JavaScript, the /notifications panel without. */
async function openPanel(page: Page, testInfo: TestInfo) {
  // With JavaScript the bell opens its popover once the frame has hydrated; before that it is the link to the panel.
  await expectHydrated(bell(page));
  await bell(page).click();
  if (!jsOn(testInfo)) await expectPath(page, "/notifications");
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText("Loading...")).toHaveCount(0);
}

async function badgeNumber(page: Page): Promise<number> {
  if ((await badge(page).count()) === 0) return 0;
  return Number.parseInt((await badge(page).innerText()).trim(), 10);
}

/** The user's API (their own token): to check what the portal did, and to set up a test's data. */
async function userApi(request: APIRequestContext, email: string) {
  const { token } = await apiSignIn(request, email);
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  return {
    async get(id: string) {
      return request.get(`${E2E.main.api}/notification/${id}`, { headers });
    },
    async count(): Promise<number> {
      const res = await request.get(`${E2E.main.api}/notification/count`, { headers });
      return ((await res.json()) as { new: number }).new;
    },
    async remove(id: string) {
      return request.delete(`${E2E.main.api}/notification/${id}`, { headers });
    },
    async all(): Promise<{ id: string }[]> {
      const res = await request.get(`${E2E.main.api}/notification`, { headers, params: { "page[size]": "50" } });
      return ((await res.json()) as { items: { id: string }[] }).items;
    },
  };
}

/**
 * Makes sure the user has an unread notification, by a real event: the admin gives them the
 * Administrator role and takes it back (each change notifies them). Used only when the seeded unread
 * ones are used up (a retried test).
 */
async function ensureUnread(request: APIRequestContext, user: DemoUser) {
  const mine = await userApi(request, user.email);
  if ((await mine.count()) > 0) return;
  const admin = (await apiSignIn(request, USERS.admin.email)).token;
  const headers = { Authorization: `Bearer ${admin}`, Accept: "application/json" };
  const me = await request.post(`${E2E.main.api}/login`, { data: { email: user.email, password: PASSWORD } });
  const userId = ((await me.json()) as { user: { id: number } }).user.id;
  const roles = ((await (await request.get(`${E2E.main.api}/role/info`, { headers })).json()) as { data: { id: number; name: string }[] }).data;
  const id = (name: string) => roles.find((r) => r.name === name)!.id;
  for (const roleIds of [[id("Task viewer"), id("Administrator")], [id("Task viewer")]]) {
    const res = await request.put(`${E2E.main.api}/users/${userId}/roles`, { headers, data: { role_ids: roleIds } });
    expect(res.status()).toBe(200);
  }
  expect(await mine.count()).toBeGreaterThan(0);
}

test.describe("the bell and its panel", () => {
  test("the badge shows the unread count; the panel lists 4 at a time, with 'More' on demand", async ({ page }, testInfo) => {
    const user = userOf(READER, testInfo);
    await signIn(page, user);
    await expect(badge(page)).toBeVisible();
    expect(await badgeNumber(page)).toBeGreaterThan(0);
    await expect(bell(page)).toHaveAttribute("aria-label", `Notifications, ${await badgeNumber(page)} unread`);

    await openPanel(page, testInfo);
    await expect(items(page)).toHaveCount(4);
    await panel(page)
      .getByRole(jsOn(testInfo) ? "button" : "link", { name: "More", exact: true })
      .click();
    await expect(items(page)).toHaveCount(8);
    // Newest first: the relative dates begin with today's 'at HH:mm'.
    await expect(items(page).first().locator("time")).toHaveText(/^at \d{2}:\d{2}$/);
  });

  test("a seeded unread notification is read by clicking it, and lands on its link", async ({ page, request }, testInfo) => {
    const user = userOf(READER, testInfo);
    await ensureUnread(request, user);
    await signIn(page, user);
    await expect(badge(page)).toBeVisible();
    const before = await badgeNumber(page);
    expect(before).toBeGreaterThan(0);

    await openPanel(page, testInfo);
    const item = unreadItems(page).first();
    const id = (await item.getAttribute("data-id"))!;
    const target = item.locator("button[data-link]");
    const link = (await target.getAttribute("data-link"))!;
    expect(link).toMatch(/^\/[a-z]/);
    await target.click();

    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === link || url.pathname === link.split("?")[0]);
    await expect(page.locator("[data-bell]")).toBeVisible();
    if (before > 1) await expect(badge(page)).toHaveText(String(before - 1));
    else await expect(badge(page)).toHaveCount(0);
    const stored = await (await userApi(request, user.email)).get(id);
    expect(((await stored.json()) as { data: { read_at: string | null } }).data.read_at).not.toBeNull();
  });

  test("'Mark all as read' clears the badge", async ({ page, request }, testInfo) => {
    const user = userOf(READER, testInfo);
    await ensureUnread(request, user);
    await signIn(page, user);
    await expect(badge(page)).toBeVisible();

    await openPanel(page, testInfo);
    await expect(unreadItems(page).first()).toBeVisible();
    await panel(page).getByRole("button", { name: "Mark all as read" }).click();
    await expect(badge(page)).toHaveCount(0);
    await expect(unreadItems(page)).toHaveCount(0);
    await expect(bell(page)).toHaveAttribute("aria-label", "Notifications, none unread");
    expect(await (await userApi(request, user.email)).count()).toBe(0);

    // Still clear on the next page load.
    await page.goto("/dashboard");
    await expect(bell(page)).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
  });

  test("deleting asks first: Cancel keeps it, Delete removes it with 'Notification deleted.'", async ({ page, request }, testInfo) => {
    const user = userOf(READER, testInfo);
    await signIn(page, user);
    await openPanel(page, testInfo);
    const item = items(page).first();
    const id = (await item.getAttribute("data-id"))!;
    const title = (await item.locator("[data-title]").innerText()).trim();

    await item.getByRole(jsOn(testInfo) ? "button" : "link", { name: `Delete notification: ${title}` }).click();
    const dialog = confirmDialog(page);
    await expect(dialog.getByText("Are you sure you want to delete this notification?")).toBeVisible();
    await dialog.getByRole(jsOn(testInfo) ? "button" : "link", { name: "Cancel" }).click();
    await expect(confirmDialog(page)).toHaveCount(0);
    await expect(panel(page).locator(`[data-id="${id}"]`)).toBeVisible();
    expect((await (await userApi(request, user.email)).get(id)).status()).toBe(200);

    await panel(page)
      .locator(`[data-id="${id}"]`)
      .getByRole(jsOn(testInfo) ? "button" : "link", { name: `Delete notification: ${title}` })
      .click();
    await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Notification deleted.")).toBeVisible();
    await expect(panel(page).locator(`[data-id="${id}"]`)).toHaveCount(0);
    expect((await (await userApi(request, user.email)).get(id)).status()).toBe(404);
  });

  test("a problem is reported: one deleted meanwhile cannot be deleted or read", async ({ page, request }, testInfo) => {
    const user = userOf(READER, testInfo);
    const api = await userApi(request, user.email);
    await signIn(page, user);
    await openPanel(page, testInfo);
    const first = items(page).nth(0);
    const firstId = (await first.getAttribute("data-id"))!;
    const title = (await first.locator("[data-title]").innerText()).trim();

    // Asked to confirm, but gone by the time the user confirms.
    await first.getByRole(jsOn(testInfo) ? "button" : "link", { name: `Delete notification: ${title}` }).click();
    await expect(confirmDialog(page)).toBeVisible();
    expect((await api.remove(firstId)).status()).toBe(204);
    await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Problem deleting notification.")).toBeVisible();

    // Clicked, but gone by the time the click arrives.
    if (!jsOn(testInfo)) await page.reload();
    else {
      await page.goto("/dashboard");
      await openPanel(page, testInfo);
    }
    const next = items(page).first();
    const nextId = (await next.getAttribute("data-id"))!;
    expect((await api.remove(nextId)).status()).toBe(204);
    await next.locator("button[data-link]").click();
    await expect(toast(page, "Problem marking notification as read.")).toBeVisible();
  });

  test("'No Notifications' when there are none", async ({ page, request }, testInfo) => {
    const user = userOf(EMPTY, testInfo);
    const api = await userApi(request, user.email);
    for (const n of await api.all()) await api.remove(n.id);
    await signIn(page, user);
    await expect(badge(page)).toHaveCount(0);
    await openPanel(page, testInfo);
    await expect(panel(page).getByText("No Notifications", { exact: true })).toBeVisible();
    await expect(items(page)).toHaveCount(0);
  });
});

test.describe("the panel without JavaScript", () => {
  test("is a page of its own that closes back to where it was opened", async ({ page }, testInfo) => {
    test.skip(jsOn(testInfo), "the popover replaces it with JavaScript");
    await startSession(page, userOf(READER, testInfo));
    await page.goto("/tasks");
    await bell(page).click();
    await expectPath(page, "/notifications");
    await expect(page).toHaveTitle("Notifications | flightDeck");
    await page.locator("[data-drawer]").getByRole("link", { name: "Close" }).click();
    await expectPath(page, "/tasks");
  });
});

test.describe("the popover with JavaScript", () => {
  test("opens and closes on the page, refetching its list each time it opens", async ({ page, request }, testInfo) => {
    test.skip(!jsOn(testInfo), "without JavaScript the bell is a link to the panel");
    const user = userOf(READER, testInfo);
    await startSession(page, user);
    await page.goto("/tasks");
    await openPanel(page, testInfo);
    await expectPath(page, "/tasks");
    await expect(bell(page)).toHaveAttribute("aria-expanded", "true");
    const firstId = await items(page).first().getAttribute("data-id");
    await page.keyboard.press("Escape");
    await expect(panel(page)).toHaveCount(0);

    // Gone meanwhile: the next opening does not show it.
    expect((await (await userApi(request, user.email)).remove(firstId!)).status()).toBe(204);
    await openPanel(page, testInfo);
    await expect(items(page).first()).not.toHaveAttribute("data-id", firstId!);
    await page.locator("h1").click();
    await expect(panel(page)).toHaveCount(0);
  });
});

import { beforeAll, describe, expect, test } from "vitest";
import { NOJS, PASSWORD, USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, nameOf, norm } from "./harness";

/**
 * The bell and its panel without JavaScript: the bell is a link to the /notifications panel, whose items,
 * 'More', 'Mark all as read' and delete are links and forms. Harbour Brokers staff members whom no other
 * test file uses: Priya Patel (a seeded history with unread notifications) and Emily Chen (emptied here).
 */

const READER = "priya.patel@harbour.test";
const EMPTY = "emily.chen@harbour.test";

async function signedIn(email: string) {
  const browser = new NojsBrowser(NOJS.flightdeck);
  const page = await browser.signIn(email);
  expect(page.path).toBe("/dashboard");
  return { browser, page };
}

const badgeNumber = (page: NojsPage) => {
  const b = page.$("[data-bell] [data-badge]");
  return b ? Number.parseInt(norm(b.text), 10) : 0;
};
const items = (page: NojsPage) => page.$$("[data-notifications-panel] [data-notification]");
const unread = (page: NojsPage) => page.$$('[data-notifications-panel] [data-notification][data-unread="true"]');

async function openPanel(page: NojsPage) {
  const panel = await page.click({ css: "[data-bell]" });
  expect(panel.path).toBe("/notifications");
  expect(panel.$("[data-notifications-panel]")).not.toBeNull();
  return panel;
}

let reader: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  reader = await apiAs(READER);
});

/** Makes sure the reader has an unread notification, by a real event: the admin gives them a role and takes it back. */
async function ensureUnread() {
  const { new: count } = await reader.call<{ new: number }>("GET", "/notification/count");
  if (count > 0) return;
  const admin = await apiAs(USERS.admin.email);
  const me = (await (
    await fetch(`${NOJS.api}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: READER, password: PASSWORD }),
    })
  ).json()) as { user: { id: number } };
  const roles = (await admin.call<{ data: { id: number; name: string }[] }>("GET", "/role/info")).data;
  const id = (name: string) => roles.find((r) => r.name === name)!.id;
  for (const roleIds of [[id("Task viewer"), id("Administrator")], [id("Task viewer")]])
    await admin.call("PUT", `/users/${me.user.id}/roles`, { role_ids: roleIds }, 200);
}

describe("the bell and its panel", () => {
  test("the badge shows the unread count; the panel lists 4 at a time, with 'More' on demand", async () => {
    await ensureUnread();
    const { page } = await signedIn(READER);
    const count = badgeNumber(page);
    expect(count).toBeGreaterThan(0);
    expect(page.one("[data-bell]").getAttribute("aria-label")).toBe(`Notifications, ${count} unread`);
    const panel = await openPanel(page);
    expect(items(panel)).toHaveLength(4);
    const more = await panel.click("More", panel.one("[data-notifications-panel]"));
    expect(items(more)).toHaveLength(8);
    expect(norm(items(more)[0].querySelector("time")?.text)).toMatch(/^at \d{2}:\d{2}$/);
  });

  test("an unread notification is read by choosing it, and lands on its link", async () => {
    await ensureUnread();
    const { page } = await signedIn(READER);
    const before = badgeNumber(page);
    expect(before).toBeGreaterThan(0);
    const panel = await openPanel(page);
    const item = unread(panel)[0];
    const id = item.getAttribute("data-id")!;
    const button = item.querySelector("button[data-link]")!;
    const link = button.getAttribute("data-link")!;
    expect(link).toMatch(/^\/[a-z]/);
    const landed = await panel.form(button.closest("form")!).submit(nameOf(button));
    expect(`${landed.path}${landed.url.search}` === link || landed.path === link.split("?")[0]).toBe(true);
    expect(landed.$("[data-bell]")).not.toBeNull();
    expect(badgeNumber(landed)).toBe(before - 1);
    const stored = await reader.call<{ data: { read_at: string | null } }>("GET", `/notification/${id}`);
    expect(stored.data.read_at).not.toBeNull();
  });

  test("'Mark all as read' clears the badge, still clear on the next page", async () => {
    await ensureUnread();
    const { browser, page } = await signedIn(READER);
    expect(badgeNumber(page)).toBeGreaterThan(0);
    const panel = await openPanel(page);
    expect(unread(panel).length).toBeGreaterThan(0);
    const done = await panel.form({ button: "Mark all as read" }).submit("Mark all as read");
    expect(badgeNumber(done)).toBe(0);
    expect(unread(done)).toHaveLength(0);
    expect(done.one("[data-bell]").getAttribute("aria-label")).toBe("Notifications, none unread");
    expect((await reader.call<{ new: number }>("GET", "/notification/count")).new).toBe(0);
    expect(badgeNumber(await browser.goto("/dashboard"))).toBe(0);
  });

  test("deleting asks first: Cancel keeps it, Delete removes it with 'Notification deleted.'", async () => {
    const { page } = await signedIn(READER);
    const panel = await openPanel(page);
    const item = items(panel)[0];
    const id = item.getAttribute("data-id")!;
    const title = norm(item.querySelector("[data-title]")?.text);
    const ask = await panel.click(`Delete notification: ${title}`, item);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this notification?");
    const kept = await ask.click("Cancel", ask.confirmation()!);
    expect(kept.confirmation()).toBeNull();
    expect(kept.$(`[data-notifications-panel] [data-id="${id}"]`)).not.toBeNull();
    await reader.call("GET", `/notification/${id}`, undefined, 200);
    const again = await kept.click(`Delete notification: ${title}`, kept.one(`[data-notifications-panel] [data-id="${id}"]`));
    const gone = await again.form({ button: "Delete", within: again.confirmation() }).submit("Delete");
    expect(gone.toasts()).toContain("Notification deleted.");
    expect(gone.$(`[data-notifications-panel] [data-id="${id}"]`)).toBeNull();
    await reader.call("GET", `/notification/${id}`, undefined, 404);
  });

  test("a problem is reported: one deleted meanwhile cannot be deleted or read", async () => {
    const { page } = await signedIn(READER);
    const panel = await openPanel(page);
    const first = items(panel)[0];
    const firstId = first.getAttribute("data-id")!;
    const title = norm(first.querySelector("[data-title]")?.text);
    const ask = await panel.click(`Delete notification: ${title}`, first);
    expect(ask.confirmation()).not.toBeNull();
    await reader.call("DELETE", `/notification/${firstId}`, undefined, 204);
    const problem = await ask.form({ button: "Delete", within: ask.confirmation() }).submit("Delete");
    expect(problem.toasts()).toContain("Problem deleting notification.");

    const reloaded = await problem.goto(problem.url.pathname + problem.url.search);
    const next = items(reloaded)[0];
    const nextId = next.getAttribute("data-id")!;
    await reader.call("DELETE", `/notification/${nextId}`, undefined, 204);
    const button = next.querySelector("button[data-link]")!;
    const answer = await reloaded.form(button.closest("form")!).submit(nameOf(button));
    expect(answer.toasts()).toContain("Problem marking notification as read.");
  });

  test("'No Notifications' when there are none", async () => {
    const empty = await apiAs(EMPTY);
    const all = (await empty.call<{ items: { id: string }[] }>("GET", "/notification?page%5Bsize%5D=50")).items;
    for (const n of all) await empty.call("DELETE", `/notification/${n.id}`, undefined, 204);
    const { page } = await signedIn(EMPTY);
    expect(page.$("[data-bell] [data-badge]")).toBeNull();
    const panel = await openPanel(page);
    expect(panel.text("[data-notifications-panel]")).toContain("No Notifications");
    expect(items(panel)).toHaveLength(0);
  });
});

test("without JavaScript the panel is a page of its own that closes back to where it was opened", async () => {
  const { browser } = await signedIn(READER);
  const tasks = await browser.goto("/tasks");
  const panel = await openPanel(tasks);
  expect(panel.title).toBe("Notifications | flightDeck");
  const back = await panel.click("Close", panel.drawer()!);
  expect(back.path).toBe("/tasks");
});

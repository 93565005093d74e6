import { describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, uniqueToken } from "./harness";

/**
 * The calendar without JavaScript: month, week and day views drawn by the server and moved between by links (the
 * period in the URL), a repeating event created in the drawer (a refusal first: the end before the start), one
 * occurrence moved and another cancelled while the series stays, reminders (a time in the past refused, created
 * with a document, snoozed, the document deleted), and the feed address regenerated. Every test works in a far
 * period of its own (year 2041 and later), so the seeded calendar never gets in the way.
 */

const admin = () => NojsBrowser.as("admin");
/** A Monday in a year of its own for each test run (2041 + a random number of weeks). */
function freshMonday(): string {
  const d = new Date(Date.UTC(2041, 0, 7)); // a Monday
  d.setUTCDate(d.getUTCDate() + 7 * Math.floor(Math.random() * 400));
  return d.toISOString().slice(0, 10);
}
const plusDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const uk = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const occurrenceNames = (page: NojsPage) => page.$$("[data-occurrence]").map((a) => a.getAttribute("aria-label") ?? "");

describe("Calendar: periods in the URL", () => {
  test("month, week and day views move with their links and keep the period in the address", async () => {
    const month = await admin().goto("/calendar?view=month&date=2041-03-15");
    expect(month.h1).toBe("Calendar");
    expect(month.text("[data-period-title]")).toBe("March 2041");
    expect(month.$$("[data-view=month] td[data-day]")).toHaveLength(35);
    const next = await month.click("Next month");
    expect(next.param("view")).toBe("month");
    expect(next.param("date")).toBe("2041-04-15");
    expect(next.text("[data-period-title]")).toBe("April 2041");
    const back = await next.click("Previous month");
    expect(back.text("[data-period-title]")).toBe("March 2041");

    const week = await back.click("Week");
    expect(week.param("view")).toBe("week");
    expect(week.text("[data-period-title]")).toBe("Week of Monday 11 March 2041");
    expect(week.$$("[data-view=week] [data-day]").map((d) => d.getAttribute("data-day"))).toEqual([
      "2041-03-11",
      "2041-03-12",
      "2041-03-13",
      "2041-03-14",
      "2041-03-15",
      "2041-03-16",
      "2041-03-17",
    ]);
    const nextWeek = await week.click("Next week");
    expect(nextWeek.param("date")).toBe("2041-03-22");

    const day = await nextWeek.click("Day");
    expect(day.text("[data-period-title]")).toBe("Friday 22 March 2041");
    const previousDay = await day.click("Previous day");
    expect(previousDay.text("[data-period-title]")).toBe("Thursday 21 March 2041");
    // A Saturday far ahead: no demo series reaches it (the empty state).
    const saturday = await (await previousDay.click("Next day")).click("Next day");
    expect(saturday.text("[data-period-title]")).toBe("Saturday 23 March 2041");
    expect(saturday.text("[data-view=day]")).toContain("No events on this day.");

    const fromMonth = await (await previousDay.click("Month")).click("Monday 4 March 2041");
    expect(fromMonth.param("view")).toBe("day");
    expect(fromMonth.param("date")).toBe("2041-03-04");
    // The agenda (small screens) is drawn too.
    expect(fromMonth.$("[data-agenda]")).not.toBeNull();
  });
});

describe("Calendar: events in the drawer", () => {
  test("a weekly event created in the drawer, after the end-before-start refusal; one occurrence moved, another cancelled", async () => {
    const monday = freshMonday();
    const name = `Nojs weekly ${uniqueToken()}`;
    const day = await admin().goto(`/calendar?view=day&date=${monday}`);
    const drawer = await day.click("New event");
    expect(drawer.path).toBe("/calendar/new");
    expect(drawer.text("[data-drawer]")).toContain("New event");
    expect(drawer.form().value("Start date")).toBe(monday);

    const refused = await drawer
      .form()
      .fill("Name", name)
      .fill("Start time", "09:00")
      .fill("End time", "08:30")
      .select("Repeats", "weekly")
      .check("Monday")
      .check("After a number of times")
      .fill("Number of times", "3")
      .submit("Save");
    expect(refused.status).toBe(422);
    expect(refused.fieldError("End time")).toBe("The end must be after the start.");
    expect(refused.form().value("Name")).toBe(name);

    const saved = await refused.form().fill("End time", "10:00").submit("Save");
    expect(saved.toasts()).toContain("Event created.");
    expect(saved.path).toBe("/calendar");
    expect(saved.param("date")).toBe(monday);
    expect(occurrenceNames(saved)).toContain(`${name} at 09:00 to 10:00`);

    // The week after: the second occurrence; three weeks after: none (3 times).
    const week2 = await admin().goto(`/calendar?view=week&date=${plusDays(monday, 7)}`);
    expect(occurrenceNames(week2)).toContain(`${name} at 09:00`);
    const week4 = await admin().goto(`/calendar?view=week&date=${plusDays(monday, 21)}`);
    expect(occurrenceNames(week4)).not.toContain(`${name} at 09:00`);

    // Move the second occurrence to the Tuesday afternoon.
    const open = await week2.click(`${name} at 09:00`);
    expect(open.text("[data-drawer]")).toContain(`This occurrence (${uk(plusDays(monday, 7))})`);
    expect(open.text("[data-repeat-text]")).toContain("Weekly on Monday, 3 times");
    const moved = await open
      .form({ button: "Move this occurrence" })
      .fill("New start date", plusDays(monday, 8))
      .fill("New start time", "14:00")
      .fill("New end date", plusDays(monday, 8))
      .fill("New end time", "15:00")
      .submit("Move this occurrence");
    expect(moved.toasts()).toContain("Occurrence moved.");
    const tuesday = await admin().goto(`/calendar?view=day&date=${plusDays(monday, 8)}`);
    expect(occurrenceNames(tuesday)).toContain(`${name} at 14:00 to 15:00`);
    const secondMonday = await admin().goto(`/calendar?view=day&date=${plusDays(monday, 7)}`);
    expect(occurrenceNames(secondMonday)).not.toContain(`${name} at 09:00 to 10:00`);

    // Cancel the third, with a confirmation; the first stays as it was.
    const third = await (await admin().goto(`/calendar?view=day&date=${plusDays(monday, 14)}`)).click(`${name} at 09:00 to 10:00`);
    const confirm = await third.click("Cancel this occurrence");
    expect(confirm.text("[data-confirm]")).toContain(`Cancel ${name} on ${uk(plusDays(monday, 14))}`);
    const cancelled = await confirm.form().submit("Cancel occurrence");
    expect(cancelled.toasts()).toContain("Occurrence cancelled.");
    expect(occurrenceNames(cancelled)).not.toContain(`${name} at 09:00 to 10:00`);
    const first = await admin().goto(`/calendar?view=day&date=${monday}`);
    expect(occurrenceNames(first)).toContain(`${name} at 09:00 to 10:00`);

    // The series is edited in the same drawer; then deleted with its confirmation.
    const edit = await first.click(`${name} at 09:00 to 10:00`);
    const renamed = await edit.form({ button: "Save" }).fill("Name", `${name} (renamed)`).submit("Save");
    expect(renamed.toasts()).toContain("Event updated.");
    const again = await renamed.click(`${name} (renamed) at 09:00 to 10:00`);
    const del = await again.click("Delete event");
    const deleted = await del.form().submit("Delete");
    expect(deleted.toasts()).toContain("Event deleted.");
    expect(occurrenceNames(deleted).some((n) => n.startsWith(name))).toBe(false);
  });
});

describe("Calendar: reminders", () => {
  test("a reminder in the past is refused; created with a document, snoozed, its document deleted, then deleted", async () => {
    const name = `Nojs reminder ${uniqueToken()}`;
    const page = await admin().goto("/calendar?view=month&date=2041-05-01");
    const drawer = await page.click("New reminder");
    expect(drawer.text("[data-drawer]")).toContain("New reminder");
    const refused = await drawer.form().fill("Name", name).fill("Date", "2020-01-01").fill("Time", "09:00").submit("Save");
    expect(refused.status).toBe(422);
    expect(refused.fieldError("Time")).toBe("The reminder time must be in the future.");

    const saved = await refused
      .form()
      .fill("Date", "2041-05-02")
      .fill("Time", "10:15")
      .check("Also send me an e-mail")
      .attach("Documents", { name: "notes.txt", type: "text/plain", content: "Bring the signed forms." })
      .submit("Save");
    expect(saved.toasts()).toContain("Reminder created.");
    const item = saved.$$("[data-reminder]").find((li) => li.text.includes(name));
    expect(item).toBeDefined();
    expect(item!.text).toContain("02/05/2041 10:15");
    expect(item!.text).toContain("1 document");

    const snoozed = await saved
      .form({ button: `Snooze ${name}` })
      .select(`Snooze ${name} for`, "1 day")
      .submit(`Snooze ${name}`);
    expect(snoozed.toasts()).toContain("Reminder snoozed for 1 day.");
    const after = snoozed.$$("[data-reminder]").find((li) => li.text.includes(name));
    expect(after?.text).toContain("(snoozed)");

    const open = await snoozed.click(name);
    expect(open.text("[data-drawer]")).toContain("Edit reminder");
    expect(open.text("[data-drawer]")).toContain("notes.txt");
    const confirm = await open.click("Delete notes.txt");
    const gone = await confirm.form().submit("Delete");
    expect(gone.toasts()).toContain("Document deleted.");
    expect(gone.path).toMatch(/^\/calendar\/reminders\/\d+$/);
    expect(gone.text("[data-drawer]")).toContain("No documents.");

    const del = await gone.click("Delete reminder");
    const deleted = await del.form().submit("Delete");
    expect(deleted.toasts()).toContain("Reminder deleted.");
    expect(deleted.$$("[data-reminder]").some((li) => li.text.includes(name))).toBe(false);
  });
});

describe("Calendar: the feed address", () => {
  test("the private address serves ICS without a session; regenerating it (confirmed) stops the old one", async () => {
    const page = await admin().goto("/calendar?view=month&date=2041-06-01");
    const address = page.one("[data-feed-url]").getAttribute("value")!;
    expect(address).toMatch(/\/calendar-feed\/[A-Za-z0-9_-]{20,}\.ics$/);
    const path = new URL(address).pathname;
    const anonymous = new NojsBrowser();
    const ics = await anonymous.raw("GET", new URL(path, anonymous.origin));
    expect(ics.status).toBe(200);
    expect(ics.body).toContain("BEGIN:VCALENDAR");

    const confirm = await page.click("Regenerate address");
    expect(confirm.text("[data-confirm]")).toContain("Regenerate your calendar address");
    const done = await confirm.form().submit("Regenerate address");
    expect(done.toasts().join(" ")).toContain("Your calendar has a new address.");
    expect(done.one("[data-feed-url]").getAttribute("value")).not.toBe(address);
    expect((await anonymous.raw("GET", new URL(path, anonymous.origin))).status).toBe(404);
  });
});

describe("Calendar: events on a task's page", () => {
  test("an event linked to a task shows in the task page's Events section; its 'Add event' opens the drawer linked to the task", async () => {
    const api = await apiAs(USERS.admin.email);
    const { data } = await api.call<{ data: { id: number }[] }>("GET", "/task?page%5Bsize%5D=1");
    const taskId = data[0].id;
    const name = `Nojs linked ${uniqueToken()}`;
    const monday = freshMonday();
    await api.call("POST", "/calendar-event", { name, event_type_id: 2, start_date: monday, start_time: "11:00", end_time: "11:30", task_id: taskId }, 201);

    const task = await admin().goto(`/tasks/${taskId}`);
    const section = task.one("[data-linked-events]");
    expect(section.text).toContain(name);
    expect(section.text).toContain(`next ${uk(monday)} 11:00`);
    const add = await task.click("Add event", section);
    expect(add.path).toBe("/calendar/new");
    expect(add.param("task_id")).toBe(String(taskId));
    expect(add.text("[data-drawer]")).toContain("Linked to a task.");
    const saved = await add.form().fill("Name", `${name} follow-up`).fill("Start date", plusDays(monday, 1)).submit("Save");
    expect(saved.toasts()).toContain("Event created.");
    const again = await admin().goto(`/tasks/${taskId}`);
    expect(again.text("[data-linked-events]")).toContain(`${name} follow-up`);
  });
});

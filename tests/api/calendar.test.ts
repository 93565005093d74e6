import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calendarEvents,
  companies,
  notifications,
  permissions,
  reminders,
  rolePermissions,
  roles,
  tasks,
  teamMembers,
  teams,
  userRoles,
  users,
} from "#api/db/schema";
import { JobRunner } from "#api/jobs/runner";
import { createTestApi, type TestApi } from "../helpers/api";
import { eventually } from "../helpers/jobs";
import { sendMultipart } from "../helpers/multipart";

let api: TestApi;
let admin: string;
let viewer: string;
let bloom: string;
let harbourId: number;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const token = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  viewer = await api.login("viewer@harbour.test");
  bloom = await api.login("owner@bloom.test");
  [{ harbourId }] = await api.database.db.select({ harbourId: companies.id }).from(companies).where(eq(companies.name, "Harbour Brokers"));
});
afterAll(async () => {
  await api?.close();
});

const event = (over: Record<string, unknown> = {}) => ({
  name: `Event ${token()}`,
  event_type_id: 1,
  start_date: "2026-06-01",
  start_time: "09:00",
  end_time: "10:00",
  ...over,
});
const create = (body: Record<string, unknown>, as = admin) => api.request("POST", "/calendar-event", { token: as, body });
const window = (start_date: string, end_date: string, as = admin, extra: Record<string, unknown> = {}) =>
  api.request("GET", "/calendar-event", { token: as, query: { start_date, end_date, ...extra } });

/** A role of Harbour Brokers with these permissions, given to a staff member (by e-mail); answers a fresh token. */
async function withRole(email: string, perms: string[]) {
  const db = api.database.db;
  const [role] = await db
    .insert(roles)
    .values({ tenantId: harbourId, name: `Calendar ${token()}` })
    .returning();
  for (const p of perms) {
    const [perm] = await db.select().from(permissions).where(eq(permissions.name, p));
    await db.insert(rolePermissions).values({ roleId: role.id, permissionId: perm.id });
  }
  const [user] = await db.select().from(users).where(eq(users.email, email));
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return { token: await api.login(email), userId: user.id };
}

describe("access", () => {
  it("401 without a token and 403 without a calendar permission, on every kind of call", async () => {
    expect((await api.request("GET", "/calendar-event", { query: { start_date: "2026-06-01", end_date: "2026-06-30" } })).status).toBe(401);
    expect((await api.request("GET", "/reminders")).status).toBe(401);
    expect((await window("2026-06-01", "2026-06-30", viewer)).status).toBe(403);
    expect((await create(event(), viewer)).status).toBe(403);
    expect((await api.request("GET", "/reminders", { token: viewer })).status).toBe(403);
    expect((await api.request("GET", "/calendar-feed", { token: viewer })).status).toBe(403);
  });

  it("another company's event, occurrence and reminder answer 404 and stay as they were", async () => {
    const created = await create(event({ name: "Harbour only" }));
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await api.request("GET", `/calendar-event/${id}`, { token: bloom })).status).toBe(404);
    expect((await api.request("PUT", `/calendar-event/${id}`, { token: bloom, body: event({ name: "Taken over" }) })).status).toBe(404);
    expect((await api.request("DELETE", `/calendar-event/${id}`, { token: bloom })).status).toBe(404);
    expect((await api.request("DELETE", `/calendar-event/${id}/occurrences/2026-06-01`, { token: bloom })).status).toBe(404);
    const mine = await window("2026-06-01", "2026-06-01", bloom);
    expect(mine.body.data.map((o: { name: string }) => o.name)).not.toContain("Harbour only");
    const again = await api.request("GET", `/calendar-event/${id}`, { token: admin });
    expect(again.body.data.name).toBe("Harbour only");
    expect(again.body.data.exceptions).toEqual([]);

    const reminder = await sendMultipart(
      api.app,
      "POST",
      "/reminders",
      { name: "Harbour reminder", event_type_id: "2", start_date: "2030-01-02", start_time: "10:00" },
      admin,
    );
    expect(reminder.status).toBe(201);
    const rid = reminder.body.data.id;
    expect((await api.request("GET", `/reminders/${rid}`, { token: bloom })).status).toBe(404);
    expect((await api.request("POST", `/reminders/${rid}/snooze`, { token: bloom, body: { minutes: 10 } })).status).toBe(404);
    expect((await api.request("DELETE", `/reminders/${rid}`, { token: bloom })).status).toBe(404);
    expect((await api.request("GET", `/reminders/${rid}`, { token: admin })).body.data.snoozed_until).toBeNull();
  });

  it("a link to another company's task is refused with the field's message, and nothing is created", async () => {
    const [northgateTask] = await api.database.db
      .select({ id: tasks.id })
      .from(tasks)
      .innerJoin(companies, eq(companies.id, tasks.tenantId))
      .where(eq(companies.name, "Northgate Advisers"))
      .limit(1);
    const name = `Linked ${token()}`;
    const res = await create(event({ name, task_id: northgateTask.id }));
    expect(res.status).toBe(422);
    expect(res.body.errors.task_id).toEqual(["Choose a task of your company."]);
    const rows = await api.database.db.select().from(calendarEvents).where(eq(calendarEvents.name, name));
    expect(rows).toHaveLength(0);
  });
});

describe("visibility by permission", () => {
  it("own events only; team_events_view adds the teams' members' events; events_view sees the whole company's", async () => {
    const tom = await withRole("george.hughes@harbour.test", ["events_manage"]);
    const priya = await withRole("grace.bennett@harbour.test", ["events_manage"]);
    const james = await withRole("liam.walsh@harbour.test", ["team_events_view", "events_manage"]);
    const [team] = await api.database.db
      .insert(teams)
      .values({ tenantId: harbourId, name: `Calendar team ${token()}` })
      .returning();
    await api.database.db.insert(teamMembers).values([
      { tenantId: harbourId, teamId: team.id, userId: james.userId },
      { tenantId: harbourId, teamId: team.id, userId: priya.userId },
    ]);
    const day = "2031-02-03";
    const t = await create(event({ name: "Tom's", start_date: day }), tom.token);
    const p = await create(event({ name: "Priya's", start_date: day }), priya.token);
    const j = await create(event({ name: "James's", start_date: day }), james.token);
    expect([t.status, p.status, j.status]).toEqual([201, 201, 201]);
    // Only this test's events (the demo calendar's open-ended series reach this day too).
    const mine = ["Tom's", "Priya's", "James's"];
    const names = async (as: string) =>
      (await window(day, day, as)).body.data
        .map((o: { name: string }) => o.name)
        .filter((n: string) => mine.includes(n))
        .sort();
    expect(await names(tom.token)).toEqual(["Tom's"]);
    expect(await names(james.token)).toEqual(["James's", "Priya's"]);
    expect(await names(admin)).toEqual(["James's", "Priya's", "Tom's"]);
    // Not visible is not found, for reading and for changing.
    expect((await api.request("GET", `/calendar-event/${t.body.data.id}`, { token: james.token })).status).toBe(404);
    expect((await api.request("DELETE", `/calendar-event/${p.body.data.id}`, { token: tom.token })).status).toBe(404);
    expect((await api.request("GET", `/calendar-event/${p.body.data.id}`, { token: james.token })).status).toBe(200);
  });
});

describe("validation", () => {
  it("an end before the start, a repeat end before the start, a missing name: 422 with each field's message", async () => {
    const before = await create(event({ start_time: "10:00", end_time: "09:30" }));
    expect(before.status).toBe(422);
    expect(before.body.errors.end_time).toEqual(["The end must be after the start."]);
    const until = await create(event({ repeat: "daily", repeat_end: "until", repeat_until: "2026-05-01" }));
    expect(until.body.errors.repeat_until).toEqual(["The repeat end date must be on or after the start date."]);
    const noName = await create(event({ name: " " }));
    expect(noName.body.errors.name).toEqual(["The name field is required."]);
    const badDate = await create(event({ start_date: "2026-02-30" }));
    expect(badDate.body.errors.start_date).toBeDefined();
    const count = await create(event({ repeat: "weekly", repeat_end: "count", repeat_count: 5000 }));
    expect(count.body.errors.repeat_count).toEqual(["Enter how many times it repeats (1 to 1000)."]);
  });

  it("a period that ends before it starts, or longer than a year, is refused", async () => {
    const backwards = await window("2026-06-30", "2026-06-01");
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.end_date).toEqual(["The end date must be on or after the start date."]);
    const long = await window("2026-01-01", "2028-01-01");
    expect(long.status).toBe(422);
    expect(long.body.message).toBe("Choose a period of at most 366 days.");
    expect((await api.request("GET", "/calendar-event", { token: admin })).status).toBe(422);
  });

  it("a period holding more than 5,000 occurrences is refused with a clear message; a shorter one answers", async () => {
    const [user] = await api.database.db.select().from(users).where(eq(users.email, "admin@harbour.test"));
    await api.database.db.insert(calendarEvents).values(
      Array.from({ length: 30 }, (_, i) => ({
        tenantId: harbourId,
        ownerId: user.id,
        name: `Flood ${i}`,
        eventTypeId: 5,
        startDate: "2090-01-01",
        startTime: "08:00",
        durationMinutes: 15,
        repeat: "daily" as const,
      })),
    );
    const year = await window("2090-01-01", "2090-12-31");
    expect(year.status).toBe(422);
    expect(year.body.message).toBe("This period holds more than 5,000 events. Choose a shorter period.");
    const month = await window("2090-03-01", "2090-03-31", admin, { paginate: "0" });
    expect(month.status).toBe(200);
    expect(month.body.data.filter((o: { name: string }) => o.name.startsWith("Flood ")).length).toBe(30 * 31);
  });
});

describe("occurrences in a period", () => {
  it("a repeat that never ends is expanded over the period asked only, 8 a page by default", async () => {
    const name = `Standup ${token()}`;
    const res = await create(event({ name, start_date: "2026-01-05", start_time: "08:45", end_time: "09:00", repeat: "daily" }));
    expect(res.status).toBe(201);
    expect(res.body.data.repeat_text).toBe("Daily");
    const far = await window("2045-07-01", "2045-07-31", admin, { filter: {} });
    expect(far.status).toBe(200);
    const mine = (await window("2045-07-01", "2045-07-31", admin, { paginate: "0" })).body.data.filter((o: { name: string }) => o.name === name);
    expect(mine).toHaveLength(31);
    expect(mine[0]).toMatchObject({ start_date: "2045-07-01", start_time: "08:45", end_time: "09:00", repeating: true, moved: false });
    expect(far.body.meta.per_page).toBe(8);
    expect(far.body.data.length).toBeLessThanOrEqual(8);
    expect(far.body.meta.total).toBeGreaterThanOrEqual(31);
  });

  it("a weekly 09:00 meeting stays at 09:00 local across the last Sunday of March and of October (its UTC instant moves)", async () => {
    const name = `Weekly ${token()}`;
    const res = await create(event({ name, start_date: "2026-03-16", repeat: "weekly", repeat_days: ["MO"], repeat_end: "until", repeat_until: "2026-11-30" }));
    expect(res.body.data.repeat_text).toBe("Weekly on Monday, until 30/11/2026");
    const march = (await window("2026-03-20", "2026-04-05", admin, { paginate: "0" })).body.data.filter((o: { name: string }) => o.name === name);
    expect(march.map((o: { start: string }) => o.start)).toEqual(["2026-03-23T09:00:00+00:00", "2026-03-30T09:00:00+01:00"]);
    const october = (await window("2026-10-19", "2026-11-01", admin, { paginate: "0" })).body.data.filter((o: { name: string }) => o.name === name);
    expect(october.map((o: { start: string }) => o.start)).toEqual(["2026-10-19T09:00:00+01:00", "2026-10-26T09:00:00+00:00"]);
    for (const o of [...march, ...october]) expect(o.start_time).toBe("09:00");
    const after = await window("2026-12-01", "2026-12-31", admin, { paginate: "0" });
    expect(after.body.data.filter((o: { name: string }) => o.name === name)).toHaveLength(0);
  });

  it("one occurrence moved and another cancelled; the series and its other occurrences are unchanged", async () => {
    const name = `Review ${token()}`;
    const created = await create(event({ name, start_date: "2027-01-04", repeat: "weekly", repeat_days: ["MO", "TH"], repeat_end: "count", repeat_count: 6 }));
    const id = created.body.data.id;
    const before = (await window("2027-01-01", "2027-01-31", admin, { paginate: "0" })).body.data.filter((o: { name: string }) => o.name === name);
    expect(before.map((o: { start_date: string }) => o.start_date)).toEqual([
      "2027-01-04",
      "2027-01-07",
      "2027-01-11",
      "2027-01-14",
      "2027-01-18",
      "2027-01-21",
    ]);

    const moved = await api.request("PUT", `/calendar-event/${id}/occurrences/2027-01-07`, {
      token: admin,
      body: { start_date: "2027-01-08", start_time: "14:00", end_time: "15:30" },
    });
    expect(moved.status).toBe(200);
    expect((await api.request("DELETE", `/calendar-event/${id}/occurrences/2027-01-11`, { token: admin })).status).toBe(204);
    const badMove = await api.request("PUT", `/calendar-event/${id}/occurrences/2027-01-14`, {
      token: admin,
      body: { start_date: "2027-01-14", start_time: "15:00", end_time: "14:00" },
    });
    expect(badMove.status).toBe(422);
    expect(badMove.body.errors.end_time).toEqual(["The end must be after the start."]);
    expect((await api.request("DELETE", `/calendar-event/${id}/occurrences/2027-01-12`, { token: admin })).status).toBe(404);

    const after = (await window("2027-01-01", "2027-01-31", admin, { paginate: "0" })).body.data.filter((o: { name: string }) => o.name === name);
    expect(after.map((o: { start_date: string; start_time: string; moved: boolean }) => `${o.start_date} ${o.start_time}${o.moved ? " moved" : ""}`)).toEqual([
      "2027-01-04 09:00",
      "2027-01-08 14:00 moved",
      "2027-01-14 09:00",
      "2027-01-18 09:00",
      "2027-01-21 09:00",
    ]);
    const series = (await api.request("GET", `/calendar-event/${id}`, { token: admin })).body.data;
    expect(series).toMatchObject({ start_date: "2027-01-04", start_time: "09:00", repeat_count: 6, repeat_days: ["MO", "TH"] });
    expect(series.exceptions).toHaveLength(2);

    expect((await api.request("POST", `/calendar-event/${id}/occurrences/2027-01-11/restore`, { token: admin })).status).toBe(200);
    const restored = (await window("2027-01-11", "2027-01-11", admin, { paginate: "0" })).body.data.filter((o: { name: string }) => o.name === name);
    expect(restored).toHaveLength(1);
  });

  it("updating the series, then deleting it", async () => {
    const created = await create(event({ name: "Before" }));
    const id = created.body.data.id;
    const updated = await api.request("PUT", `/calendar-event/${id}`, {
      token: admin,
      body: event({ name: "After", start_time: "11:00", end_time: "12:15", event_type_id: 2 }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: "After", start_time: "11:00", end_time: "12:15", duration_minutes: 75, event_type: "Call" });
    expect((await api.request("DELETE", `/calendar-event/${id}`, { token: admin })).status).toBe(204);
    expect((await api.request("GET", `/calendar-event/${id}`, { token: admin })).status).toBe(404);
  });

  it("an event linked to a task shows among the task's events; a task of another company is not found", async () => {
    const [task] = await api.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.tenantId, harbourId)).limit(1);
    const name = `Call about the task ${token()}`;
    await create(event({ name, start_date: "2036-05-05", task_id: task.id }));
    const linked = await api.request("GET", `/calendar-event/linked/task/${task.id}`, { token: admin });
    expect(linked.status).toBe(200);
    const found = linked.body.data.find((e: { name: string }) => e.name === name);
    expect(found.next).toMatchObject({ start_date: "2036-05-05", start_time: "09:00" });
    expect((await api.request("GET", `/calendar-event/linked/task/${task.id}`, { token: bloom })).status).toBe(404);
  });
});

describe("the ICS feed", () => {
  it("a private address serving the user's events with their rule in Europe/London; regenerating revokes the old one", async () => {
    const name = `Feed weekly ${token()}`;
    const created = await create(event({ name, start_date: "2026-03-16", repeat: "weekly", repeat_days: ["MO"] }));
    await api.request("DELETE", `/calendar-event/${created.body.data.id}/occurrences/2026-03-30`, { token: admin });
    const feed = await api.request("GET", "/calendar-feed", { token: admin });
    expect(feed.status).toBe(200);
    expect(feed.body.data.url).toMatch(/\/calendar-feed\/[A-Za-z0-9_-]{20,}\.ics$/);
    const ics = await api.request("GET", `${feed.body.data.path}`);
    expect(ics.status).toBe(200);
    expect(String(ics.headers["content-type"])).toContain("text/calendar");
    expect(ics.text).toContain(`SUMMARY:${name}`);
    expect(ics.text).toContain("DTSTART;TZID=Europe/London:20260316T090000");
    expect(ics.text).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO");
    expect(ics.text).toContain("EXDATE;TZID=Europe/London:20260330T090000");

    const again = await api.request("POST", "/calendar-feed", { token: admin });
    expect(again.body.data.path).not.toBe(feed.body.data.path);
    expect((await api.request("GET", feed.body.data.path)).status).toBe(404);
    expect((await api.request("GET", again.body.data.path)).status).toBe(200);
  });
});

describe("reminders", () => {
  it("created from a multipart form with documents; a time in the past is refused; updated with _method=PUT; documents deleted one by one", async () => {
    const past = await sendMultipart(
      api.app,
      "POST",
      "/reminders",
      { name: "Too late", event_type_id: "1", start_date: "2020-01-01", start_time: "09:00" },
      admin,
    );
    expect(past.status).toBe(422);
    expect(past.body.errors.start_time).toEqual(["The reminder time must be in the future."]);
    const badDoc = await sendMultipart(
      api.app,
      "POST",
      "/reminders",
      {
        name: "Bad doc",
        event_type_id: "1",
        start_date: "2030-01-01",
        start_time: "09:00",
        documents: { file: Buffer.from("MZ\x90\x00"), filename: "run.exe" },
      },
      admin,
    );
    expect(badDoc.status).toBe(422);
    expect(badDoc.body.errors.documents).toEqual(["Choose a PDF, Word, Excel, image, CSV or text file."]);
    const count = async () => (await api.database.db.select().from(reminders).where(eq(reminders.name, "Bad doc"))).length;
    expect(await count()).toBe(0);

    const created = await sendMultipart(
      api.app,
      "POST",
      "/reminders",
      {
        name: "Renewal pack",
        event_type_id: "4",
        start_date: "2030-06-01",
        start_time: "08:30",
        send_email: "1",
        documents: { file: PDF, filename: "pack.pdf", type: "application/pdf" },
        "documents[]": { file: Buffer.from("a,b\n1,2\n"), filename: "figures.csv", type: "text/csv" },
      },
      admin,
    );
    expect(created.status).toBe(201);
    const r = created.body.data;
    expect(r).toMatchObject({
      name: "Renewal pack",
      event_type: "Deadline",
      start_date: "2030-06-01",
      start_time: "08:30",
      send_email: true,
      start_datetime: "2030-06-01T08:30:00+01:00",
    });
    expect(r.documents.map((d: { filename: string }) => d.filename)).toEqual(["pack.pdf", "figures.csv"]);
    const download = await api.request("GET", r.documents[0].url, { token: admin });
    expect(download.status).toBe(200);
    expect(download.text.startsWith("%PDF")).toBe(true);

    const put = await sendMultipart(
      api.app,
      "POST",
      `/reminders/${r.id}`,
      { _method: "PUT", name: "Renewal pack (v2)", event_type_id: "4", start_date: "2030-06-02", start_time: "08:30" },
      admin,
    );
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ name: "Renewal pack (v2)", start_date: "2030-06-02", send_email: false });
    expect(put.body.data.documents).toHaveLength(2);
    const noMethod = await sendMultipart(
      api.app,
      "POST",
      `/reminders/${r.id}`,
      { name: "x", event_type_id: "4", start_date: "2030-06-02", start_time: "08:30" },
      admin,
    );
    expect(noMethod.status).toBe(405);

    expect((await api.request("DELETE", `/reminders/${r.id}/documents/${r.documents[0].id}`, { token: admin })).status).toBe(204);
    const after = await api.request("GET", `/reminders/${r.id}`, { token: admin });
    expect(after.body.data.documents.map((d: { filename: string }) => d.filename)).toEqual(["figures.csv"]);
    expect((await api.request("GET", r.documents[0].url, { token: admin })).status).toBe(404);
    expect((await api.request("DELETE", `/reminders/${r.id}/documents/${r.documents[0].id}`, { token: admin })).status).toBe(404);

    const list = await api.request("GET", "/reminders", { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.some((x: { id: number }) => x.id === r.id)).toBe(true);
    expect((await api.request("POST", `/reminders/${r.id}/snooze`, { token: admin, body: { minutes: 0 } })).body.errors.minutes).toEqual([
      "Choose how long to snooze for.",
    ]);
    expect((await api.request("DELETE", `/reminders/${r.id}`, { token: admin })).status).toBe(204);
    expect((await api.request("GET", `/reminders/${r.id}`, { token: admin })).status).toBe(404);
  });

  it("fires at its time as a job: one notification in the bell and one e-mail; snoozed, the old job does nothing and the new one fires later", async () => {
    const name = `Call the insurer ${token()}`;
    const created = await sendMultipart(
      api.app,
      "POST",
      "/reminders",
      { name, event_type_id: "2", start_date: "2031-01-10", start_time: "09:00", send_email: "on" },
      admin,
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const snoozed = await api.request("POST", `/reminders/${id}/snooze`, { token: admin, body: { minutes: 60 } });
    expect(snoozed.status).toBe(200);
    const snoozedUntil = new Date(snoozed.body.data.snoozed_until).getTime();
    expect(Math.abs(snoozedUntil - (Date.now() + 60 * 60_000))).toBeLessThan(60_000);

    // The two jobs wait for their times: the first for 10/01/2031, the snoozed one an hour from now.
    const jobs = async () =>
      (
        (await api.database.db.execute(
          sql`select id, state, start_after, data from pgboss.job where name = 'calendar.reminder-due' and (data->'payload'->>'reminderId')::int = ${id} order by (data->'payload'->>'version')::int`,
        )) as unknown as { rows: { id: string; state: string; start_after: string | Date; data: { payload: { version: number } } }[] }
      ).rows;
    const [first, second] = await jobs();
    expect(first.data.payload.version).toBe(1);
    expect(new Date(first.start_after).getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3600_000);
    expect(Math.abs(new Date(second.start_after).getTime() - snoozedUntil)).toBeLessThan(5_000);

    const bell = async () =>
      (
        await api.database.db
          .select()
          .from(notifications)
          .where(sql`${notifications.data}->>'title' = ${`Reminder: ${name}`}`)
      ).length;
    const runner = new JobRunner({ database: api.database, mail: api.app.mail, config: api.config, log: api.app.log });
    await runner.startWorker({ pollSeconds: 0.5 });
    try {
      // The outdated job is due first: it runs and does nothing.
      await api.database.db.execute(sql`update pgboss.job set start_after = now() where id = ${first.id}`);
      await eventually(async () => ((await jobs())[0].state === "completed" ? true : undefined), 15_000, "the outdated job to run");
      expect(await bell()).toBe(0);
      // Then the snoozed time comes.
      await api.database.db.execute(sql`update pgboss.job set start_after = now() where id = ${second.id}`);
      await eventually(async () => ((await bell()) === 1 ? true : undefined), 15_000, "the reminder's notification");
      const outbox = await eventually(async () => {
        const res = await api.request("GET", "/sandbox/outbox", { query: { to: "admin@harbour.test" } });
        const mine = res.body.data.filter((m: { subject: string }) => m.subject === `Reminder: ${name}`);
        return mine.length ? mine : undefined;
      });
      expect(outbox).toHaveLength(1);
      const fired = await api.request("GET", `/reminders/${id}`, { token: admin });
      expect(fired.body.data.fired_at).not.toBeNull();
      // Delivered again (at least once), it does not fire twice.
      await api.database.transaction(async (tx) => {
        const { enqueue } = await import("#api/jobs/enqueue");
        const { reminderDue } = await import("#api/modules/calendar/jobs");
        await enqueue(tx, reminderDue, { reminderId: id, version: 2 }, { tenantId: harbourId });
      });
      await eventually(async () => ((await jobs()).every((j) => j.state === "completed") ? true : undefined), 15_000, "the repeated job");
      expect(await bell()).toBe(1);
    } finally {
      await runner.stop(1);
    }
  }, 60_000);

  it("reminders are personal: another user of the same company does not see them", async () => {
    const created = await sendMultipart(
      api.app,
      "POST",
      "/reminders",
      { name: "Mine", event_type_id: "5", start_date: "2032-01-01", start_time: "09:00" },
      admin,
    );
    const ops = await api.login("ops@harbour.test");
    expect((await api.request("GET", `/reminders/${created.body.data.id}`, { token: ops })).status).toBe(404);
    const [row] = await api.database.db
      .select()
      .from(reminders)
      .where(and(eq(reminders.id, created.body.data.id), eq(reminders.tenantId, harbourId)));
    expect(row.name).toBe("Mine");
  });
});

/**
 * Demo calendars for Harbour Brokers and Bloom Bakery: repeating meetings (weekly, on chosen days, monthly,
 * yearly), single events linked to a task, an individual or a company, one occurrence moved and one cancelled,
 * and upcoming reminders whose jobs are queued for their times. Dates are relative to today (London).
 */
import { asc, eq, sql } from "drizzle-orm";
import { CALENDAR_TIME_ZONE } from "#contract/calendar";
import { todayInLondon } from "#common/dates";
import { enqueue } from "../jobs/enqueue";
import { reminderDue } from "../modules/calendar/jobs";
import { zoned } from "../modules/calendar/recurrence";
import type { Database } from "./client";
import { calendarEventExceptions, calendarEvents, clientCompanies, companies, individuals, reminders, tasks, users } from "./schema";

type Repeat = "none" | "daily" | "weekly" | "monthly" | "yearly";
interface DemoEvent {
  owner: string;
  name: string;
  type: number;
  /** Days from today (negative: a series that started before). */
  day: number;
  time: string;
  minutes: number;
  repeat?: Repeat;
  days?: string[];
  count?: number;
  link?: "task" | "individual" | "company";
  description?: string;
  /** Occurrence changes: days from the start of the series. */
  moved?: { nth: number; toTime: string };
  cancelled?: { nth: number };
}
interface DemoReminder {
  owner: string;
  name: string;
  type: number;
  day: number;
  time: string;
  email?: boolean;
  description?: string;
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** The Monday of the week of `date`. */
const monday = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

const CALENDARS: Record<string, { events: DemoEvent[]; reminders: DemoReminder[] }> = {
  "Harbour Brokers": {
    events: [
      {
        owner: "admin@harbour.test",
        name: "Weekly pipeline review",
        type: 1,
        day: -28,
        time: "09:00",
        minutes: 60,
        repeat: "weekly",
        days: ["MO"],
        description: "Open opportunities, renewals due this month, anything stuck.",
        moved: { nth: 35, toTime: "11:00" },
      },
      { owner: "admin@harbour.test", name: "Monthly compliance check", type: 4, day: -14, time: "14:00", minutes: 90, repeat: "monthly", count: 12 },
      {
        owner: "admin@harbour.test",
        name: "Renewal meeting",
        type: 1,
        day: 2,
        time: "11:00",
        minutes: 60,
        link: "task",
        description: "Go through the renewal terms with the client.",
      },
      { owner: "admin@harbour.test", name: "Client call", type: 2, day: 1, time: "15:30", minutes: 30, link: "individual" },
      { owner: "admin@harbour.test", name: "Site visit and risk survey", type: 3, day: 6, time: "10:00", minutes: 120, link: "company" },
      { owner: "admin@harbour.test", name: "Quarter-end figures due", type: 4, day: 9, time: "17:00", minutes: 30 },
      { owner: "admin@harbour.test", name: "Company anniversary", type: 5, day: 20, time: "12:00", minutes: 60, repeat: "yearly" },
      {
        owner: "james.wright@harbour.test",
        name: "Commercial lines stand-up",
        type: 1,
        day: -21,
        time: "08:45",
        minutes: 15,
        repeat: "weekly",
        days: ["MO", "TU", "WE", "TH", "FR"],
        cancelled: { nth: 21 },
      },
      { owner: "priya.patel@harbour.test", name: "Claims review with insurer", type: 2, day: 3, time: "13:00", minutes: 45 },
    ],
    reminders: [
      {
        owner: "admin@harbour.test",
        name: "Chase renewal documents",
        type: 4,
        day: 1,
        time: "10:00",
        email: true,
        description: "The client still owes the signed proposal form.",
      },
      { owner: "admin@harbour.test", name: "Send the fleet schedule to the insurer", type: 5, day: 3, time: "16:00" },
      { owner: "admin@harbour.test", name: "Prepare the quarterly board pack", type: 4, day: 8, time: "09:30", email: true },
    ],
  },
  "Bloom Bakery Ltd": {
    events: [
      { owner: "owner@bloom.test", name: "Flour delivery", type: 3, day: -10, time: "07:00", minutes: 30, repeat: "weekly", days: ["TU", "FR"] },
      { owner: "owner@bloom.test", name: "Staff rota planning", type: 1, day: -7, time: "16:00", minutes: 45, repeat: "weekly", days: ["MO"] },
      {
        owner: "owner@bloom.test",
        name: "Wedding cake tasting",
        type: 3,
        day: 3,
        time: "14:00",
        minutes: 60,
        link: "individual",
        description: "Three sponges and two icings to try.",
      },
      { owner: "owner@bloom.test", name: "Food hygiene inspection", type: 4, day: 10, time: "10:00", minutes: 120 },
      { owner: "owner@bloom.test", name: "VAT return due", type: 4, day: 5, time: "09:00", minutes: 30, repeat: "monthly", count: 6 },
      { owner: "owner@bloom.test", name: "Catering order call", type: 2, day: 4, time: "11:30", minutes: 30, link: "company" },
    ],
    reminders: [
      { owner: "owner@bloom.test", name: "Order packaging", type: 5, day: 1, time: "09:00", email: true },
      { owner: "owner@bloom.test", name: "Renew the food hygiene certificate", type: 4, day: 7, time: "10:00" },
    ],
  },
};

/** Whether the job queue exists (the API's start prepares it; `npm run seed` on a database never started does not). */
async function queueReady(database: Database) {
  try {
    const res = (await database.db.execute(sql`select 1 from pgboss.queue where name = ${reminderDue.name}`)) as unknown as { rows: unknown[] };
    return res.rows.length > 0;
  } catch {
    return false;
  }
}

export async function seedCalendar(database: Database) {
  const today = todayInLondon();
  const queued = await queueReady(database);
  for (const [company, book] of Object.entries(CALENDARS)) {
    const [tenant] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, company)).limit(1);
    if (!tenant) continue;
    const userRows = await database.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.tenantId, tenant.id));
    const userId = new Map(userRows.map((u) => [u.email, u.id]));
    const first = async (table: typeof tasks | typeof individuals | typeof clientCompanies) =>
      (await database.db.select({ id: table.id }).from(table).where(eq(table.tenantId, tenant.id)).orderBy(asc(table.id)).limit(1))[0]?.id ?? null;
    const links = { task: await first(tasks), individual: await first(individuals), company: await first(clientCompanies) };
    for (const e of book.events) {
      const ownerId = userId.get(e.owner);
      if (!ownerId) continue;
      const start = e.repeat === "weekly" ? addDays(monday(addDays(today, e.day)), 0) : addDays(today, e.day);
      const [row] = await database.db
        .insert(calendarEvents)
        .values({
          tenantId: tenant.id,
          ownerId,
          name: e.name,
          description: e.description ?? null,
          eventTypeId: e.type,
          startDate: start,
          startTime: e.time,
          durationMinutes: e.minutes,
          timeZone: CALENDAR_TIME_ZONE,
          repeat: e.repeat ?? "none",
          repeatDays: e.days ?? [],
          repeatCount: e.count ?? null,
          taskId: e.link === "task" ? links.task : null,
          individualId: e.link === "individual" ? links.individual : null,
          companyId: e.link === "company" ? links.company : null,
        })
        .returning({ id: calendarEvents.id });
      // A moved and a cancelled occurrence (the series' dates are Mondays / weekdays from its start).
      if (e.moved) {
        await database.db.insert(calendarEventExceptions).values({
          tenantId: tenant.id,
          eventId: row.id,
          occurrenceDate: addDays(start, e.moved.nth),
          startDate: addDays(start, e.moved.nth),
          startTime: e.moved.toTime,
          durationMinutes: e.minutes,
        });
      }
      if (e.cancelled) {
        await database.db
          .insert(calendarEventExceptions)
          .values({ tenantId: tenant.id, eventId: row.id, occurrenceDate: addDays(start, e.cancelled.nth), cancelled: true });
      }
    }
    for (const r of book.reminders) {
      const ownerId = userId.get(r.owner);
      if (!ownerId) continue;
      const date = addDays(today, r.day);
      const fireAt = new Date(zoned(date, r.time, CALENDAR_TIME_ZONE).epochMilliseconds);
      await database.transaction(async (tx) => {
        const [row] = await tx
          .insert(reminders)
          .values({
            tenantId: tenant.id,
            userId: ownerId,
            name: r.name,
            description: r.description ?? null,
            eventTypeId: r.type,
            startDate: date,
            startTime: r.time,
            sendEmail: r.email ?? false,
            fireAt,
          })
          .returning();
        // Queued for its time, like a reminder made in the portal.
        if (queued)
          await enqueue(
            tx,
            reminderDue,
            { reminderId: row.id, version: row.jobVersion },
            { tenantId: tenant.id, delaySeconds: Math.max(0, Math.ceil((fireAt.getTime() - Date.now()) / 1000)) },
          );
      });
    }
  }
}

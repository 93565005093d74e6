import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import ical from "ical-generator";
import { Temporal } from "temporal-polyfill";
import { eventTypeName } from "#contract/calendar";
import type { Db } from "#api/db/client";
import { calendarEventExceptions, calendarEvents, calendarFeeds, companies } from "#api/db/schema";
import { rruleText } from "./recurrence";
import { seriesOf } from "./service";

/** The feed's path, served by the portal (which passes it to the API): the token is the whole secret. */
export const feedPath = (token: string) => `/calendar-feed/${token}.ics`;

export async function feedOf(db: Db, tenantId: number, userId: number, portalUrl: string) {
  let [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  if (!row) {
    [row] = await db
      .insert(calendarFeeds)
      .values({ userId, tenantId, token: randomBytes(24).toString("base64url") })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { userId } })
      .returning();
  }
  return answer(row, portalUrl);
}

/** A new address; the old one stops working at once. */
export async function regenerateFeed(db: Db, tenantId: number, userId: number, portalUrl: string) {
  const token = randomBytes(24).toString("base64url");
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tenantId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } })
    .returning();
  return answer(row, portalUrl);
}

function answer(row: typeof calendarFeeds.$inferSelect, portalUrl: string) {
  const path = feedPath(row.token);
  return { url: `${portalUrl.replace(/\/$/, "")}${path}`, path, created_at: row.createdAt.toISOString() };
}

/** Local wall time as ical-generator takes it with a `timezone`: written as TZID=Europe/London:…, never converted. */
const local = (d: string, t: string) => `${d}T${t.slice(0, 5)}:00`;
const localEnd = (d: string, t: string, minutes: number) => Temporal.PlainDateTime.from(local(d, t)).add({ minutes }).toString();
const ICS_STAMP = (d: string, t: string) => `${d.replace(/-/g, "")}T${t.slice(0, 5).replace(":", "")}00`;

/**
 * The ICS calendar of a feed's owner: their own events, each series once with its RRULE (in Europe/London, so a
 * subscriber's calendar keeps 09:00 at 09:00 across clock changes), cancelled occurrences as EXDATE and moved ones
 * as their own VEVENT with a RECURRENCE-ID. Null for an unknown (or regenerated) token.
 */
export async function feedCalendar(db: Db, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [feed] = await db
    .select({ userId: calendarFeeds.userId, tenantId: calendarFeeds.tenantId, company: companies.name })
    .from(calendarFeeds)
    .innerJoin(companies, eq(companies.id, calendarFeeds.tenantId))
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  if (!feed) return null;
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.tenantId, feed.tenantId), eq(calendarEvents.ownerId, feed.userId)))
    .limit(5000);
  const exceptions = rows.length
    ? await db
        .select()
        .from(calendarEventExceptions)
        .where(
          inArray(
            calendarEventExceptions.eventId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const calendar = ical({ name: `${feed.company} calendar`, prodId: { company: "Broker portal", product: "calendar" }, ttl: 15 * 60 });
  for (const e of rows) {
    const series = seriesOf(e);
    const uid = `event-${e.id}@calendar`;
    const rule = rruleText(series);
    const own = exceptions.filter((x) => x.eventId === e.id);
    const exdates = own.map((x) => `EXDATE;TZID=${e.timeZone}:${ICS_STAMP(x.occurrenceDate, e.startTime)}`);
    calendar.createEvent({
      id: uid,
      start: local(e.startDate, e.startTime),
      end: localEnd(e.startDate, e.startTime, e.durationMinutes),
      timezone: e.timeZone,
      summary: e.name,
      description: e.description ?? undefined,
      categories: [{ name: eventTypeName(e.eventTypeId) }],
      repeating: rule ? [`RRULE:${rule}`, ...exdates].join("\n") : null,
      stamp: e.updatedAt,
    });
    for (const x of own) {
      if (x.cancelled || !x.startDate || !x.startTime || !x.durationMinutes) continue;
      calendar.createEvent({
        id: uid,
        start: local(x.startDate, x.startTime),
        end: localEnd(x.startDate, x.startTime, x.durationMinutes),
        timezone: e.timeZone,
        summary: e.name,
        description: e.description ?? undefined,
        recurrenceId: local(x.occurrenceDate, e.startTime),
        stamp: x.createdAt,
      });
    }
  }
  return calendar.toString();
}

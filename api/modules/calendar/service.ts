import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import {
  CALENDAR_MESSAGES,
  CALENDAR_TIME_ZONE,
  EVENT_TYPES,
  MAX_WINDOW_DAYS,
  MAX_WINDOW_OCCURRENCES,
  REPEATS,
  WEEKDAYS,
  eventTypeName,
  wallMinutes,
  type CalendarEvent,
  type CalendarEventBody,
  type LinkedEvent,
  type LinkedKind,
  type Occurrence,
  type OccurrenceBody,
} from "#contract/calendar";
import type { Db, Tx } from "#api/db/client";
import { calendarEventExceptions, calendarEvents, clientCompanies, individuals, tasks, teamMembers, users } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import type { AuthContext } from "#api/modules/auth/authenticate";
import { hasOccurrenceOn, localOf, nextOccurrence, occurrencesBetween, zoned, type Series } from "./recurrence";

type EventRow = typeof calendarEvents.$inferSelect;
type ExceptionRow = typeof calendarEventExceptions.$inferSelect;

const hhmm = (t: string) => t.slice(0, 5);
const fullName = (u: { name: string; lastName: string }) => [u.name, u.lastName].filter(Boolean).join(" ");

export const seriesOf = (e: EventRow): Series => ({
  startDate: e.startDate,
  startTime: e.startTime,
  durationMinutes: e.durationMinutes,
  timeZone: e.timeZone,
  repeat: e.repeat,
  repeatInterval: e.repeatInterval,
  repeatDays: e.repeatDays,
  repeatUntil: e.repeatUntil,
  repeatCount: e.repeatCount,
});

const enGbDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The series in words: "Weekly on Monday and Thursday, until 31/12/2026". */
export function repeatText(e: Pick<EventRow, "repeat" | "repeatInterval" | "repeatDays" | "repeatUntil" | "repeatCount">): string {
  if (e.repeat === "none") return "Does not repeat";
  const unit = { daily: "day", weekly: "week", monthly: "month", yearly: "year" }[e.repeat];
  let text = e.repeatInterval > 1 ? `Every ${e.repeatInterval} ${unit}s` : (REPEATS.find((r) => r.value === e.repeat)?.label ?? e.repeat);
  if (e.repeat === "weekly" && e.repeatDays.length) {
    const names = WEEKDAYS.filter((d) => e.repeatDays.includes(d.value)).map((d) => d.label);
    text += ` on ${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0]}`;
  }
  if (e.repeatUntil) text += `, until ${enGbDate(e.repeatUntil)}`;
  else if (e.repeatCount) text += `, ${e.repeatCount} ${e.repeatCount === 1 ? "time" : "times"}`;
  return text;
}

// ---------------------------------------------------------------- who sees what

/**
 * Whose events the caller sees: all of the company's with `events_view`; their own and their teams' members'
 * with `team_events_view`; else their own only. Undefined means no owner restriction (still the tenant's only).
 */
export function visibleOwners(auth: AuthContext): SQL | undefined {
  if (auth.permissions.has("events_view")) return undefined;
  if (auth.permissions.has("team_events_view")) {
    const mine = sql`select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${auth.userId} and ${teamMembers.tenantId} = ${auth.tenantId}`;
    return or(
      eq(calendarEvents.ownerId, auth.userId),
      inArray(calendarEvents.ownerId, sql`(select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} in (${mine}))`),
    );
  }
  return eq(calendarEvents.ownerId, auth.userId);
}

const visible = (auth: AuthContext) => and(eq(calendarEvents.tenantId, auth.tenantId), visibleOwners(auth));

async function findEvent(db: Db | Tx, auth: AuthContext, id: number): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(visible(auth), eq(calendarEvents.id, id)))
    .limit(1);
  if (!row) throw notFound("Event");
  return row;
}

// ---------------------------------------------------------------- answers

async function linkNames(db: Db, rows: EventRow[]) {
  const ids = (pick: (r: EventRow) => number | null) => [...new Set(rows.map(pick).filter((v): v is number => v !== null))];
  const [owners, taskRows, people, firms] = await Promise.all([
    ids((r) => r.ownerId).length
      ? db
          .select({ id: users.id, name: users.name, lastName: users.lastName })
          .from(users)
          .where(
            inArray(
              users.id,
              ids((r) => r.ownerId),
            ),
          )
      : [],
    ids((r) => r.taskId).length
      ? db
          .select({ id: tasks.id, name: tasks.name })
          .from(tasks)
          .where(
            inArray(
              tasks.id,
              ids((r) => r.taskId),
            ),
          )
      : [],
    ids((r) => r.individualId).length
      ? db
          .select({ id: individuals.id, name: individuals.fullName })
          .from(individuals)
          .where(
            inArray(
              individuals.id,
              ids((r) => r.individualId),
            ),
          )
      : [],
    ids((r) => r.companyId).length
      ? db
          .select({ id: clientCompanies.id, name: clientCompanies.name })
          .from(clientCompanies)
          .where(
            inArray(
              clientCompanies.id,
              ids((r) => r.companyId),
            ),
          )
      : [],
  ]);
  return {
    owner: new Map(owners.map((u) => [u.id, { id: u.id, name: fullName(u) }])),
    task: new Map(taskRows.map((t) => [t.id, t])),
    individual: new Map(people.map((t) => [t.id, t])),
    company: new Map(firms.map((t) => [t.id, t])),
  };
}

function endOf(date: string, time: string, minutes: number) {
  const end = Temporal.PlainDateTime.from(`${date}T${hhmm(time)}`).add({ minutes });
  return { date: end.toPlainDate().toString(), time: hhmm(end.toPlainTime().toString()) };
}

function toEvent(e: EventRow, names: Awaited<ReturnType<typeof linkNames>>, exceptions: ExceptionRow[]): CalendarEvent {
  const end = endOf(e.startDate, e.startTime, e.durationMinutes);
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    event_type_id: e.eventTypeId,
    event_type: eventTypeName(e.eventTypeId),
    start_date: e.startDate,
    start_time: hhmm(e.startTime),
    end_date: end.date,
    end_time: end.time,
    duration_minutes: e.durationMinutes,
    time_zone: e.timeZone,
    repeat: e.repeat,
    repeat_interval: e.repeatInterval,
    repeat_days: e.repeatDays,
    repeat_end: e.repeatUntil ? "until" : e.repeatCount ? "count" : "never",
    repeat_until: e.repeatUntil,
    repeat_count: e.repeatCount,
    repeat_text: repeatText(e),
    owner: names.owner.get(e.ownerId) ?? { id: e.ownerId, name: "" },
    task: e.taskId !== null ? (names.task.get(e.taskId) ?? null) : null,
    individual: e.individualId !== null ? (names.individual.get(e.individualId) ?? null) : null,
    company: e.companyId !== null ? (names.company.get(e.companyId) ?? null) : null,
    exceptions: exceptions
      .filter((x) => x.eventId === e.id)
      .map((x) => ({
        occurrence_date: x.occurrenceDate,
        cancelled: x.cancelled,
        start_date: x.startDate,
        start_time: x.startTime ? hhmm(x.startTime) : null,
        duration_minutes: x.durationMinutes,
      })),
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export async function getEvent(db: Db, auth: AuthContext, id: number): Promise<CalendarEvent> {
  const row = await findEvent(db, auth, id);
  const exceptions = await db
    .select()
    .from(calendarEventExceptions)
    .where(eq(calendarEventExceptions.eventId, id))
    .orderBy(asc(calendarEventExceptions.occurrenceDate));
  return toEvent(row, await linkNames(db, [row]), exceptions);
}

// ---------------------------------------------------------------- writes

/** The linked task, individual and company must be the caller's company's: a field error otherwise, nothing saved. */
async function checkLinks(db: Db, tenantId: number, body: Pick<CalendarEventBody, "task_id" | "individual_id" | "company_id">) {
  const errors: Record<string, string[]> = {};
  const owned = async (table: typeof tasks | typeof individuals | typeof clientCompanies, id: number | undefined) => {
    if (id === undefined) return true;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
      .limit(1);
    return Boolean(row);
  };
  if (!(await owned(tasks, body.task_id))) errors.task_id = [CALENDAR_MESSAGES.task];
  if (!(await owned(individuals, body.individual_id))) errors.individual_id = [CALENDAR_MESSAGES.individual];
  if (!(await owned(clientCompanies, body.company_id))) errors.company_id = [CALENDAR_MESSAGES.company];
  if (Object.keys(errors).length) throw invalid(errors);
}

function columns(body: CalendarEventBody) {
  const duration =
    body.end_time !== undefined ? wallMinutes(body.start_date, body.start_time, body.end_date ?? body.start_date, body.end_time) : body.duration_minutes!;
  const repeating = body.repeat !== "none";
  const weekday = WEEKDAYS[Temporal.PlainDate.from(body.start_date).dayOfWeek - 1].value;
  return {
    name: body.name,
    description: body.description ?? null,
    eventTypeId: body.event_type_id,
    startDate: body.start_date,
    startTime: body.start_time,
    durationMinutes: duration,
    timeZone: CALENDAR_TIME_ZONE,
    repeat: body.repeat,
    repeatInterval: repeating ? body.repeat_interval : 1,
    // A weekly repeat with no day chosen repeats on the start's weekday.
    repeatDays:
      body.repeat === "weekly" ? (body.repeat_days.length ? WEEKDAYS.map((d) => d.value).filter((d) => body.repeat_days.includes(d)) : [weekday]) : [],
    repeatUntil: repeating && body.repeat_end === "until" ? (body.repeat_until ?? null) : null,
    repeatCount: repeating && body.repeat_end === "count" ? (body.repeat_count ?? null) : null,
    taskId: body.task_id ?? null,
    individualId: body.individual_id ?? null,
    companyId: body.company_id ?? null,
  };
}

export async function createEvent(db: Db, auth: AuthContext, body: CalendarEventBody): Promise<CalendarEvent> {
  await checkLinks(db, auth.tenantId, body);
  const [row] = await db
    .insert(calendarEvents)
    .values({ tenantId: auth.tenantId, ownerId: auth.userId, ...columns(body) })
    .returning();
  return getEvent(db, auth, row.id);
}

const RULE_FIELDS = ["startDate", "startTime", "repeat", "repeatInterval", "repeatUntil", "repeatCount"] as const;

/** Updates the whole series. When its rule changes, single-occurrence changes no longer match it and are dropped. */
export async function updateEvent(db: Db, auth: AuthContext, id: number, body: CalendarEventBody): Promise<CalendarEvent> {
  const current = await findEvent(db, auth, id);
  await checkLinks(db, auth.tenantId, body);
  const next = columns(body);
  const ruleChanged =
    RULE_FIELDS.some((f) => String(current[f] ?? "").slice(0, f === "startTime" ? 5 : undefined) !== String(next[f] ?? "")) ||
    current.repeatDays.join(",") !== next.repeatDays.join(",");
  await db.transaction(async (tx) => {
    await tx
      .update(calendarEvents)
      .set({ ...next, updatedAt: new Date() })
      .where(and(eq(calendarEvents.tenantId, auth.tenantId), eq(calendarEvents.id, id)));
    if (ruleChanged) await tx.delete(calendarEventExceptions).where(eq(calendarEventExceptions.eventId, id));
  });
  return getEvent(db, auth, id);
}

export async function deleteEvent(db: Db, auth: AuthContext, id: number) {
  const current = await findEvent(db, auth, id);
  await db.delete(calendarEvents).where(and(eq(calendarEvents.tenantId, auth.tenantId), eq(calendarEvents.id, current.id)));
}

async function occurrenceOf(db: Db, auth: AuthContext, id: number, date: string) {
  const event = await findEvent(db, auth, id);
  if (!hasOccurrenceOn(seriesOf(event), date)) throw notFound("Occurrence");
  return event;
}

/** Moves one occurrence (the rule's date `date`) to a new local start and end; the series is unchanged. */
export async function moveOccurrence(db: Db, auth: AuthContext, id: number, date: string, body: OccurrenceBody): Promise<CalendarEvent> {
  await occurrenceOf(db, auth, id, date);
  const values = {
    cancelled: false,
    startDate: body.start_date,
    startTime: body.start_time,
    durationMinutes: wallMinutes(body.start_date, body.start_time, body.end_date ?? body.start_date, body.end_time),
  };
  await db
    .insert(calendarEventExceptions)
    .values({ tenantId: auth.tenantId, eventId: id, occurrenceDate: date, ...values })
    .onConflictDoUpdate({ target: [calendarEventExceptions.eventId, calendarEventExceptions.occurrenceDate], set: values });
  return getEvent(db, auth, id);
}

/** Cancels one occurrence; the others of the series stay. */
export async function cancelOccurrence(db: Db, auth: AuthContext, id: number, date: string) {
  await occurrenceOf(db, auth, id, date);
  const values = { cancelled: true, startDate: null, startTime: null, durationMinutes: null };
  await db
    .insert(calendarEventExceptions)
    .values({ tenantId: auth.tenantId, eventId: id, occurrenceDate: date, ...values })
    .onConflictDoUpdate({ target: [calendarEventExceptions.eventId, calendarEventExceptions.occurrenceDate], set: values });
}

/** Puts one occurrence back as the rule has it (undoes a move or a cancellation). */
export async function restoreOccurrence(db: Db, auth: AuthContext, id: number, date: string) {
  await occurrenceOf(db, auth, id, date);
  await db.delete(calendarEventExceptions).where(and(eq(calendarEventExceptions.eventId, id), eq(calendarEventExceptions.occurrenceDate, date)));
}

// ---------------------------------------------------------------- occurrences in a window

export interface Window {
  startDate: string;
  endDate: string;
}

/** The window's instants: from the start date's local midnight to the midnight after the end date. */
export function windowInstants(w: Window) {
  const span = Temporal.PlainDate.from(w.startDate).until(Temporal.PlainDate.from(w.endDate)).days + 1;
  if (span < 1) throw invalid({ end_date: [CALENDAR_MESSAGES.windowOrder] });
  if (span > MAX_WINDOW_DAYS) throw invalid({ end_date: [CALENDAR_MESSAGES.windowTooLong] }, CALENDAR_MESSAGES.windowTooLong);
  return {
    from: zoned(w.startDate, "00:00", CALENDAR_TIME_ZONE).toInstant(),
    to: zoned(Temporal.PlainDate.from(w.endDate).add({ days: 1 }).toString(), "00:00", CALENDAR_TIME_ZONE).toInstant(),
  };
}

function occurrenceAnswer(
  e: EventRow,
  owner: { id: number; name: string },
  occurrenceDate: string,
  start: Temporal.ZonedDateTime,
  minutes: number,
  moved: boolean,
): Occurrence {
  const end = start.add({ minutes });
  const local = localOf(start.toInstant(), e.timeZone);
  const localEnd = localOf(end.toInstant(), e.timeZone);
  return {
    id: `${e.id}-${occurrenceDate}`,
    event_id: e.id,
    occurrence_date: occurrenceDate,
    name: e.name,
    description: e.description,
    event_type_id: e.eventTypeId,
    event_type: eventTypeName(e.eventTypeId),
    start: start.toString({ timeZoneName: "never" }),
    end: end.toString({ timeZoneName: "never" }),
    start_date: local.date,
    start_time: local.time,
    end_date: localEnd.date,
    end_time: localEnd.time,
    repeating: e.repeat !== "none",
    moved,
    owner,
  };
}

/** Every occurrence of the given events (with their exceptions) overlapping [from, to), sorted; refuses too many. */
function expand(rows: EventRow[], exceptions: ExceptionRow[], owners: Map<number, { id: number; name: string }>, from: Temporal.Instant, to: Temporal.Instant) {
  const out: { at: number; o: Occurrence }[] = [];
  const byEvent = new Map<number, ExceptionRow[]>();
  for (const x of exceptions) byEvent.set(x.eventId, [...(byEvent.get(x.eventId) ?? []), x]);
  const tooFull = () => invalid({ end_date: [CALENDAR_MESSAGES.windowTooFull] }, CALENDAR_MESSAGES.windowTooFull);
  for (const e of rows) {
    const owner = owners.get(e.ownerId) ?? { id: e.ownerId, name: "" };
    const changed = new Map((byEvent.get(e.id) ?? []).map((x) => [x.occurrenceDate, x]));
    for (const o of occurrencesBetween(seriesOf(e), from, to, MAX_WINDOW_OCCURRENCES + 1)) {
      if (changed.has(o.date)) continue;
      out.push({ at: o.start.epochMilliseconds, o: occurrenceAnswer(e, owner, o.date, o.start, e.durationMinutes, false) });
    }
    for (const x of changed.values()) {
      if (x.cancelled || !x.startDate || !x.startTime || !x.durationMinutes) continue;
      const start = zoned(x.startDate, x.startTime, e.timeZone);
      const end = start.add({ minutes: x.durationMinutes });
      if (Temporal.Instant.compare(end.toInstant(), from) <= 0 || Temporal.Instant.compare(start.toInstant(), to) >= 0) continue;
      out.push({ at: start.epochMilliseconds, o: occurrenceAnswer(e, owner, x.occurrenceDate, start, x.durationMinutes, true) });
    }
    if (out.length > MAX_WINDOW_OCCURRENCES) throw tooFull();
  }
  out.sort((a, b) => a.at - b.at || a.o.name.localeCompare(b.o.name) || a.o.event_id - b.o.event_id);
  return out.map((x) => x.o);
}

/**
 * The occurrences of the events the caller sees in a window of local dates (GET /calendar-event). A series with
 * no end is expanded over the window only; a window holding more than MAX_WINDOW_OCCURRENCES is refused.
 */
export async function occurrencesIn(db: Db, auth: AuthContext, w: Window, extra?: SQL): Promise<Occurrence[]> {
  const { from, to } = windowInstants(w);
  // Events that can reach the window: started by its end, and (single) not ended a month before it, or
  // (repeating) not ended before it, or with an occurrence moved near it.
  const early = Temporal.PlainDate.from(w.startDate).subtract({ days: 32 }).toString();
  const late = Temporal.PlainDate.from(w.endDate).add({ days: 1 }).toString();
  const movedNear = sql`exists (select 1 from ${calendarEventExceptions} x where x.event_id = ${calendarEvents.id} and x.start_date between ${early} and ${late})`;
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        visible(auth),
        extra,
        or(
          and(
            lte(calendarEvents.startDate, late),
            or(
              and(eq(calendarEvents.repeat, "none"), gte(calendarEvents.startDate, early)),
              and(ne(calendarEvents.repeat, "none"), or(isNull(calendarEvents.repeatUntil), gte(calendarEvents.repeatUntil, early))),
            ),
          ),
          movedNear,
        ),
      ),
    );
  if (!rows.length) return [];
  const exceptions = await db
    .select()
    .from(calendarEventExceptions)
    .where(
      and(
        eq(calendarEventExceptions.tenantId, auth.tenantId),
        inArray(
          calendarEventExceptions.eventId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const names = await linkNames(db, rows);
  return expand(rows, exceptions, names.owner, from, to);
}

// ---------------------------------------------------------------- linked records

const LINK_TABLE = { task: tasks, individual: individuals, company: clientCompanies } as const;
const LINK_COLUMN = { task: calendarEvents.taskId, individual: calendarEvents.individualId, company: calendarEvents.companyId } as const;

/** Events linked to a task, an individual or a company the caller's company holds (404 otherwise), with their next time. */
export async function linkedEvents(db: Db, auth: AuthContext, kind: LinkedKind, id: number): Promise<LinkedEvent[]> {
  const table = LINK_TABLE[kind];
  const [record] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, auth.tenantId), eq(table.id, id)))
    .limit(1);
  if (!record) throw notFound("Record");
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(visible(auth), eq(LINK_COLUMN[kind], id)))
    .orderBy(asc(calendarEvents.startDate), asc(calendarEvents.id))
    .limit(50);
  const names = await linkNames(db, rows);
  const now = Temporal.Now.instant();
  return rows.map((e) => {
    const next = nextOccurrence(seriesOf(e), now);
    const owner = names.owner.get(e.ownerId) ?? { id: e.ownerId, name: "" };
    return {
      id: e.id,
      name: e.name,
      event_type: eventTypeName(e.eventTypeId),
      repeat_text: repeatText(e),
      next: next ? occurrenceAnswer(e, owner, next.date, next.start, e.durationMinutes, false) : null,
    };
  });
}

export const EVENT_TYPE_IDS = EVENT_TYPES.map((t) => t.id);

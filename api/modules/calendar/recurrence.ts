import { RRuleTemporal } from "rrule-temporal";
import { Temporal } from "temporal-polyfill";
import type { Repeat } from "#contract/calendar";

/**
 * Occurrences of a calendar series, computed in the series' own zone from its local wall time (rrule-temporal on
 * Temporal): a weekly meeting at 09:00 in Europe/London is at 09:00 local before and after a clock change, so
 * its UTC instant moves by an hour with British Summer Time. Nothing here reads the machine's zone.
 */
export interface Series {
  startDate: string;
  /** "HH:mm" (or "HH:mm:ss" as PostgreSQL answers a time). */
  startTime: string;
  durationMinutes: number;
  timeZone: string;
  repeat: Repeat;
  repeatInterval: number;
  repeatDays: string[];
  repeatUntil: string | null;
  repeatCount: number | null;
}

/** One occurrence as the rule gives it: its local start, and the instants of its start and end. */
export interface RuleOccurrence {
  /** The local date the rule gave it (an exception is keyed by it). */
  date: string;
  time: string;
  start: Temporal.ZonedDateTime;
  end: Temporal.ZonedDateTime;
}

const FREQ = { daily: "DAILY", weekly: "WEEKLY", monthly: "MONTHLY", yearly: "YEARLY" } as const;
const hhmm = (t: string) => t.slice(0, 5);

/** The instant of a local date and time in a zone (a time skipped by a clock change moves forward, as a clock would). */
export function zoned(date: string, time: string, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.PlainDateTime.from(`${date}T${hhmm(time)}`).toZonedDateTime(timeZone, { disambiguation: "compatible" });
}

/**
 * The rule of a repeating series (undefined for a single event), expanded on wall time: its dates and times are
 * computed as if on a clock that never changes (UTC) and only then placed in the series' zone (`placed`). So a
 * time that a clock change skips (01:30 on the last Sunday of March) still gives its occurrence, an hour later as a
 * clock would show it, instead of being dropped.
 */
export function ruleOf(series: Series): RRuleTemporal | undefined {
  if (series.repeat === "none") return undefined;
  return new RRuleTemporal({
    freq: FREQ[series.repeat],
    interval: series.repeatInterval,
    dtstart: wall(series.startDate, series.startTime),
    tzid: WALL,
    ...(series.repeat === "weekly" && series.repeatDays.length ? { byDay: series.repeatDays } : {}),
    ...(series.repeatCount ? { count: series.repeatCount } : {}),
    // Until the end of that local day.
    ...(series.repeatUntil ? { until: wall(series.repeatUntil, "23:59").add({ seconds: 59 }) } : {}),
    wkst: "MO",
    cache: false,
  });
}

/** The clock rules are computed on: no changes, ever. */
const WALL = "UTC";
const wall = (date: string, time: string) => Temporal.PlainDateTime.from(`${date}T${hhmm(time)}`).toZonedDateTime(WALL);
/** A wall time of the rule placed in the series' zone. */
const placed = (w: Temporal.ZonedDateTime, timeZone: string) => w.toPlainDateTime().toZonedDateTime(timeZone, { disambiguation: "compatible" });
/** An instant as the wall time it reads in a zone (for the rule's bounds). */
const wallOf = (instant: Temporal.Instant, timeZone: string) => instant.toZonedDateTimeISO(timeZone).toPlainDateTime().toZonedDateTime(WALL);

/** An occurrence from its wall time (the rule's date and time), placed in the zone. */
function occurrence(w: Temporal.ZonedDateTime, durationMinutes: number, timeZone: string): RuleOccurrence {
  const start = placed(w, timeZone);
  return { date: w.toPlainDate().toString(), time: hhmm(w.toPlainTime().toString()), start, end: start.add({ minutes: durationMinutes }) };
}

/**
 * The occurrences that overlap the window [from, to) (instants), at most `limit` of them (the caller asks one more
 * than it allows, to tell "too many"). A rule without an end is fine: only the window is expanded.
 */
export function occurrencesBetween(series: Series, from: Temporal.Instant, to: Temporal.Instant, limit: number): RuleOccurrence[] {
  const rule = ruleOf(series);
  if (!rule) {
    const one = occurrence(wall(series.startDate, series.startTime), series.durationMinutes, series.timeZone);
    return Temporal.Instant.compare(one.end.toInstant(), from) > 0 && Temporal.Instant.compare(one.start.toInstant(), to) < 0 ? [one] : [];
  }
  // From `duration` (and an hour of clock change) before the window, so an occurrence that began earlier and is
  // still going counts; the exact bounds are checked on the placed instants below.
  const after = wallOf(from, series.timeZone).subtract({ minutes: series.durationMinutes + 60 });
  const before = wallOf(to, series.timeZone).add({ minutes: 60 });
  const found: RuleOccurrence[] = [];
  for (const w of rule.between(after, before, true)) {
    const o = occurrence(w as Temporal.ZonedDateTime, series.durationMinutes, series.timeZone);
    if (Temporal.Instant.compare(o.end.toInstant(), from) <= 0 || Temporal.Instant.compare(o.start.toInstant(), to) >= 0) continue;
    found.push(o);
    if (found.length >= limit) break;
  }
  return found;
}

/** Whether the rule gives an occurrence on that local date (for moving or cancelling one). */
export function hasOccurrenceOn(series: Series, date: string): boolean {
  const rule = ruleOf(series);
  if (!rule) return series.startDate === date;
  return rule.between(wall(date, "00:00"), wall(date, "23:59"), true).some((w) => (w as Temporal.ZonedDateTime).toPlainDate().toString() === date);
}

/** The next occurrence starting at or after `now`, or null. */
export function nextOccurrence(series: Series, now: Temporal.Instant): RuleOccurrence | null {
  const rule = ruleOf(series);
  if (!rule) {
    const one = occurrence(wall(series.startDate, series.startTime), series.durationMinutes, series.timeZone);
    return Temporal.Instant.compare(one.end.toInstant(), now) > 0 ? one : null;
  }
  const next = rule.next(wallOf(now, series.timeZone), true);
  return next ? occurrence(next as Temporal.ZonedDateTime, series.durationMinutes, series.timeZone) : null;
}

/** The local date and time an instant reads as in a zone. */
export function localOf(instant: Temporal.Instant, timeZone: string) {
  const local = instant.toZonedDateTimeISO(timeZone).toPlainDateTime();
  return { date: local.toPlainDate().toString(), time: hhmm(local.toPlainTime().toString()) };
}

/** The series as an RFC 5545 RRULE value (for the ICS feed), or null for a single event. */
export function rruleText(series: Series): string | null {
  if (series.repeat === "none") return null;
  const parts = [`FREQ=${FREQ[series.repeat]}`];
  if (series.repeatInterval > 1) parts.push(`INTERVAL=${series.repeatInterval}`);
  if (series.repeat === "weekly" && series.repeatDays.length) parts.push(`BYDAY=${series.repeatDays.join(",")}`);
  if (series.repeatCount) parts.push(`COUNT=${series.repeatCount}`);
  if (series.repeatUntil) {
    const until = zoned(series.repeatUntil, "23:59", series.timeZone).add({ seconds: 59 }).toInstant().toString();
    parts.push(`UNTIL=${until.replace(/[-:]/g, "").replace(/\.\d+/, "")}`);
  }
  return parts.join(";");
}

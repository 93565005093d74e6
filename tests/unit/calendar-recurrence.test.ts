import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { hasOccurrenceOn, nextOccurrence, occurrencesBetween, rruleText, zoned, type Series } from "#api/modules/calendar/recurrence";
import { addMonths, daysBetween, periodOf } from "#app/lib/calendar-view";

const London = "Europe/London";
const series = (over: Partial<Series>): Series => ({
  startDate: "2026-03-02",
  startTime: "09:00",
  durationMinutes: 60,
  timeZone: London,
  repeat: "weekly",
  repeatInterval: 1,
  repeatDays: ["MO"],
  repeatUntil: null,
  repeatCount: null,
  ...over,
});
const window = (from: string, to: string) => [zoned(from, "00:00", London).toInstant(), zoned(to, "00:00", London).toInstant()] as const;
const starts = (s: Series, from: string, to: string, limit = 1000) =>
  occurrencesBetween(s, ...window(from, to), limit).map((o) => o.start.toString({ timeZoneName: "never" }));

describe("a weekly 09:00 meeting across the UK clock changes", () => {
  it("stays at 09:00 local over the last Sunday of March 2026 (29 March): the offset goes from +00:00 to +01:00", () => {
    expect(starts(series({}), "2026-03-20", "2026-04-07")).toEqual(["2026-03-23T09:00:00+00:00", "2026-03-30T09:00:00+01:00", "2026-04-06T09:00:00+01:00"]);
  });

  it("stays at 09:00 local over the last Sunday of October 2026 (25 October): back to +00:00", () => {
    expect(starts(series({}), "2026-10-15", "2026-11-03")).toEqual(["2026-10-19T09:00:00+01:00", "2026-10-26T09:00:00+00:00", "2026-11-02T09:00:00+00:00"]);
  });

  it("a Sunday meeting on the change day itself keeps its local time (29 March and 25 October)", () => {
    const sunday = series({ startDate: "2026-03-01", repeatDays: ["SU"], startTime: "10:30" });
    expect(starts(sunday, "2026-03-29", "2026-03-30")).toEqual(["2026-03-29T10:30:00+01:00"]);
    expect(starts(sunday, "2026-10-25", "2026-10-26")).toEqual(["2026-10-25T10:30:00+00:00"]);
  });

  it("a time that does not exist on the spring change (01:30) moves forward an hour, as a clock would", () => {
    const night = series({ startDate: "2026-03-28", startTime: "01:30", repeat: "daily", repeatDays: [] });
    expect(starts(night, "2026-03-28", "2026-03-31")).toEqual(["2026-03-28T01:30:00+00:00", "2026-03-29T02:30:00+01:00", "2026-03-30T01:30:00+01:00"]);
  });
});

describe("rules and their ends", () => {
  it.each([
    ["daily", series({ repeat: "daily", repeatDays: [], startDate: "2026-01-01" }), "2026-01-01", "2026-01-05", 4],
    ["every 2 weeks on Mon and Thu", series({ repeatInterval: 2, repeatDays: ["MO", "TH"], startDate: "2026-01-05" }), "2026-01-01", "2026-02-01", 4],
    ["monthly on the 31st skips short months", series({ repeat: "monthly", repeatDays: [], startDate: "2026-01-31" }), "2026-01-01", "2026-06-01", 3],
    ["yearly", series({ repeat: "yearly", repeatDays: [], startDate: "2024-02-29" }), "2024-01-01", "2033-01-01", 3],
    ["until a date (inclusive)", series({ repeatUntil: "2026-03-16" }), "2026-01-01", "2027-01-01", 3],
    ["a number of times", series({ repeatCount: 4 }), "2026-01-01", "2027-01-01", 4],
  ])("%s", (_name, s, from, to, n) => {
    expect(starts(s, from, to)).toHaveLength(n);
  });

  it("a rule that never ends is expanded over the window only, however far away", () => {
    const daily = series({ repeat: "daily", repeatDays: [], startDate: "2026-01-01" });
    expect(starts(daily, "2099-06-01", "2099-07-01")).toHaveLength(30);
    expect(starts(daily, "2026-01-01", "2027-01-01", 10)).toHaveLength(10);
  });

  it("an occurrence that began before the window and is still going counts", () => {
    const overnight = series({ repeat: "none", startDate: "2026-05-01", startTime: "22:00", durationMinutes: 180 });
    expect(starts(overnight, "2026-05-02", "2026-05-03")).toEqual(["2026-05-01T22:00:00+01:00"]);
  });

  it("knows its dates, its next occurrence and its RRULE", () => {
    const s = series({ repeatDays: ["MO", "WE"], repeatUntil: "2026-12-31" });
    expect(hasOccurrenceOn(s, "2026-03-04")).toBe(true);
    expect(hasOccurrenceOn(s, "2026-03-05")).toBe(false);
    const next = nextOccurrence(s, Temporal.Instant.from("2026-03-30T12:00:00Z"));
    expect(next?.date).toBe("2026-04-01");
    expect(rruleText(s)).toBe("FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T235959Z");
    expect(rruleText(series({ repeat: "none" }))).toBeNull();
  });
});

describe("the calendar page's periods", () => {
  it.each([
    ["view=month&date=2026-03-18", { view: "month", start: "2026-02-23", end: "2026-04-05", previous: "2026-02-18", next: "2026-04-18", title: "March 2026" }],
    ["view=week&date=2026-03-29", { view: "week", start: "2026-03-23", end: "2026-03-29", previous: "2026-03-22", next: "2026-04-05" }],
    [
      "view=day&date=2026-10-25",
      { view: "day", start: "2026-10-25", end: "2026-10-25", previous: "2026-10-24", next: "2026-10-26", title: "Sunday 25 October 2026" },
    ],
    ["view=year&date=2026-02-30", { view: "month", date: "2026-11-26" }],
  ])("%s", (query, expected) => {
    expect(periodOf(new URLSearchParams(query), "2026-11-26")).toMatchObject(expected);
  });

  it("months move by calendar month, the day clipped to the month's end; a month view draws whole weeks", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    const p = periodOf(new URLSearchParams("view=month&date=2026-02-10"), "2026-11-26");
    expect(daysBetween(p.start, p.end).length % 7).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { DAY_MS, relativeDate } from "#app/lib/relative-date";

// Wednesday 18 November 2026, 10:00 on the UK clock (GMT in November).
const NOW = new Date("2026-11-18T10:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const H = 60 * 60 * 1000;
const MIN = 60 * 1000;

describe("relative dates of notifications", () => {
  it.each([
    ["just now", 0, "at 10:00"],
    ["a minute ago", MIN, "at 09:59"],
    ["earlier today", 9 * H + 55 * MIN, "at 00:05"],
    ["yesterday evening, within 24 h", 13 * H, "at 21:00"],
    ["1 ms short of a day", DAY_MS - 1, "at 10:00"],
  ])("within 1 day shows 'at time': %s", (_what, ms, expected) => {
    expect(relativeDate(ago(ms), NOW)).toBe(expected);
  });

  it.each([
    ["exactly 1 day", DAY_MS, "Tuesday"],
    ["1 day and 23 h", 2 * DAY_MS - 1, "Monday"],
    ["3 days", 3 * DAY_MS, "Sunday"],
    ["6 days", 6 * DAY_MS, "Thursday"],
    ["6 days and 9 h (still Thursday)", 6 * DAY_MS + 9 * H, "Thursday"],
  ])("1 to 7 days shows the weekday: %s", (_what, ms, expected) => {
    expect(relativeDate(ago(ms), NOW)).toBe(expected);
  });

  it("6 days and some hours that fall on today's weekday read 'last <weekday>'", () => {
    // 6 days 11 h before Wednesday 10:00 is Wednesday 23:00 a week earlier.
    expect(relativeDate(ago(6 * DAY_MS + 11 * H), NOW)).toBe("last Wednesday");
    expect(relativeDate(ago(7 * DAY_MS - 1), NOW)).toBe("last Wednesday");
  });

  it.each([
    ["exactly 7 days", 7 * DAY_MS],
    ["7 days and 1 minute", 7 * DAY_MS + MIN],
    ["1 ms short of 8 days", 8 * DAY_MS - 1],
  ])("exactly 7 days shows 'last week': %s", (_what, ms) => {
    expect(relativeDate(ago(ms), NOW)).toBe("last week");
  });

  it.each([
    ["8 days", 8 * DAY_MS, "10/11/26"],
    ["30 days", 30 * DAY_MS, "19/10/26"],
    ["a year", 365 * DAY_MS, "18/11/25"],
  ])("more than 7 days shows the short date dd/mm/yy: %s", (_what, ms, expected) => {
    expect(relativeDate(ago(ms), NOW)).toBe(expected);
  });

  it("reads times on the UK clock, summer time included", () => {
    const summerNow = new Date("2026-07-15T12:00:00Z"); // 13:00 BST
    expect(relativeDate(new Date("2026-07-15T11:30:00Z"), summerNow)).toBe("at 12:30");
    // 23:30 UTC on 4 July is 00:30 BST on 5 July: the date is the UK one.
    expect(relativeDate(new Date("2026-07-04T23:30:00Z"), summerNow)).toBe("05/07/26");
  });

  it("accepts ISO text and epoch milliseconds; a future time (clock skew) reads as 'at time'; junk reads as nothing", () => {
    expect(relativeDate("2026-11-18T09:15:00.000Z", NOW)).toBe("at 09:15");
    expect(relativeDate(NOW.getTime() - 2 * DAY_MS, NOW.getTime())).toBe("Monday");
    expect(relativeDate(new Date(NOW.getTime() + 5 * MIN), NOW)).toBe("at 10:05");
    expect(relativeDate("not a date", NOW)).toBe("");
  });
});

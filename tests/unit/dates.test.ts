import { describe, expect, it } from "vitest";
import {
  DATE_MESSAGES,
  dateWindow,
  daysInMonth,
  formatDate,
  formatDateTime,
  formatTime,
  isLeapYear,
  normaliseTimeText,
  parseDateText,
  shiftYears,
  todayInLondon,
} from "#common/dates";
import { isOverdue } from "#app/components/tasks/close-date";

const TODAY = "2026-03-15";

describe("date text: year-month-day", () => {
  it.each([["2026-03-15"], ["1999-12-31"], [" 2026-03-15 "]])("%j is accepted", (text) => {
    expect(parseDateText(text, TODAY)).toEqual({ ok: true, value: text.trim() });
  });

  it.each([["15/03/2026"], ["2026/03/15"], ["2026-3-15"], ["26-03-15"], ["20260315"], ["2026-03-15T10:00"], ["today"], [""]])(
    "%j is not year-month-day",
    (text) => {
      expect(parseDateText(text, TODAY)).toEqual({ ok: false, error: "format", message: DATE_MESSAGES.format });
    },
  );

  it.each([null, undefined])("%s is not year-month-day", (text) => {
    expect(parseDateText(text, TODAY)).toMatchObject({ ok: false, error: "format" });
  });
});

describe("a real calendar date", () => {
  it.each([
    ["2026-02-30", false],
    ["2026-02-29", false],
    ["2028-02-29", true],
    ["2000-02-29", true],
    ["2100-02-29", false],
    ["1900-02-29", false],
    ["2026-04-31", false],
    ["2026-04-30", true],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-01-32", false],
    ["2026-12-31", true],
  ])("%j real: %s", (text, real) => {
    const result = parseDateText(text, TODAY);
    expect(result.ok).toBe(real);
    if (!real) expect(result).toEqual({ ok: false, error: "real", message: DATE_MESSAGES.real });
  });

  it.each([
    [2024, true],
    [2026, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
  ])("leap year %i: %s", (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
    expect(daysInMonth(year, 2)).toBe(leap ? 29 : 28);
  });
});

describe("within 200 years either side of today", () => {
  it.each([
    ["1826-03-15", true], // exactly 200 years before
    ["1826-03-14", false], // a day beyond
    ["2226-03-15", true], // exactly 200 years after
    ["2226-03-16", false], // a day beyond
    ["1826-03-16", true],
    ["2226-03-14", true],
    ["0001-01-01", false],
    ["9999-12-31", false],
  ])("%j in the window: %s", (text, inside) => {
    const result = parseDateText(text, TODAY);
    expect(result.ok).toBe(inside);
    if (!inside) expect(result).toEqual({ ok: false, error: "range", message: DATE_MESSAGES.range });
  });

  it.each<[string, { min: string; max: string }]>([
    ["2026-03-15", { min: "1826-03-15", max: "2226-03-15" }],
    // 29 February: 1824 and 2224 are leap years too
    ["2024-02-29", { min: "1824-02-29", max: "2224-02-29" }],
    // 1800 is not a leap year: the window starts on 28 February
    ["2000-02-29", { min: "1800-02-28", max: "2200-02-28" }],
  ])("today %s → window %j", (today, window) => {
    expect(dateWindow(today)).toEqual(window);
  });

  it("takes today as a Date on the UK calendar", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(dateWindow(new Date("2026-06-30T23:30:00Z"))).toEqual({ min: "1826-07-01", max: "2226-07-01" });
    expect(parseDateText("1826-06-30", new Date("2026-06-30T23:30:00Z")).ok).toBe(false);
  });

  it.each([
    ["2024-02-29", 1, "2025-02-28"],
    ["2024-02-29", 4, "2028-02-29"],
    ["2026-01-31", -200, "1826-01-31"],
  ])("shiftYears(%s, %i) = %s", (text, years, expected) => {
    expect(shiftYears(text, years)).toBe(expected);
  });
});

describe("today on the UK calendar", () => {
  it.each([
    ["2026-01-15T23:30:00Z", "2026-01-15"], // GMT
    ["2026-06-30T23:30:00Z", "2026-07-01"], // BST
    ["2026-03-29T00:30:00Z", "2026-03-29"],
  ])("%s → %s", (instant, expected) => {
    expect(todayInLondon(new Date(instant))).toBe(expected);
  });
});

describe("display: dd/mm/yy, 24-hour time, Europe/London", () => {
  it.each<[Date | string | number | null | undefined, string]>([
    ["2026-03-05", "05/03/26"],
    ["1999-12-31", "31/12/99"],
    ["2026-01-05T14:05:00Z", "05/01/26"],
    ["2026-06-30T23:30:00Z", "01/07/26"],
    [new Date("2026-12-25T09:00:00Z"), "25/12/26"],
    [Date.UTC(2026, 0, 2, 12), "02/01/26"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    ["not a date", ""],
  ])("formatDate(%j) = %j", (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it.each([
    ["2026-01-05T14:05:00Z", "14:05"],
    ["2026-06-30T23:30:00Z", "00:30"],
    ["2026-07-01T12:00:00Z", "13:00"],
    ["2026-01-01T00:00:00Z", "00:00"],
    ["2026-01-01T23:59:00Z", "23:59"],
  ])("formatTime(%s) = %s", (value, expected) => {
    expect(formatTime(value)).toBe(expected);
  });

  it.each([
    ["2026-01-05T14:05:00Z", "05/01/26 14:05"],
    ["2026-06-30T23:30:00Z", "01/07/26 00:30"],
    [null, ""],
  ])("formatDateTime(%s) = %s", (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });
});

describe("time text: HH:mm, 24-hour", () => {
  it.each([
    ["09:30", "09:30"],
    ["23:59", "23:59"],
    ["00:00", "00:00"],
    ["12:30:45", "12:30"],
    ["24:00", null],
    ["9:30", null],
    ["12:60", null],
    ["", null],
  ])("%j → %j", (text, expected) => {
    expect(normaliseTimeText(text)).toBe(expected);
  });
});

describe("isOverdue", () => {
  it("is an open task's expected close before today, on the UK calendar", () => {
    expect(isOverdue("2026-11-20", true, "2026-11-21")).toBe(true);
    expect(isOverdue("2026-11-21", true, "2026-11-21")).toBe(false);
    expect(isOverdue("2026-11-22", true, "2026-11-21")).toBe(false);
    // A timestamp-shaped value is read by its day.
    expect(isOverdue("2026-11-20T23:30:00.000Z", true, "2026-11-21")).toBe(true);
  });
  it("is never a closed task's", () => {
    expect(isOverdue("2020-01-01", false, "2026-11-21")).toBe(false);
  });
});

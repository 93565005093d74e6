/**
 * Dates (spec §5, §9): date text is year-month-day, a real calendar date, and within 200 years either
 * side of today; the product shows dates as dd/mm/yy and times in 24-hour form, on the UK clock.
 *
 * `today` is always a parameter (a Date, taken on the UK calendar, or a "YYYY-MM-DD" string) so the
 * rules can be tested; the default is now.
 */

import { TIME_ZONE } from "./format";

// Display (dd/mm/yy, 24-hour time) lives in format.ts, which pages that only show dates import.
export { formatDate, formatDateTime, formatTime, TIME_ZONE } from "./format";

export const DATE_WINDOW_YEARS = 200;

export const DATE_MESSAGES = {
  format: "Enter a date as year-month-day.",
  real: "Enter a real date.",
  range: "Enter a date within 200 years of today.",
} as const;

export type DateTextError = keyof typeof DATE_MESSAGES;
export type DateTextResult = { ok: true; value: string } | { ok: false; error: DateTextError; message: string };

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

const calendarDay = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's date on the UK calendar as "YYYY-MM-DD". */
export function todayInLondon(now: Date = new Date()): string {
  const parts = Object.fromEntries(calendarDay.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function todayText(today: Date | string | undefined): string {
  if (today === undefined) return todayInLondon();
  return typeof today === "string" ? today : todayInLondon(today);
}

/** The same day `years` years away; 29 February falls back to 28 February in a common year. */
export function shiftYears(dateText: string, years: number): string {
  const m = DATE_TEXT.exec(dateText);
  if (!m) throw new Error(`Not a YYYY-MM-DD date: ${dateText}`);
  const year = Number(m[1]) + years;
  const month = Number(m[2]);
  const day = Math.min(Number(m[3]), daysInMonth(year, month));
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The accepted dates, inclusive: exactly 200 years before and after today ("YYYY-MM-DD"). */
export function dateWindow(today?: Date | string): { min: string; max: string } {
  const t = todayText(today);
  return { min: shiftYears(t, -DATE_WINDOW_YEARS), max: shiftYears(t, DATE_WINDOW_YEARS) };
}

/** Checks date text: the format, a real calendar date, then the ±200-year window. */
export function parseDateText(raw: string | null | undefined, today?: Date | string): DateTextResult {
  const text = (raw ?? "").trim();
  const fail = (error: DateTextError): DateTextResult => ({ ok: false, error, message: DATE_MESSAGES[error] });
  const m = DATE_TEXT.exec(text);
  if (!m) return fail("format");
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return fail("real");
  const { min, max } = dateWindow(today);
  // Same-width "YYYY-MM-DD" texts compare like the dates they stand for.
  if (text < min || text > max) return fail("range");
  return { ok: true, value: text };
}

export function isValidDateText(raw: string | null | undefined, today?: Date | string): boolean {
  return parseDateText(raw, today).ok;
}

/** "HH:mm" in 24-hour form (00:00–23:59); "HH:mm:ss" is accepted and shortened. null otherwise. */
export function normaliseTimeText(raw: string | null | undefined): string | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec((raw ?? "").trim());
  return m ? `${m[1]}:${m[2]}` : null;
}

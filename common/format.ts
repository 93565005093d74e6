/**
 * Showing dates and numbers (spec §5, §9): dd/mm/yy and 24-hour times on the UK clock, English numbers with up
 * to 2 decimals, money in GBP. Apart from the rules for typed dates and numbers (dates.ts, numbers.ts, which
 * re-export these), so that a page that only shows them does not ship the rules.
 */

import { shownDateText } from "./date-text";

export const TIME_ZONE = "Europe/London";

type DateInput = Date | string | number | null | undefined;

const dateFormat = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "2-digit" });
const timeFormat = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * dd/mm/yy on the UK calendar. A bare "YYYY-MM-DD" is a calendar date and is shown as it is, without
 * any time-zone shift; anything else (a Date, an ISO timestamp, epoch milliseconds) is read as an instant.
 */
export function formatDate(value: DateInput): string {
  const text = typeof value === "string" ? shownDateText(value) : null;
  if (text) return text;
  const date = toDate(value);
  return date ? dateFormat.format(date) : "";
}

/** HH:mm, 24-hour, on the UK clock. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : "";
}

/** "dd/mm/yy HH:mm" on the UK clock. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : "";
}

const numberFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });
const moneyFormat = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = value.replace(/,/g, "").trim();
  if (text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** English number display with up to 2 decimals: 1234.567 → "1,234.57"; "" for nothing. */
export function formatNumber(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? "" : numberFormat.format(n);
}

/** British pounds: 1234.5 → "£1,234.50", -3 → "-£3.00"; "" for nothing. */
export function formatMoney(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? "" : moneyFormat.format(n);
}

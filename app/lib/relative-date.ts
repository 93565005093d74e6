/**
 * When a notification happened, as the panel shows it (spec §9, relative dates):
 *
 * | how long ago (whole 24-hour days)  | shown                                  |
 * |------------------------------------|----------------------------------------|
 * | under 1 day (and anything future)  | "at 14:05" (UK clock, 24-hour)         |
 * | 1 to 6 days                        | the weekday: "Tuesday"                 |
 * | exactly 7 days                     | "last week"                            |
 * | more than 7 days                   | the short date "14/11/26" (dd/mm/yy)   |
 *
 * The spec fixes the first, third and fourth rows; the 1-to-6-day row is ours: the weekday name is
 * unambiguous within the past week, except at 6 days and some hours, when the weekday can be today's
 * (e.g. last Monday 23:00 seen on Monday 09:00): then it reads "last Monday".
 * Days count whole 24-hour periods, so "exactly 7 days" means 7 × 24 h up to (not including) 8 × 24 h.
 */
import { formatDate, formatTime, TIME_ZONE } from "#common/format";

export const DAY_MS = 24 * 60 * 60 * 1000;

const weekdayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, weekday: "long" });

export function relativeDate(value: Date | string | number, now: Date | number = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const nowMs = now instanceof Date ? now.getTime() : now;
  const days = Math.floor((nowMs - date.getTime()) / DAY_MS);
  if (days < 1) return `at ${formatTime(date)}`;
  if (days === 7) return "last week";
  if (days > 7) return formatDate(date);
  const weekday = weekdayFormat.format(date);
  return weekday === weekdayFormat.format(new Date(nowMs)) ? `last ${weekday}` : weekday;
}

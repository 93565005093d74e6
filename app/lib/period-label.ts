import { formatDate } from "#common/format";

/** The calendar periods of the dashboard (week … year) and of pipeline targets (month … year). */
export type PeriodKind = "week" | "month" | "quarter" | "year";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A period by its first day ("YYYY-MM-DD"): 'Week of 16/11/26', 'November 2026', 'Q4 2026', '2026'. */
export function periodLabel(kind: PeriodKind, start: string): string {
  const m = DAY_TEXT.exec(start);
  if (!m) return start;
  const year = m[1];
  const month = Number(m[2]);
  switch (kind) {
    case "week":
      return `Week of ${formatDate(start)}`;
    case "month":
      return `${MONTHS[month - 1]} ${year}`;
    case "quarter":
      return `Q${Math.floor((month - 1) / 3) + 1} ${year}`;
    case "year":
      return year;
  }
}

/** A calendar day `days` later (negative: earlier), "YYYY-MM-DD" in and out, with no time-zone shift. */
export function addDays(day: string, days: number): string {
  const m = DAY_TEXT.exec(day);
  if (!m) return day;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
}

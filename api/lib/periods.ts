import { todayInLondon } from "#common/dates";

/** Calendar periods on the UK calendar ("YYYY-MM-DD" text, end exclusive). */
export type PeriodKind = "week" | "month" | "quarter" | "year";

export const TIME_ZONE = "Europe/London";

const pad = (n: number) => String(n).padStart(2, "0");
const text = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parse = (s: string) => new Date(`${s}T00:00:00Z`);

/** The first day of the period holding `day` (weeks start on Monday). */
export function periodStart(kind: PeriodKind, day: string): string {
  const d = parse(day);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (kind) {
    case "week": {
      const back = (d.getUTCDay() + 6) % 7;
      return text(new Date(Date.UTC(y, m, d.getUTCDate() - back)));
    }
    case "month":
      return text(new Date(Date.UTC(y, m, 1)));
    case "quarter":
      return text(new Date(Date.UTC(y, m - (m % 3), 1)));
    case "year":
      return text(new Date(Date.UTC(y, 0, 1)));
  }
}

/** The start of the period `n` periods after (negative: before) the one starting on `start`. */
export function addPeriods(kind: PeriodKind, start: string, n: number): string {
  const d = parse(start);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (kind) {
    case "week":
      return text(new Date(Date.UTC(y, m, d.getUTCDate() + 7 * n)));
    case "month":
      return text(new Date(Date.UTC(y, m + n, 1)));
    case "quarter":
      return text(new Date(Date.UTC(y, m + 3 * n, 1)));
    case "year":
      return text(new Date(Date.UTC(y + n, 0, 1)));
  }
}

/** The period holding `day` (default today in the UK): { start, end } with end exclusive. */
export function periodOf(kind: PeriodKind, day: string = todayInLondon()): { start: string; end: string } {
  const start = periodStart(kind, day);
  return { start, end: addPeriods(kind, start, 1) };
}

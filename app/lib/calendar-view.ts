/**
 * The calendar page's period, all in its URL: `view` (month, week, day) and `date` (YYYY-MM-DD, any day of the
 * period). Pure date arithmetic on calendar dates (UTC dates stand for local days; no zone is involved), weeks
 * starting on Monday as in the UK.
 */
export const CALENDAR_VIEWS = ["month", "week", "day"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const toDate = (d: string) => new Date(`${d}T00:00:00Z`);
const fromDate = (d: Date) => d.toISOString().slice(0, 10);

export function isCalendarDate(text: string | null | undefined): text is string {
  if (!text || !DATE_RE.test(text)) return false;
  const d = toDate(text);
  return !Number.isNaN(d.getTime()) && fromDate(d) === text && d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2200;
}

export function addDays(date: string, days: number): string {
  const d = toDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromDate(d);
}

export function addMonths(date: string, months: number): string {
  const d = toDate(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return fromDate(d);
}

/** 0 for Monday … 6 for Sunday. */
export const weekdayIndex = (date: string) => (toDate(date).getUTCDay() + 6) % 7;
export const startOfWeek = (date: string) => addDays(date, -weekdayIndex(date));
export const startOfMonth = (date: string) => `${date.slice(0, 8)}01`;
export const endOfMonth = (date: string) => fromDate(new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7), 0)));

/** Today in the United Kingdom, as YYYY-MM-DD. */
export function londonToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export interface Period {
  view: CalendarView;
  /** The day the URL names (kept when switching views). */
  date: string;
  /** The first and last day drawn (a month view draws whole weeks). */
  start: string;
  end: string;
  title: string;
  previous: string;
  next: string;
}

/** The period a URL asks for; an unknown view or a bad date falls back to the month of today. */
export function periodOf(search: URLSearchParams, today: string): Period {
  const view = (CALENDAR_VIEWS as readonly string[]).includes(search.get("view") ?? "") ? (search.get("view") as CalendarView) : "month";
  const date = isCalendarDate(search.get("date")) ? search.get("date")! : today;
  if (view === "day") {
    return { view, date, start: date, end: date, title: dayTitle(date), previous: addDays(date, -1), next: addDays(date, 1) };
  }
  if (view === "week") {
    const start = startOfWeek(date);
    const end = addDays(start, 6);
    return { view, date, start, end, title: `Week of ${dayTitle(start)}`, previous: addDays(date, -7), next: addDays(date, 7) };
  }
  const first = startOfMonth(date);
  const start = startOfWeek(first);
  const end = addDays(startOfWeek(endOfMonth(date)), 6);
  return { view, date, start, end, title: `${MONTHS[+date.slice(5, 7) - 1]} ${date.slice(0, 4)}`, previous: addMonths(date, -1), next: addMonths(date, 1) };
}

/** The days from start to end, inclusive. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

/** "Monday 30 March 2026". */
export function dayTitle(date: string): string {
  return `${DAYS[weekdayIndex(date)]} ${+date.slice(8, 10)} ${MONTHS[+date.slice(5, 7) - 1]} ${date.slice(0, 4)}`;
}

/** "Mon" … "Sun". */
export const WEEKDAY_SHORT = DAYS.map((d) => d.slice(0, 3));

/** The calendar page's address for a view and a day. */
export const calendarHref = (view: CalendarView, date: string) => `/calendar?view=${view}&date=${date}`;

/** dd/mm/yyyy. */
export const ukDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

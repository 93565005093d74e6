/**
 * The calendar's constants, without zod: screens import them from here (a module that defines schemas would bring
 * zod into the page's JavaScript); contract/calendar.ts re-exports them beside the schemas.
 */
/** The zone every calendar time is read in: times are stored as local wall time with it. */
export const CALENDAR_TIME_ZONE = "Europe/London";

/** Calendar events default page size (business-domain §9). */
export const CALENDAR_PAGE_SIZE = 8;
/** At most this many occurrences in one window; a wider search is refused with WINDOW_TOO_FULL. */
export const MAX_WINDOW_OCCURRENCES = 5000;
/** The longest window GET /calendar-event expands (days). */
export const MAX_WINDOW_DAYS = 366;
export const MAX_REPEAT_COUNT = 1000;

export const EVENT_TYPES = [
  { id: 1, name: "Meeting" },
  { id: 2, name: "Call" },
  { id: 3, name: "Appointment" },
  { id: 4, name: "Deadline" },
  { id: 5, name: "Other" },
] as const;
export const eventTypeName = (id: number) => EVENT_TYPES.find((t) => t.id === id)?.name ?? "Other";

export const REPEATS = [
  { value: "none", label: "Does not repeat" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly" },
] as const;
export type Repeat = (typeof REPEATS)[number]["value"];
export const REPEAT_VALUES = REPEATS.map((r) => r.value) as [Repeat, ...Repeat[]];

/** Weekdays as the recurrence rule names them, Monday first (en-GB weeks). */
export const WEEKDAYS = [
  { value: "MO", label: "Monday", short: "Mon" },
  { value: "TU", label: "Tuesday", short: "Tue" },
  { value: "WE", label: "Wednesday", short: "Wed" },
  { value: "TH", label: "Thursday", short: "Thu" },
  { value: "FR", label: "Friday", short: "Fri" },
  { value: "SA", label: "Saturday", short: "Sat" },
  { value: "SU", label: "Sunday", short: "Sun" },
] as const;
export type Weekday = (typeof WEEKDAYS)[number]["value"];
export const WEEKDAY_VALUES = WEEKDAYS.map((d) => d.value) as [Weekday, ...Weekday[]];

export const REPEAT_ENDS = [
  { value: "never", label: "Never" },
  { value: "until", label: "On a date" },
  { value: "count", label: "After a number of times" },
] as const;
export type RepeatEnd = (typeof REPEAT_ENDS)[number]["value"];

export const SNOOZE_CHOICES = [
  { minutes: 10, label: "10 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 24 * 60, label: "1 day" },
  { minutes: 7 * 24 * 60, label: "1 week" },
] as const;

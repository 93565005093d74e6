import { z } from "zod";
import { pagedSchema } from "./common";
import { EVENT_TYPES, MAX_REPEAT_COUNT, MAX_WINDOW_DAYS, MAX_WINDOW_OCCURRENCES, REPEAT_VALUES, WEEKDAY_VALUES } from "./calendar-constants";

export * from "./calendar-constants";

export const CALENDAR_MESSAGES = {
  name: "The name field is required.",
  eventType: "Choose an event type.",
  date: "Enter a date as dd/mm/yyyy.",
  time: "Enter a time as hh:mm.",
  endBeforeStart: "The end must be after the start.",
  tooLong: "An event may last at most 31 days.",
  untilBeforeStart: "The repeat end date must be on or after the start date.",
  until: "Enter the date the repeat ends.",
  count: `Enter how many times it repeats (1 to ${MAX_REPEAT_COUNT}).`,
  interval: "Enter how often it repeats (1 to 99).",
  task: "Choose a task of your company.",
  individual: "Choose an individual of your company.",
  company: "Choose a company of your company's clients.",
  windowOrder: "The end date must be on or after the start date.",
  windowTooLong: `Choose a period of at most ${MAX_WINDOW_DAYS} days.`,
  windowTooFull: `This period holds more than ${MAX_WINDOW_OCCURRENCES.toLocaleString("en-GB")} events. Choose a shorter period.`,
  reminderPast: "The reminder time must be in the future.",
  snooze: "Choose how long to snooze for.",
  occurrence: "This event has no occurrence on that date.",
} as const;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;

/** A real calendar date "YYYY-MM-DD". */
export function isRealDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const [y, m, d] = text.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2200;
}

export const calendarDate = (message: string = CALENDAR_MESSAGES.date) => z.string({ error: message }).trim().refine(isRealDate, message);
export const optionalCalendarDate = (message: string = CALENDAR_MESSAGES.date) => z.preprocess(blankToUndefined, calendarDate(message).optional());
export const timeOfDay = z
  .string({ error: CALENDAR_MESSAGES.time })
  .trim()
  .regex(TIME_RE, CALENDAR_MESSAGES.time)
  .transform((t) => t.slice(0, 5));
const optionalTime = z.preprocess(blankToUndefined, timeOfDay.optional());
const optionalId = (message: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message).optional());
const eventTypeId = z.coerce
  .number({ error: CALENDAR_MESSAGES.eventType })
  .int()
  .refine((n) => EVENT_TYPES.some((t) => t.id === n), CALENDAR_MESSAGES.eventType);

/** Minutes between two local date-times (wall clock arithmetic, as a person reads the times). */
export function wallMinutes(fromDate: string, fromTime: string, toDate: string, toTime: string): number {
  const at = (d: string, t: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10), +t.slice(0, 2), +t.slice(3, 5));
  return Math.round((at(toDate, toTime) - at(fromDate, fromTime)) / 60_000);
}

/**
 * An event as created or updated (POST /calendar-event, PUT /calendar-event/{id}), JSON or a form. The end is
 * `end_time` (with `end_date` when it ends on another day) or `duration_minutes`. A repeat ends never (its
 * occurrences are computed per window, so that is allowed), on `repeat_until`, or after `repeat_count` times.
 */
export const calendarEventBodySchema = z
  .object({
    name: z.string({ error: CALENDAR_MESSAGES.name }).trim().min(1, CALENDAR_MESSAGES.name).max(255, "The name may not be longer than 255 characters."),
    description: z.preprocess(blankToUndefined, z.string().trim().max(5000, "The description may not be longer than 5000 characters.").optional()),
    event_type_id: eventTypeId,
    start_date: calendarDate(),
    start_time: timeOfDay,
    end_date: optionalCalendarDate(),
    end_time: optionalTime,
    duration_minutes: z.preprocess(blankToUndefined, z.coerce.number().int().positive(CALENDAR_MESSAGES.endBeforeStart).optional()),
    repeat: z.preprocess(blankToUndefined, z.enum(REPEAT_VALUES, { error: "Choose how it repeats." }).default("none")),
    repeat_interval: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: CALENDAR_MESSAGES.interval })
        .int(CALENDAR_MESSAGES.interval)
        .min(1, CALENDAR_MESSAGES.interval)
        .max(99, CALENDAR_MESSAGES.interval)
        .default(1),
    ),
    repeat_days: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.enum(WEEKDAY_VALUES, { error: "Choose days of the week." })).max(7),
    ),
    repeat_end: z.preprocess(blankToUndefined, z.enum(["never", "until", "count"]).default("never")),
    repeat_until: optionalCalendarDate(),
    repeat_count: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: CALENDAR_MESSAGES.count })
        .int(CALENDAR_MESSAGES.count)
        .min(1, CALENDAR_MESSAGES.count)
        .max(MAX_REPEAT_COUNT, CALENDAR_MESSAGES.count)
        .optional(),
    ),
    task_id: optionalId(CALENDAR_MESSAGES.task),
    individual_id: optionalId(CALENDAR_MESSAGES.individual),
    company_id: optionalId(CALENDAR_MESSAGES.company),
  })
  .superRefine((b, ctx) => {
    if (b.end_time === undefined && b.duration_minutes === undefined) {
      ctx.addIssue({ code: "custom", path: ["end_time"], message: CALENDAR_MESSAGES.time });
    }
    if (b.end_time !== undefined) {
      const minutes = wallMinutes(b.start_date, b.start_time, b.end_date ?? b.start_date, b.end_time);
      if (minutes <= 0) ctx.addIssue({ code: "custom", path: ["end_time"], message: CALENDAR_MESSAGES.endBeforeStart });
      else if (minutes > 31 * 24 * 60) ctx.addIssue({ code: "custom", path: ["end_date"], message: CALENDAR_MESSAGES.tooLong });
    } else if (b.duration_minutes !== undefined && b.duration_minutes > 31 * 24 * 60) {
      ctx.addIssue({ code: "custom", path: ["duration_minutes"], message: CALENDAR_MESSAGES.tooLong });
    }
    if (b.repeat !== "none" && b.repeat_end === "until") {
      if (!b.repeat_until) ctx.addIssue({ code: "custom", path: ["repeat_until"], message: CALENDAR_MESSAGES.until });
      else if (b.repeat_until < b.start_date) ctx.addIssue({ code: "custom", path: ["repeat_until"], message: CALENDAR_MESSAGES.untilBeforeStart });
    }
    if (b.repeat !== "none" && b.repeat_end === "count" && b.repeat_count === undefined) {
      ctx.addIssue({ code: "custom", path: ["repeat_count"], message: CALENDAR_MESSAGES.count });
    }
  });
export type CalendarEventBody = z.output<typeof calendarEventBodySchema>;

/** Moving one occurrence (PUT /calendar-event/{id}/occurrences/{date}): its new local start and end. */
export const occurrenceBodySchema = z
  .object({
    start_date: calendarDate(),
    start_time: timeOfDay,
    end_date: optionalCalendarDate(),
    end_time: timeOfDay,
  })
  .superRefine((b, ctx) => {
    const minutes = wallMinutes(b.start_date, b.start_time, b.end_date ?? b.start_date, b.end_time);
    if (minutes <= 0) ctx.addIssue({ code: "custom", path: ["end_time"], message: CALENDAR_MESSAGES.endBeforeStart });
    else if (minutes > 31 * 24 * 60) ctx.addIssue({ code: "custom", path: ["end_date"], message: CALENDAR_MESSAGES.tooLong });
  });
export type OccurrenceBody = z.output<typeof occurrenceBodySchema>;

const linkSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const calendarEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  event_type_id: z.number().int(),
  event_type: z.string(),
  start_date: z.string(),
  start_time: z.string(),
  end_date: z.string(),
  end_time: z.string(),
  duration_minutes: z.number().int(),
  time_zone: z.string(),
  repeat: z.enum(REPEAT_VALUES),
  repeat_interval: z.number().int(),
  repeat_days: z.array(z.string()),
  repeat_end: z.enum(["never", "until", "count"]),
  repeat_until: z.string().nullable(),
  repeat_count: z.number().int().nullable(),
  /** The series in words ("Weekly on Monday, until 31/12/2026"). */
  repeat_text: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  task: linkSchema,
  individual: linkSchema,
  company: linkSchema,
  /** Occurrences moved or cancelled, by the date the rule gave them. */
  exceptions: z.array(
    z.object({
      occurrence_date: z.string(),
      cancelled: z.boolean(),
      start_date: z.string().nullable(),
      start_time: z.string().nullable(),
      duration_minutes: z.number().int().nullable(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarEventResponseSchema = z.object({ data: calendarEventSchema });

/** One occurrence in a window (GET /calendar-event): local times and the instant with its UTC offset. */
export const occurrenceSchema = z.object({
  id: z.string(),
  event_id: z.number().int(),
  occurrence_date: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  event_type_id: z.number().int(),
  event_type: z.string(),
  start: z.string(),
  end: z.string(),
  start_date: z.string(),
  start_time: z.string(),
  end_date: z.string(),
  end_time: z.string(),
  repeating: z.boolean(),
  moved: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
});
export type Occurrence = z.infer<typeof occurrenceSchema>;
export const occurrenceListSchema = pagedSchema(occurrenceSchema);

/** Events linked to a task, an individual or a company (their pages' section): the series and its next time. */
export const linkedEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event_type: z.string(),
  repeat_text: z.string(),
  next: occurrenceSchema.nullable(),
});
export type LinkedEvent = z.infer<typeof linkedEventSchema>;
export const linkedEventListSchema = z.object({ data: z.array(linkedEventSchema) });
export const LINKED_KINDS = ["task", "individual", "company"] as const;
export type LinkedKind = (typeof LINKED_KINDS)[number];

// ---------------------------------------------------------------- reminders

/** A reminder as created or updated (POST /reminders, POST /reminders/{id} with _method=PUT): multipart, with `documents`. */
export const reminderBodySchema = z.object({
  name: z.string({ error: CALENDAR_MESSAGES.name }).trim().min(1, CALENDAR_MESSAGES.name).max(255, "The name may not be longer than 255 characters."),
  description: z.preprocess(blankToUndefined, z.string().trim().max(5000, "The description may not be longer than 5000 characters.").optional()),
  event_type_id: eventTypeId,
  start_date: calendarDate(),
  start_time: timeOfDay,
  send_email: z
    .union([z.string(), z.boolean()])
    .optional()
    .transform((v) => v !== undefined && v !== false && v !== "" && v !== "false" && v !== "0"),
});
export type ReminderBody = z.output<typeof reminderBodySchema>;

export const snoozeBodySchema = z.object({
  minutes: z.coerce
    .number({ error: CALENDAR_MESSAGES.snooze })
    .int(CALENDAR_MESSAGES.snooze)
    .min(1, CALENDAR_MESSAGES.snooze)
    .max(30 * 24 * 60, CALENDAR_MESSAGES.snooze),
});

export const reminderDocumentSchema = z.object({ id: z.number().int(), filename: z.string(), size: z.number().int(), url: z.string() });
export const reminderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  event_type_id: z.number().int(),
  event_type: z.string(),
  start_date: z.string(),
  start_time: z.string(),
  /** When it fires (the start, or the time it was snoozed to), ISO with offset. */
  start_datetime: z.string(),
  fire_at: z.string(),
  snoozed_until: z.string().nullable(),
  fired_at: z.string().nullable(),
  send_email: z.boolean(),
  documents: z.array(reminderDocumentSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;
export const reminderResponseSchema = z.object({ data: reminderSchema });
export const reminderListSchema = pagedSchema(reminderSchema);

export const calendarFeedSchema = z.object({ data: z.object({ url: z.string(), path: z.string(), created_at: z.string() }) });

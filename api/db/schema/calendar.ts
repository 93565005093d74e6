import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, smallint, text, time, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clientCompanies, individuals } from "./clients";
import { companies, users } from "./identity";
import { tasks } from "./tasks";

export const REPEAT_KINDS = ["none", "daily", "weekly", "monthly", "yearly"] as const;

/**
 * A calendar event (one, or a repeating series). Its time is the owner's local wall time (a date and a time of
 * day) with the zone it is read in (Europe/London), never an instant: a weekly 09:00 meeting stays at 09:00 on
 * both sides of a clock change. Occurrences are computed from the rule (api/modules/calendar/recurrence.ts).
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    eventTypeId: smallint("event_type_id").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    startTime: time("start_time").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    timeZone: text("time_zone").notNull().default("Europe/London"),
    repeat: text("repeat", { enum: REPEAT_KINDS }).notNull().default("none"),
    repeatInterval: smallint("repeat_interval").notNull().default(1),
    /** Weekly repeats: the days (MO … SU). */
    repeatDays: text("repeat_days")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    repeatUntil: date("repeat_until", { mode: "string" }),
    repeatCount: integer("repeat_count"),
    taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
    individualId: integer("individual_id").references(() => individuals.id, { onDelete: "set null" }),
    companyId: integer("company_id").references(() => clientCompanies.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("calendar_events_tenant_owner_idx").on(t.tenantId, t.ownerId, t.startDate),
    index("calendar_events_tenant_start_idx").on(t.tenantId, t.startDate),
    index("calendar_events_task_idx").on(t.taskId),
    index("calendar_events_individual_idx").on(t.individualId),
    index("calendar_events_company_idx").on(t.companyId),
    check("calendar_events_duration", sql`${t.durationMinutes} > 0 and ${t.durationMinutes} <= 44640`),
  ],
);

/**
 * One occurrence of a series changed without changing the series: moved (a new local date, time and duration)
 * or cancelled. `occurrence_date` is the local date the rule gave it.
 */
export const calendarEventExceptions = pgTable(
  "calendar_event_exceptions",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    occurrenceDate: date("occurrence_date", { mode: "string" }).notNull(),
    cancelled: boolean("cancelled").notNull().default(false),
    startDate: date("start_date", { mode: "string" }),
    startTime: time("start_time"),
    durationMinutes: integer("duration_minutes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_event_exceptions_unique").on(t.eventId, t.occurrenceDate)],
);

/**
 * A reminder of one user: it fires at `fire_at` (its local time, or the time it was snoozed to) as a job, which
 * notifies the user under the bell and, when asked, by e-mail. `job_version` grows with every reschedule: a job
 * enqueued for an older version does nothing when it runs.
 */
export const reminders = pgTable(
  "reminders",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    eventTypeId: smallint("event_type_id").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    startTime: time("start_time").notNull(),
    timeZone: text("time_zone").notNull().default("Europe/London"),
    sendEmail: boolean("send_email").notNull().default(false),
    fireAt: timestamp("fire_at", { withTimezone: true }).notNull(),
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    firedAt: timestamp("fired_at", { withTimezone: true }),
    jobVersion: integer("job_version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reminders_tenant_user_fire_idx").on(t.tenantId, t.userId, t.fireAt)],
);

/** A document attached to a reminder; served to its owner only (GET /reminders/{id}/documents/{docId}). */
export const reminderDocuments = pgTable(
  "reminder_documents",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    reminderId: integer("reminder_id")
      .notNull()
      .references(() => reminders.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    filename: text("filename").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reminder_documents_reminder_idx").on(t.reminderId), uniqueIndex("reminder_documents_key_unique").on(t.storageKey)],
);

/** A user's private calendar feed address (ICS): the token in the URL; regenerating it replaces the row's token. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_unique").on(t.token)],
);

import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CALL_ENTITY_TYPES, CALL_OUTCOMES, CALL_VIA } from "#contract/call-constants";
import { companies, users } from "./identity";

/**
 * One phone call made from the portal: whom it was to (an individual, a company, or a task's client), who made
 * it, how (the browser's call panel, or the device's own dialler through a tel: link) and what happened. The
 * voice provider's status callbacks (or the sandbox's script) fill in answered, ended and the outcome.
 */
export const phoneCalls = pgTable(
  "phone_calls",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    entityType: text("entity_type", { enum: CALL_ENTITY_TYPES }).notNull(),
    entityId: integer("entity_id").notNull(),
    /** The callee's name and number as they were when the call started. */
    name: text("name").notNull(),
    toNumber: text("to_number").notNull(),
    via: text("via", { enum: CALL_VIA }).notNull(),
    /** "sandbox" or "twilio": a sandbox call never reached a telephone network. */
    provider: text("provider").notNull(),
    /** The provider's id of the call (Twilio's CallSid; the sandbox's own). */
    callSid: text("call_sid"),
    /** The sandbox's script for this number: seconds from the start of each event (see integrations/voice/sandbox.ts). */
    script: jsonb("script").$type<Record<string, unknown>>(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    durationSeconds: integer("duration_seconds"),
    /** Null while the call is going on. */
    outcome: text("outcome", { enum: CALL_OUTCOMES }),
    errorCode: integer("error_code"),
    feedbackScore: smallint("feedback_score"),
    feedbackIssue: text("feedback_issue"),
  },
  (t) => [
    index("phone_calls_entity_idx").on(t.tenantId, t.entityType, t.entityId, t.startedAt),
    // At most one call in progress per user, in SQL: a second Call while one is going on is refused under concurrency too.
    uniqueIndex("phone_calls_one_active_per_user")
      .on(t.userId)
      .where(sql`${t.endedAt} is null and ${t.via} = 'browser'`),
    uniqueIndex("phone_calls_sid_idx").on(t.callSid),
  ],
);

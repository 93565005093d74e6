import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { companies, users } from "./identity";

/** Every sign-in attempt, for throttling per account and per address. */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    succeeded: boolean("succeeded").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_attempts_email_idx").on(t.email, t.createdAt), index("sign_in_attempts_ip_idx").on(t.ip, t.createdAt)],
);

/**
 * Password checks allowed per key ("pair:<e-mail>|<address>", "address:<address>"), taken by one conditional
 * statement before a password is checked, so that no more than the limit are ever checked however many arrive at
 * once (api/modules/auth/throttle.ts). `lockouts` counts how often the key used up its checks: each time the wait
 * doubles.
 */
export const signInThrottles = pgTable("sign_in_throttles", {
  key: text("key").primaryKey(),
  checks: integer("checks").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockouts: integer("lockouts").notNull().default(0),
});

/** Security events an administrator can read: sign-ins, role and permission changes, deletions, exports. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    subject: text("subject"),
    ip: text("ip"),
    details: jsonb("details")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("audit_events_tenant_type_idx").on(t.tenantId, t.type, t.createdAt),
  ],
);

/**
 * A change sent with an `Idempotency-Key` (api/http/submissions.ts): claimed while it runs, then its answer,
 * so the same change sent again (a second click, a form sent again after a lost answer) answers the same
 * instead of acting twice. Kept a day.
 */
export const submissions = pgTable(
  "submissions",
  {
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** What was asked: a hash of the method, the URL and the JSON body. */
    request: text("request").notNull(),
    /** The answer's status; null while the first request still runs. */
    status: smallint("status"),
    contentType: text("content_type"),
    body: text("body"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.key] }), index("submissions_started_idx").on(t.startedAt)],
);

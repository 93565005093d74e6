import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { salesDocuments } from "./billing";
import { companies, users } from "./identity";
import { payments } from "./payments";

/**
 * Card terminals (smallBusiness, the terminal app): a tenant's locations, the readers registered to each, reader keys
 * (a reader's name and password at a location) and in-person payments taken on a reader. Each location and reader
 * is also an object at the terminal provider (api/integrations/payments/terminal-*: the sandbox or Stripe Terminal).
 * Money is integer pence; a completed in-person payment is a row of `payments` (method card_present).
 */
export const terminalLocations = pgTable(
  "terminal_locations",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("GB"),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    providerLocationId: text("provider_location_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("terminal_locations_tenant_name_unique").on(t.tenantId, sql`lower(${t.displayName})`),
    index("terminal_locations_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);

export const terminalReaders = pgTable(
  "terminal_readers",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => terminalLocations.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    deviceType: text("device_type").notNull(),
    serialNumber: text("serial_number").notNull(),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    providerReaderId: text("provider_reader_id").notNull(),
    simulated: boolean("simulated").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("terminal_readers_tenant_location_idx").on(t.tenantId, t.locationId, t.label),
    uniqueIndex("terminal_readers_provider_unique").on(t.provider, t.providerReaderId),
  ],
);

/** A reader key: the name and password a reader at a location signs in with (the password hashed like users'). */
export const terminalReaderKeys = pgTable(
  "terminal_reader_keys",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => terminalLocations.id, { onDelete: "cascade" }),
    readerName: text("reader_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("terminal_reader_keys_tenant_name_unique").on(t.tenantId, sql`lower(${t.readerName})`),
    index("terminal_reader_keys_tenant_location_idx").on(t.tenantId, t.locationId),
  ],
);

export const TERMINAL_PAYMENT_STATUSES = ["starting", "waiting", "approved", "declined", "cancelled"] as const;
export type TerminalPaymentStatus = (typeof TERMINAL_PAYMENT_STATUSES)[number];

/**
 * An in-person payment on a reader. Written (status starting) before the provider is called, under a key unique
 * per tenant: the same form sent again resumes it with the same provider keys, so a card is charged once.
 */
export const terminalPayments = pgTable(
  "terminal_payments",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    readerId: integer("reader_id").references(() => terminalReaders.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    invoiceId: integer("invoice_id").references(() => salesDocuments.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    amountPence: bigint("amount_pence", { mode: "number" }).notNull(),
    status: text("status", { enum: TERMINAL_PAYMENT_STATUSES }).notNull().default("starting"),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    providerIntentId: text("provider_intent_id"),
    providerReaderId: text("provider_reader_id").notNull(),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /** The payment recorded in Customer transactions once the reader answered (approved or declined). */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("terminal_payments_idempotency_unique").on(t.tenantId, t.idempotencyKey),
    index("terminal_payments_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);

/** PIN checks of the reader screen per user: a few wrong PINs, then a wait. */
export const terminalPinChecks = pgTable("terminal_pin_checks", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A short-lived unlock of the reader screen, given for the right PIN (kept hashed). */
export const terminalUnlocks = pgTable(
  "terminal_unlocks",
  {
    tokenHash: text("token_hash").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("terminal_unlocks_user_idx").on(t.userId, t.expiresAt)],
);

/** The card-terminal sandbox's own objects (locations, simulated readers); its payment intents are the payments sandbox's. */
export const terminalSandboxObjects = pgTable("terminal_sandbox_objects", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["location", "reader"] }).notNull(),
  data: jsonb("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

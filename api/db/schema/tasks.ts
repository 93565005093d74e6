import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { clientCompanies, individuals, notes } from "./clients";
import { companies, users } from "./identity";
import { pipelines, pipelineStages } from "./pipelines";
import { teams } from "./teams";

// ---------------------------------------------------------------- platform reference lists
// Rows come from the reference data ensured on every start (api/modules/tasks/reference.ts).

/** Task product types (GET /task-product-type). */
export const taskProductTypes = pgTable(
  "task_product_types",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("task_product_types_name_unique").on(t.name)],
);

export const CONFIDENCE_TYPES = ["revenue-timing", "revenue-estimate", "execution", "client"] as const;
export type ConfidenceType = (typeof CONFIDENCE_TYPES)[number];

/** The answers of the four confidence questions, each with a score (GET /confidence-scores). */
export const confidenceScores = pgTable(
  "confidence_scores",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: CONFIDENCE_TYPES }).notNull(),
    name: text("name").notNull(),
    score: integer("score").notNull(),
  },
  (t) => [uniqueIndex("confidence_scores_type_name_unique").on(t.type, t.name), index("confidence_scores_type_score_idx").on(t.type, t.score)],
);

/** How often expected revenue comes in (monthly, annually …). */
export const paymentFrequencies = pgTable(
  "payment_frequencies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** 12 for monthly, 1 for annually, 0 for a one-off payment. */
    periodsPerYear: integer("periods_per_year").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("payment_frequencies_name_unique").on(t.name)],
);

/** Why an expected close date moved (GET /expected-close-date-change-reasons). */
export const expectedCloseDateChangeReasons = pgTable(
  "expected_close_date_change_reasons",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("expected_close_date_change_reasons_name_unique").on(t.name)],
);

// ---------------------------------------------------------------- tasks

export const TASK_STATES = ["open", "won", "lost"] as const;

/**
 * A task (an opportunity in smallBusiness): a piece of business moving through a pipeline's stages.
 * `state` follows the outcome of the stage it is in (open, won, lost) and `closed_at` is set when it
 * enters a won or lost stage, so "open" and "won in a period" are plain indexed conditions.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    /** 1 High, 2 Medium, 3 Low. */
    priority: smallint("priority").notNull().default(2),
    /** 1 not started, 2 in progress, 3 under review, 4 rejected, 5 approved, 6 not required. */
    reviewStatus: smallint("review_status").notNull().default(1),
    pipelineId: integer("pipeline_id")
      .notNull()
      .references(() => pipelines.id),
    pipelineStageId: integer("pipeline_stage_id").notNull(),
    teamId: integer("team_id").references(() => teams.id, { onDelete: "set null" }),
    /** The user the task is assigned to. */
    teamMemberId: integer("team_member_id").references(() => users.id, { onDelete: "set null" }),
    sourceIndividualId: integer("source_individual_id").references(() => individuals.id, { onDelete: "set null" }),
    companyId: integer("company_id").references(() => clientCompanies.id, { onDelete: "set null" }),
    /** Pounds, 2 decimals. */
    expectedRevenue: numeric("expected_revenue", { precision: 14, scale: 2 }),
    expectedRevenueStartDate: date("expected_revenue_start_date", { mode: "string" }),
    paymentFrequencyId: integer("payment_frequency_id").references(() => paymentFrequencies.id),
    /** Size of the deal (lives, employees or units covered). */
    size: integer("size"),
    kyb: boolean("kyb").notNull().default(false),
    confidenceInRevenueTimingId: integer("confidence_in_revenue_timing_id").references(() => confidenceScores.id),
    confidenceInRevenueEstimateId: integer("confidence_in_revenue_estimate_id").references(() => confidenceScores.id),
    confidenceInExecutionId: integer("confidence_in_execution_id").references(() => confidenceScores.id),
    confidenceInClientId: integer("confidence_in_client_id").references(() => confidenceScores.id),
    datapoints: jsonb("datapoints").$type<Record<string, unknown>>().notNull().default({}),
    expectedCloseDate: date("expected_close_date", { mode: "string" }),
    state: text("state", { enum: TASK_STATES }).notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The stage must be one of the pipeline's stages.
    foreignKey({ name: "tasks_pipeline_stage_fk", columns: [t.pipelineId, t.pipelineStageId], foreignColumns: [pipelineStages.pipelineId, pipelineStages.id] }),
    check("tasks_priority_check", sql`${t.priority} between 1 and 3`),
    check("tasks_review_status_check", sql`${t.reviewStatus} between 1 and 6`),
    check("tasks_closed_check", sql`(${t.state} = 'open') = (${t.closedAt} is null)`),
    // Sorts (the list's default is created_at descending; revenue sorts with no revenue as £0) and the date range filters.
    index("tasks_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("tasks_tenant_updated_idx").on(t.tenantId, t.updatedAt, t.id),
    // Name sort, and the global search's prefix match (a range on lower(name), see api/lib/prefix.ts).
    index("tasks_tenant_name_idx").on(t.tenantId, sql`lower(${t.name})`, t.id),
    // The list's search (`%term%` on the name), by trigrams (pg_trgm).
    index("tasks_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("tasks_tenant_revenue_idx").on(t.tenantId, sql`coalesce(${t.expectedRevenue}, 0)`, t.id),
    index("tasks_tenant_close_date_idx").on(t.tenantId, t.expectedCloseDate, t.id),
    // Equality filters, each followed by the default sort.
    // A pipeline's list, newest first, with any other filter of the list: the trailing columns are filtered
    // inside the index, so its pages (deep ones too) and its capped count are index-only scans.
    index("tasks_tenant_pipeline_idx").on(
      t.tenantId,
      t.pipelineId,
      t.createdAt,
      t.id,
      t.pipelineStageId,
      t.teamMemberId,
      t.teamId,
      t.priority,
      t.reviewStatus,
      t.state,
    ),
    index("tasks_tenant_stage_idx").on(t.tenantId, t.pipelineStageId, t.createdAt, t.id),
    index("tasks_tenant_member_idx").on(t.tenantId, t.teamMemberId, t.createdAt, t.id),
    index("tasks_tenant_team_idx").on(t.tenantId, t.teamId, t.createdAt, t.id),
    index("tasks_tenant_priority_idx").on(t.tenantId, t.priority, t.createdAt, t.id),
    index("tasks_tenant_review_idx").on(t.tenantId, t.reviewStatus, t.createdAt, t.id),
    index("tasks_tenant_state_idx").on(t.tenantId, t.state, t.createdAt, t.id),
    index("tasks_tenant_individual_idx").on(t.tenantId, t.sourceIndividualId, t.createdAt, t.id),
    index("tasks_tenant_company_idx").on(t.tenantId, t.companyId, t.createdAt, t.id),
    // Won in a period (dashboard, targets).
    index("tasks_tenant_won_idx")
      .on(t.tenantId, t.closedAt)
      .where(sql`${t.state} = 'won'`),
  ],
);

/**
 * The book in figures, kept by statement-level triggers on tasks (migration 0018): tasks and their expected
 * revenue per pipeline, stage, state, priority and review status. The pipelines list, a pipeline and the
 * board sum a pipeline's rows (all tasks, the open ones); the dashboard reads the open rows. A few rows per stage
 * instead of an aggregate over every task (300 ms at a million tasks, on every tasks page). No foreign keys on
 * purpose: a tenant's deletion cascades to stages and tasks in either order. Stage ids are never reused.
 */
export const taskTotals = pgTable(
  "task_totals",
  {
    tenantId: integer("tenant_id").notNull(),
    pipelineId: integer("pipeline_id").notNull(),
    pipelineStageId: integer("pipeline_stage_id").notNull(),
    state: text("state", { enum: TASK_STATES }).notNull(),
    priority: smallint("priority").notNull(),
    reviewStatus: smallint("review_status").notNull(),
    tasks: integer("tasks").notNull().default(0),
    value: numeric("value", { precision: 18, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ name: "task_totals_pk", columns: [t.tenantId, t.pipelineId, t.pipelineStageId, t.state, t.priority, t.reviewStatus] })],
);

/**
 * A number that changes whenever a tenant's tasks change (any insert, update or delete), taken from
 * `list_version_seq`, which never restarts, by statement-level triggers on tasks (migration 0010). A count
 * remembered with the number is exact while the number is unchanged (api/http/paging.ts, `countOnce`).
 * No foreign key, like the stage totals: a tenant's deletion cascades to its tasks, whose trigger writes here.
 */
export const listVersions = pgTable(
  "list_versions",
  {
    tenantId: integer("tenant_id").notNull(),
    list: text("list").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.list] })],
);

/** A product on a task: what is being placed (type, name, insurer) and its money. */
export const taskProducts = pgTable(
  "task_products",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    taskId: integer("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    taskProductTypeId: integer("task_product_type_id")
      .notNull()
      .references(() => taskProductTypes.id),
    name: text("name").notNull(),
    providerName: text("provider_name"),
    /** Annual premium, pounds. */
    premium: numeric("premium", { precision: 14, scale: 2 }).notNull().default("0"),
    /** Commission, pounds. */
    commission: numeric("commission", { precision: 14, scale: 2 }).notNull().default("0"),
    /** Commission as a percentage of the premium. */
    commissionRate: numeric("commission_rate", { precision: 5, scale: 2 }),
    startDate: date("start_date", { mode: "string" }),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("task_products_task_idx").on(t.taskId, t.id),
    index("task_products_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("task_products_tenant_name_idx").on(t.tenantId, sql`lower(${t.name})`, t.id),
    index("task_products_tenant_type_idx").on(t.tenantId, t.taskProductTypeId, t.createdAt, t.id),
    index("task_products_tenant_premium_idx").on(t.tenantId, t.premium, t.id),
    index("task_products_tenant_commission_idx").on(t.tenantId, t.commission, t.id),
    check("task_products_money_check", sql`${t.premium} >= 0 and ${t.commission} >= 0`),
  ],
);

/** A file attached to a task (the update-progress document, or the multipart PATCH's). */
export const taskDocuments = pgTable(
  "task_documents",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    taskId: integer("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    /** The progress note the document came with (notes of the clients area). */
    noteId: integer("note_id").references(() => notes.id, { onDelete: "set null" }),
    storageKey: text("storage_key").notNull(),
    filename: text("filename").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("task_documents_task_idx").on(t.tenantId, t.taskId, t.createdAt),
    // A document's stored file is served only to its company's users: the public file route asks here first.
    uniqueIndex("task_documents_storage_key_idx").on(t.storageKey),
  ],
);

// ---------------------------------------------------------------- activity log

export const ACTIVITY_SUBJECTS = ["task", "pipeline"] as const;

/** One change as recorded: old → new, with labels for ids (stage names, user names …). */
export interface ActivityChange {
  old: unknown;
  new: unknown;
  old_label?: string | null;
  new_label?: string | null;
}

/** What happened to what, by whom: moves, assignments, edits … with old → new values. */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    subjectType: text("subject_type", { enum: ACTIVITY_SUBJECTS }).notNull(),
    subjectId: integer("subject_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    changes: jsonb("changes").$type<Record<string, ActivityChange>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("activity_log_subject_idx").on(t.tenantId, t.subjectType, t.subjectId, t.createdAt, t.id)],
);

/**
 * The dashboard's history per UK calendar day, kept by the same triggers as task_totals: tasks created that day,
 * and tasks won and lost that day (by closed_at) with their expected revenue. A chart of any interval sums days.
 */
export const taskDayTotals = pgTable(
  "task_day_totals",
  {
    tenantId: integer("tenant_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    created: integer("created").notNull().default(0),
    won: integer("won").notNull().default(0),
    wonValue: numeric("won_value", { precision: 18, scale: 2 }).notNull().default("0"),
    lost: integer("lost").notNull().default(0),
    lostValue: numeric("lost_value", { precision: 18, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

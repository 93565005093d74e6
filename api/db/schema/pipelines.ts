import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies, users } from "./identity";

/** A sales pipeline of a tenant: status 1 active, 0 archived (spec §4). */
export const pipelines = pgTable(
  "pipelines",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: smallint("status").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per tenant (case-insensitive); also the default sort (name) of the list.
    uniqueIndex("pipelines_tenant_name_unique").on(t.tenantId, sql`lower(${t.name})`),
    // The status filter with the default sort.
    index("pipelines_tenant_status_name_idx").on(t.tenantId, t.status, sql`lower(${t.name})`),
    index("pipelines_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("pipelines_tenant_updated_idx").on(t.tenantId, t.updatedAt, t.id),
    check("pipelines_status_check", sql`${t.status} in (0, 1)`),
  ],
);

export const STAGE_OUTCOMES = ["open", "won", "lost"] as const;
export type StageOutcome = (typeof STAGE_OUTCOMES)[number];

/**
 * A stage of a pipeline, in `sort_order`. The outcome says what a task in the stage is: still open, won
 * or lost (so "open" is well-defined). Revenue stages are where a task's revenue counts as earned;
 * contract stages are where a contract is out with the client (GET /revenue-stages, /contract-stages).
 */
export const pipelineStages = pgTable(
  "pipeline_stages",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    pipelineId: integer("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** "#rrggbb" (lower case). */
    color: text("color").notNull(),
    sortOrder: integer("sort_order").notNull(),
    outcome: text("outcome", { enum: STAGE_OUTCOMES }).notNull().default("open"),
    isRevenue: boolean("is_revenue").notNull().default(false),
    isContract: boolean("is_contract").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Tasks reference (pipeline_id, id) so a task's stage always belongs to its pipeline.
    unique("pipeline_stages_pipeline_id_unique").on(t.pipelineId, t.id),
    uniqueIndex("pipeline_stages_pipeline_name_unique").on(t.pipelineId, sql`lower(${t.name})`),
    index("pipeline_stages_pipeline_order_idx").on(t.pipelineId, t.sortOrder, t.id),
    index("pipeline_stages_tenant_idx").on(t.tenantId, t.pipelineId),
    check("pipeline_stages_color_check", sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** Who works a pipeline (PUT /pipelines/{id}/users). */
export const pipelineUsers = pgTable(
  "pipeline_users",
  {
    pipelineId: integer("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pipelineId, t.userId] }), index("pipeline_users_user_idx").on(t.userId)],
);

export const TARGET_PERIODS = ["month", "quarter", "year"] as const;
export type TargetPeriod = (typeof TARGET_PERIODS)[number];

/**
 * A user's target on a pipeline for one period (a month, quarter or year starting on period_start):
 * revenue won (pounds) and number of tasks won.
 */
export const pipelineTargets = pgTable(
  "pipeline_targets",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    pipelineId: integer("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    period: text("period", { enum: TARGET_PERIODS }).notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    revenueTarget: numeric("revenue_target", { precision: 14, scale: 2 }).notNull().default("0"),
    countTarget: integer("count_target").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pipeline_targets_unique").on(t.pipelineId, t.period, t.periodStart, t.userId),
    index("pipeline_targets_tenant_idx").on(t.tenantId, t.pipelineId),
    check("pipeline_targets_non_negative", sql`${t.revenueTarget} >= 0 and ${t.countTarget} >= 0`),
  ],
);

import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import type { WorkflowDefinition } from "#contract/workflows";
import { companies } from "./identity";

/**
 * Automations (workflows) of a company: when a task event happens (created, moved to a stage, assigned, idle for
 * N days) and the task meets the conditions, the action runs as a background job. `version` goes up with every
 * edit; a run keeps the definition it was queued with.
 */
export const workflows = pgTable(
  "workflows",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 1 trigger e-mail, 2 assign task, 3 move task. */
    workflowTypeId: smallint("workflow_type_id").notNull().default(1),
    /** 1 active, 2 draft. */
    status: smallint("status").notNull().default(2),
    /** The definition: trigger, conditions, audience and action settings (contract WorkflowDefinition). */
    definition: jsonb("definition")
      .$type<WorkflowDefinition>()
      .notNull()
      .default(sql`'{"trigger":{"event":"task_created"},"conditions":[]}'::jsonb`),
    /** The trigger's event, also in the definition: the task hooks find the active workflows of an event by it. */
    triggerEvent: text("trigger_event").notNull().default("task_created"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("workflows_tenant_name_idx").on(t.tenantId, sql`lower(${t.name})`, t.id),
    index("workflows_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
    index("workflows_tenant_event_idx").on(t.tenantId, t.triggerEvent, t.status),
  ],
);

/**
 * One run of a workflow on a task: queued in the transaction of the task's change, then done, failed (with the
 * reason) or stopped (a chain of automations too deep). The definition it runs with is the snapshot taken then.
 */
export const workflowRuns = pgTable(
  "workflow_runs",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    workflowId: integer("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    workflowVersion: integer("workflow_version").notNull(),
    snapshot: jsonb("snapshot").$type<{ name: string; workflowTypeId: number; definition: WorkflowDefinition }>().notNull(),
    /** The task (no foreign key: the history outlives a deleted task); its name at the time. */
    taskId: integer("task_id").notNull(),
    taskName: text("task_name").notNull(),
    event: text("event").notNull(),
    /** 1 for a change made by a person; n+1 for a change made by an automation run at depth n. */
    depth: integer("depth").notNull().default(1),
    /** queued, retrying, done, failed, stopped. */
    status: text("status").notNull().default("queued"),
    outcome: text("outcome"),
    attempts: integer("attempts").notNull().default(0),
    jobId: text("job_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("workflow_runs_tenant_workflow_idx").on(t.tenantId, t.workflowId, t.createdAt),
    index("workflow_runs_workflow_task_idx").on(t.workflowId, t.taskId, t.createdAt),
  ],
);

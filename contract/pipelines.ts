import { z } from "zod";
import { parseDateText } from "#common/dates";
import { pagedSchema } from "./common";
import { idField } from "./ids";
export { PIPELINE_SORTS } from "./list-sorts";

// ---------------------------------------------------------------- shared field rules (pipelines, tasks)

const blank = (v: unknown) => v === "" || v === null;

/** An optional reference: absent → undefined (unchanged), "" or null → null (cleared), else an id. */
export function optionalIdField(message: string) {
  return z.preprocess((v) => (blank(v) ? null : v), idField(message).nullable().optional());
}

export const MONEY_MESSAGE = "Enter an amount in pounds, e.g. 1250.50.";
/** An amount below 0 is refused with its own message, never stored as 0. */
export const NEGATIVE_MONEY_MESSAGE = "Enter 0 or more: an amount may not be negative.";
export const MAX_MONEY = 999_999_999_999.99;

/** Pounds: a number or numeric text ("1,250.50" allowed), 0 up to ~1 trillion, rounded to pence; a negative is refused. */
export function moneyField(message = MONEY_MESSAGE) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[£,\s]/g, "") : v),
    z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, message)], { error: message }).transform((v, ctx) => {
      const n = typeof v === "number" ? v : Number(v);
      if (Number.isFinite(n) && n < 0) {
        ctx.addIssue({ code: "custom", message: NEGATIVE_MONEY_MESSAGE });
        return z.NEVER;
      }
      if (!Number.isFinite(n) || n > MAX_MONEY) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Math.round(n * 100) / 100;
    }),
  );
}

/** An optional amount: absent → undefined, "" or null → null. */
export function optionalMoneyField(message = MONEY_MESSAGE) {
  return z.preprocess((v) => (blank(v) ? null : v), moneyField(message).nullable().optional());
}

/** "YYYY-MM-DD", a real date within 200 years of today; absent → undefined, "" or null → null. */
export function optionalDateField() {
  return z.preprocess(
    (v) => (blank(v) ? null : v),
    z
      .string({ error: "Enter a date as year-month-day." })
      .transform((text, ctx) => {
        const parsed = parseDateText(text);
        if (parsed.ok) return parsed.value;
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      })
      .nullable()
      .optional(),
  );
}

/** "YYYY-MM-DD", a real date within 200 years of today, required. */
export function requiredDateField(message = "Enter a date as year-month-day.") {
  return z.string({ error: message }).transform((text, ctx) => {
    const parsed = parseDateText(text);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: "custom", message: text.trim() === "" ? message : parsed.message });
    return z.NEVER;
  });
}

/** true/false from JSON or a form ("1", "0", "true", "false", "on"). */
export const booleanField = z.preprocess(
  (v) => (v === "true" || v === "1" || v === "on" || v === 1 ? true : v === "false" || v === "0" || v === "" || v === 0 ? false : v),
  z.boolean({ error: "Must be true or false." }),
);

// ---------------------------------------------------------------- pipelines

/** Pipeline status (spec §4): Active 1, Archived 0. */
export const PIPELINE_STATUSES = [
  { id: 1, name: "Active" },
  { id: 0, name: "Archived" },
] as const;
export type PipelineStatus = 0 | 1;

export const STAGE_OUTCOMES = ["open", "won", "lost"] as const;
export type StageOutcome = (typeof STAGE_OUTCOMES)[number];

export const PIPELINE_NAME_TAKEN = "A pipeline with this name already exists.";
export const STAGE_NAME_TAKEN = "This pipeline already has a stage with this name.";
export const COLOR_MESSAGE = "Choose a colour as #rrggbb.";

const statusField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z.union([z.literal(0), z.literal(1)], { error: "The status must be 1 (active) or 0 (archived)." }),
);

export const pipelineNameSchema = z
  .string({ error: "Enter a pipeline name." })
  .trim()
  .min(1, "Enter a pipeline name.")
  .max(100, "The pipeline name may not be longer than 100 characters.");

export const stageNameSchema = z
  .string({ error: "Enter a stage name." })
  .trim()
  .min(1, "Enter a stage name.")
  .max(60, "The stage name may not be longer than 60 characters.");

export const colorSchema = z
  .string({ error: COLOR_MESSAGE })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, COLOR_MESSAGE)
  .transform((c) => c.toLowerCase());

const outcomeSchema = z.enum(STAGE_OUTCOMES, { error: "The outcome must be open, won or lost." });

/** A stage as created: name, colour; optionally its outcome (default open) and revenue/contract flags. */
export const stageBodySchema = z.object({
  name: stageNameSchema,
  color: colorSchema,
  outcome: outcomeSchema.default("open"),
  is_revenue: booleanField.optional(),
  is_contract: booleanField.optional(),
});
export type StageBody = z.infer<typeof stageBodySchema>;

const userIdsSchema = z.array(idField("Choose a user.")).max(500, "Choose at most 500 users.");

/**
 * POST /pipelines: a pipeline with its initial stages in order. Without stages it gets the default
 * ones (New, In progress, Won, Lost).
 */
export const pipelineCreateBodySchema = z.object({
  name: pipelineNameSchema,
  status: statusField.default(1),
  stages: z.array(stageBodySchema).max(30, "A pipeline may have at most 30 stages.").optional(),
  user_ids: userIdsSchema.optional(),
});
export type PipelineCreateBody = z.infer<typeof pipelineCreateBodySchema>;

/** PUT /pipelines/{id}: rename, and optionally change the status. */
export const pipelineUpdateBodySchema = z.object({
  name: pipelineNameSchema,
  status: statusField.optional(),
});

/** PUT /pipelines/archive: archive (status 0) or restore (status 1) pipelines. */
export const pipelineArchiveBodySchema = z.object({
  ids: z.array(idField("Choose a pipeline.")).min(1, "No items selected").max(1000),
  status: statusField.default(0),
});

/** PUT /pipelines/{id}/pipeline-stages/{stageId}: pipeline_id (when sent, must be the stage's), name, colour. */
export const stageUpdateBodySchema = z.object({
  pipeline_id: idField("Choose a pipeline.").optional(),
  name: stageNameSchema,
  color: colorSchema,
  outcome: outcomeSchema.optional(),
  is_revenue: booleanField.optional(),
  is_contract: booleanField.optional(),
});

/** PUT /pipelines/{id}/update-order: every stage of the pipeline, once each, in the new order. */
export const stageOrderBodySchema = z.object({
  pipeline_stage_id: z.array(idField("Must be a stage id.")).min(1, "Send the stages in their new order.").max(100),
});
export const STAGE_ORDER_MESSAGE = "Send every stage of this pipeline exactly once.";

/** PUT /pipelines/{id}/users: replaces who works the pipeline. */
export const pipelineUsersBodySchema = z.object({ user_ids: userIdsSchema });

export const TARGET_PERIODS = ["month", "quarter", "year"] as const;
export type TargetPeriod = (typeof TARGET_PERIODS)[number];

/** Query of the target calls: the period kind and a date inside it (default today, UK calendar). */
export const targetQuerySchema = z.object({
  period: z.enum(TARGET_PERIODS, { error: "The period must be month, quarter or year." }).default("month"),
  date: optionalDateField(),
});

/** PUT /pipelines/{id}/targets: set users' targets for one period (the date is moved to the period's start). */
export const targetsBodySchema = z.object({
  period: z.enum(TARGET_PERIODS, { error: "The period must be month, quarter or year." }),
  period_start: requiredDateField("Enter the period's first day."),
  targets: z
    .array(
      z.object({
        user_id: idField("Choose a user."),
        revenue_target: moneyField(),
        count_target: z.coerce
          .number({ error: "Enter a whole number." })
          .int("Enter a whole number.")
          .min(0, "Enter 0 or more.")
          .max(1_000_000, "Enter at most 1000000."),
      }),
    )
    .min(1, "Set at least one target.")
    .max(500),
});

// ---------------------------------------------------------------- responses

export const stageSchema = z.object({
  id: z.number().int(),
  pipeline_id: z.number().int(),
  name: z.string(),
  color: z.string(),
  order: z.number().int(),
  outcome: z.enum(STAGE_OUTCOMES),
  is_revenue: z.boolean(),
  is_contract: z.boolean(),
  /** Tasks in the stage, and the sum of their expected revenue (pounds). */
  tasks_count: z.number().int(),
  tasks_value: z.number(),
});
export type PipelineStage = z.infer<typeof stageSchema>;

export const pipelineUserSchema = z.object({ id: z.number().int(), name: z.string(), last_name: z.string(), full_name: z.string(), email: z.string() });
export type PipelineUser = z.infer<typeof pipelineUserSchema>;

export const pipelineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  status_name: z.string(),
  stages_count: z.number().int(),
  tasks_count: z.number().int(),
  open_tasks_count: z.number().int(),
  /** Sum of the expected revenue of the open tasks (pounds). */
  open_value: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** With include=stages (list), always on the detail. */
  stages: z.array(stageSchema).optional(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

export const pipelineDetailSchema = pipelineSchema.extend({ stages: z.array(stageSchema), users: z.array(pipelineUserSchema) });
export type PipelineDetail = z.infer<typeof pipelineDetailSchema>;

export const pipelineListSchema = pagedSchema(pipelineSchema);
export const pipelineResponseSchema = z.object({ data: pipelineDetailSchema });
export const stageListSchema = z.object({ data: z.array(stageSchema) });
export const stageResponseSchema = z.object({ data: stageSchema });

/** GET /revenue-stages, /contract-stages: stages of active pipelines, with their pipeline. */
export const flaggedStageSchema = stageSchema
  .omit({ tasks_count: true, tasks_value: true })
  .extend({ pipeline: z.object({ id: z.number().int(), name: z.string() }) });
export const flaggedStageListSchema = z.object({ data: z.array(flaggedStageSchema) });

/** Target figures of one period: the targets set and what was achieved (won in the period, open now). */
export const targetFiguresSchema = z.object({
  revenue_target: z.number(),
  count_target: z.number().int(),
  won_revenue: z.number(),
  won_count: z.number().int(),
  open_value: z.number(),
  open_count: z.number().int(),
  /** won / target × 100, one decimal; null without a target. */
  revenue_progress: z.number().nullable(),
  count_progress: z.number().nullable(),
});
export type TargetFigures = z.infer<typeof targetFiguresSchema>;

export const targetPeriodSchema = z.object({ pipeline_id: z.number().int(), period: z.enum(TARGET_PERIODS), period_start: z.string(), period_end: z.string() });

/** GET /pipelines/{id}/targets (everyone's together) and /pipelines/{id}/my/targets (the caller's). */
export const targetResponseSchema = z.object({ data: targetPeriodSchema.merge(targetFiguresSchema) });
/** GET /pipelines/{id}/targets/users: one row per pipeline user or user with a target. */
export const userTargetSchema = targetFiguresSchema.extend({ user: pipelineUserSchema });
export const userTargetListSchema = z.object({ data: z.array(userTargetSchema), meta: targetPeriodSchema });

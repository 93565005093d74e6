import { z } from "zod";
import { pagedSchema } from "./common";

// ---------------------------------------------------------------- the spec's constants

/** Workflow types: 1 trigger e-mail; 2 assign task; 3 move task. */
export const WORKFLOW_TYPES = { triggerEmail: 1, assignTask: 2, moveTask: 3 } as const;
/** Workflow status: 1 active, 2 draft. */
export const WORKFLOW_STATUSES = { active: 1, draft: 2 } as const;
/** Filter condition types: 1 equal to, 2 one of, 3 between. */
export const CONDITION_TYPES = { equalTo: 1, oneOf: 2, between: 3 } as const;
/** Audience of an e-mail: 1 team, 2 external (the task's client). */
export const AUDIENCES = { team: 1, external: 2 } as const;

export type Edition = "flightdeck" | "smallbusiness";

/** The types' labels; smallBusiness calls tasks opportunities. */
export function workflowTypeLabel(type: number, edition: Edition = "flightdeck"): string {
  if (type === 1) return "Trigger e-mail";
  if (type === 2) return edition === "smallbusiness" ? "Assign opportunity" : "Assign task";
  if (type === 3) return edition === "smallbusiness" ? "Move opportunity" : "Move task";
  return "Unknown";
}
export const workflowStatusLabel = (status: number) => (status === 1 ? "Active" : "Draft");
export const conditionTypeLabel = (type: number) => ({ 1: "equal to", 2: "one of", 3: "between" })[type] ?? "unknown";
export const audienceLabel = (audience: number) => (audience === 1 ? "Team" : audience === 2 ? "External (the task's client)" : "");

/** The events that start a workflow. */
export const TRIGGER_EVENTS = ["task_created", "task_moved", "task_assigned", "task_idle"] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];
export const TRIGGER_LABELS: Record<TriggerEvent, string> = {
  task_created: "Task created",
  task_moved: "Task moved to a stage",
  task_assigned: "Task assigned",
  task_idle: "Task idle for a number of days",
};

/** The task fields a condition may test, and the kind of value each holds. */
export const CONDITION_FIELDS = {
  name: { label: "Name", kind: "text" },
  priority: { label: "Priority", kind: "number" },
  review_status: { label: "Review status", kind: "number" },
  pipeline_id: { label: "Pipeline", kind: "id" },
  pipeline_stage_id: { label: "Stage", kind: "id" },
  team_id: { label: "Team", kind: "id" },
  team_member_id: { label: "Team member", kind: "id" },
  expected_revenue: { label: "Expected revenue (£)", kind: "number" },
  size: { label: "Size", kind: "number" },
  expected_close_date: { label: "Expected close date", kind: "date" },
  kyb: { label: "KYB", kind: "boolean" },
} as const;
export type ConditionField = keyof typeof CONDITION_FIELDS;
export const CONDITION_FIELD_NAMES = Object.keys(CONDITION_FIELDS) as ConditionField[];

/** The most steps one chain of automations may take on a task (a change by an automation that triggers another …). */
export const MAX_CHAIN_DEPTH = 3;

export const WORKFLOW_MESSAGES = {
  nameRequired: "Enter a name.",
  nameTooLong: "The name may not be longer than 255 characters.",
  typeRequired: "Choose a workflow type.",
  statusRequired: "Choose a status.",
  triggerRequired: "Choose a trigger.",
  daysRequired: "Enter the number of idle days (1 to 365).",
  audienceRequired: "Choose the audience of the e-mail.",
  subjectRequired: "Enter the e-mail's subject.",
  bodyRequired: "Enter the e-mail's text.",
  assigneeRequired: "Choose the team member to assign the task to.",
  stageRequired: "Choose the stage to move the task to.",
  fieldUnknown: "Choose a task field.",
  conditionTypeUnknown: "Choose equal to, one of or between.",
  tooManyConditions: "A workflow may have at most 10 conditions.",
  idsRequired: "Choose at least one workflow.",
  taskRequired: "Choose a task.",
} as const;

// ---------------------------------------------------------------- conditions

export type ConditionScalar = string | number | boolean;
export type ConditionValue = ConditionScalar | ConditionScalar[] | { from: ConditionScalar; to: ConditionScalar };
export interface Condition {
  field: ConditionField;
  type: 1 | 2 | 3;
  value: ConditionValue;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One value of a field's kind from what was sent (text from a form, or typed JSON); an error message when it is not one. */
function scalarOf(kind: string, label: string, raw: unknown): ConditionScalar | { error: string } {
  const text = typeof raw === "string" ? raw.trim() : raw;
  if (text === "" || text === undefined || text === null) return { error: `Enter a value for ${label}.` };
  if (kind === "number" || kind === "id") {
    const n = typeof text === "number" ? text : Number(text);
    if (typeof text === "boolean" || !Number.isFinite(n) || (kind === "id" && (!Number.isInteger(n) || n < 1)))
      return { error: `${label} takes ${kind === "id" ? "an id (a whole number)" : "a number"}, not "${String(raw)}".` };
    return n;
  }
  if (kind === "date") {
    if (typeof text !== "string" || !DATE.test(text) || Number.isNaN(Date.parse(text)))
      return { error: `${label} takes a date (yyyy-mm-dd), not "${String(raw)}".` };
    return text;
  }
  if (kind === "boolean") {
    if (text === true || text === "true" || text === "yes" || text === "1") return true;
    if (text === false || text === "false" || text === "no" || text === "0") return false;
    return { error: `${label} takes yes or no, not "${String(raw)}".` };
  }
  if (typeof text !== "string" && typeof text !== "number") return { error: `${label} takes text.` };
  return String(text).slice(0, 255);
}

const isError = (v: unknown): v is { error: string } => typeof v === "object" && v !== null && "error" in v;

/**
 * Checks a condition against its field's kind: "equal to" takes one value, "one of" a list (an array, or text
 * separated by commas), "between" a from and a to, and only on numbers and dates. Answers the typed condition or
 * the error under `value` (or `field`, `type`).
 */
export function checkCondition(raw: unknown): { condition: Condition } | { errors: Partial<Record<"field" | "type" | "value", string>> } {
  const r = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const field = String(r.field ?? "") as ConditionField;
  const spec = CONDITION_FIELDS[field];
  if (!spec) return { errors: { field: WORKFLOW_MESSAGES.fieldUnknown } };
  const type = Number(r.type);
  if (type !== 1 && type !== 2 && type !== 3) return { errors: { type: WORKFLOW_MESSAGES.conditionTypeUnknown } };
  if (type === 1) {
    if (Array.isArray(r.value) || (typeof r.value === "object" && r.value !== null))
      return { errors: { value: `"Equal to" takes one value for ${spec.label}.` } };
    const v = scalarOf(spec.kind, spec.label, r.value);
    return isError(v) ? { errors: { value: v.error } } : { condition: { field, type, value: v } };
  }
  if (type === 2) {
    if (spec.kind === "boolean") return { errors: { value: `"One of" does not apply to ${spec.label}: use "equal to".` } };
    const items = Array.isArray(r.value) ? r.value : typeof r.value === "string" ? r.value.split(",").filter((s) => s.trim() !== "") : [r.value];
    if (items.length === 0 || items.length > 50) return { errors: { value: `"One of" takes 1 to 50 values for ${spec.label}, separated by commas.` } };
    const values: ConditionScalar[] = [];
    for (const item of items) {
      const v = scalarOf(spec.kind, spec.label, item);
      if (isError(v)) return { errors: { value: v.error } };
      values.push(v);
    }
    return { condition: { field, type, value: values } };
  }
  if (spec.kind !== "number" && spec.kind !== "date") return { errors: { type: `"Between" applies to numbers and dates only, not to ${spec.label}.` } };
  const range = (typeof r.value === "object" && r.value !== null && !Array.isArray(r.value) ? r.value : {}) as Record<string, unknown>;
  const from = scalarOf(spec.kind, spec.label, range.from ?? r.from);
  const to = scalarOf(spec.kind, spec.label, range.to ?? r.to);
  if (isError(from)) return { errors: { value: from.error } };
  if (isError(to)) return { errors: { value: to.error } };
  if (from > to) return { errors: { value: `The "from" of ${spec.label} must not be after its "to".` } };
  return { condition: { field, type, value: { from, to } } };
}

/** The values of a task that conditions test. */
export type TaskFacts = Record<ConditionField, string | number | boolean | null>;

/** Whether a task meets a condition; a field without a value meets none. */
export function meetsCondition(facts: TaskFacts, c: Condition): boolean {
  const actual = facts[c.field];
  if (actual === null || actual === undefined) return false;
  const norm = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : v);
  if (c.type === 1) return norm(actual) === norm(c.value);
  if (c.type === 2) return (c.value as ConditionScalar[]).some((v) => norm(v) === norm(actual));
  const { from, to } = c.value as { from: ConditionScalar; to: ConditionScalar };
  return actual >= from && actual <= to;
}

/** The condition in words: "Priority is one of 1, 2". */
export function describeCondition(c: Condition): string {
  const label = CONDITION_FIELDS[c.field]?.label ?? c.field;
  const show = (v: ConditionScalar) => (typeof v === "boolean" ? (v ? "yes" : "no") : String(v));
  if (c.type === 1) return `${label} is ${show(c.value as ConditionScalar)}`;
  if (c.type === 2) return `${label} is one of ${(c.value as ConditionScalar[]).map(show).join(", ")}`;
  const { from, to } = c.value as { from: ConditionScalar; to: ConditionScalar };
  return `${label} is between ${show(from)} and ${show(to)}`;
}

// ---------------------------------------------------------------- the definition and the body

/** What a workflow does, stored as one document and kept with each run. */
export interface WorkflowDefinition {
  trigger: { event: TriggerEvent; stage_id?: number | null; days?: number | null };
  conditions: Condition[];
  audience?: number | null;
  email_subject?: string | null;
  email_body?: string | null;
  assign_to_user_id?: number | null;
  move_to_stage_id?: number | null;
}

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);
const optionalId = z.preprocess(blankToNull, z.coerce.number().int().positive().max(2147483647).nullable());

const conditionSchema = z.unknown().transform((raw, ctx) => {
  const checked = checkCondition(raw);
  if ("errors" in checked) {
    for (const [path, message] of Object.entries(checked.errors)) ctx.addIssue({ code: "custom", message, path: [path] });
    return z.NEVER;
  }
  return checked.condition;
});

/** A workflow as created or updated (an update replaces every field). */
export const workflowBodySchema = z
  .object({
    name: z.preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z.string({ error: WORKFLOW_MESSAGES.nameRequired }).trim().min(1, WORKFLOW_MESSAGES.nameRequired).max(255, WORKFLOW_MESSAGES.nameTooLong),
    ),
    workflow_type_id: z.coerce
      .number({ error: WORKFLOW_MESSAGES.typeRequired })
      .int()
      .min(1, WORKFLOW_MESSAGES.typeRequired)
      .max(3, WORKFLOW_MESSAGES.typeRequired),
    status: z.coerce
      .number({ error: WORKFLOW_MESSAGES.statusRequired })
      .int()
      .min(1, WORKFLOW_MESSAGES.statusRequired)
      .max(2, WORKFLOW_MESSAGES.statusRequired),
    trigger: z.object(
      {
        event: z.enum(TRIGGER_EVENTS, { error: WORKFLOW_MESSAGES.triggerRequired }),
        stage_id: optionalId.optional(),
        days: z
          .preprocess(
            blankToNull,
            z.coerce
              .number({ error: WORKFLOW_MESSAGES.daysRequired })
              .int()
              .min(1, WORKFLOW_MESSAGES.daysRequired)
              .max(365, WORKFLOW_MESSAGES.daysRequired)
              .nullable(),
          )
          .optional(),
      },
      { error: WORKFLOW_MESSAGES.triggerRequired },
    ),
    conditions: z.array(conditionSchema).max(10, WORKFLOW_MESSAGES.tooManyConditions).default([]),
    audience: z
      .preprocess(blankToNull, z.coerce.number().int().min(1, WORKFLOW_MESSAGES.audienceRequired).max(2, WORKFLOW_MESSAGES.audienceRequired).nullable())
      .optional(),
    email_subject: z.preprocess(blankToNull, z.string().trim().max(255, "The subject may not be longer than 255 characters.").nullable()).optional(),
    email_body: z.preprocess(blankToNull, z.string().trim().max(5000, "The e-mail's text may not be longer than 5000 characters.").nullable()).optional(),
    assign_to_user_id: optionalId.optional(),
    move_to_stage_id: optionalId.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.trigger.event === "task_idle" && !b.trigger.days)
      ctx.addIssue({ code: "custom", message: WORKFLOW_MESSAGES.daysRequired, path: ["trigger", "days"] });
    if (b.workflow_type_id === 1) {
      if (!b.audience) ctx.addIssue({ code: "custom", message: WORKFLOW_MESSAGES.audienceRequired, path: ["audience"] });
      if (!b.email_subject) ctx.addIssue({ code: "custom", message: WORKFLOW_MESSAGES.subjectRequired, path: ["email_subject"] });
      if (!b.email_body) ctx.addIssue({ code: "custom", message: WORKFLOW_MESSAGES.bodyRequired, path: ["email_body"] });
    }
    if (b.workflow_type_id === 2 && !b.assign_to_user_id)
      ctx.addIssue({ code: "custom", message: WORKFLOW_MESSAGES.assigneeRequired, path: ["assign_to_user_id"] });
    if (b.workflow_type_id === 3 && !b.move_to_stage_id) ctx.addIssue({ code: "custom", message: WORKFLOW_MESSAGES.stageRequired, path: ["move_to_stage_id"] });
  });
export type WorkflowBody = z.output<typeof workflowBodySchema>;
export type WorkflowBodyInput = z.input<typeof workflowBodySchema>;

const conditionOut = z.object({
  field: z.string(),
  type: z.number().int(),
  value: z.unknown(),
  description: z.string(),
});

export const workflowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  workflow_type_id: z.number().int(),
  status: z.number().int(),
  version: z.number().int(),
  trigger: z.object({ event: z.enum(TRIGGER_EVENTS), stage_id: z.number().int().nullable(), days: z.number().int().nullable() }),
  conditions: z.array(conditionOut),
  audience: z.number().int().nullable(),
  email_subject: z.string().nullable(),
  email_body: z.string().nullable(),
  assign_to_user_id: z.number().int().nullable(),
  move_to_stage_id: z.number().int().nullable(),
  /** "Moves the task to Qualified", "Assigns the task to Amelia Hart", "E-mails the team". */
  summary: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowListSchema = pagedSchema(workflowSchema);
export const workflowResponseSchema = z.object({ data: workflowSchema });

/** DELETE /workflow: the ids of the workflows to delete, at most 100. */
export const workflowIdsSchema = z.object({
  ids: z.array(z.coerce.number().int().positive().max(2147483647), { error: WORKFLOW_MESSAGES.idsRequired }).min(1, WORKFLOW_MESSAGES.idsRequired).max(100),
});
export const workflowDeletedSchema = z.object({ deleted: z.number().int() });

/** Sort fields of GET /workflow ('-' prefix for descending); default name ascending. */
export { WORKFLOW_SORTS } from "./list-sorts";

export const RUN_STATUSES = ["queued", "retrying", "done", "failed", "stopped"] as const;
export const workflowRunSchema = z.object({
  id: z.number().int(),
  workflow_id: z.number().int(),
  workflow_version: z.number().int(),
  task_id: z.number().int(),
  task_name: z.string(),
  event: z.string(),
  depth: z.number().int(),
  status: z.enum(RUN_STATUSES),
  outcome: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;
export const workflowRunListSchema = pagedSchema(workflowRunSchema);

/** POST /workflow/{id}/test: what the workflow would do to a task, without doing it. */
export const workflowTestBodySchema = z.object({
  task_id: z.coerce
    .number({ error: WORKFLOW_MESSAGES.taskRequired })
    .int(WORKFLOW_MESSAGES.taskRequired)
    .positive(WORKFLOW_MESSAGES.taskRequired)
    .max(2147483647),
});
export const workflowTestResultSchema = z.object({
  data: z.object({
    task_id: z.number().int(),
    task_name: z.string(),
    would_run: z.boolean(),
    /** Each condition with whether the task meets it. */
    checks: z.array(z.object({ description: z.string(), met: z.boolean() })),
    /** What the action would do ("Would assign the task to …"), or why it would not run. */
    outcome: z.string(),
  }),
});
export type WorkflowTestResult = z.infer<typeof workflowTestResultSchema>["data"];

import { z } from "zod";
import { pagedSchema } from "./common";
import { idField } from "./ids";
import { booleanField, moneyField, optionalDateField, optionalIdField, optionalMoneyField, stageSchema } from "./pipelines";
import { TASK_STATES } from "./task-constants";

// ---------------------------------------------------------------- constants (spec §4): in task-constants.ts, zod-free

export * from "./task-constants";

// ---------------------------------------------------------------- requests

const text = (max: number, message = `Use ${max} characters or fewer.`) =>
  z.preprocess(
    (v) => (v === null ? null : v),
    z
      .string()
      .trim()
      .max(max, message)
      .nullable()
      .optional()
      .transform((v) => (v === "" ? null : v)),
  );

const taskName = z.string({ error: "Enter a name." }).trim().min(1, "Enter a name.").max(255, "The name may not be longer than 255 characters.");

const priorityField = z.coerce
  .number({ error: "Choose a priority." })
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "Choose a priority: 1 High, 2 Medium or 3 Low." }));
const reviewStatusField = z.coerce
  .number({ error: "Choose a review status." })
  .int("Choose a review status.")
  .min(1, "Choose a review status (1 to 6).")
  .max(6, "Choose a review status (1 to 6).");

const sizeField = z.preprocess(
  (v) => (v === "" || v === null ? null : v),
  z.coerce
    .number({ error: "Enter a whole number." })
    .int("Enter a whole number.")
    .min(0, "Enter 0 or more.")
    .max(10_000_000, "Enter at most 10000000.")
    .nullable()
    .optional(),
);

/** Datapoints: a flat object of short values (JSON, or a JSON text in a form). At most 50 keys, 8 KB. */
const datapointsField = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]), {
      error: "Datapoints must be an object of names and values.",
    })
    .refine((o) => Object.keys(o).length <= 50, "At most 50 datapoints.")
    .refine((o) => JSON.stringify(o).length <= 8192, "Datapoints may hold at most 8 KB."),
);

/**
 * The fields of a task as sent by the create and edit forms (JSON, or multipart text). On create,
 * name and pipeline_id are required and the stage defaults to the pipeline's first; on update every
 * field is optional and only the fields sent change. "" or null clears an optional field.
 */
const taskFields = {
  name: taskName,
  description: text(5000),
  priority: priorityField,
  review_status: reviewStatusField,
  pipeline_id: idField("Choose a pipeline."),
  pipeline_stage_id: idField("Choose a stage."),
  team_id: optionalIdField("Choose a team."),
  team_member_id: optionalIdField("Choose a team member."),
  source_individual_id: optionalIdField("Choose an individual."),
  company_id: optionalIdField("Choose a company."),
  expected_revenue: optionalMoneyField(),
  expected_revenue_start_date: optionalDateField(),
  payment_frequency_id: optionalIdField("Choose a payment frequency."),
  size: sizeField,
  expected_close_date: optionalDateField(),
  /** Why the expected close date moved (GET /expected-close-date-change-reasons); kept in the activity log. */
  expected_close_date_change_reason_id: optionalIdField("Choose a reason."),
  kyb: booleanField,
  datapoints: datapointsField,
  confidenceInRevenueTimingId: optionalIdField("Choose an answer."),
  confidenceInRevenueEstimateId: optionalIdField("Choose an answer."),
  confidenceInExecutionId: optionalIdField("Choose an answer."),
  confidenceInClientId: optionalIdField("Choose an answer."),
};

/** POST /task. */
export const taskCreateBodySchema = z.object({
  ...taskFields,
  priority: priorityField.optional(),
  review_status: reviewStatusField.optional(),
  pipeline_stage_id: idField("Choose a stage.").optional(),
  kyb: booleanField.optional(),
  datapoints: datapointsField.optional(),
});
export type TaskCreateBody = z.infer<typeof taskCreateBodySchema>;

/** PUT /task/{id}, and POST /tasks/{id} with _method=PATCH (multipart): only the fields sent change. */
export const taskUpdateBodySchema = z.object(taskFields).partial();
export type TaskUpdateBody = z.infer<typeof taskUpdateBodySchema>;

/** PUT /task/{id}/revenue. */
export const taskRevenueBodySchema = z.object({
  expected_revenue: z.preprocess((v) => (v === "" ? null : v), moneyField().nullable()),
  expected_revenue_start_date: optionalDateField(),
  payment_frequency_id: optionalIdField("Choose a payment frequency."),
});

/** PUT /task/{id}/kyb. */
export const taskKybBodySchema = z.object({ kyb: booleanField });

/** DELETE /task: the tasks to delete (all of them the caller's company's). */
export const taskIdsBodySchema = z.object({
  ids: z.array(idField("Must be a task id.")).min(1, "No items selected").max(1000, "Delete at most 1000 tasks at once."),
});

/**
 * POST /tasks/{id}/notes/progress (spec §3 update-progress payload; JSON or multipart with a `document`
 * file): moves the task to the stage and records a progress note.
 */
export const taskProgressBodySchema = z.object({
  pipeline_id: idField("Choose a pipeline."),
  pipeline_stage_id: idField("Choose a stage."),
  expected_revenue_start_date: optionalDateField(),
  payment_frequency_id: optionalIdField("Choose a payment frequency."),
  size: sizeField,
  /** The note's text; without it the note describes the move. */
  note: text(5000),
});
export type TaskProgressBody = z.infer<typeof taskProgressBodySchema>;
export const PROGRESS_DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;

/** POST /task/{id}/task-product and PUT /task/{id}/task-product/{productId}. */
export const taskProductBodySchema = z.object({
  task_product_type_id: idField("Choose a product type."),
  name: z
    .string({ error: "Enter the product name." })
    .trim()
    .min(1, "Enter the product name.")
    .max(255, "The product name may not be longer than 255 characters."),
  provider_name: text(255),
  premium: z.preprocess((v) => (v === undefined || v === "" || v === null ? 0 : v), moneyField()),
  commission: z.preprocess((v) => (v === undefined || v === "" || v === null ? 0 : v), moneyField()),
  commission_rate: z.preprocess(
    (v) => (v === "" || v === null ? null : v),
    z.coerce
      .number({ error: "Enter a percentage from 0 to 100." })
      .min(0, "Enter a percentage from 0 to 100.")
      .max(100, "Enter a percentage from 0 to 100.")
      .nullable()
      .optional(),
  ),
  start_date: optionalDateField(),
  notes: text(2000),
});
export type TaskProductBody = z.infer<typeof taskProductBodySchema>;

const emailAddress = z.string().trim().toLowerCase().max(254, "Enter a valid e-mail address.").email("Enter a valid e-mail address.");

/** POST /task/{id}/send-email: to one or more addresses (a list, or one text with commas); optionally in an existing thread of the task. */
export const taskEmailBodySchema = z.object({
  to: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(/[,;]/)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(emailAddress, { error: "Enter an e-mail address." }).min(1, "Enter an e-mail address.").max(10, "Send to at most 10 addresses."),
  ),
  subject: z.string({ error: "Enter a subject." }).trim().min(1, "Enter a subject.").max(200, "The subject may not be longer than 200 characters."),
  body: z.string({ error: "Write the message." }).trim().min(1, "Write the message.").max(20_000, "The message may not be longer than 20000 characters."),
  thread_id: idField("Choose a conversation of this task.").optional(),
});
export type TaskEmailBody = z.infer<typeof taskEmailBodySchema>;

// ---------------------------------------------------------------- responses

const ref = z.object({ id: z.number().int(), name: z.string() });
const userRef = z.object({ id: z.number().int(), name: z.string(), last_name: z.string(), full_name: z.string(), email: z.string() });
const confidenceAnswer = z.object({ id: z.number().int(), type: z.string(), name: z.string(), score: z.number().int() });

export const taskProductTypeSchema = z.object({ id: z.number().int(), name: z.string() });

export const taskProductSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  task_product_type_id: z.number().int(),
  product_type: taskProductTypeSchema,
  name: z.string(),
  provider_name: z.string().nullable(),
  premium: z.number(),
  commission: z.number(),
  commission_rate: z.number().nullable(),
  start_date: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** GET /task-products only: the task it belongs to. */
  task: ref.optional(),
});
export type TaskProduct = z.infer<typeof taskProductSchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  priority: z.number().int(),
  priority_name: z.string(),
  review_status: z.number().int(),
  review_status_name: z.string(),
  pipeline_id: z.number().int(),
  pipeline_stage_id: z.number().int(),
  team_id: z.number().int().nullable(),
  team_member_id: z.number().int().nullable(),
  source_individual_id: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  expected_revenue: z.number().nullable(),
  expected_revenue_start_date: z.string().nullable(),
  payment_frequency_id: z.number().int().nullable(),
  size: z.number().int().nullable(),
  expected_close_date: z.string().nullable(),
  kyb: z.boolean(),
  confidenceInRevenueTimingId: z.number().int().nullable(),
  confidenceInRevenueEstimateId: z.number().int().nullable(),
  confidenceInExecutionId: z.number().int().nullable(),
  confidenceInClientId: z.number().int().nullable(),
  datapoints: z.record(z.string(), z.unknown()),
  state: z.enum(TASK_STATES),
  open: z.boolean(),
  closed_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  // Embedded with include=… (GET /task/{id} embeds all of them).
  pipeline: ref.extend({ status: z.number().int() }).nullable().optional(),
  pipelineStage: stageSchema.pick({ id: true, pipeline_id: true, name: true, color: true, order: true, outcome: true }).nullable().optional(),
  teamMember: userRef.nullable().optional(),
  team: ref.nullable().optional(),
  sourceIndividual: z.object({ id: z.number().int(), full_name: z.string(), email: z.string().nullable() }).nullable().optional(),
  company: ref.nullable().optional(),
  products: z.array(taskProductSchema).optional(),
  /** The chosen answers and their total score (null until all four are answered). */
  confidence: z
    .object({
      revenue_timing: confidenceAnswer.nullable(),
      revenue_estimate: confidenceAnswer.nullable(),
      execution: confidenceAnswer.nullable(),
      client: confidenceAnswer.nullable(),
      total_score: z.number().int().nullable(),
    })
    .optional(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListSchema = pagedSchema(taskSchema);
export const taskResponseSchema = z.object({ data: taskSchema });
export const taskProductListSchema = z.object({ data: z.array(taskProductSchema) });
export const taskProductPageSchema = pagedSchema(taskProductSchema);
export const taskProductResponseSchema = z.object({ data: taskProductSchema });

/** One change of an activity entry: old → new, with labels for ids. */
export const activityChangeSchema = z.object({
  old: z.unknown(),
  new: z.unknown(),
  old_label: z.string().nullable().optional(),
  new_label: z.string().nullable().optional(),
});
export const ACTIVITY_ACTIONS = [
  "created",
  "updated",
  "moved",
  "assigned",
  "revenue",
  "kyb",
  "progress",
  "product_added",
  "product_updated",
  "product_removed",
  "email_sent",
  "deleted",
] as const;
export const activitySchema = z.object({
  id: z.number().int(),
  subject_type: z.string(),
  subject_id: z.number().int(),
  action: z.string(),
  /** A sentence for the log ("Amelia Hart moved the task from Lead to Qualified."). */
  description: z.string(),
  changes: z.record(z.string(), activityChangeSchema),
  user: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = pagedSchema(activitySchema);

export const taskEmailSchema = z.object({
  id: z.number().int(),
  thread_id: z.number().int(),
  /** Addresses, comma-separated. */
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  sender: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  sent_at: z.string(),
});
export type TaskEmail = z.infer<typeof taskEmailSchema>;
export const taskEmailListSchema = pagedSchema(taskEmailSchema);
export const taskEmailResponseSchema = z.object({ data: taskEmailSchema });

export const taskDocumentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  url: z.string(),
  created_at: z.string(),
});
export const taskNoteSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  body: z.string(),
  author: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  documents: z.array(taskDocumentSchema),
  created_at: z.string(),
});
export type TaskNote = z.infer<typeof taskNoteSchema>;
export const taskNoteListSchema = pagedSchema(taskNoteSchema);
/** POST /tasks/{id}/notes/progress: the note recorded and the task as moved. */
export const taskProgressResponseSchema = z.object({ data: z.object({ note: taskNoteSchema, task: taskSchema }) });

// Lookups
export const priorityListSchema = pagedSchema(ref);
export const taskProductTypeListSchema = pagedSchema(taskProductTypeSchema);
export const confidenceScoreGroupSchema = z.object({
  type: z.string(),
  type_name: z.string(),
  /** The task field that holds the chosen answer (confidenceInRevenueTimingId …). */
  field: z.string(),
  scores: z.array(z.object({ id: z.number().int(), name: z.string(), score: z.number().int() })),
});
export const confidenceScoreListSchema = z.object({ data: z.array(confidenceScoreGroupSchema) });
export const paymentFrequencyListSchema = z.object({ data: z.array(ref.extend({ periods_per_year: z.number().int() })) });
export const closeDateReasonListSchema = z.object({ data: z.array(ref) });

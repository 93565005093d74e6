/**
 * The tasks contract's constants, apart from its zod schemas (contract/tasks.ts re-exports them): portal
 * components import them from here, so a page that shows priorities or confidence questions does not ship zod
 * (about 90 KB gzip) to the browser.
 */

// Spec §4.

/** Task priorities: 1 High, 2 Medium, 3 Low. */
export const TASK_PRIORITIES = [
  { id: 1, name: "High" },
  { id: 2, name: "Medium" },
  { id: 3, name: "Low" },
] as const;

/** Task review statuses 1–6. */
export const TASK_REVIEW_STATUSES = [
  { id: 1, name: "Not started" },
  { id: 2, name: "In progress" },
  { id: 3, name: "Under review" },
  { id: 4, name: "Rejected" },
  { id: 5, name: "Approved" },
  { id: 6, name: "Not required" },
] as const;

/** Where a task stands, from the outcome of its stage: open until it reaches a won or lost stage. */
export const TASK_STATES = ["open", "won", "lost"] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** The four confidence questions (spec §3): answer type → the task field holding the chosen answer. */
export const CONFIDENCE_QUESTIONS = [
  { type: "revenue-timing", field: "confidenceInRevenueTimingId", name: "Confidence in revenue timing" },
  { type: "revenue-estimate", field: "confidenceInRevenueEstimateId", name: "Confidence in revenue estimate" },
  { type: "execution", field: "confidenceInExecutionId", name: "Confidence in execution" },
  { type: "client", field: "confidenceInClientId", name: "Confidence in client" },
] as const;
export type ConfidenceType = (typeof CONFIDENCE_QUESTIONS)[number]["type"];
export type ConfidenceField = (typeof CONFIDENCE_QUESTIONS)[number]["field"];

/** What GET /task (and GET /task/{id}) can embed: include=pipeline,pipelineStage,… ("includes" is accepted too). */
export const TASK_INCLUDES = ["pipeline", "pipelineStage", "teamMember", "team", "sourceIndividual", "company", "products", "confidence"] as const;
export type TaskInclude = (typeof TASK_INCLUDES)[number];

/** Sort fields of GET /task ('-' for descending); default -created_at. */
export const TASK_SORTS = ["name", "priority", "review_status", "created_at", "updated_at", "expected_revenue", "expected_close_date"] as const;
/** Filters of GET /task: filter[key]; ids may be a comma-separated list ("1,2"). */
export const TASK_FILTERS = [
  "search",
  "pipeline_id",
  "pipeline_stage_id",
  "team_member_id",
  "team_id",
  "priority",
  "review_status",
  "source_individual_id",
  "company_id",
  "open",
  "state",
  "kyb",
  "created_at",
  "expected_close_date",
] as const;
export const TASK_PRODUCT_SORTS = ["name", "premium", "commission", "created_at"] as const;

export const STAGE_NOT_IN_PIPELINE = "The stage must belong to the chosen pipeline.";
export const PIPELINE_ARCHIVED = "This pipeline is archived: choose an active one.";

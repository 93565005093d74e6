import type { TaskUpdateBody } from "#contract/tasks";
import type { ActivityChange, tasks } from "#api/db/schema";
import type { resolveRefs } from "./references";
import { fullName, money, priorityName, reviewStatusName, type Loaded, type TaskRow } from "./task-rows";

// ---------------------------------------------------------------- what a write changes: row values and activity entries

/** The row values of a write. */
export type Values = Partial<typeof tasks.$inferInsert>;

const CONFIDENCE_COLUMNS = {
  confidenceInRevenueTimingId: "confidenceInRevenueTimingId",
  confidenceInRevenueEstimateId: "confidenceInRevenueEstimateId",
  confidenceInExecutionId: "confidenceInExecutionId",
  confidenceInClientId: "confidenceInClientId",
} as const;

const moneyText = (n: number | null | undefined) => (n === null || n === undefined ? null : n.toFixed(2));
const pounds = (v: string | number | null) =>
  v === null ? null : `£${Number(v).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The row values a body sets (only the fields sent). */
export function columnsOf(body: TaskUpdateBody): Values {
  const v: Values = {};
  if (body.name !== undefined) v.name = body.name;
  if (body.description !== undefined) v.description = body.description;
  if (body.priority !== undefined) v.priority = body.priority;
  if (body.review_status !== undefined) v.reviewStatus = body.review_status;
  if (body.team_id !== undefined) v.teamId = body.team_id;
  if (body.team_member_id !== undefined) v.teamMemberId = body.team_member_id;
  if (body.source_individual_id !== undefined) v.sourceIndividualId = body.source_individual_id;
  if (body.company_id !== undefined) v.companyId = body.company_id;
  if (body.expected_revenue !== undefined) v.expectedRevenue = moneyText(body.expected_revenue);
  if (body.expected_revenue_start_date !== undefined) v.expectedRevenueStartDate = body.expected_revenue_start_date;
  if (body.payment_frequency_id !== undefined) v.paymentFrequencyId = body.payment_frequency_id;
  if (body.size !== undefined) v.size = body.size;
  if (body.expected_close_date !== undefined) v.expectedCloseDate = body.expected_close_date;
  if (body.kyb !== undefined) v.kyb = body.kyb;
  if (body.datapoints !== undefined) v.datapoints = body.datapoints;
  for (const k of Object.keys(CONFIDENCE_COLUMNS) as (keyof typeof CONFIDENCE_COLUMNS)[]) if (body[k] !== undefined) v[k] = body[k];
  return v;
}

/** Which activity entry a changed field is recorded under. */
function groupOf(field: string): "moved" | "assigned" | "updated" {
  if (field === "pipeline_id" || field === "pipeline_stage_id") return "moved";
  if (field === "team_member_id" || field === "team_id") return "assigned";
  return "updated";
}

/** JSON with every object's keys in order: PostgreSQL keeps a jsonb object's keys in an order of its own. */
const canonical = (value: unknown): string =>
  value && typeof value === "object" && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
        .join(",")}}`
    : Array.isArray(value)
      ? `[${value.map(canonical).join(",")}]`
      : JSON.stringify(value ?? null);

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * The changes of a write, field by field (old → new, with labels for ids), as activity entries: a move
 * (pipeline, stage), an assignment (team member, team) and an edit (the rest) — or all under one
 * action when `as` is given (revenue, kyb, progress).
 */
export function activityOf(
  current: Loaded,
  next: Values,
  refs: Awaited<ReturnType<typeof resolveRefs>>,
  as?: string,
  extra: Record<string, ActivityChange> = {},
) {
  const t = current.task;
  const changes: Record<string, ActivityChange> = {};
  const add = (field: string, oldValue: unknown, newValue: unknown, oldLabel?: string | null, newLabel?: string | null) => {
    if (same(oldValue, newValue)) return;
    changes[field] = {
      old: oldValue ?? null,
      new: newValue ?? null,
      ...(oldLabel !== undefined || newLabel !== undefined ? { old_label: oldLabel ?? null, new_label: newLabel ?? null } : {}),
    };
  };
  const has = (k: keyof Values) => k in next;
  if (has("name")) add("name", t.name, next.name);
  if (has("description")) add("description", t.description, next.description);
  if (has("priority")) add("priority", t.priority, next.priority, priorityName(t.priority), priorityName(next.priority!));
  if (has("reviewStatus")) add("review_status", t.reviewStatus, next.reviewStatus, reviewStatusName(t.reviewStatus), reviewStatusName(next.reviewStatus!));
  if (has("pipelineId")) add("pipeline_id", t.pipelineId, next.pipelineId, current.pipelineName, refs.pipeline?.label ?? current.pipelineName);
  if (has("pipelineStageId")) add("pipeline_stage_id", t.pipelineStageId, next.pipelineStageId, current.stageName, refs.stage?.label ?? current.stageName);
  if (has("teamMemberId"))
    add(
      "team_member_id",
      t.teamMemberId,
      next.teamMemberId,
      current.memberName === null ? null : fullName(current.memberName, current.memberLastName),
      refs.member?.label ?? null,
    );
  if (has("teamId")) add("team_id", t.teamId, next.teamId, current.teamName, refs.team?.label ?? null);
  if (has("sourceIndividualId"))
    add("source_individual_id", t.sourceIndividualId, next.sourceIndividualId, current.individualName, refs.individual?.label ?? null);
  if (has("companyId")) add("company_id", t.companyId, next.companyId, current.companyName, refs.company?.label ?? null);
  if (has("expectedRevenue"))
    add("expected_revenue", money(t.expectedRevenue), money(next.expectedRevenue ?? null), pounds(t.expectedRevenue), pounds(next.expectedRevenue ?? null));
  if (has("expectedRevenueStartDate")) add("expected_revenue_start_date", t.expectedRevenueStartDate, next.expectedRevenueStartDate);
  if (has("paymentFrequencyId")) add("payment_frequency_id", t.paymentFrequencyId, next.paymentFrequencyId, undefined, refs.frequency?.label ?? null);
  if (has("size")) add("size", t.size, next.size);
  if (has("expectedCloseDate")) add("expected_close_date", t.expectedCloseDate, next.expectedCloseDate);
  if (has("kyb")) add("kyb", t.kyb, next.kyb);
  if (has("datapoints")) add("datapoints", t.datapoints, next.datapoints);
  for (const k of Object.keys(CONFIDENCE_COLUMNS) as (keyof typeof CONFIDENCE_COLUMNS)[]) {
    if (has(k)) add(k, t[k], next[k], undefined, next[k] ? (refs.answers.get(next[k]!)?.name ?? null) : null);
  }
  if (changes.expected_close_date && refs.reason) changes.expected_close_date_change_reason = { old: null, new: refs.reason.id, new_label: refs.reason.label };
  const entries: { action: string; changes: Record<string, ActivityChange> }[] = [];
  if (as) {
    if (Object.keys(changes).length || Object.keys(extra).length) entries.push({ action: as, changes: { ...changes, ...extra } });
    return entries;
  }
  for (const group of ["moved", "assigned", "updated"] as const) {
    const own = Object.fromEntries(Object.entries(changes).filter(([k]) => groupOf(k === "expected_close_date_change_reason" ? "x" : k) === group));
    if (Object.keys(own).length) entries.push({ action: group, changes: own });
  }
  return entries;
}

/** state and closed_at for a task entering a stage with this outcome (closed_at kept when the state stays). */
export function stateFor(outcome: "open" | "won" | "lost", current?: TaskRow): Pick<Values, "state" | "closedAt"> {
  if (outcome === "open") return { state: "open", closedAt: null };
  if (current && current.state === outcome && current.closedAt) return { state: outcome, closedAt: current.closedAt };
  return { state: outcome, closedAt: new Date() };
}

export const confidenceOf = (body: TaskUpdateBody) =>
  Object.fromEntries(
    Object.keys(CONFIDENCE_COLUMNS).flatMap((k) =>
      body[k as keyof typeof CONFIDENCE_COLUMNS] !== undefined ? [[k, body[k as keyof typeof CONFIDENCE_COLUMNS]]] : [],
    ),
  );

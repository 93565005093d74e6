import { formatDate } from "#common/format";
import type { Words } from "./labels";

/**
 * How the task page shows an activity-log entry (GET /activity-log/task/{id}): what happened, in the
 * edition's words ("moved the opportunity"), and each change as field: old → new, using the labels the
 * API gives for ids (stage names, people, answers) and the UK date format for dates.
 */

export interface ActivityChangeView {
  old: unknown;
  new: unknown;
  old_label?: string | null;
  new_label?: string | null;
}

export interface ActivityLine {
  field: string;
  /** null when there was nothing before (a creation, a first answer) or the change only adds something. */
  from: string | null;
  to: string | null;
}

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  description: "Description",
  priority: "Priority",
  review_status: "Review status",
  pipeline_id: "Pipeline",
  pipeline_stage_id: "Stage",
  team_id: "Team",
  team_member_id: "Assigned to",
  source_individual_id: "Individual",
  company_id: "Company",
  expected_revenue: "Expected revenue",
  expected_revenue_start_date: "Revenue start date",
  payment_frequency_id: "Payment frequency",
  size: "Size",
  expected_close_date: "Expected close date",
  expected_close_date_change_reason: "Reason for the new close date",
  kyb: "KYB",
  datapoints: "Datapoints",
  confidenceInRevenueTimingId: "Confidence in revenue timing",
  confidenceInRevenueEstimateId: "Confidence in revenue estimate",
  confidenceInExecutionId: "Confidence in execution",
  confidenceInClientId: "Confidence in client",
  note: "Note",
  product: "Product",
  provider_name: "Provider",
  premium: "Premium",
  commission: "Commission",
  commission_rate: "Commission rate",
  start_date: "Start date",
  notes: "Notes",
  task_product_type_id: "Product type",
  to: "To",
  subject: "Subject",
};

/** Changes that are bookkeeping, not something to show (the id of the e-mail sent). */
const HIDDEN = new Set(["email_id"]);

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** One side of a change as text: its label when the API gave one, else the value (dates dd/mm/yy, yes/no); null for nothing. */
export function activityValue(value: unknown, label?: string | null): string | null {
  if (typeof label === "string" && label !== "") return label;
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" && DATE_TEXT.test(value)) return formatDate(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function activityFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** Names of ids by field (payment frequencies, confidence answers), for a side the API left without a label. */
export type ActivityLookups = Record<string, Record<string, string>>;

/**
 * The changes of an entry as lines, in the order the API recorded them; `labels` names fields in the edition's
 * words where they differ (app/lib/task-terms.ts).
 */
export function activityLines(changes: Record<string, ActivityChangeView>, lookups: ActivityLookups = {}, labels: Record<string, string> = {}): ActivityLine[] {
  const side = (field: string, value: unknown, label: string | null | undefined) =>
    activityValue(value, label || (value !== null && value !== undefined ? lookups[field]?.[String(value)] : undefined));
  return Object.entries(changes)
    .filter(([field]) => !HIDDEN.has(field))
    .map(([field, c]) => ({ field: labels[field] ?? activityFieldLabel(field), from: side(field, c.old, c.old_label), to: side(field, c.new, c.new_label) }))
    .filter((l) => l.from !== null || l.to !== null);
}

/**
 * What happened, after the person's name: "moved the opportunity", "added a product". `words.kyb` is the
 * edition's name of the KYB flag (app/lib/task-terms.ts; "KYB" when not given).
 */
export function activityVerb(action: string, changes: Record<string, ActivityChangeView>, words: Pick<Words, "task"> & { kyb?: string }): string {
  const t = words.task;
  const kyb = words.kyb ?? "KYB";
  switch (action) {
    case "created":
      return `created the ${t}`;
    case "moved":
      return `moved the ${t}`;
    case "assigned": {
      const member = changes.team_member_id;
      if (member) return member.new === null ? `unassigned the ${t}` : `assigned the ${t}`;
      return `changed the ${t}'s team`;
    }
    case "updated":
      return `changed the ${t}`;
    case "revenue":
      return "changed the revenue";
    case "kyb":
      return changes.kyb?.new ? `marked it for ${kyb}` : `cleared the ${kyb} flag`;
    case "progress":
      return "updated the progress";
    case "product_added":
      return "added a product";
    case "product_updated":
      return "changed a product";
    case "product_removed":
      return "removed a product";
    case "email_sent":
      return "sent an e-mail";
    case "deleted":
      return `deleted the ${t}`;
    default:
      return action.replace(/_/g, " ");
  }
}

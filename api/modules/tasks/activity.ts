import { and, count, desc, eq } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import type { Activity } from "#contract/tasks";
import type { Db, Tx } from "#api/db/client";
import { activityLog, users, type ActivityChange } from "#api/db/schema";
import { offsetOf } from "#api/http/paging";

export interface ActivityEntry {
  tenantId: number;
  subjectType: "task" | "pipeline";
  subjectId: number;
  userId: number | null;
  action: string;
  changes?: Record<string, ActivityChange>;
}

/** Writes activity entries (one insert). Call it inside the transaction of the change it records. */
export async function logActivity(db: Db | Tx, entries: ActivityEntry[]) {
  if (entries.length === 0) return;
  await db.insert(activityLog).values(entries.map((e) => ({ ...e, changes: e.changes ?? {} })));
}

/** Human names of task fields, for the log's sentences. */
const FIELD_NAMES: Record<string, string> = {
  name: "name",
  description: "description",
  priority: "priority",
  review_status: "review status",
  team_id: "team",
  team_member_id: "team member",
  source_individual_id: "source individual",
  company_id: "company",
  expected_revenue: "expected revenue",
  expected_revenue_start_date: "revenue start date",
  payment_frequency_id: "payment frequency",
  size: "size",
  expected_close_date: "expected close date",
  kyb: "KYB",
  datapoints: "datapoints",
  confidenceInRevenueTimingId: "confidence in revenue timing",
  confidenceInRevenueEstimateId: "confidence in revenue estimate",
  confidenceInExecutionId: "confidence in execution",
  confidenceInClientId: "confidence in client",
  pipeline_id: "pipeline",
  pipeline_stage_id: "stage",
};

const label = (c: ActivityChange | undefined, side: "old" | "new") => {
  if (!c) return "nothing";
  const l = side === "old" ? c.old_label : c.new_label;
  const v = side === "old" ? c.old : c.new;
  return l ?? (v === null || v === undefined || v === "" ? "nothing" : String(v));
};

const list = (items: string[]) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/** The log's sentence for an entry: "Amelia Hart moved the task from Lead to Qualified." */
export function describeActivity(action: string, changes: Record<string, ActivityChange>, who: string | null): string {
  const actor = who ?? "Someone";
  switch (action) {
    case "created":
      return `${actor} created the task.`;
    case "moved": {
      const stage = changes.pipeline_stage_id;
      const pipeline = changes.pipeline_id;
      const to = pipeline ? `${label(pipeline, "new")} · ${label(stage, "new")}` : label(stage, "new");
      return `${actor} moved the task from ${label(stage, "old")} to ${to}.`;
    }
    case "assigned": {
      const member = changes.team_member_id;
      const team = changes.team_id;
      if (member)
        return member.new === null ? `${actor} unassigned the task from ${label(member, "old")}.` : `${actor} assigned the task to ${label(member, "new")}.`;
      return `${actor} moved the task to the ${label(team, "new")} team.`;
    }
    case "updated":
      return `${actor} changed the ${list(Object.keys(changes).map((k) => FIELD_NAMES[k] ?? k))}.`;
    case "revenue":
      return `${actor} changed the expected revenue from ${label(changes.expected_revenue, "old")} to ${label(changes.expected_revenue, "new")}.`;
    case "kyb":
      return changes.kyb?.new ? `${actor} marked the task for KYB.` : `${actor} cleared the KYB flag.`;
    case "progress":
      return changes.pipeline_stage_id
        ? `${actor} updated the progress: ${label(changes.pipeline_stage_id, "old")} → ${label(changes.pipeline_stage_id, "new")}.`
        : `${actor} updated the progress.`;
    case "product_added":
      return `${actor} added the product ${label(changes.product, "new")}.`;
    case "product_updated":
      return `${actor} changed the product ${label(changes.product, "new")}.`;
    case "product_removed":
      return `${actor} removed the product ${label(changes.product, "old")}.`;
    case "email_sent":
      return `${actor} e-mailed ${label(changes.to, "new")}: ${label(changes.subject, "new")}.`;
    case "deleted":
      return `${actor} deleted the task.`;
    default:
      return `${actor}: ${action}.`;
  }
}

/** A subject's activity, newest first, paged; the user's name comes with each entry (one join). */
export async function listActivity(db: Db, tenantId: number, subjectType: "task" | "pipeline", subjectId: number, query: ListQuery) {
  const where = and(eq(activityLog.tenantId, tenantId), eq(activityLog.subjectType, subjectType), eq(activityLog.subjectId, subjectId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: activityLog, userName: users.name, userLastName: users.lastName })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.userId))
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  return {
    rows: rows.map(({ entry, userName, userLastName }): Activity => {
      const automation = entry.changes.automation?.new_label;
      const who = automation ? `Automation "${automation}"` : userName === null ? null : [userName, userLastName].filter(Boolean).join(" ");
      return {
        id: entry.id,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId,
        action: entry.action,
        description: describeActivity(entry.action, entry.changes, who),
        changes: entry.changes,
        user: entry.userId !== null && who !== null ? { id: entry.userId, full_name: who } : null,
        created_at: entry.createdAt.toISOString(),
      };
    }),
    total,
  };
}

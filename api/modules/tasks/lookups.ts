import { and, asc, count, ilike } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { CONFIDENCE_QUESTIONS, TASK_PRIORITIES } from "#contract/tasks";
import type { Db } from "#api/db/client";
import { confidenceScores, expectedCloseDateChangeReasons, paymentFrequencies, taskProductTypes } from "#api/db/schema";
import { likeEscape, offsetOf, textFilter } from "#api/http/paging";

/** GET /priority: 1 High, 2 Medium, 3 Low (a paged list, as the spec's full lists are). */
export function priorities(query: ListQuery) {
  const all = TASK_PRIORITIES.map((p) => ({ id: p.id, name: p.name }));
  return { rows: all.slice(offsetOf(query), offsetOf(query) + query.page.size), total: all.length };
}

/** GET /task-product-type: in their list order, searchable by name. */
export async function productTypes(db: Db, query: ListQuery) {
  const search = textFilter(query, "search") ?? textFilter(query, "name");
  const where = search ? and(ilike(taskProductTypes.name, `%${likeEscape(search)}%`)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: taskProductTypes.id, name: taskProductTypes.name })
      .from(taskProductTypes)
      .where(where)
      .orderBy(asc(taskProductTypes.sortOrder), asc(taskProductTypes.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(taskProductTypes).where(where),
  ]);
  return { rows, total };
}

/** GET /confidence-scores: one group per question (in the spec's order), answers sorted by score. */
export async function confidenceScoreGroups(db: Db) {
  const rows = await db.select().from(confidenceScores).orderBy(asc(confidenceScores.score), asc(confidenceScores.id));
  return CONFIDENCE_QUESTIONS.map((q) => ({
    type: q.type,
    type_name: q.name,
    field: q.field,
    scores: rows.filter((r) => r.type === q.type).map((r) => ({ id: r.id, name: r.name, score: r.score })),
  }));
}

export async function allPaymentFrequencies(db: Db) {
  const rows = await db.select().from(paymentFrequencies).orderBy(asc(paymentFrequencies.sortOrder), asc(paymentFrequencies.id));
  return rows.map((r) => ({ id: r.id, name: r.name, periods_per_year: r.periodsPerYear }));
}

export async function closeDateChangeReasons(db: Db) {
  return db
    .select({ id: expectedCloseDateChangeReasons.id, name: expectedCloseDateChangeReasons.name })
    .from(expectedCloseDateChangeReasons)
    .orderBy(asc(expectedCloseDateChangeReasons.sortOrder), asc(expectedCloseDateChangeReasons.id));
}

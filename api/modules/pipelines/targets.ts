import { and, eq, inArray, sql } from "drizzle-orm";
import type { TargetFigures, TargetPeriod } from "#contract/pipelines";
import type { Database, Db } from "#api/db/client";
import { pipelineTargets, tasks, users } from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { periodOf, TIME_ZONE } from "#api/lib/periods";
import { findPipeline, money, toPipelineUser, userColumns, usersOf } from "./service";
import { assertTenantUsers } from "./write";

// ---------------------------------------------------------------- targets

interface TargetScope {
  pipelineId: number;
  period: TargetPeriod;
  /** A day inside the period; default today. */
  date?: string | null;
}

const londonStart = (day: string) => sql`(${day}::timestamp at time zone ${TIME_ZONE})`;

function figures(target: { revenue: number; count: number }, won: { revenue: number; count: number }, open: { value: number; count: number }): TargetFigures {
  const pct = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : null);
  return {
    revenue_target: target.revenue,
    count_target: target.count,
    won_revenue: won.revenue,
    won_count: won.count,
    open_value: open.value,
    open_count: open.count,
    revenue_progress: pct(won.revenue, target.revenue),
    count_progress: pct(won.count, target.count),
  };
}

/**
 * Targets and achievements per user for one period of a pipeline: targets set, won in the period
 * (closed_at within it), open now. Three grouped queries, whatever the number of users.
 */
async function perUserFigures(db: Db, tenantId: number, scope: TargetScope, onlyUserId?: number) {
  const { start, end } = periodOf(scope.period, scope.date ?? undefined);
  const byUser = onlyUserId === undefined ? undefined : onlyUserId;
  const [targetRows, wonRows, openRows] = await Promise.all([
    db
      .select({ userId: pipelineTargets.userId, revenue: pipelineTargets.revenueTarget, count: pipelineTargets.countTarget })
      .from(pipelineTargets)
      .where(
        and(
          eq(pipelineTargets.tenantId, tenantId),
          eq(pipelineTargets.pipelineId, scope.pipelineId),
          eq(pipelineTargets.period, scope.period),
          eq(pipelineTargets.periodStart, start),
          byUser === undefined ? undefined : eq(pipelineTargets.userId, byUser),
        ),
      ),
    db
      .select({ userId: tasks.teamMemberId, revenue: sql<string | null>`sum(${tasks.expectedRevenue})`, count: sql<number>`count(*)::int` })
      .from(tasks)
      .where(
        and(
          eq(tasks.tenantId, tenantId),
          eq(tasks.state, "won"),
          sql`${tasks.closedAt} >= ${londonStart(start)}`,
          sql`${tasks.closedAt} < ${londonStart(end)}`,
          eq(tasks.pipelineId, scope.pipelineId),
          byUser === undefined ? undefined : eq(tasks.teamMemberId, byUser),
        ),
      )
      .groupBy(tasks.teamMemberId),
    db
      .select({ userId: tasks.teamMemberId, value: sql<string | null>`sum(${tasks.expectedRevenue})`, count: sql<number>`count(*)::int` })
      .from(tasks)
      .where(
        and(
          eq(tasks.tenantId, tenantId),
          eq(tasks.pipelineId, scope.pipelineId),
          eq(tasks.state, "open"),
          byUser === undefined ? undefined : eq(tasks.teamMemberId, byUser),
        ),
      )
      .groupBy(tasks.teamMemberId),
  ]);
  return {
    period: { pipeline_id: scope.pipelineId, period: scope.period, period_start: start, period_end: end },
    targets: new Map(targetRows.map((r) => [r.userId, { revenue: money(r.revenue), count: r.count }])),
    won: new Map(wonRows.map((r) => [r.userId, { revenue: money(r.revenue), count: r.count }])),
    open: new Map(openRows.map((r) => [r.userId, { value: money(r.value), count: r.count }])),
  };
}

const sumOf = <T extends Record<string, number>>(values: Iterable<T>, zero: T): T => {
  const out = { ...zero };
  for (const v of values) for (const k of Object.keys(out) as (keyof T)[]) (out[k] as number) += v[k] as number;
  for (const k of Object.keys(out) as (keyof T)[]) (out[k] as number) = Math.round((out[k] as number) * 100) / 100;
  return out;
};

/** The pipeline's targets for a period: everyone's together (tasks of nobody count too). */
export async function pipelineTargetsSummary(db: Db, tenantId: number, scope: TargetScope) {
  await findPipeline(db, tenantId, scope.pipelineId);
  const f = await perUserFigures(db, tenantId, scope);
  return {
    ...f.period,
    ...figures(
      sumOf(f.targets.values(), { revenue: 0, count: 0 }),
      sumOf(f.won.values(), { revenue: 0, count: 0 }),
      sumOf(f.open.values(), { value: 0, count: 0 }),
    ),
  };
}

/** The caller's targets on the pipeline for a period. */
export async function myTargets(db: Db, tenantId: number, userId: number, scope: TargetScope) {
  await findPipeline(db, tenantId, scope.pipelineId);
  const f = await perUserFigures(db, tenantId, scope, userId);
  return {
    ...f.period,
    ...figures(f.targets.get(userId) ?? { revenue: 0, count: 0 }, f.won.get(userId) ?? { revenue: 0, count: 0 }, f.open.get(userId) ?? { value: 0, count: 0 }),
  };
}

/** One row per pipeline user, and per other user with a target or tasks won in the period. */
export async function usersTargets(db: Db, tenantId: number, scope: TargetScope) {
  await findPipeline(db, tenantId, scope.pipelineId);
  const [f, members] = await Promise.all([perUserFigures(db, tenantId, scope), usersOf(db, scope.pipelineId)]);
  const extraIds = [...new Set([...f.targets.keys(), ...f.won.keys(), ...f.open.keys()])].filter(
    (id): id is number => id !== null && !members.some((m) => m.id === id),
  );
  const extra = extraIds.length
    ? (
        await db
          .select(userColumns)
          .from(users)
          .where(and(eq(users.tenantId, tenantId), inArray(users.id, extraIds)))
      ).map(toPipelineUser)
    : [];
  const everyone = [...members, ...extra].sort((a, b) => a.full_name.localeCompare(b.full_name, "en-GB") || a.id - b.id);
  return {
    data: everyone.map((user) => ({
      user,
      ...figures(
        f.targets.get(user.id) ?? { revenue: 0, count: 0 },
        f.won.get(user.id) ?? { revenue: 0, count: 0 },
        f.open.get(user.id) ?? { value: 0, count: 0 },
      ),
    })),
    meta: f.period,
  };
}

/** Sets (upserts) users' targets for one period; period_start is moved to the start of its period. */
export async function setTargets(
  database: Database,
  tenantId: number,
  pipelineId: number,
  body: { period: TargetPeriod; period_start: string; targets: { user_id: number; revenue_target: number; count_target: number }[] },
) {
  const { db } = database;
  await findPipeline(db, tenantId, pipelineId);
  const ids = body.targets.map((t) => t.user_id);
  if (new Set(ids).size !== ids.length) throw invalid({ targets: ["Set each user's target once."] });
  await assertTenantUsers(db, tenantId, ids, "targets");
  const { start } = periodOf(body.period, body.period_start);
  await db
    .insert(pipelineTargets)
    .values(
      body.targets.map((t) => ({
        tenantId,
        pipelineId,
        userId: t.user_id,
        period: body.period,
        periodStart: start,
        revenueTarget: t.revenue_target.toFixed(2),
        countTarget: t.count_target,
      })),
    )
    .onConflictDoUpdate({
      target: [pipelineTargets.pipelineId, pipelineTargets.period, pipelineTargets.periodStart, pipelineTargets.userId],
      set: { revenueTarget: sql`excluded.revenue_target`, countTarget: sql`excluded.count_target`, updatedAt: new Date() },
    });
  return usersTargets(db, tenantId, { pipelineId, period: body.period, date: start });
}

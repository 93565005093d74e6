import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { BUCKETS_PER_INTERVAL, type DashboardInterval, type InsuranceOverview, type NewVsWon } from "#contract/dashboard";
import { TASK_PRIORITIES, TASK_REVIEW_STATUSES } from "#contract/tasks";
import { todayInLondon } from "#common/dates";
import type { Db } from "#api/db/client";
import { pipelines, pipelineStages, taskDayTotals, taskProducts, taskTotals, taskProductTypes, tasks } from "#api/db/schema";
import { addPeriods, periodOf, periodStart, TIME_ZONE } from "#api/lib/periods";

const STEP: Record<DashboardInterval, string> = { week: "1 week", month: "1 month", quarter: "3 months", year: "1 year" };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Math.round(Number(v) * 100) / 100);

/** A bucket's label: "17 Nov" (week), "Nov 2026", "Q4 2026", "2026". */
export function bucketLabel(interval: DashboardInterval, start: string): string {
  const [y, m, d] = start.split("-").map(Number);
  switch (interval) {
    case "week":
      return `${d} ${MONTHS[m - 1]}`;
    case "month":
      return `${MONTHS[m - 1]} ${y}`;
    case "quarter":
      return `Q${Math.floor((m - 1) / 3) + 1} ${y}`;
    case "year":
      return String(y);
  }
}

/** Midnight of a UK calendar day as a timestamp. */
const london = (day: string) => sql`(${day}::timestamp at time zone ${TIME_ZONE})`;

/**
 * New tasks (by created_at) and won tasks (by closed_at) per bucket of the last N weeks, months,
 * quarters or years, the current one last: the UK calendar days of task_day_totals (kept by triggers,
 * migration 0013) summed per bucket with date_trunc; buckets with nothing in them come from
 * generate_series, so the series has no gaps. One statement, reading at most a few hundred days.
 */
export async function newVsWon(db: Db, tenantId: number, interval: DashboardInterval, today = todayInLondon()): Promise<NewVsWon> {
  const n = BUCKETS_PER_INTERVAL[interval];
  const current = periodStart(interval, today);
  const from = addPeriods(interval, current, -(n - 1));
  const to = addPeriods(interval, current, 1);
  const unit = sql.raw(`'${interval}'`);
  const step = sql.raw(`interval '${STEP[interval]}'`);
  const result = (await db.execute(sql`
    with buckets as (
      select generate_series(${from}::timestamp, ${current}::timestamp, ${step}) as start
    ),
    days as (
      select date_trunc(${unit}, ${taskDayTotals.day}::timestamp) as start, sum(${taskDayTotals.created})::int as new,
        sum(${taskDayTotals.won})::int as won, sum(${taskDayTotals.wonValue}) as revenue
      from ${taskDayTotals}
      where ${taskDayTotals.tenantId} = ${tenantId} and ${taskDayTotals.day} >= ${from}::date and ${taskDayTotals.day} < ${to}::date
      group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD') as start, coalesce(d.new, 0) as new, coalesce(d.won, 0) as won, d.revenue as won_revenue
    from buckets b
    left join days d on d.start = b.start
    order by b.start
  `)) as unknown as { rows: { start: string; new: number; won: number; won_revenue: string | null }[] };
  const series = result.rows.map((r) => ({
    start: r.start,
    end: addPeriods(interval, r.start, 1),
    label: bucketLabel(interval, r.start),
    new: Number(r.new),
    won: Number(r.won),
    won_revenue: num(r.won_revenue),
  }));
  return {
    interval,
    from,
    to,
    series,
    totals: {
      new: series.reduce((s, b) => s + b.new, 0),
      won: series.reduce((s, b) => s + b.won, 0),
      won_revenue: num(series.reduce((s, b) => s + b.won_revenue, 0)),
    },
  };
}

/**
 * The insurance overview: the open book now (by stage, priority and review status: one grouped
 * query), and the current period's new, won and lost tasks, win rate and the products won.
 */
export async function insuranceOverview(db: Db, tenantId: number, interval: DashboardInterval, today = todayInLondon()): Promise<InsuranceOverview> {
  const { start, end } = periodOf(interval, today);
  const inPeriod = (column: typeof tasks.createdAt | typeof tasks.closedAt) => sql`${column} >= ${london(start)} and ${column} < ${london(end)}`;
  // The open book and the period's new, won and lost from the totals the triggers keep (migrations 0013, 0018).
  const [openRows, stages, [period], products] = await Promise.all([
    db
      .select({
        stageId: taskTotals.pipelineStageId,
        priority: taskTotals.priority,
        reviewStatus: taskTotals.reviewStatus,
        count: taskTotals.tasks,
        value: taskTotals.value,
      })
      .from(taskTotals)
      .where(and(eq(taskTotals.tenantId, tenantId), eq(taskTotals.state, "open"), gt(taskTotals.tasks, 0))),
    db
      .select({ stage: pipelineStages, pipelineName: pipelines.name })
      .from(pipelineStages)
      .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
      .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelines.status, 1)))
      .orderBy(asc(sql`lower(${pipelines.name})`), asc(pipelines.id), asc(pipelineStages.sortOrder), asc(pipelineStages.id)),
    db
      .select({
        created: sql<number>`coalesce(sum(${taskDayTotals.created}), 0)::int`,
        won: sql<number>`coalesce(sum(${taskDayTotals.won}), 0)::int`,
        wonRevenue: sql<string | null>`sum(${taskDayTotals.wonValue})`,
        lost: sql<number>`coalesce(sum(${taskDayTotals.lost}), 0)::int`,
      })
      .from(taskDayTotals)
      .where(and(eq(taskDayTotals.tenantId, tenantId), gte(taskDayTotals.day, start), lt(taskDayTotals.day, end))),
    db
      .select({
        typeId: taskProducts.taskProductTypeId,
        name: taskProductTypes.name,
        count: sql<number>`count(*)::int`,
        premium: sql<string | null>`sum(${taskProducts.premium})`,
        commission: sql<string | null>`sum(${taskProducts.commission})`,
      })
      .from(taskProducts)
      .innerJoin(tasks, eq(tasks.id, taskProducts.taskId))
      .innerJoin(taskProductTypes, eq(taskProductTypes.id, taskProducts.taskProductTypeId))
      .where(and(eq(tasks.tenantId, tenantId), eq(tasks.state, "won"), inPeriod(tasks.closedAt)))
      .groupBy(taskProducts.taskProductTypeId, taskProductTypes.name)
      .orderBy(asc(taskProductTypes.name)),
  ]);

  const byStage = new Map<number, { count: number; value: number }>();
  const byPriority = new Map<number, { count: number; value: number }>();
  const byReview = new Map<number, number>();
  let openCount = 0;
  let openValue = 0;
  for (const r of openRows) {
    const value = num(r.value);
    openCount += r.count;
    openValue += value;
    const s = byStage.get(r.stageId) ?? { count: 0, value: 0 };
    byStage.set(r.stageId, { count: s.count + r.count, value: s.value + value });
    const p = byPriority.get(r.priority) ?? { count: 0, value: 0 };
    byPriority.set(r.priority, { count: p.count + r.count, value: p.value + value });
    byReview.set(r.reviewStatus, (byReview.get(r.reviewStatus) ?? 0) + r.count);
  }
  const wonCount = period.won;
  const lostCount = period.lost;
  return {
    interval,
    period_start: start,
    period_end: end,
    open: { count: openCount, value: num(openValue) },
    new: { count: period.created },
    won: { count: wonCount, revenue: num(period.wonRevenue) },
    lost: { count: lostCount },
    win_rate: wonCount + lostCount > 0 ? Math.round((wonCount / (wonCount + lostCount)) * 1000) / 10 : null,
    by_stage: stages
      .filter(({ stage }) => stage.outcome === "open")
      .map(({ stage, pipelineName }) => ({
        pipeline_id: stage.pipelineId,
        pipeline_name: pipelineName,
        stage_id: stage.id,
        stage_name: stage.name,
        color: stage.color,
        order: stage.sortOrder,
        count: byStage.get(stage.id)?.count ?? 0,
        value: num(byStage.get(stage.id)?.value),
      })),
    by_priority: TASK_PRIORITIES.map((p) => ({
      priority: p.id,
      name: p.name,
      count: byPriority.get(p.id)?.count ?? 0,
      value: num(byPriority.get(p.id)?.value),
    })),
    by_review_status: TASK_REVIEW_STATUSES.map((s) => ({ review_status: s.id, name: s.name, count: byReview.get(s.id) ?? 0 })),
    products: products.map((p) => ({ task_product_type_id: p.typeId, name: p.name, count: p.count, premium: num(p.premium), commission: num(p.commission) })),
  };
}

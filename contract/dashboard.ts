import { z } from "zod";

/** The interval of the dashboard widgets: the size of a chart bucket, and the period of the overview. */
export const DASHBOARD_INTERVALS = ["week", "month", "quarter", "year"] as const;
export type DashboardInterval = (typeof DASHBOARD_INTERVALS)[number];
/** How many buckets the new-vs-won chart shows (the current one last). */
export const BUCKETS_PER_INTERVAL: Record<DashboardInterval, number> = { week: 12, month: 12, quarter: 8, year: 5 };

export const dashboardQuerySchema = z.object({
  interval: z.enum(DASHBOARD_INTERVALS, { error: "The interval must be week, month, quarter or year." }).default("month"),
});

/** One bucket of GET /dashboard-stats/task-new-vs-won: tasks created in it, tasks won in it (and their revenue). */
export const newVsWonBucketSchema = z.object({
  /** First day of the bucket (UK calendar), "YYYY-MM-DD". */
  start: z.string(),
  /** First day of the next bucket (exclusive). */
  end: z.string(),
  /** "17 Nov", "Nov 2026", "Q4 2026", "2026". */
  label: z.string(),
  new: z.number().int(),
  won: z.number().int(),
  won_revenue: z.number(),
});
export const newVsWonSchema = z.object({
  data: z.object({
    interval: z.enum(DASHBOARD_INTERVALS),
    from: z.string(),
    to: z.string(),
    series: z.array(newVsWonBucketSchema),
    totals: z.object({ new: z.number().int(), won: z.number().int(), won_revenue: z.number() }),
  }),
});
export type NewVsWon = z.infer<typeof newVsWonSchema>["data"];

/** GET /dashboard-stats/insurance-overview: the open book now, and what happened in the current period. */
export const insuranceOverviewSchema = z.object({
  data: z.object({
    interval: z.enum(DASHBOARD_INTERVALS),
    /** The current week, month, quarter or year: first day, and first day of the next one. */
    period_start: z.string(),
    period_end: z.string(),
    open: z.object({ count: z.number().int(), value: z.number() }),
    new: z.object({ count: z.number().int() }),
    won: z.object({ count: z.number().int(), revenue: z.number() }),
    lost: z.object({ count: z.number().int() }),
    /** won / (won + lost) in the period, in percent (one decimal); null when nothing closed. */
    win_rate: z.number().nullable(),
    /** Open tasks by stage of the active pipelines, in pipeline and stage order. */
    by_stage: z.array(
      z.object({
        pipeline_id: z.number().int(),
        pipeline_name: z.string(),
        stage_id: z.number().int(),
        stage_name: z.string(),
        color: z.string(),
        order: z.number().int(),
        count: z.number().int(),
        value: z.number(),
      }),
    ),
    /** Open tasks by priority (1 High, 2 Medium, 3 Low). */
    by_priority: z.array(z.object({ priority: z.number().int(), name: z.string(), count: z.number().int(), value: z.number() })),
    /** Open tasks by review status (1–6). */
    by_review_status: z.array(z.object({ review_status: z.number().int(), name: z.string(), count: z.number().int() })),
    /** Products of the tasks won in the period, by product type. */
    products: z.array(
      z.object({ task_product_type_id: z.number().int(), name: z.string(), count: z.number().int(), premium: z.number(), commission: z.number() }),
    ),
  }),
});
export type InsuranceOverview = z.infer<typeof insuranceOverviewSchema>["data"];

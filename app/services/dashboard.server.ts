import { insuranceOverviewSchema, newVsWonSchema, type DashboardInterval } from "#contract/dashboard";
import { taskListSchema } from "#contract/tasks";
import type { Api } from "./api.server";

export const DASHBOARD_INTERVALS: readonly DashboardInterval[] = ["week", "month", "quarter", "year"];
export const DEFAULT_INTERVAL: DashboardInterval = "month";
/** How many of my open tasks the dashboard lists. */
export const MY_OPEN_TASKS = 6;

/** The dashboard's interval from its URL (?interval=week|month|quarter|year); anything else is the default. */
export function intervalFrom(url: URL): DashboardInterval {
  const v = url.searchParams.get("interval");
  return (DASHBOARD_INTERVALS as readonly string[]).includes(v ?? "") ? (v as DashboardInterval) : DEFAULT_INTERVAL;
}

/** The task widgets' figures: new vs won per bucket, and the overview of the current period. */
export async function taskStats(api: Api, interval: DashboardInterval) {
  const [newVsWon, overview] = await Promise.all([
    api.get("/dashboard-stats/task-new-vs-won", { query: { interval }, schema: newVsWonSchema }),
    api.get("/dashboard-stats/insurance-overview", { query: { interval }, schema: insuranceOverviewSchema }),
  ]);
  return { newVsWon: newVsWon.data, overview: overview.data };
}

/** The open tasks assigned to the user, soonest expected close first, with how many there are in all. */
export async function myOpenTasks(api: Api, userId: number) {
  const res = await api.get("/task", {
    query: {
      "filter[team_member_id]": userId,
      "filter[open]": "true",
      "page[size]": MY_OPEN_TASKS,
      sort: "expected_close_date",
      include: "pipeline,pipelineStage",
    },
    schema: taskListSchema,
  });
  return {
    total: res.meta.total,
    tasks: res.data.map((t) => ({
      id: t.id,
      name: t.name,
      pipeline: t.pipeline?.name ?? null,
      stage: t.pipelineStage ? { name: t.pipelineStage.name, color: t.pipelineStage.color } : null,
      expected_close_date: t.expected_close_date,
      expected_revenue: t.expected_revenue,
      priority_name: t.priority_name,
    })),
  };
}

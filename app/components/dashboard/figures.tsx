import type { DashboardInterval } from "#contract/dashboard";
import type { Words } from "#app/lib/labels";
import { formatMoney, formatNumber } from "#common/format";
import type { myOpenTasks, taskStats } from "#app/services/dashboard.server";
import { GroupedBarChart, HorizontalBarChart, LineChart } from "./charts";
import { KpiRow, MyOpenTasks, Widget } from "./widgets";

const MAX_STAGE_ROWS = 15;
const PRIORITY_COLORS: Record<number, string> = { 1: "#dc2626", 2: "#f59e0b", 3: "#64748b" };

export interface DashboardFiguresProps {
  interval: DashboardInterval;
  stats: Awaited<ReturnType<typeof taskStats>> | null;
  mine: Awaited<ReturnType<typeof myOpenTasks>> | null;
  /** The signed-in user's id (their open tasks' link). */
  me: number;
  words: Words;
}

/**
 * The dashboard's figures for the period: the key figures, the charts (server-drawn SVG, their figures in a
 * <details>), the user's open tasks and the products won. Nothing here needs JavaScript, so the dashboard loads
 * it as an island after its first-load JavaScript (the route renders it through `island`).
 */
export function DashboardFigures({ interval, stats, mine, me, words }: DashboardFiguresProps) {
  const word = interval;
  const overview = stats?.overview;
  const series = stats?.newVsWon.series ?? [];
  const labels = series.map((b) => b.label);
  const range = series.length ? `${series[0].label} to ${series[series.length - 1].label}` : "";
  const totals = stats?.newVsWon.totals;
  // Stages holding open work, in pipeline and stage order; past 15 of them, the 15 fullest.
  const withWork = overview?.by_stage.filter((s) => s.count > 0) ?? [];
  const fullest = new Set([...withWork].sort((a, b) => b.count - a.count).slice(0, MAX_STAGE_ROWS));
  const stageRows = withWork.filter((s) => fullest.has(s));
  const stagesLeftOut = withWork.length - stageRows.length;
  const myTasksHref = `/tasks?${new URLSearchParams({ "filter[team_member_id]": String(me), "filter[open]": "true" })}`;

  return (
    <>
      {overview ? (
        <div className="mb-6">
          <KpiRow
            items={[
              { label: `Open ${words.tasks}`, value: formatNumber(overview.open.count), detail: `worth ${formatMoney(overview.open.value)}` },
              { label: `New this ${word}`, value: formatNumber(overview.new.count) },
              { label: `Won this ${word}`, value: formatNumber(overview.won.count), detail: formatMoney(overview.won.revenue) },
              { label: `Lost this ${word}`, value: formatNumber(overview.lost.count) },
              { label: "Win rate", value: overview.win_rate === null ? "—" : `${formatNumber(overview.win_rate)}%`, detail: "won of those closed" },
            ]}
          />
        </div>
      ) : null}

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        {stats && totals ? (
          <Widget id="new-vs-won" title={`New and won ${words.tasks}`} className="xl:col-span-2">
            <GroupedBarChart
              testId="new-vs-won"
              title={`New and won ${words.tasks} per ${word}`}
              description={`${range}: ${formatNumber(totals.new)} new, ${formatNumber(totals.won)} won.`}
              labels={labels}
              series={[
                { name: "New", color: "#0ea5e9", values: series.map((b) => b.new), kind: "count" },
                { name: "Won", color: "#16a34a", values: series.map((b) => b.won), kind: "count" },
              ]}
            />
          </Widget>
        ) : null}

        <Widget id="my-open-tasks" title={`My open ${words.tasks}`} className={stats ? "" : "xl:col-span-3"}>
          {mine ? (
            <MyOpenTasks tasks={mine.tasks} total={mine.total} allHref={myTasksHref} tasksWord={words.tasks} />
          ) : (
            <p className="text-sm text-slate-500">{`Your ${words.tasks} could not be loaded just now.`}</p>
          )}
        </Widget>

        {overview ? (
          <Widget id="open-by-stage" title={`Open ${words.tasks} by stage`} className="xl:col-span-2">
            <HorizontalBarChart
              testId="open-by-stage"
              title={`Open ${words.tasks} by stage of the active pipelines`}
              description={`${formatNumber(overview.open.count)} open ${words.tasks} worth ${formatMoney(overview.open.value)}.${stagesLeftOut ? ` The ${MAX_STAGE_ROWS} stages with the most are shown.` : ""}`}
              rows={stageRows.map((s) => ({ label: s.stage_name, group: s.pipeline_name, value: s.count, extra: formatMoney(s.value), color: s.color }))}
              kind="count"
              valueHeader={`Open ${words.tasks}`}
              extraHeader="Value"
            />
          </Widget>
        ) : null}

        {stats && totals ? (
          <Widget id="won-revenue" title="Won revenue">
            <LineChart
              testId="won-revenue"
              title={`Revenue won per ${word}`}
              description={`${range}: ${formatMoney(totals.won_revenue)} in all.`}
              labels={labels}
              series={{ name: "Won revenue", color: "#7c3aed", values: series.map((b) => b.won_revenue), kind: "money" }}
              width={400}
            />
          </Widget>
        ) : null}

        {overview ? (
          <Widget id="products-won" title={`Products won this ${word}`} className="xl:col-span-2">
            {overview.products.length === 0 ? (
              <p className="text-sm text-slate-500">{`No products won this ${word} yet.`}</p>
            ) : (
              <div className="scroll-x">
                <table className="min-w-full divide-y divide-slate-200 text-sm">
                  <caption className="sr-only">{`Products of the ${words.tasks} won this ${word}`}</caption>
                  <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                    <tr>
                      <th scope="col" className="py-1 pr-4">
                        Product type
                      </th>
                      <th scope="col" className="py-1 pr-4 text-right">
                        Count
                      </th>
                      <th scope="col" className="py-1 pr-4 text-right">
                        Premium
                      </th>
                      <th scope="col" className="py-1 pr-4 text-right">
                        Commission
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {overview.products.map((p) => (
                      <tr key={p.task_product_type_id}>
                        <th scope="row" className="py-1 pr-4 text-left font-normal">
                          {p.name}
                        </th>
                        <td className="py-1 pr-4 text-right tabular-nums">{formatNumber(p.count)}</td>
                        <td className="py-1 pr-4 text-right tabular-nums">{formatMoney(p.premium)}</td>
                        <td className="py-1 pr-4 text-right tabular-nums">{formatMoney(p.commission)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Widget>
        ) : null}
        {overview ? (
          <Widget id="open-by-priority" title={`Open ${words.tasks} by priority and review`}>
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Priority</h3>
            <HorizontalBarChart
              testId="open-by-priority"
              title={`Open ${words.tasks} by priority`}
              description={overview.by_priority.map((p) => `${p.name}: ${formatNumber(p.count)}`).join(", ")}
              rows={overview.by_priority.map((p) => ({
                label: p.name,
                value: p.count,
                extra: formatMoney(p.value),
                color: PRIORITY_COLORS[p.priority] ?? "#64748b",
              }))}
              kind="count"
              valueHeader={`Open ${words.tasks}`}
              extraHeader="Value"
              width={400}
              labelWidth={110}
            />
            <h3 className="mb-1 mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">Review status</h3>
            <HorizontalBarChart
              testId="review-status"
              title={`Open ${words.tasks} by review status`}
              description={overview.by_review_status.map((r) => `${r.name}: ${formatNumber(r.count)}`).join(", ")}
              rows={overview.by_review_status.map((r) => ({ label: r.name, value: r.count, color: "#6366f1" }))}
              kind="count"
              valueHeader={`Open ${words.tasks}`}
              width={400}
              labelWidth={110}
            />
          </Widget>
        ) : null}
      </div>
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GroupedBarChart, HorizontalBarChart, LineChart } from "../components/dashboard/charts";
import { IntervalNav } from "../components/dashboard/interval-nav";
import { KpiRow, MyOpenTasks, Widget } from "../components/dashboard/widgets";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { formatDate, formatMoney, formatNumber } from "../lib/format";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { periodLabel } from "../lib/period-label";
import { requireAccess } from "../services/auth.server";
import { intervalFrom, myOpenTasks, taskStats } from "../services/dashboard.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Dashboard", matches);

/** A failed widget call leaves that widget empty, not the page broken; a redirect (signed out) still goes. */
function orNull<T>(promise: Promise<T>): Promise<T | null> {
  return promise.catch((error) => {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return null;
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user, edition, subject } = await requireAccess(request, "/dashboard");
  const interval = intervalFrom(new URL(request.url));
  const canSeeTasks = subject.permissions.some((p) => p === "task_view" || p === "task_manage");
  const [stats, mine] = canSeeTasks ? await Promise.all([orNull(taskStats(api, interval)), orNull(myOpenTasks(api, user.id))]) : [null, null];
  return { interval, canSeeTasks, stats, mine, me: user.id, words: wordsFor(edition) };
}

const INTERVAL_WORD = { week: "week", month: "month", quarter: "quarter", year: "year" } as const;
const MAX_STAGE_ROWS = 15;
const PRIORITY_COLORS: Record<number, string> = { 1: "#dc2626", 2: "#f59e0b", 3: "#64748b" };

export default function Dashboard() {
  const { interval, canSeeTasks, stats, mine, me, words } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const areas = frame.menu.items.flatMap((i) => (i.kind === "group" ? i.children.map((c) => ({ ...c, group: i.label })) : i.kind === "link" && !i.external && i.to !== "/dashboard" ? [{ ...i, group: "" }] : []));
  const header = <PageHeader companyName={frame.company.name} title="Dashboard" description={`${frame.greeting}, ${frame.user.name}.`} />;

  if (!canSeeTasks) {
    return (
      <>
        {header}
        <h2 className="mb-3 text-base font-semibold">Your pages</h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {areas
            .filter((a) => !a.external)
            .map((a) => (
              <li key={a.to}>
                <Link to={a.to} className="block rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand focus:outline-none focus-visible:ring-2 focus-visible:ring-brand">
                  {a.group ? <span className="text-xs font-semibold uppercase tracking-wide text-slate-400">{a.group}</span> : null}
                  <span className="block font-medium">{a.label}</span>
                </Link>
              </li>
            ))}
        </ul>
      </>
    );
  }

  const word = INTERVAL_WORD[interval];
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
      {header}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" data-period>
          {overview ? (interval === "week" ? `This week, from ${formatDate(overview.period_start)}` : `This ${word}: ${periodLabel(interval, overview.period_start)}`) : null}
        </p>
        <IntervalNav current={interval} />
      </div>

      {!stats ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The figures could not be loaded just now. Please try again in a moment.
        </p>
      ) : null}

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

      <div className="grid gap-6 xl:grid-cols-3">
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
          {mine ? <MyOpenTasks tasks={mine.tasks} total={mine.total} allHref={myTasksHref} tasksWord={words.tasks} /> : <p className="text-sm text-slate-500">{`Your ${words.tasks} could not be loaded just now.`}</p>}
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
              <div className="overflow-x-auto">
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
              rows={overview.by_priority.map((p) => ({ label: p.name, value: p.count, extra: formatMoney(p.value), color: PRIORITY_COLORS[p.priority] ?? "#64748b" }))}
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

export { RouteErrorBoundary as ErrorBoundary };

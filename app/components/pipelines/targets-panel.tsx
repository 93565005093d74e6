import { Link } from "@remix-run/react";
import type { TargetFigures } from "#contract/pipelines";
import { formatMoney, formatNumber } from "#common/format";
import { addDays, periodLabel } from "#app/lib/period-label";

export type TargetPeriodKind = "month" | "quarter" | "year";
export const TARGET_PERIOD_CHOICES: { value: TargetPeriodKind; label: string }[] = [
  { value: "month", label: "Month" },
  { value: "quarter", label: "Quarter" },
  { value: "year", label: "Year" },
];

export interface TargetPeriodInfo {
  period: TargetPeriodKind;
  period_start: string;
  period_end: string;
}

/** The pipeline page's URL for a targets period (the day given picks the period holding it). */
export function targetsHref(pipelineId: number, period: TargetPeriodKind, date: string, path = "") {
  return `/pipeline/${pipelineId}${path}?${new URLSearchParams({ period, date })}`;
}

function Progress({ label, value }: { label: string; value: number | null }) {
  if (value === null) return <span className="text-xs text-slate-500">No target</span>;
  const pct = Math.max(0, Math.min(100, value));
  return (
    <span className="flex items-center gap-2">
      <span
        className="h-2 w-24 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
      >
        <span className="block h-full rounded-full bg-brand" style={{ width: `${pct}%` }} />
      </span>
      <span className="text-xs tabular-nums text-slate-600">{`${formatNumber(value)}%`}</span>
    </span>
  );
}

function Figures({ title, figures, tasksWord }: { title: string; figures: TargetFigures; tasksWord: string }) {
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-target-summary>
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-500">Revenue won</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(figures.won_revenue)}</dd>
          <dd className="text-xs text-slate-500">{`of ${formatMoney(figures.revenue_target)} target`}</dd>
          <dd className="mt-1">
            <Progress label={`${title}: revenue against target`} value={figures.revenue_progress} />
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-500">{`${tasksWord} won`}</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(figures.won_count)}</dd>
          <dd className="text-xs text-slate-500">{`of ${formatNumber(figures.count_target)} target`}</dd>
          <dd className="mt-1">
            <Progress label={`${title}: ${tasksWord} won against target`} value={figures.count_progress} />
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-500">Open now</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(figures.open_count)}</dd>
          <dd className="text-xs text-slate-500">{`worth ${formatMoney(figures.open_value)}`}</dd>
        </div>
      </dl>
    </div>
  );
}

export interface TargetsPanelProps {
  pipelineId: number;
  period: TargetPeriodInfo;
  /** Everyone's targets together and per user (with the targets permission), else null. */
  team: { total: TargetFigures; users: (TargetFigures & { user: { id: number; full_name: string } })[] } | null;
  mine: TargetFigures | null;
  canSet: boolean;
  tasksWord: string;
}

/**
 * Targets of one period (month, quarter or year; links to the previous and next one): the pipeline's
 * targets and what was achieved (won in the period, open now), and each user's row.
 */
export function TargetsPanel({ pipelineId, period, team, mine, canSet, tasksWord }: TargetsPanelProps) {
  const previous = addDays(period.period_start, -1);
  const next = period.period_end;
  const Tasks = tasksWord.slice(0, 1).toUpperCase() + tasksWord.slice(1);
  return (
    <section aria-labelledby="targets-heading" className="space-y-3" data-targets>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="targets-heading" className="text-lg font-semibold">
          Targets
        </h2>
        <nav aria-label="Target period" className="flex items-center gap-1 rounded-md bg-white p-1 ring-1 ring-slate-200">
          {TARGET_PERIOD_CHOICES.map((p) => (
            <Link
              key={p.value}
              to={targetsHref(pipelineId, p.value, period.period_start)}
              aria-current={p.value === period.period ? "page" : undefined}
              className={`rounded px-2 py-1 text-sm ${p.value === period.period ? "bg-brand text-brand-ink" : "text-slate-700 hover:bg-slate-100"}`}
              preventScrollReset
            >
              {p.label}
            </Link>
          ))}
        </nav>
        <span className="flex items-center gap-1">
          <Link
            to={targetsHref(pipelineId, period.period, previous)}
            className="btn-secondary px-2 py-1 text-xs"
            aria-label="Previous period"
            preventScrollReset
          >
            ←
          </Link>
          <span className="min-w-32 text-center text-sm font-medium" data-target-period>
            {periodLabel(period.period, period.period_start)}
          </span>
          <Link to={targetsHref(pipelineId, period.period, next)} className="btn-secondary px-2 py-1 text-xs" aria-label="Next period" preventScrollReset>
            →
          </Link>
        </span>
        {canSet ? (
          <Link to={targetsHref(pipelineId, period.period, period.period_start, "/targets")} className="btn-secondary ml-auto" preventScrollReset>
            Set targets
          </Link>
        ) : null}
      </div>
      {team ? <Figures title="The whole pipeline" figures={team.total} tasksWord={Tasks} /> : null}
      {mine ? <Figures title="My targets" figures={mine} tasksWord={Tasks} /> : null}
      {team ? (
        <div className="scroll-x rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-user-targets>
            <caption className="sr-only">{`Targets per user, ${periodLabel(period.period, period.period_start)}`}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2">
                  User
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Revenue target
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Revenue won
                </th>
                <th scope="col" className="px-4 py-2">
                  Progress
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  {`${Tasks} target`}
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Won
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Open
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {team.users.length === 0 ? (
                <tr>
                  <td colSpan={7} className="px-4 py-6 text-center text-slate-500">
                    Nobody works this pipeline yet.
                  </td>
                </tr>
              ) : (
                team.users.map((u) => (
                  <tr key={u.user.id}>
                    <th scope="row" className="whitespace-nowrap px-4 py-2 text-left font-medium">
                      {u.user.full_name}
                    </th>
                    <td className="px-4 py-2 text-right tabular-nums">{formatMoney(u.revenue_target)}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatMoney(u.won_revenue)}</td>
                    <td className="px-4 py-2">
                      <Progress label={`${u.user.full_name}: revenue against target`} value={u.revenue_progress} />
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatNumber(u.count_target)}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatNumber(u.won_count)}</td>
                    <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{`${formatNumber(u.open_count)} · ${formatMoney(u.open_value)}`}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

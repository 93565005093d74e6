import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatMoney, formatNumber } from "#common/format";
import { CloseDate } from "../tasks/close-date";
import { StageChip } from "../tasks/stage-chip";

/** A dashboard card: a heading, an optional action link, its content. */
export function Widget({
  title,
  action,
  children,
  className = "",
  id,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  id: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className}`} data-widget={id}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-base font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export interface Kpi {
  label: string;
  value: string;
  detail?: string;
}

/** The figures of the current period, side by side. */
export function KpiRow({ items }: { items: Kpi[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-kpis>
      {items.map((k) => (
        <div key={k.label} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{k.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{k.value}</dd>
          {k.detail ? <dd className="text-xs text-slate-500">{k.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

export interface OpenTask {
  id: number;
  name: string;
  pipeline: string | null;
  stage: { name: string; color: string } | null;
  expected_close_date: string | null;
  expected_revenue: number | null;
  priority_name: string;
}

/** 'My open tasks': a short list, each linking to its task. */
export function MyOpenTasks({ tasks, total, allHref, tasksWord }: { tasks: OpenTask[]; total: number; allHref: string; tasksWord: string }) {
  if (tasks.length === 0) return <p className="text-sm text-slate-500">{`You have no open ${tasksWord}.`}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100" data-my-open-tasks>
        {tasks.map((t) => (
          <li key={t.id} className="py-2">
            <Link to={`/tasks/${t.id}`} className="block text-sm font-medium text-brand hover:underline">
              {t.name}
            </Link>
            <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
              {t.stage ? <StageChip pipeline={t.pipeline} stage={t.stage} /> : null}
              {t.expected_close_date ? <CloseDate date={t.expected_close_date} open prefix="Close " /> : null}
              {t.expected_revenue !== null ? <span>{formatMoney(t.expected_revenue)}</span> : null}
              <span>{`${t.priority_name} priority`}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-500">
        {`${formatNumber(Math.min(tasks.length, total))} of ${formatNumber(total)} · `}
        <Link to={allHref} className="font-medium text-brand hover:underline">
          {`See all my open ${tasksWord}`}
        </Link>
      </p>
    </>
  );
}

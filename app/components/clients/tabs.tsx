import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export interface Tab {
  key: string;
  label: string;
  count?: number | null;
}

/** The tabs of a detail page: plain links to `?tab=…`, so each tab has its own address. */
export function Tabs({ pathname, tabs, current }: { pathname: string; tabs: Tab[]; current: string }) {
  return (
    <nav aria-label="Sections" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((t, i) => (
          <li key={t.key}>
            <Link
              to={i === 0 ? pathname : `${pathname}?tab=${t.key}`}
              aria-current={t.key === current ? "page" : undefined}
              preventScrollReset
              className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${t.key === current ? "border-brand text-slate-900" : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700"}`}
            >
              {t.label}
              {t.count != null ? <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-600">{t.count}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A section of a detail page: a heading, optional actions, and its body in a card. */
export function Section({ title, actions, children, id }: { title: string; actions?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id ? `${id}-title` : undefined} className="mb-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id ? `${id}-title` : undefined} className="text-base font-semibold">
          {title}
        </h2>
        {actions ? <div className="flex gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Label / value pairs; an empty value reads '—'. */
export function DetailList({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="mt-0.5 break-words text-slate-900">{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Previous / next links of a short list inside a tab (`?tab=…&page=N`). */
export function MiniPager({
  pathname,
  tab,
  page,
  lastPage,
  total,
  noun,
}: {
  pathname: string;
  tab: string;
  page: number;
  lastPage: number;
  total: number;
  noun: string;
}) {
  if (lastPage <= 1) return null;
  const to = (p: number) => `${pathname}?tab=${tab}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <nav aria-label={`Pages of ${noun}`} className="mt-3 flex items-center gap-3 text-sm">
      <span className="text-slate-500">{`Page ${page} of ${lastPage} (${total} ${noun})`}</span>
      {page > 1 ? (
        <Link to={to(page - 1)} className="btn-secondary px-2 py-1" preventScrollReset>
          ‹ Newer
        </Link>
      ) : null}
      {page < lastPage ? (
        <Link to={to(page + 1)} className="btn-secondary px-2 py-1" preventScrollReset>
          Older ›
        </Link>
      ) : null}
    </nav>
  );
}

import { Link } from "@remix-run/react";

export interface SearchHitView {
  id: number;
  name: string;
  subtitle: string | null;
  url: string;
}

export interface SearchGroupView {
  key: string;
  title: string;
  results: SearchHitView[];
}

/** A group's results: each opens its page (the task, the individual, the company …). */
export function SearchResultList({ results, onPick, compact = false }: { results: SearchHitView[]; onPick?: () => void; compact?: boolean }) {
  return (
    <ul className={compact ? "" : "mt-2 divide-y divide-slate-100"}>
      {results.map((r) => (
        <li key={`${r.url}`}>
          <Link
            to={r.url}
            onClick={onPick}
            className={`block rounded px-2 ${compact ? "py-1.5" : "py-2"} hover:bg-slate-50 focus:bg-slate-100 focus:outline-none`}
            data-search-result
          >
            <span className="block text-sm font-medium text-slate-900">{r.name}</span>
            {r.subtitle ? <span className="block truncate text-xs text-slate-500">{r.subtitle}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { Link } from "@remix-run/react";

export type Interval = "week" | "month" | "quarter" | "year";

export const INTERVAL_CHOICES: { value: Interval; label: string; bucket: string }[] = [
  { value: "week", label: "Week", bucket: "week" },
  { value: "month", label: "Month", bucket: "month" },
  { value: "quarter", label: "Quarter", bucket: "quarter" },
  { value: "year", label: "Year", bucket: "year" },
];

/** The interval of every widget: links to ?interval=…, so the choice is in the URL and works without JavaScript. */
export function IntervalNav({ current }: { current: Interval }) {
  return (
    <nav aria-label="Interval" className="inline-flex items-center gap-1 rounded-md bg-white p-1 shadow-sm ring-1 ring-slate-200" data-interval-nav>
      {INTERVAL_CHOICES.map((c) => (
        <Link
          key={c.value}
          to={`/dashboard?interval=${c.value}`}
          aria-current={c.value === current ? "page" : undefined}
          className={`rounded px-3 py-1 text-sm font-medium ${c.value === current ? "bg-brand text-brand-ink" : "text-slate-700 hover:bg-slate-100"}`}
          preventScrollReset
        >
          {c.label}
        </Link>
      ))}
    </nav>
  );
}

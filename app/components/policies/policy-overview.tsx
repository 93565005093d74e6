import { Link } from "@remix-run/react";
import { formatPence } from "#common/money";
import { POLICY_STATE_LABELS, POLICY_STATES } from "#contract/policy-constants";
import type { PolicyOverview } from "#contract/policies";

/** The dashboard's insurance overview: the live book, renewals due soon, and the policies written in the period. */
export function PolicyOverviewSection({ overview, interval }: { overview: PolicyOverview; interval: string }) {
  const figures: [string, string, string | null][] = [
    ["Live policies", overview.live.toLocaleString("en-GB"), "/policies?filter[state]=BOUND"],
    ["Live premium", formatPence(overview.live_premium_pence), null],
    ["IPT on live policies", formatPence(overview.live_ipt_pence), null],
    ["Renewals in the next 30 days", overview.renewals_due_30.toLocaleString("en-GB"), "/policies?filter[renewal_due]=30&sort=renewal_date"],
    [`Written this ${interval}`, `${overview.written_in_interval.toLocaleString("en-GB")} (${formatPence(overview.written_premium_in_interval_pence)})`, null],
  ];
  return (
    <section aria-labelledby="insurance-overview" className="mb-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-policy-overview>
      <div className="mb-3 flex items-center justify-between">
        <h2 id="insurance-overview" className="text-base font-semibold">
          Insurance overview
        </h2>
        <Link to="/policies" className="text-sm text-brand hover:underline">
          All policies
        </Link>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {figures.map(([label, value, to]) => (
          <div key={label} className="rounded-md bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold">
              {to ? (
                <Link to={to} className="hover:underline">
                  {value}
                </Link>
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        {POLICY_STATES.filter((s) => overview.by_state[s])
          .map((s) => `${POLICY_STATE_LABELS[s]} ${overview.by_state[s]}`)
          .join(" · ") || "No policies yet."}
      </p>
    </section>
  );
}

import { Link } from "@remix-run/react";
import { formatDate } from "#common/format";
import { formatPence } from "#common/pence";
import { POLICY_STATE_LABELS, POLICY_STATES } from "#contract/policy-constants";
import type { PolicyIndividualStats } from "#contract/policies";
import { EmptyState } from "../ui/empty-state";

/** An individual's policies at a glance (GET /policies/stats/individual/{id}), with a link to the list of them. */
export function IndividualPolicies({ stats, name }: { stats: PolicyIndividualStats; name: string }) {
  return (
    <section aria-labelledby="individual-policies" className="mb-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-individual-policies>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="individual-policies" className="text-base font-semibold">
          Policies
        </h2>
        {stats.total ? (
          <Link to={`/policies?${new URLSearchParams({ "filter[client_name]": name })}`} className="text-sm text-brand hover:underline">
            {`See the ${stats.total === 1 ? "policy" : `${stats.total} policies`}`}
          </Link>
        ) : null}
      </div>
      {stats.total ? (
        <p className="mt-2 text-sm text-slate-700">
          {`${stats.live} live (${formatPence(stats.live_premium_pence)} premium)`}
          {stats.next_renewal_date ? ` · next renewal ${formatDate(stats.next_renewal_date)}` : ""}
          {" · "}
          {POLICY_STATES.filter((s) => stats.by_state[s])
            .map((s) => `${POLICY_STATE_LABELS[s]} ${stats.by_state[s]}`)
            .join(", ")}
        </p>
      ) : (
        <EmptyState compact icon="file-check" title="No policies yet." />
      )}
    </section>
  );
}

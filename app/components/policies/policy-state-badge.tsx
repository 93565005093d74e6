import { POLICY_STATE_LABELS, type PolicyState } from "#contract/policy-constants";

const COLOURS: Record<PolicyState, string> = {
  QUOTE: "bg-sky-100 text-sky-800",
  REFERRED: "bg-amber-100 text-amber-800",
  DECLINED: "bg-rose-100 text-rose-800",
  COOLING_OFF: "bg-violet-100 text-violet-800",
  BOUND: "bg-emerald-100 text-emerald-800",
  RENEWAL: "bg-orange-100 text-orange-800",
  CANCELLED: "bg-slate-200 text-slate-700",
  EXPIRED: "bg-slate-100 text-slate-600",
};

/** A policy's status as a coloured pill. */
export function PolicyStateBadge({ state }: { state: PolicyState }) {
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${COLOURS[state]}`}>{POLICY_STATE_LABELS[state]}</span>;
}

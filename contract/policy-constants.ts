/**
 * Policy states and the rules between them, without zod: the portal's pages read them in the browser too.
 * Spec §4: "Policy states: QUOTE, BOUND, CANCELLED, REFERRED, DECLINED, EXPIRED, COOLING OFF, RENEWAL."
 * Stored and sent as these codes (COOLING OFF as COOLING_OFF); shown with the labels.
 */
export const POLICY_STATES = ["QUOTE", "BOUND", "CANCELLED", "REFERRED", "DECLINED", "EXPIRED", "COOLING_OFF", "RENEWAL"] as const;
export type PolicyState = (typeof POLICY_STATES)[number];

export const POLICY_STATE_LABELS: Record<PolicyState, string> = {
  QUOTE: "Quote",
  BOUND: "Bound",
  CANCELLED: "Cancelled",
  REFERRED: "Referred",
  DECLINED: "Declined",
  EXPIRED: "Expired",
  COOLING_OFF: "Cooling off",
  RENEWAL: "Renewal",
};

/**
 * The allowed changes, from → to. A quote is referred to the insurer, declined, or bound (straight into its
 * cooling-off period, or bound outright for a business client); a cooling-off policy becomes BOUND 14 days after
 * inception (the scheduled job) or is cancelled; a bound policy comes up for renewal, is cancelled or expires; a
 * renewal is renewed (BOUND again for a new term), lapses (EXPIRED) or is cancelled. CANCELLED, DECLINED and
 * EXPIRED are final. Nothing goes back to QUOTE once bound.
 */
export const POLICY_TRANSITIONS: Readonly<Record<PolicyState, readonly PolicyState[]>> = {
  QUOTE: ["REFERRED", "DECLINED", "COOLING_OFF", "BOUND", "EXPIRED"],
  REFERRED: ["QUOTE", "DECLINED", "COOLING_OFF", "BOUND"],
  COOLING_OFF: ["BOUND", "CANCELLED"],
  BOUND: ["RENEWAL", "CANCELLED", "EXPIRED"],
  RENEWAL: ["BOUND", "CANCELLED", "EXPIRED"],
  CANCELLED: [],
  DECLINED: [],
  EXPIRED: [],
};

/** Whether a policy in `from` may change to `to` (the same state is not a change). */
export function canTransition(from: PolicyState, to: PolicyState): boolean {
  return POLICY_TRANSITIONS[from].includes(to);
}

/** The states a policy in `from` may change to, in the table's order. */
export function nextStates(from: PolicyState): readonly PolicyState[] {
  return POLICY_TRANSITIONS[from];
}

/** Days of the cooling-off period: COOLING_OFF ends this many days after inception, then BOUND. */
export const COOLING_OFF_DAYS = 14;

/** Whether a cooling-off period that started on `inceptionDate` (YYYY-MM-DD) is over on `today` (YYYY-MM-DD). */
export function coolingOffOver(inceptionDate: string, today: string): boolean {
  const end = new Date(`${inceptionDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + COOLING_OFF_DAYS);
  return today >= end.toISOString().slice(0, 10);
}

/** Insurance Premium Tax rates in percent: standard, higher, exempt. */
export const IPT_RATES = [
  { value: 12, label: "12% (standard rate)" },
  { value: 20, label: "20% (higher rate)" },
  { value: 0, label: "0% (exempt)" },
] as const;
export type IptRate = (typeof IPT_RATES)[number]["value"];

/** IPT in pence of a premium in pence at a rate in percent, rounded half up. */
export function iptOf(premiumPence: number, rate: number): number {
  return Math.round((premiumPence * rate) / 100);
}

/** GET /policy-cancellation-reason: why a policy was cancelled. */
export const POLICY_CANCELLATION_REASONS = [
  { id: "client_request", name: "Client request" },
  { id: "cooling_off", name: "Cancelled in the cooling-off period" },
  { id: "non_payment", name: "Non-payment of premium" },
  { id: "replaced", name: "Replaced by another policy" },
  { id: "risk_ceased", name: "Risk no longer exists" },
  { id: "insurer", name: "Cancelled by the insurer" },
  { id: "misrepresentation", name: "Misrepresentation or non-disclosure" },
  { id: "other", name: "Other" },
] as const;
export type PolicyCancellationReason = (typeof POLICY_CANCELLATION_REASONS)[number]["id"];

/** Sort fields of GET /policies ('-' prefix for descending); default newest first (-created_at). */
export const POLICY_SORTS = ["number", "product_name", "main_broker_name", "premium", "inception_date", "renewal_date", "created_at", "state"] as const;

/** The "renewals due" views: renewal date within the next N days. */
export const RENEWAL_WINDOWS = [30, 60, 90] as const;

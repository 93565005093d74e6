/**
 * The off-platform policies' constants without zod: list pages read them in the browser (column headers, labels),
 * and a page's JavaScript must not carry zod (tests/e2e/bundle.spec.ts).
 */

import { POLICY_STATES } from "./policy-constants";

/** The policy states (business-domain §4, the on-platform policies' codes), as an off-platform policy records them. */
export const OFF_PLATFORM_POLICY_STATES = POLICY_STATES;
export { POLICY_STATE_LABELS, IPT_RATES } from "./policy-constants";

export const CLIENT_TYPES = ["individual", "company"] as const;
export const CLIENT_TYPE_LABELS: Record<(typeof CLIENT_TYPES)[number], string> = { individual: "Individual", company: "Company" };

/** The form's stages, in order, and the fields each one holds. */
export const OFF_PLATFORM_POLICY_STAGES = ["policy", "client", "cover"] as const;
export type OffPlatformPolicyStage = (typeof OFF_PLATFORM_POLICY_STAGES)[number];
export const STAGE_LABELS: Record<OffPlatformPolicyStage, string> = { policy: "Policy", client: "Client", cover: "Cover and premium" };
export const STAGE_FIELDS = {
  policy: ["policy_number", "product_name", "insurer", "class_of_business", "state"],
  client: ["client_type", "client_name", "client_email"],
  cover: ["inception_date", "renewal_date", "premium_pence", "ipt_rate", "fees_pence"],
} as const satisfies Record<OffPlatformPolicyStage, readonly string[]>;

/** Sort fields of GET /off-platform-policy ('-' prefix for descending); default renewal date ascending. */
export const OFF_PLATFORM_POLICY_SORTS = ["policy_number", "client_name", "insurer", "renewal_date", "premium_pence", "created_at"] as const;

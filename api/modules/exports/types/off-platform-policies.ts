import type { OffPlatformPolicy } from "#contract/off-platform-policies";
import { CLIENT_TYPE_LABELS, POLICY_STATE_LABELS } from "#contract/off-platform-policy-constants";
import { offPlatformPolicies } from "#api/db/schema";
import { loadOffPlatformPolicies, offPlatformPolicyListPlan } from "#api/modules/off-platform-policies/service";
import { dateCell, dateTimeCell, moneyCell } from "../cells";
import { defineExportType, tableSelection } from "../registry";

/** The off-platform policies list (GET /off-platform-policy): its filters and sort. */
export default defineExportType<OffPlatformPolicy>({
  type: "off-platform-policies",
  label: "Off-platform policies",
  noun: "Off-platform policy",
  permissions: ["off_platform_policy_view", "off_platform_policy_manage"],
  columns: [
    { header: "ID", value: (p) => p.id },
    { header: "Policy number", value: (p) => p.policy_number },
    { header: "Product", value: (p) => p.product_name },
    { header: "Insurer", value: (p) => p.insurer },
    { header: "Class of business", value: (p) => p.class_of_business },
    { header: "State", value: (p) => POLICY_STATE_LABELS[p.state] ?? p.state },
    { header: "Client type", value: (p) => CLIENT_TYPE_LABELS[p.client_type] ?? p.client_type },
    { header: "Client", value: (p) => p.client_name },
    { header: "Client e-mail", value: (p) => p.client_email },
    { header: "Inception date", value: (p) => dateCell(p.inception_date) },
    { header: "Renewal date", value: (p) => dateCell(p.renewal_date) },
    { header: "Premium (GBP)", value: (p) => moneyCell(p.premium_pence) },
    { header: "IPT rate (%)", value: (p) => p.ipt_rate },
    { header: "IPT (GBP)", value: (p) => moneyCell(p.ipt_pence) },
    { header: "Fees (GBP)", value: (p) => moneyCell(p.fees_pence) },
    { header: "Notes", value: (p) => p.notes },
    { header: "Created", value: (p) => dateTimeCell(p.created_at) },
  ],
  select: (db, auth, query) => tableSelection(offPlatformPolicies, offPlatformPolicyListPlan(auth.tenantId, query)),
  load: (db, auth, ids) => loadOffPlatformPolicies(db, auth.tenantId, ids),
  title: (p) => `Off-platform policy ${p.policy_number}`,
});

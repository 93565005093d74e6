import type { Policy } from "#contract/policies";
import { POLICY_CANCELLATION_REASONS, POLICY_STATE_LABELS } from "#contract/policy-constants";
import { policies } from "#api/db/schema";
import { loadPolicies, policyListPlan } from "#api/modules/policies/service";
import { dateCell, dateTimeCell, moneyCell } from "../cells";
import { defineExportType, tableSelection } from "../registry";

const reasons = new Map<string, string>(POLICY_CANCELLATION_REASONS.map((r) => [r.id, r.name]));

/** The policies list (GET /policies): its filters and sort. */
export default defineExportType<Policy>({
  type: "policies",
  label: "Policies",
  noun: "Policy",
  permissions: ["policy_view", "policy_manage"],
  columns: [
    { header: "ID", value: (p) => p.id },
    { header: "Policy number", value: (p) => p.number },
    { header: "Product", value: (p) => p.product.name },
    { header: "Class of business", value: (p) => p.product.class_of_business },
    { header: "Insurer", value: (p) => p.product.insurer },
    { header: "Client", value: (p) => p.client.name },
    { header: "Client type", value: (p) => (p.client.type === "individual" ? "Individual" : "Company") },
    { header: "Client e-mail", value: (p) => p.client.email },
    { header: "Main broker", value: (p) => p.main_broker_name },
    { header: "State", value: (p) => POLICY_STATE_LABELS[p.state] ?? p.state },
    { header: "Inception date", value: (p) => dateCell(p.inception_date) },
    { header: "Renewal date", value: (p) => dateCell(p.renewal_date) },
    { header: "Premium (GBP)", value: (p) => moneyCell(p.premium_pence) },
    { header: "IPT rate (%)", value: (p) => p.ipt_rate },
    { header: "IPT (GBP)", value: (p) => moneyCell(p.ipt_pence) },
    { header: "Fees (GBP)", value: (p) => moneyCell(p.fees_pence) },
    { header: "Total (GBP)", value: (p) => moneyCell(p.total_pence) },
    { header: "Cancellation reason", value: (p) => (p.cancellation_reason ? (reasons.get(p.cancellation_reason) ?? p.cancellation_reason) : "") },
    { header: "Cancelled", value: (p) => dateTimeCell(p.cancelled_at) },
    { header: "Invoices", value: (p) => p.invoices_count },
    { header: "Source", value: (p) => (p.source === "import" ? "Bordereau import" : "Portal") },
    { header: "Created", value: (p) => dateTimeCell(p.created_at) },
  ],
  select: (db, auth, query) => tableSelection(policies, policyListPlan(auth.tenantId, query)),
  load: (db, auth, ids) => loadPolicies(db, auth.tenantId, ids),
  title: (p) => `Policy ${p.number}`,
});

import { POLICY_STATE_LABELS, POLICY_STATES } from "#contract/policy-constants";
import type { FilterDefinition } from "./filter-rules";

/**
 * The policies list's filters (spec: Policy number, Product name, Brokerage, Client, Creation date range, Renewal
 * date range, Status) and the renewals-due view. Read by the loader (its rules) and drawn by the page's filter bar,
 * so they live outside any `.server` module (the browser build empties those).
 */
export const POLICY_FILTERS: FilterDefinition[] = [
  { filterKey: "policyNumber", label: "Policy number", type: "text", placeholder: "Any" },
  { filterKey: "productName", label: "Product name", type: "text", placeholder: "Any" },
  { filterKey: "mainBrokerName", label: "Brokerage", type: "text", placeholder: "Any" },
  { filterKey: "client_name", label: "Client", type: "text", placeholder: "Any" },
  { filterKey: "creationDate", label: "Creation date", type: "date_range" },
  { filterKey: "renewalDate", label: "Renewal date", type: "date_range" },
  { filterKey: "state", label: "Status", type: "select", selectOptions: POLICY_STATES.map((s) => ({ value: s, label: POLICY_STATE_LABELS[s] })) },
  {
    filterKey: "renewal_due",
    label: "Renewals due",
    type: "select",
    emptyLabel: "Any time",
    selectOptions: [
      { value: "30", label: "In the next 30 days" },
      { value: "60", label: "In the next 60 days" },
      { value: "90", label: "In the next 90 days" },
    ],
  },
];

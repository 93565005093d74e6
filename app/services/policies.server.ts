import { z } from "zod";
import {
  policyActivityListSchema,
  policyCancellationReasonListSchema,
  policyEmailSentSchema,
  policyIndividualStatsSchema,
  policyInvoiceListSchema,
  policyListSchema,
  policyOverviewSchema,
  policyResponseSchema,
  type PolicyBody,
} from "#contract/policies";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";
import { companyOptions } from "./companies.server";
import { individualOptions } from "./individuals.server";
export { sortFromJson } from "../lib/policy-sort";

export const listPolicies = (api: Api, state: ListState) => api.get("/policies", { query: toApiQuery(state), schema: policyListSchema });
export const getPolicy = async (api: Api, id: string | number) => (await api.get(`/policies/${id}`, { schema: policyResponseSchema })).data;
export const createPolicy = (api: Api, body: PolicyBody) => api.post("/policies", { body, schema: policyResponseSchema });
export const updatePolicy = (api: Api, id: string | number, body: PolicyBody) => api.put(`/policies/${id}`, { body, schema: policyResponseSchema });
export const changePolicyState = (api: Api, id: string | number, body: { state: string; cancellation_reason?: string | null }) =>
  api.put(`/policies/${id}/state`, { body, schema: policyResponseSchema });
/** Deletes the policies one call each (the spec's DELETE /policies/{id}); answers how many went. */
export async function deletePolicies(api: Api, ids: string[]) {
  for (const id of ids) await api.delete(`/policies/${encodeURIComponent(id)}`);
  return ids.length;
}
export const policyActivity = async (api: Api, id: string | number) => (await api.get(`/policies/${id}/activity`, { schema: policyActivityListSchema })).data;
export const policyInvoices = async (api: Api, id: string | number) => (await api.get(`/policies/${id}/invoices`, { schema: policyInvoiceListSchema })).data;
const linkableSchema = z.object({
  data: z.array(z.object({ id: z.number(), number: z.string().nullable(), status: z.string(), total_pence: z.number(), issue_date: z.string() })),
});
export const linkableInvoices = async (api: Api, id: string | number) => (await api.get(`/policies/${id}/linkable-invoices`, { schema: linkableSchema })).data;
export const linkInvoice = (api: Api, id: string | number, invoiceId: string) =>
  api.put(`/policies/${id}/invoices/${encodeURIComponent(invoiceId)}`, { schema: policyInvoiceListSchema });
export const unlinkInvoice = (api: Api, id: string | number, invoiceId: string) => api.delete(`/policies/${id}/invoices/${encodeURIComponent(invoiceId)}`);
export const sendPolicyEmail = (api: Api, id: string | number, kind: "welcome" | "renewal") =>
  api.post(`/policies/${id}/${kind}-email`, { schema: policyEmailSentSchema });
const jobSchema = z.object({ data: z.object({ job_id: z.string() }) });
export const sendRenewalEmails = (api: Api, body: { ids?: number[]; days?: number }) => api.post("/policies/renewal-emails", { body, schema: jobSchema });
export const cancellationReasons = async (api: Api) => (await api.get("/policy-cancellation-reason", { schema: policyCancellationReasonListSchema })).data;
export const individualPolicyStats = async (api: Api, id: string | number) =>
  (await api.get(`/policies/stats/individual/${id}`, { schema: policyIndividualStatsSchema })).data;
export const policyOverview = async (api: Api, interval = "month") =>
  (await api.get("/dashboard-stats/policy-overview", { query: { interval }, schema: policyOverviewSchema })).data;

/**
 * The clients a policy may be for, as the form's select without JavaScript: the first 100 individuals and companies
 * by name (none of a kind the user may not read).
 */
export async function policyClientOptions(api: Api) {
  const none = { options: [] as { value: string; label: string }[] };
  const [people, firms] = await Promise.all([
    individualOptions(api, { perPage: 100 }).catch(() => none),
    companyOptions(api, { perPage: 100 }).catch(() => none),
  ]);
  return {
    individuals: people.options.map((o) => ({ value: `individual:${o.value}`, label: o.label })),
    companies: firms.options.map((o) => ({ value: `company:${o.value}`, label: o.label })),
  };
}

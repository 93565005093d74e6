import { randomUUID } from "node:crypto";
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, paymentListSchema, paymentResponseSchema } from "#contract/payments";
import type { FilterDefinition } from "../lib/filter-rules";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

export const listPayments = (api: Api, state: ListState) => api.get("/payment", { query: toApiQuery(state), schema: paymentListSchema });
export const getPayment = async (api: Api, id: string) => (await api.get(`/payment/${encodeURIComponent(id)}`, { schema: paymentResponseSchema })).data;
export const refundPayment = (api: Api, id: string, body: { amount_pence: number; reason?: string; idempotency_key: string }) =>
  api.put(`/payment/${encodeURIComponent(id)}/refund`, { body, schema: paymentResponseSchema });
export const cancelPayment = (api: Api, id: string, body: { idempotency_key: string }) =>
  api.put(`/payment/${encodeURIComponent(id)}/cancel`, { body, schema: paymentResponseSchema });

/** The filters of the payments list (their values are the API's: statuses, methods, pounds, dates). */
export const paymentFilters: FilterDefinition[] = [
  {
    filterKey: "status",
    label: "Status",
    type: "select",
    selectOptions: Object.entries(PAYMENT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  },
  {
    filterKey: "method",
    label: "Method",
    type: "select",
    selectOptions: Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label })),
  },
  { filterKey: "created_at", label: "Date", type: "date_range" },
  { filterKey: "amount_from", label: "Amount from (£)", type: "number", lessThan: "amount_to", minValue: 0 },
  { filterKey: "amount_to", label: "Amount to (£)", type: "number", moreThan: "amount_from", minValue: 0 },
  { filterKey: "client", label: "Client", type: "text", placeholder: "Client or card holder" },
];

/** A form's idempotency key, made on the server as the form is drawn (a refund, a cancel). */
export const newFormKey = () => randomUUID();

import { randomUUID } from "node:crypto";
import { TERMINAL_ORDER_STATUS_LABELS } from "#common/terminal-orders";
import {
  connectAccountResponseSchema,
  hardwareCheckoutResponseSchema,
  hardwareOrderPreviewResponseSchema,
  hardwareSkuListSchema,
  onboardingLinkResponseSchema,
  shippingMethodListSchema,
  terminalOrderListSchema,
  terminalOrderResponseSchema,
  type HardwareCheckoutBody,
  type HardwareOrderPreviewBody,
} from "#contract/terminal-orders";
import type { FilterDefinition } from "../lib/filter-rules";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

/** One function per API call of the card-terminal screens, each answer parsed with the contract's schema. */
export const getConnect = async (api: Api) => (await api.get("/stripe-connect", { schema: connectAccountResponseSchema })).data;
export const createOnboardingLink = async (api: Api, returnUrl: string) =>
  (await api.post("/stripe-connect/onboarding-link", { body: { return_url: returnUrl }, schema: onboardingLinkResponseSchema })).data;

export const listTerminalOrders = (api: Api, state: ListState) => api.get("/terminal-orders", { query: toApiQuery(state), schema: terminalOrderListSchema });
export const getTerminalOrder = async (api: Api, id: string) =>
  (await api.get(`/terminal-orders/${encodeURIComponent(id)}`, { schema: terminalOrderResponseSchema })).data;
export const listHardwareSkus = async (api: Api) => (await api.get("/terminal-orders/skus", { schema: hardwareSkuListSchema })).data;
export const listShippingMethods = async (api: Api) => (await api.get("/terminal-orders/shipping-methods", { schema: shippingMethodListSchema })).data;
export const previewTerminalOrder = async (api: Api, body: HardwareOrderPreviewBody) =>
  (await api.post("/terminal-orders/preview", { body, schema: hardwareOrderPreviewResponseSchema })).data;
/** The pay step: a hosted checkout session for the previewed order; the browser goes to its `url`. */
export const startTerminalCheckout = async (api: Api, body: HardwareCheckoutBody) =>
  (await api.post("/terminal-orders/checkout", { body, schema: hardwareCheckoutResponseSchema })).data;
/** Back from the hosted page: the paid session's order (made once, whoever asks first). */
export const completeTerminalCheckout = async (api: Api, session: string) =>
  (await api.post(`/terminal-orders/checkout/${encodeURIComponent(session)}/complete`, { schema: terminalOrderResponseSchema })).data;

/** The filters of the orders list. */
export const terminalOrderFilters: FilterDefinition[] = [
  {
    filterKey: "status",
    label: "Status",
    type: "select",
    selectOptions: Object.entries(TERMINAL_ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  },
];

/** An order attempt's key, made as the payment step is drawn: the same step sent again orders and charges once. */
export const newAttemptKey = () => `order-${randomUUID()}`;

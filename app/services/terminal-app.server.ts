import { randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import {
  connectionTokenSchema,
  locationListSchema,
  locationResponseSchema,
  payableInvoicesSchema,
  pinStatusSchema,
  readerKeyListSchema,
  readerKeyResponseSchema,
  readerListSchema,
  readerResponseSchema,
  terminalPaymentResponseSchema,
  unlockResponseSchema,
  TERMINAL_MESSAGES as M,
  TERMINAL_UNLOCK_MINUTES,
  type LocationBody,
} from "#contract/terminal-app";
import { config } from "./config.server";
import type { FilterDefinition } from "../lib/filter-rules";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

export { locationBodySchema, readerBodySchema, readerKeyBodySchema } from "#contract/terminal-app";

const id = (v: string | number) => encodeURIComponent(String(v));

export const listLocations = (api: Api, state: ListState) => api.get("/terminal-app/locations", { query: toApiQuery(state), schema: locationListSchema });
export const allLocations = async (api: Api) =>
  (await api.get("/terminal-app/locations", { query: { "page[size]": 100, sort: "display_name" }, schema: locationListSchema })).data;
export const getLocation = async (api: Api, locationId: string) =>
  (await api.get(`/terminal-app/locations/${id(locationId)}`, { schema: locationResponseSchema })).data;
export const createLocation = (api: Api, body: LocationBody) => api.post("/terminal-app/locations", { body, schema: locationResponseSchema });
export const updateLocation = (api: Api, locationId: string, body: LocationBody) =>
  api.put(`/terminal-app/locations/${id(locationId)}`, { body, schema: locationResponseSchema });
export const deleteLocation = (api: Api, locationId: string) => api.delete(`/terminal-app/locations/${id(locationId)}`);

/**
 * The location filter of the reader keys and readers lists: a select of the company's locations (`filter[location_id]`).
 * Without its options (before they are read) a value is kept as it is; with them, one that is not a location is dropped.
 */
export const locationFilters = (locations: readonly { id: number; display_name: string }[] = []): FilterDefinition[] => [
  {
    filterKey: "location_id",
    label: "Location",
    type: "select",
    emptyLabel: "All locations",
    selectOptions: locations.map((l) => ({ value: String(l.id), label: l.display_name })),
  },
];

export const listReaderKeys = (api: Api, state: ListState) => api.get("/terminal-app/reader-keys", { query: toApiQuery(state), schema: readerKeyListSchema });
export const getReaderKey = async (api: Api, keyId: string) =>
  (await api.get(`/terminal-app/reader-keys/${id(keyId)}`, { schema: readerKeyResponseSchema })).data;
export const createReaderKey = (api: Api, body: unknown) => api.post("/terminal-app/reader-keys", { body, schema: readerKeyResponseSchema });
export const updateReaderKey = (api: Api, keyId: string, body: unknown) =>
  api.put(`/terminal-app/reader-keys/${id(keyId)}`, { body, schema: readerKeyResponseSchema });
export const deleteReaderKey = (api: Api, keyId: string) => api.delete(`/terminal-app/reader-keys/${id(keyId)}`);

export const listReaders = (api: Api, state: ListState) => api.get("/terminal-app/readers", { query: toApiQuery(state), schema: readerListSchema });
export const allReaders = async (api: Api) =>
  (await api.get("/terminal-app/readers", { query: { "page[size]": 100, sort: "label" }, schema: readerListSchema })).data;
export const getReader = async (api: Api, readerId: string) => (await api.get(`/terminal-app/readers/${id(readerId)}`, { schema: readerResponseSchema })).data;
export const registerReader = (api: Api, body: unknown) => api.post("/terminal-app/readers", { body, schema: readerResponseSchema });
export const deleteReader = (api: Api, readerId: string) => api.delete(`/terminal-app/readers/${id(readerId)}`);

export const pinStatus = async (api: Api) => (await api.get("/terminal-app/pin", { schema: pinStatusSchema })).data;
export const unlockReaderScreen = async (api: Api, pin: string) =>
  (await api.post("/terminal-app/unlock", { body: { pin }, schema: unlockResponseSchema })).data;
export const payableInvoices = async (api: Api) => (await api.get("/terminal-app/invoices", { schema: payableInvoicesSchema })).data;
export const connectionToken = async (api: Api, locationId?: number) =>
  (await api.post("/terminal-app/connection-token", { body: locationId ? { location_id: locationId } : {}, schema: connectionTokenSchema })).data;

export const startPayment = async (api: Api, body: Record<string, unknown>) =>
  (await api.post("/terminal-app/payments", { body, schema: terminalPaymentResponseSchema })).data;
export const getTerminalPayment = async (api: Api, paymentId: string) =>
  (await api.get(`/terminal-app/payments/${id(paymentId)}`, { schema: terminalPaymentResponseSchema })).data;
export const cancelTerminalPayment = async (api: Api, paymentId: string) =>
  (await api.put(`/terminal-app/payments/${id(paymentId)}/cancel`, { schema: terminalPaymentResponseSchema })).data;
export const presentTestCard = async (api: Api, paymentId: string, number: string) =>
  (await api.post(`/terminal-app/payments/${id(paymentId)}/present-card`, { body: { number }, schema: terminalPaymentResponseSchema })).data;

/** The reader screen's unlock (the API's short-lived token), in its own httpOnly cookie, for TERMINAL_UNLOCK_MINUTES. */
export const unlockCookie = createCookie("terminal_unlock", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.SECURE_COOKIES,
  maxAge: TERMINAL_UNLOCK_MINUTES * 60,
  secrets: [config.SESSION_SECRET],
});

export async function unlockOf(request: Request): Promise<string | null> {
  const v = await unlockCookie.parse(request.headers.get("Cookie"));
  return typeof v === "string" ? v : null;
}

/** The PIN form. */
export const pinFormSchema = z.object({ pin: z.string({ error: M.pin }).trim().min(1, M.pin).max(20, M.pinWrong) });

/** The "Take a payment" form: an amount in pounds or a sent invoice, on a reader. */
export const payFormSchema = z
  .object({
    reader_id: z.string({ error: M.reader }).min(1, M.reader),
    amount: z.string().trim().max(20, M.amount).optional(),
    invoice_id: z.string().optional(),
    description: z.string().trim().max(200).optional(),
    idempotency_key: z.string({ error: M.key }).min(8, M.key).max(255, M.key),
  })
  .superRefine((v, ctx) => {
    if (!v.amount && !v.invoice_id) ctx.addIssue({ code: "custom", path: ["amount"], message: M.amountOrInvoice });
  });

export const newFormKey = () => randomUUID();

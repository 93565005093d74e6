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
import { FIRST_CHOICES, firstChoices, finderOf } from "../lib/choice-find";
import type { DropdownOption, FilterDefinition } from "../lib/filter-rules";
import { toApiQuery, type ListSpec, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";
import { config } from "./config.server";
import { isIdText } from "./ids.server";
import { openListPage, redirectWithoutFilter } from "./lists.server";

export { locationBodySchema, readerBodySchema, readerKeyBodySchema } from "#contract/terminal-app";

const id = (v: string | number) => encodeURIComponent(String(v));

export const listLocations = (api: Api, state: ListState) => api.get("/terminal-app/locations", { query: toApiQuery(state), schema: locationListSchema });
export const getLocation = async (api: Api, locationId: string) =>
  (await api.get(`/terminal-app/locations/${id(locationId)}`, { schema: locationResponseSchema })).data;
export const createLocation = (api: Api, body: LocationBody) => api.post("/terminal-app/locations", { body, schema: locationResponseSchema });
export const updateLocation = (api: Api, locationId: string, body: LocationBody) =>
  api.put(`/terminal-app/locations/${id(locationId)}`, { body, schema: locationResponseSchema });
export const deleteLocation = (api: Api, locationId: string) => api.delete(`/terminal-app/locations/${id(locationId)}`);

export const locationOption = (l: { id: number; display_name: string }): DropdownOption => ({ value: String(l.id), label: l.display_name });

/** The company's locations for the searchable dropdown, by name, town or postcode (`/resources/terminal-locations`). */
export async function locationOptions(api: Api, { search, page = 1, perPage = 20 }: { search?: string; page?: number; perPage?: number }) {
  const res = await api.get("/terminal-app/locations", {
    query: { "filter[search]": search || undefined, "page[number]": page, "page[size]": perPage, sort: "display_name" },
    schema: locationListSchema,
  });
  return { options: res.data.map(locationOption), hasMore: res.meta.current_page < res.meta.last_page };
}

/** The first locations for a dropdown without JavaScript, and the search behind its find field (decision 011). */
export const locationChoices = (api: Api) => firstChoices((query) => locationOptions(api, query));
export const locationFinder = (api: Api) => finderOf((query) => locationOptions(api, query));

/** The searches behind a form's location field: a name typed beside it, without JavaScript. */
export const locationFinders = ({ api }: { api: Api }) => ({ location_id: locationFinder(api) });

/**
 * The location filter of the reader keys and readers lists (`filter[location_id]`): a searchable dropdown of the
 * company's locations, like the individuals list's company filter (decision 011).
 */
export const locationFilters = (): FilterDefinition[] => [
  {
    filterKey: "location_id",
    label: "Location",
    type: "autocomplete",
    optionsUrl: "/resources/terminal-locations",
    itemUrl: "/resources/terminal-locations",
    placeholder: "All locations",
  },
];

/**
 * A record asked for by an id from the address: null when it is not one of the company's (the API's 404; any other
 * failure is thrown).
 */
const unlessMissing = <T>(asked: Promise<T>): Promise<T | null> =>
  asked.catch((error: unknown) => {
    if (error instanceof Response && error.status === 404) return null;
    throw error;
  });

/** A chosen location's option; null when it is not one of the company's. */
const chosenLocation = async (api: Api, locationId: string) => {
  const location = await unlessMissing(getLocation(api, locationId));
  return location && locationOption(location);
};

/**
 * A list of the terminal app filtered by location (reader keys, readers): the list page with the filter's first
 * locations, the chosen one by name and a name typed beside it. A chosen location that is not one of the company's
 * (an edited or old address) leaves the address.
 */
export async function openLocationList<P>(request: Request, options: { listKey: string; spec: ListSpec; fetch: (api: Api, state: ListState) => Promise<P> }) {
  const chosenId = new URL(request.url).searchParams.get("filter[location_id]");
  const opened = await openListPage(request, {
    path: "/terminal-app",
    listKey: options.listKey,
    spec: options.spec,
    rules: locationFilters(),
    lookups: (api) => Promise.all([locationChoices(api), chosenId && isIdText(chosenId) ? chosenLocation(api, chosenId) : null]),
    fetch: options.fetch,
    finders: (api) => locationFinders({ api }),
  });
  const [choices, chosen] = opened.lookups;
  const value = opened.state.filters.location_id;
  if (typeof value === "string" && chosen?.value !== value) throw redirectWithoutFilter(request, opened.state, options.spec, "location_id");
  return {
    ...opened,
    autocomplete: { location_id: { selected: chosen, initial: choices.options, more: choices.more, find: opened.finds.location_id } },
  };
}

export const listReaderKeys = (api: Api, state: ListState) => api.get("/terminal-app/reader-keys", { query: toApiQuery(state), schema: readerKeyListSchema });
export const getReaderKey = async (api: Api, keyId: string) =>
  (await api.get(`/terminal-app/reader-keys/${id(keyId)}`, { schema: readerKeyResponseSchema })).data;
export const createReaderKey = (api: Api, body: unknown) => api.post("/terminal-app/reader-keys", { body, schema: readerKeyResponseSchema });
export const updateReaderKey = (api: Api, keyId: string, body: unknown) =>
  api.put(`/terminal-app/reader-keys/${id(keyId)}`, { body, schema: readerKeyResponseSchema });
export const deleteReaderKey = (api: Api, keyId: string) => api.delete(`/terminal-app/reader-keys/${id(keyId)}`);

export const listReaders = (api: Api, state: ListState) => api.get("/terminal-app/readers", { query: toApiQuery(state), schema: readerListSchema });
/** A reader as a choice: its name and its location's. */
export const readerOption = (r: { id: number; label: string; location: { display_name: string } }): DropdownOption => ({
  value: String(r.id),
  label: `${r.label} (${r.location.display_name})`,
});

/** The company's readers for the searchable dropdown, by name, serial number or location (`/resources/terminal-readers`). */
export async function readerOptions(api: Api, { search, page = 1, perPage = 20 }: { search?: string; page?: number; perPage?: number }) {
  const res = await api.get("/terminal-app/readers", {
    query: { "filter[search]": search || undefined, "page[number]": page, "page[size]": perPage, sort: "label" },
    schema: readerListSchema,
  });
  return { options: res.data.map(readerOption), hasMore: res.meta.current_page < res.meta.last_page };
}

/**
 * The readers the payment page offers: the first 100 by name (the reader island discovers these; without JavaScript
 * the select holds them and a name typed beside it finds any other), with the one its address names (`?reader=`,
 * the readers list's "Take a payment") first when it is not among them.
 */
export async function payReaders(api: Api, wanted: number) {
  const res = await api.get("/terminal-app/readers", { query: { "page[size]": FIRST_CHOICES, sort: "label" }, schema: readerListSchema });
  const readers = res.data;
  if (wanted > 0 && !readers.some((r) => r.id === wanted)) {
    const named = await unlessMissing(getReader(api, String(wanted)));
    if (named) readers.unshift(named);
  }
  return { readers, more: res.meta.current_page < res.meta.last_page };
}

/** The search behind the payment form's reader field: a name typed beside it, without JavaScript. */
export const readerFinders = ({ api }: { api: Api }) => ({ reader_id: finderOf((query) => readerOptions(api, query)) });
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

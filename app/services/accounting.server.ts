import { z } from "zod";
import { accountingListSchema, accountingResponseSchema, sandboxLedgerSchema } from "#contract/accounting-documents";
import { ApiValidationError, type Api } from "./api.server";

export type AccountingKind = "quote" | "invoice";
const path = (kind: AccountingKind) => (kind === "invoice" ? "/xero-invoices" : "/xero-quotes");

/** What the sandbox ledger holds for the company, its calls of the last minute and its outage switch. */
export const sandboxLedger = (api: Api) => api.get("/xero/sandbox-ledger", { schema: sandboxLedgerSchema }).then((r) => r.data);

export const setSandboxOutage = (api: Api, outage: boolean) => api.put("/xero/sandbox-ledger/outage", { body: { outage }, schema: z.unknown() });

export function listAccountingDocuments(api: Api, kind: AccountingKind, query: Record<string, string | number | undefined>) {
  return api.get(path(kind), { query, schema: accountingListSchema });
}

export const getAccountingDocument = (api: Api, kind: AccountingKind, id: string) =>
  api.get(`${path(kind)}/${encodeURIComponent(id)}`, { schema: accountingResponseSchema }).then((r) => r.data);

export const retryAccountingSync = (api: Api, kind: AccountingKind, id: string) =>
  api.post(`${path(kind)}/${encodeURIComponent(id)}/retry-sync`, { schema: accountingResponseSchema });

export const UNAVAILABLE = "The accounting system is not answering right now: nothing was changed. Try again in a moment.";

/** A refusal's message (422, 429 …) or, when the accounting system (or the API) is down, the outage's; anything else is thrown on. */
export function accountingFailure(error: unknown): string {
  if (error instanceof ApiValidationError) return error.body.message;
  if (error instanceof Response && error.status === 503) return UNAVAILABLE;
  throw error;
}

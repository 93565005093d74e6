import type { Params } from "@remix-run/react";
import { redirect } from "@remix-run/node";
import { can } from "../access/permissions";
import { requireAccess } from "./auth.server";
import { redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";
import { accountingFailure, getAccountingDocument, listAccountingDocuments, type AccountingKind } from "./accounting.server";

/**
 * The accounting-synced kind inside the quotes and invoices screens: `/invoices?kind=synced` lists the synced
 * invoices, `/invoices/{id}?kind=synced` shows one (its status, where it is kept, "Not synced" with Retry sync).
 * A user who may see only the synced kind lands on it without asking.
 */
const PORTAL = { quote: "/quotes", invoice: "/invoices" } as const;
const SIMPLE_VIEW = { quote: ["quote_view", "quote_manage"], invoice: ["invoice_view", "invoice_manage"] } as const;
const XERO_VIEW = ["xero_invoices_view", "xero_invoices_manage"] as const;

export const SYNCED_PAGE_SIZE = 20;
export const SYNCED_STATUSES = { quote: ["draft", "sent", "cancelled"], invoice: ["draft", "sent", "paid", "cancelled"] } as const;

/** Whether this request is for the synced kind: `?kind=synced`, or a user who may see no other. */
export async function wantsSynced(request: Request, kind: AccountingKind): Promise<boolean> {
  const url = new URL(request.url);
  if (url.searchParams.get("kind") === "synced") return true;
  if (url.searchParams.get("kind") === "simple") return false;
  const { subject } = await requireAccess(request, PORTAL[kind]);
  return !can(subject, ...SIMPLE_VIEW[kind]) && can(subject, ...XERO_VIEW);
}

/** The kind tabs: shown when the user may see both kinds. */
export async function kindTabs(request: Request, kind: AccountingKind) {
  const { subject } = await requireAccess(request, PORTAL[kind]);
  return { simple: can(subject, ...SIMPLE_VIEW[kind]), synced: can(subject, ...XERO_VIEW) };
}

export async function syncedListLoader(request: Request, kind: AccountingKind) {
  const { api, subject } = await requireAccess(request, PORTAL[kind]);
  if (!can(subject, ...XERO_VIEW)) throw redirect(PORTAL[kind]);
  const url = new URL(request.url);
  const pick = (name: string, allowed?: readonly string[]) => {
    const v = url.searchParams.get(name)?.trim() ?? "";
    return v && (!allowed || allowed.includes(v)) ? v : "";
  };
  const status = pick("status", SYNCED_STATUSES[kind]);
  const sync = pick("sync", ["synced", "not_synced"]);
  const search = pick("search").slice(0, 100);
  const pageNumber = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const result = await listAccountingDocuments(api, kind, {
    "page[number]": pageNumber,
    "page[size]": SYNCED_PAGE_SIZE,
    ...(status ? { "filter[status]": status } : {}),
    ...(sync ? { "filter[sync]": sync } : {}),
    ...(search ? { "filter[search]": search } : {}),
  });
  return {
    kind: "synced" as const,
    docKind: kind,
    rows: result.data,
    meta: result.meta,
    filters: { status, sync, search },
    tabs: { simple: can(subject, ...SIMPLE_VIEW[kind]), synced: true },
    canManage: can(subject, "xero_invoices_manage"),
  };
}

export async function syncedDocumentLoader(request: Request, params: Params, kind: AccountingKind) {
  const { api, subject } = await requireAccess(request, `${PORTAL[kind]}/:id`);
  if (!can(subject, ...XERO_VIEW)) throw new Response("Not found.", { status: 404 });
  const doc = await getAccountingDocument(api, kind, params.id!);
  return { kind: "synced" as const, docKind: kind, doc, canManage: can(subject, "xero_invoices_manage") };
}

/** The synced document's forms: retry-sync, mark-sent, send. Each ends back on the page with a toast. */
export async function syncedDocumentAction(request: Request, params: Params, kind: AccountingKind) {
  const { api, subject } = await requireAccess(request, `${PORTAL[kind]}/:id`);
  if (!can(subject, "xero_invoices_manage")) throw new Response("This action is unauthorized.", { status: 403 });
  const form = await formOf(request);
  const intent = String(form.get("intent") ?? "");
  const id = encodeURIComponent(params.id!);
  const back = `${PORTAL[kind]}/${id}?kind=synced`;
  const path = `${kind === "invoice" ? "/xero-invoices" : "/xero-quotes"}/${id}`;
  const done: Record<string, [string, string]> = {
    "retry-sync": [`${path}/retry-sync`, "Synced with the accounting system."],
    "mark-sent": [`${path}/mark-as-sent`, "Marked as sent."],
    send: [`${path}/send`, "Sent to the client."],
  };
  // Its own keys only: an intent named like one of Object's ("constructor") is no action.
  const step = Object.hasOwn(done, intent) ? done[intent] : undefined;
  if (!step) return redirectWithToast(request, back, { kind: "error", message: "Choose an action." });
  try {
    await api.post(step[0]);
  } catch (error) {
    return redirectWithToast(request, back, { kind: "error", message: accountingFailure(error) });
  }
  return redirectWithToast(request, back, { kind: "success", message: step[1] });
}

import type { Params } from "@remix-run/react";
import { SALES_KINDS, type SalesKind } from "../components/sales/kinds";
import { kindTabs, syncedDocumentAction, syncedDocumentLoader, syncedListLoader, wantsSynced } from "./accounting-pages.server";
import { bulkSelectionAction } from "./bulk.server";
import { documentPageAction, documentPageLoader } from "./sales-detail.server";
import { documentListLoader } from "./sales-list.server";

/**
 * The server half of the quotes and invoices pages (`/quotes`, `/invoices`, `/quotes/:id`, `/invoices/:id`), one
 * per screen and driven by the kind, so the two kinds' route modules stay one line each.
 */

/** The list: `?kind=synced` (or a user who may see only that kind) is the accounting-synced list. */
export async function salesListLoader(request: Request, kind: SalesKind) {
  if (await wantsSynced(request, kind)) return syncedListLoader(request, kind);
  return { ...(await documentListLoader(request, kind)), kindTabs: await kindTabs(request, kind) };
}

/** The list's bulk form: each button on to the confirmation of the selected documents. */
export function salesListAction(request: Request, kind: SalesKind) {
  const k = SALES_KINDS[kind];
  return bulkSelectionAction(request, {
    list: k.portal,
    permission: k.manage,
    intents: { "mark-sent": { to: `${k.portal}/mark-sent` }, cancel: { to: `${k.portal}/cancel` }, delete: { to: `${k.portal}/delete` } },
  });
}

const synced = (request: Request) => new URL(request.url).searchParams.get("kind") === "synced";

/** A document's page: `?kind=synced` is an accounting-synced one (its status, where it is kept, Retry sync). */
export const salesDocumentLoader = (request: Request, params: Params, kind: SalesKind) =>
  synced(request) ? syncedDocumentLoader(request, params, kind) : documentPageLoader(request, params, kind);

export const salesDocumentAction = (request: Request, params: Params, kind: SalesKind) =>
  synced(request) ? syncedDocumentAction(request, params, kind) : documentPageAction(request, params, kind);

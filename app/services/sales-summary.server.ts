import { SALES_KINDS, type SalesKind } from "../components/sales/kinds";
import { requireAccess } from "./auth.server";
import { config } from "./config.server";
import { idOf } from "./ids.server";
import { getDocument } from "./sales-documents.server";
import { getAccountingDocument } from "./accounting.server";

/** Which summary a summary route frames: a quote's, a simple invoice's, or an accounting-synced invoice's. */
export type SummaryKind = SalesKind | "xero-invoice";

const PATTERNS: Record<SummaryKind, string> = {
  quote: "/simple-quotes/:id/summary",
  invoice: "/simple-invoices/:id/summary",
  "xero-invoice": "/xero-invoices/:id/summary",
};

/** The API as browsers reach it. */
export const apiPublicBase = () => (config.API_PUBLIC_URL ?? config.API_BASE_URL).replace(/\/+$/, "");

/**
 * A summary page of the portal (platform-shell §2, the invoice summary page): a spinner for 5 seconds, then a
 * full-screen frame on the API host's summary. The frame of an invoice is the accounting-synced one
 * (`/xero-invoices/{id}/summary`) on that route, which needs xero_invoices_view, and the simple one otherwise. A
 * browser cannot send the session's bearer token to the API host, so the frame opens the document's client link
 * (its token) in the company's own view (`preview=1`: without the client's approval form).
 */
export async function summaryLoader(request: Request, params: { id?: string }, kind: SummaryKind) {
  const { api } = await requireAccess(request, PATTERNS[kind]);
  const id = idOf(params.id);
  if (kind === "xero-invoice") {
    // The synced invoice's link (its token): the frame cannot send the bearer token either.
    const doc = await getAccountingDocument(api, "invoice", String(id));
    return {
      title: `Invoice ${doc.number_label}: summary`,
      back: `/invoices/${id}?kind=synced`,
      src: `${apiPublicBase()}${doc.summary_link}`,
    };
  }
  const doc = await getDocument(api, kind, id);
  const token = new URL(doc.client_link, "http://api.invalid").searchParams.get("token") ?? "";
  const k = SALES_KINDS[kind];
  return {
    title: `${k.Noun} ${doc.number_label}: summary`,
    back: `${k.portal}/${id}`,
    src: `${apiPublicBase()}${k.api}/${id}/summary?${new URLSearchParams({ token, preview: "1" })}`,
  };
}

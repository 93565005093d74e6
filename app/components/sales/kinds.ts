import type { Permission } from "#contract/permissions";

/**
 * The kinds of quotes and invoices the portal's screens show, and what differs between them: their addresses on
 * both sides, their words and their permissions. Pure data (no zod), so list and detail pages may import it.
 * A further kind (an accounting-synced invoice) is one more entry with its own API paths.
 */
export type SalesKind = "quote" | "invoice";

export interface SalesKindInfo {
  kind: SalesKind;
  /** The API's collection (`/simple-quotes`). */
  api: string;
  /** The portal's list (`/quotes`), whose `/:id` is the document's page. */
  portal: string;
  /** The route table's pattern of the document's page. */
  pattern: string;
  /** The remembered list's key. */
  listKey: string;
  noun: string;
  Noun: string;
  plural: string;
  Plural: string;
  statuses: readonly string[];
  view: Permission;
  manage: Permission;
  remove: Permission;
  /** The portal's summary page (`/simple-quotes/:id/summary`). */
  summary: (id: number | string) => string;
}

export const SALES_KINDS: Record<SalesKind, SalesKindInfo> = {
  quote: {
    kind: "quote",
    api: "/simple-quotes",
    portal: "/quotes",
    pattern: "/quotes/:id",
    listKey: "quotes",
    noun: "quote",
    Noun: "Quote",
    plural: "quotes",
    Plural: "Quotes",
    statuses: ["draft", "sent", "approved", "converted", "cancelled"],
    view: "quote_view",
    manage: "quote_manage",
    remove: "quote_delete",
    summary: (id) => `/simple-quotes/${id}/summary`,
  },
  invoice: {
    kind: "invoice",
    api: "/simple-invoices",
    portal: "/invoices",
    pattern: "/invoices/:id",
    listKey: "invoices",
    noun: "invoice",
    Noun: "Invoice",
    plural: "invoices",
    Plural: "Invoices",
    statuses: ["draft", "sent", "paid", "cancelled"],
    view: "invoice_view",
    manage: "invoice_manage",
    remove: "invoice_delete",
    summary: (id) => `/simple-invoices/${id}/summary`,
  },
};

export const SALES_STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  sent: "Sent",
  approved: "Approved",
  converted: "Converted to invoice",
  paid: "Paid",
  cancelled: "Cancelled",
};

/** What each status allows on a document's page (the API checks again; this only decides which buttons show). */
export function allowedActions(kind: SalesKind, status: string) {
  const quote = kind === "quote";
  return {
    edit: quote ? status === "draft" || status === "sent" : status === "draft",
    send: status === "draft" || (quote && status === "sent") || (!quote && status === "sent"),
    markSent: status === "draft",
    markApproved: quote && status === "sent",
    recalculate: quote ? status === "draft" || status === "sent" : status === "draft",
    convert: quote && (status === "sent" || status === "approved"),
    cancel: quote ? status === "sent" || status === "approved" : status === "sent",
    paid: !quote && status === "sent",
    unpaid: !quote && status === "paid",
    remove: status === "draft",
  };
}
export type AllowedActions = ReturnType<typeof allowedActions>;

/** The list's filters in its address (the total's range in pounds: total_min, total_max). */
export const DOCUMENT_LIST_FILTERS = {
  status: {},
  individual_id: {},
  company_id: {},
  number: {},
  issue_date: { range: true },
  due_date: { range: true },
  created_at: { range: true },
  total_min: {},
  total_max: {},
} as const;

import { DOCUMENT_SORTS } from "#contract/list-sorts";
import { defineList } from "../table/list";
import { DOCUMENT_LIST_FILTERS, type SalesKind } from "./kinds";

/**
 * The quotes and invoices lists' sort fields and filters (their addresses), newest first by default. Read by the
 * loaders and by the lists' island (not by the route modules, so the list kit stays out of their first load).
 */
export const SALES_LISTS = {
  quote: defineList("/quotes", DOCUMENT_SORTS, { filters: DOCUMENT_LIST_FILTERS, defaultSort: { field: "created_at", desc: true } }),
  invoice: defineList("/invoices", DOCUMENT_SORTS, { filters: DOCUMENT_LIST_FILTERS, defaultSort: { field: "created_at", desc: true } }),
} satisfies Record<SalesKind, ReturnType<typeof defineList<(typeof DOCUMENT_SORTS)[number]>>>;

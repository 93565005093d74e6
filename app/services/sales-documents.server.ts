import { z } from "zod";
import { documentListSchema, documentResponseSchema, type DocumentRow, type SalesDocument } from "#contract/sales-documents";
import { SALES_KINDS, SALES_STATUS_LABELS, type SalesKind } from "../components/sales/kinds";
import type { FilterDefinition } from "../lib/filter-rules";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

/**
 * The portal's calls of the quotes and invoices API (`/simple-quotes`, `/simple-invoices`), one function per call,
 * each taking the kind; answers are parsed with the contract's schemas.
 */

const path = (kind: SalesKind, id?: string | number, rest = "") =>
  `${SALES_KINDS[kind].api}${id === undefined ? "" : `/${encodeURIComponent(String(id))}`}${rest}`;

/** Pounds typed in a filter ("12.5") as whole pence ("1250"); undefined when it is not an amount. */
export function poundsToPence(text: string | undefined): string | undefined {
  if (!text || !/^\d{1,12}(\.\d{0,2})?$/.test(text)) return undefined;
  const [whole, fraction = ""] = text.split(".");
  return String(Number(whole) * 100 + Number(fraction.padEnd(2, "0")));
}

/** The list's API query: the total's range is typed in pounds (total_min, total_max) and asked in pence. */
export function documentListQuery(state: ListState): Record<string, string> {
  const { total_min: min, total_max: max, ...filters } = state.filters;
  const query = toApiQuery({ ...state, filters });
  const from = poundsToPence(typeof min === "string" ? min : undefined);
  const to = poundsToPence(typeof max === "string" ? max : undefined);
  if (from) query["filter[total][from]"] = from;
  if (to) query["filter[total][to]"] = to;
  return query;
}

export const listDocuments = (api: Api, kind: SalesKind, state: ListState) =>
  api.get(path(kind), { query: documentListQuery(state), schema: documentListSchema });

/** A client's or task's documents, newest first (the sections of their pages). */
export const documentsFor = (api: Api, kind: SalesKind, filter: Record<string, string>, size = 10) =>
  api.get(path(kind), {
    query: { ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [`filter[${k}]`, v])), "page[size]": size, sort: "-created_at" },
    schema: documentListSchema,
  });

export const getDocument = async (api: Api, kind: SalesKind, id: string): Promise<SalesDocument> =>
  (await api.get(path(kind, id), { schema: documentResponseSchema })).data;
export const createDocument = async (api: Api, kind: SalesKind, body: Record<string, unknown>) =>
  (await api.post(path(kind), { body, schema: documentResponseSchema })).data;
export const updateDocument = async (api: Api, kind: SalesKind, id: string, body: Record<string, unknown>) =>
  (await api.put(path(kind, id), { body, schema: documentResponseSchema })).data;
export const deleteDocument = (api: Api, kind: SalesKind, id: string) => api.delete(path(kind, id));

/** The actions of a document's page, each one POST (`paid-status` with its body). */
export const DOCUMENT_ACTIONS = {
  send: "/send",
  "mark-sent": "/mark-as-sent",
  "mark-approved": "/mark-as-approved",
  recalculate: "/recalculate",
  convert: "/convert-to-invoice",
  cancel: "/cancel",
  "paid-status": "/paid-status",
} as const;
export type DocumentAction = keyof typeof DOCUMENT_ACTIONS;

export const documentAction = async (api: Api, kind: SalesKind, id: string, action: DocumentAction, body?: Record<string, unknown>) =>
  (await api.post(path(kind, id, DOCUMENT_ACTIONS[action]), { body, schema: documentResponseSchema })).data;

export const addAttachment = (api: Api, kind: SalesKind, id: string, file: File) => {
  const body = new FormData();
  body.append("document", file, file.name);
  return api.post(path(kind, id, "/documents"), { body, schema: z.object({ data: z.object({ id: z.number() }) }) });
};
export const removeAttachment = (api: Api, kind: SalesKind, id: string, fileId: string) =>
  api.delete(path(kind, id, `/documents/${encodeURIComponent(fileId)}`));
export const downloadAttachment = (api: Api, kind: SalesKind, id: string, fileId: string) =>
  api.download(path(kind, id, `/documents/${encodeURIComponent(fileId)}`));

/** A document as a list row shows it (what the page's data needs, no more). */
export function documentRow(d: DocumentRow) {
  return {
    id: d.id,
    number_label: d.number_label,
    status: d.status,
    status_label: SALES_STATUS_LABELS[d.status] ?? d.status_label,
    client: { type: d.client.type, id: d.client.id, name: d.client.name },
    task: d.task,
    issue_date: d.issue_date,
    due_date: d.due_date,
    total_pence: d.total_pence,
    created_at: d.created_at,
  };
}
export type DocumentListRow = ReturnType<typeof documentRow>;

/** The filters of a quotes or invoices list. */
export function documentFilters(kind: SalesKind): FilterDefinition[] {
  const k = SALES_KINDS[kind];
  return [
    { filterKey: "status", label: "Status", type: "select", selectOptions: k.statuses.map((s) => ({ value: s, label: SALES_STATUS_LABELS[s] ?? s })) },
    {
      filterKey: "individual_id",
      label: "Client individual",
      type: "autocomplete",
      optionsUrl: "/resources/client-individuals",
      itemUrl: "/resources/client-individuals",
      placeholder: "Anyone",
    },
    {
      filterKey: "company_id",
      label: "Client company",
      type: "autocomplete",
      optionsUrl: "/resources/client-companies",
      itemUrl: "/resources/client-companies",
      placeholder: "Any",
    },
    { filterKey: "number", label: "Number contains", type: "text", placeholder: kind === "quote" ? "QUO-" : "INV-" },
    { filterKey: "issue_date", label: "Date", type: "date_range" },
    { filterKey: "due_date", label: kind === "quote" ? "Valid until" : "Due", type: "date_range" },
    { filterKey: "created_at", label: "Created", type: "date_range" },
    { filterKey: "total_min", label: "Total from (£)", type: "number", lessThan: "total_max", placeholder: "0.00" },
    { filterKey: "total_max", label: "Total to (£)", type: "number", moreThan: "total_min", placeholder: "0.00" },
  ];
}

import { z } from "zod";
import {
  documentTemplateListSchema,
  documentTemplateResponseSchema,
  generatedDocumentResponseSchema,
  policyChoicesSchema,
  quotesAndInvoicesSchema,
  type UseTemplateBody,
} from "#contract/document-templates";
import { individualListSchema } from "#contract/clients";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

const id = (value: string | number) => encodeURIComponent(String(value));

export const listDocumentTemplates = (api: Api, state: ListState) =>
  api.get("/document-templates", { query: toApiQuery(state), schema: documentTemplateListSchema });
export const getDocumentTemplate = async (api: Api, templateId: string) =>
  (await api.get(`/document-templates/${id(templateId)}`, { schema: documentTemplateResponseSchema })).data;
/** Sent as multipart: the name, and a DOCX `file` or a text `body`. */
export const createDocumentTemplate = (api: Api, body: FormData) => api.post("/document-templates", { body, schema: documentTemplateResponseSchema });
/** Multipart through POST /document-templates/{id} (multipart cannot be PUT everywhere). */
export const updateDocumentTemplate = (api: Api, templateId: string, body: FormData) =>
  api.post(`/document-templates/${id(templateId)}`, { body, schema: documentTemplateResponseSchema });
/** One call for one or many. */
export const deleteDocumentTemplates = async (api: Api, ids: string[]) => {
  await api.delete(`/document-templates?document_template_ids=${ids.map(Number).join(",")}`);
  return ids.length;
};
export const applyTemplate = async (api: Api, templateId: string, body: UseTemplateBody) =>
  (await api.post(`/document-templates/use/${id(templateId)}`, { body, schema: generatedDocumentResponseSchema })).data;

/** The records a template may be used on, for the "use on …" form: tasks, clients, companies, quotes and invoices, policies. */
export async function recordChoices(api: Api) {
  const orNull = <T>(p: Promise<T>) => p.catch(() => null);
  const [tasks, individuals, sales, policies] = await Promise.all([
    orNull(api.get("/task", { query: { "page[size]": 50, sort: "-created_at" }, schema: taskNames })),
    orNull(api.get("/individuals", { query: { "page[size]": 50 }, schema: individualListSchema })),
    orNull(api.post("/document-templates/get-quotes-and-invoices", { body: {}, schema: quotesAndInvoicesSchema })),
    orNull(api.get("/document-templates/policies", { schema: policyChoicesSchema })),
  ]);
  const opt = (type: string, value: number, label: string) => ({ value: `${type}:${value}`, label });
  return [
    { group: "Tasks", options: (tasks?.data ?? []).map((t) => opt("task", t.id, t.name)) },
    { group: "Clients", options: (individuals?.data ?? []).map((i) => opt("individual", i.id, i.full_name)) },
    { group: "Quotes", options: (sales?.data ?? []).filter((d) => d.type === "quote").map((d) => opt("quote", d.id, `${d.number} · ${d.client ?? ""}`)) },
    { group: "Invoices", options: (sales?.data ?? []).filter((d) => d.type === "invoice").map((d) => opt("invoice", d.id, `${d.number} · ${d.client ?? ""}`)) },
    { group: "Policies", options: (policies?.data ?? []).map((p) => opt("policy", p.id, p.label)) },
  ].filter((g) => g.options.length > 0);
}

const taskNames = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });

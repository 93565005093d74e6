import { documentTemplateDeletedSchema, documentTemplateListSchema, documentTemplateResponseSchema, type DocumentTemplateBody } from "#contract/document-templates";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

export const listDocumentTemplates = (api: Api, state: ListState) => api.get("/document-templates", { query: toApiQuery(state), schema: documentTemplateListSchema });
export const getDocumentTemplate = async (api: Api, id: string) => (await api.get(`/document-templates/${encodeURIComponent(id)}`, { schema: documentTemplateResponseSchema })).data;
export const createDocumentTemplate = (api: Api, body: DocumentTemplateBody) => api.post("/document-templates", { body, schema: documentTemplateResponseSchema });
export const updateDocumentTemplate = (api: Api, id: string, body: DocumentTemplateBody) =>
  api.put(`/document-templates/${encodeURIComponent(id)}`, { body, schema: documentTemplateResponseSchema });
/** One call for one or many: the number deleted. */
export const deleteDocumentTemplates = async (api: Api, ids: string[]) =>
  (await api.delete("/document-templates", { body: { ids: ids.map(Number) }, schema: documentTemplateDeletedSchema })).deleted;

import { workflowDeletedSchema, workflowListSchema, workflowResponseSchema, type WorkflowBody } from "#contract/workflows";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

export const listWorkflows = (api: Api, state: ListState) => api.get("/workflows", { query: toApiQuery(state), schema: workflowListSchema });
export const getWorkflow = async (api: Api, id: string) => (await api.get(`/workflows/${encodeURIComponent(id)}`, { schema: workflowResponseSchema })).data;
export const createWorkflow = (api: Api, body: WorkflowBody) => api.post("/workflows", { body, schema: workflowResponseSchema });
export const updateWorkflow = (api: Api, id: string, body: WorkflowBody) =>
  api.put(`/workflows/${encodeURIComponent(id)}`, { body, schema: workflowResponseSchema });
/** One call for one or many: the number deleted. */
export const deleteWorkflows = async (api: Api, ids: string[]) =>
  (await api.delete("/workflows", { body: { ids: ids.map(Number) }, schema: workflowDeletedSchema })).deleted;

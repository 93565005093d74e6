import {
  audienceLabel,
  CONDITION_FIELD_NAMES,
  CONDITION_FIELDS,
  conditionTypeLabel,
  TRIGGER_EVENTS,
  TRIGGER_LABELS,
  workflowStatusLabel,
  workflowTypeLabel,
  type Edition,
  workflowDeletedSchema,
  workflowListSchema,
  workflowResponseSchema,
  workflowRunListSchema,
  workflowTestResultSchema,
  type WorkflowBody,
} from "#contract/workflows";
import { taskListSchema } from "#contract/tasks";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";
import { pipelineUserChoices } from "./pipelines.server";
import { activePipelines } from "./tasks.server";

const id = (value: string | number) => encodeURIComponent(String(value));

export const listWorkflows = (api: Api, state: ListState) => api.get("/workflow", { query: toApiQuery(state), schema: workflowListSchema });
export const getWorkflow = async (api: Api, workflowId: string) => (await api.get(`/workflow/${id(workflowId)}`, { schema: workflowResponseSchema })).data;
export const createWorkflow = (api: Api, body: WorkflowBody) => api.post("/workflow", { body, schema: workflowResponseSchema });
export const updateWorkflow = (api: Api, workflowId: string, body: WorkflowBody) =>
  api.put(`/workflow/${id(workflowId)}`, { body, schema: workflowResponseSchema });
/** One call for one or many: the number deleted. */
export const deleteWorkflows = async (api: Api, ids: string[]) =>
  (await api.delete("/workflow", { body: { ids: ids.map(Number) }, schema: workflowDeletedSchema })).deleted;
export const listRuns = (api: Api, workflowId: string, page: number) =>
  api.get(`/workflow/${id(workflowId)}/runs`, { query: { "page[number]": page, "page[size]": 20 }, schema: workflowRunListSchema });
export const testWorkflow = async (api: Api, workflowId: string, taskId: number) =>
  (await api.post(`/workflow/${id(workflowId)}/test`, { body: { task_id: taskId }, schema: workflowTestResultSchema })).data;

/** What the form offers: the stages of the active pipelines, the company's users, and recent tasks to try a workflow on. */
export async function workflowChoices(api: Api, permissions: readonly string[]) {
  const [pipelines, users, tasks] = await Promise.all([
    activePipelines(api),
    pipelineUserChoices(api, permissions).catch(() => []),
    api.get("/task", { query: { "page[size]": 50, sort: "-created_at", include: "pipelineStage" }, schema: taskListSchema }).catch(() => null),
  ]);
  return {
    stages: pipelines.flatMap((p) => p.stages.map((s) => ({ value: String(s.id), label: `${p.name} · ${s.name}` }))),
    users: users.map((u) => ({ value: String(u.id), label: u.full_name })),
    tasks: (tasks?.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
  };
}
export type WorkflowChoices = Awaited<ReturnType<typeof workflowChoices>>;

/** The form's constants in the edition's words (smallBusiness: 'Assign opportunity', 'Move opportunity'). */
export function workflowLabels(edition: Edition) {
  return {
    types: [1, 2, 3].map((t) => ({ value: String(t), label: workflowTypeLabel(t, edition) })),
    statuses: [1, 2].map((s) => ({ value: String(s), label: workflowStatusLabel(s) })),
    triggers: TRIGGER_EVENTS.map((e) => ({ value: e, label: TRIGGER_LABELS[e] })),
    fields: CONDITION_FIELD_NAMES.map((f) => ({ value: f, label: CONDITION_FIELDS[f].label })),
    conditionTypes: [1, 2, 3].map((t) => ({ value: String(t), label: conditionTypeLabel(t) })),
    audiences: [1, 2].map((a) => ({ value: String(a), label: audienceLabel(a) })),
  };
}
export { workflowBodySchema } from "#contract/workflows";

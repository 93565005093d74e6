import { z } from "zod";
import { pipelineListSchema, pipelineResponseSchema } from "#contract/pipelines";
import { TASK_PRIORITIES, TASK_REVIEW_STATUSES, taskListSchema, taskResponseSchema, type Task } from "#contract/tasks";
import { TEAMS_FULL_LIST_SIZE, teamListSchema } from "#contract/teams";
import type { FilterDefinition } from "../lib/filter-rules";
import { toApiQuery, type ListState } from "../lib/list-url";
import { wordsFor, type Words } from "../lib/labels";
import type { Api } from "./api.server";

export const LIST_INCLUDES = "pipeline,pipelineStage,teamMember,team";

export const listTasks = (api: Api, state: ListState, include = LIST_INCLUDES) =>
  api.get("/task", { query: { ...toApiQuery(state), include }, schema: taskListSchema });
/**
 * A task as a list's row or a board's card shows it. The page's data is written into the document for hydration:
 * whole tasks (thirty fields and the embedded records) made the tasks page's data half as large again, and the
 * board's twice as large.
 */
export function taskRow(t: Task) {
  return {
    id: t.id,
    name: t.name,
    state: t.state,
    pipeline_stage_id: t.pipeline_stage_id,
    priority_name: t.priority_name,
    review_status_name: t.review_status_name,
    expected_revenue: t.expected_revenue,
    expected_close_date: t.expected_close_date,
    created_at: t.created_at,
    pipeline: t.pipeline ? { name: t.pipeline.name } : null,
    pipelineStage: t.pipelineStage ? { name: t.pipelineStage.name, color: t.pipelineStage.color } : null,
    teamMember: t.teamMember ? { full_name: t.teamMember.full_name } : null,
  };
}
export type TaskRow = ReturnType<typeof taskRow>;

export const getTask = async (api: Api, id: string) => (await api.get(`/task/${encodeURIComponent(id)}`, { schema: taskResponseSchema })).data;
export const deleteTasks = (api: Api, ids: number[]) => api.delete("/task", { body: { ids } });
export const createTask = (api: Api, body: Record<string, unknown>) => api.post("/task", { body, schema: taskResponseSchema });
export const updateTask = (api: Api, id: string, body: Record<string, unknown>) =>
  api.put(`/task/${encodeURIComponent(id)}`, { body, schema: taskResponseSchema });

/** Active pipelines with their stages (a handful per company: one call). */
export async function activePipelines(api: Api) {
  const res = await api.get("/pipelines", { query: { "filter[status]": 1, include: "stages", "page[size]": 100, sort: "name" }, schema: pipelineListSchema });
  return res.data.map((p) => ({ id: p.id, name: p.name, stages: [...(p.stages ?? [])].sort((a, b) => a.order - b.order) }));
}
export type ActivePipeline = Awaited<ReturnType<typeof activePipelines>>[number];

export const getPipeline = async (api: Api, id: string) => (await api.get(`/pipelines/${encodeURIComponent(id)}`, { schema: pipelineResponseSchema })).data;

/** The company's teams as options; none for a user who may not see teams. */
export async function teamOptions(api: Api) {
  const res = await api.get("/team", { query: { "page[size]": TEAMS_FULL_LIST_SIZE, sort: "name" }, schema: teamListSchema }).catch((error: unknown) => {
    if (error instanceof Response && error.status === 403) return null;
    throw error;
  });
  return res ? res.data.map((t) => ({ value: String(t.id), label: t.name })) : [];
}

/**
 * The tasks list's filters as far as they are known without the lookups: the pipeline, stage and team
 * values are kept as they are (their options come with the lookups), the other rules apply.
 */
export const taskFilterRules = (chosenPipeline: string | undefined) => taskFilters([], undefined, chosenPipeline, wordsFor("flightdeck"));

/**
 * The filters of the tasks list; the stage filter offers the stages of the chosen pipeline. `teams`
 * undefined: not known yet (the team filter is kept, without options).
 */
export function taskFilters(
  pipelines: ActivePipeline[],
  teams: { value: string; label: string }[] | undefined,
  chosenPipeline: string | undefined,
  words: Words,
): FilterDefinition[] {
  const pipeline = pipelines.find((p) => String(p.id) === chosenPipeline);
  const allStages = pipelines.flatMap((p) => p.stages.map((s) => ({ value: String(s.id), label: s.name, pipeline: String(p.id) })));
  return [
    {
      filterKey: "pipeline_id",
      label: "Pipeline",
      type: "select",
      selectOptions: pipelines.map((p) => ({ value: String(p.id), label: p.name })),
      dependants: ["pipeline_stage_id"],
    },
    {
      filterKey: "pipeline_stage_id",
      label: "Stage",
      type: "select",
      disabled: !pipeline,
      placeholder: pipeline ? undefined : "Choose a pipeline first",
      // Only the chosen pipeline's stages are valid: a stage of another pipeline is dropped.
      selectOptions: allStages.filter((s) => s.pipeline === chosenPipeline).map(({ value, label }) => ({ value, label })),
    },
    {
      filterKey: "team_member_id",
      label: "Assigned to",
      type: "autocomplete",
      optionsUrl: "/resources/company-users",
      itemUrl: "/resources/company-users",
      placeholder: "Anyone",
    },
    ...(!teams || teams.length ? [{ filterKey: "team_id", label: "Team", type: "select" as const, selectOptions: teams ?? [] }] : []),
    { filterKey: "priority", label: "Priority", type: "select", selectOptions: TASK_PRIORITIES.map((p) => ({ value: String(p.id), label: p.name })) },
    {
      filterKey: "review_status",
      label: "Review status",
      type: "select",
      selectOptions: TASK_REVIEW_STATUSES.map((p) => ({ value: String(p.id), label: p.name })),
    },
    { filterKey: "open", label: `Open ${words.tasks} only`, type: "select", selectOptions: [{ value: "true", label: "Yes" }] },
    { filterKey: "created_at", label: "Created", type: "date_range" },
    { filterKey: "expected_close_date", label: "Expected close", type: "date_range" },
  ];
}

export const idList = z.array(z.number().int().positive());

import { z } from "zod";
import {
  pipelineListSchema,
  pipelineResponseSchema,
  stageListSchema,
  stageResponseSchema,
  targetResponseSchema,
  userTargetListSchema,
  type TargetPeriod,
} from "#contract/pipelines";
import { teamUserOptionListSchema } from "#contract/teams";
import { todayInLondon } from "#common/dates";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";
import { readsTeams, colleaguesPath } from "./teams.server";

const id = (value: string | number) => encodeURIComponent(String(value));

export const listPipelines = (api: Api, state: ListState) => api.get("/pipelines", { query: toApiQuery(state), schema: pipelineListSchema });
export const getPipeline = async (api: Api, pipelineId: string) => (await api.get(`/pipelines/${id(pipelineId)}`, { schema: pipelineResponseSchema })).data;

export const createPipeline = (api: Api, body: { name: string; stages?: { name: string; color: string; outcome?: string }[] }) =>
  api.post("/pipelines", { body, schema: pipelineResponseSchema });
export const renamePipeline = (api: Api, pipelineId: string, name: string) =>
  api.put(`/pipelines/${id(pipelineId)}`, { body: { name }, schema: pipelineResponseSchema });

/** PUT /pipelines/archive: status 0 archives, 1 makes them active again. */
export const setPipelinesStatus = (api: Api, ids: number[], status: 0 | 1) => api.put("/pipelines/archive", { body: { ids, status }, schema: z.unknown() });

export const addStage = (api: Api, pipelineId: string, body: { name: string; color: string; outcome?: string }) =>
  api.post(`/pipelines/${id(pipelineId)}/pipeline-stages`, { body, schema: stageResponseSchema });
export const updateStage = (api: Api, pipelineId: string, stageId: string, body: { name: string; color: string }) =>
  api.put(`/pipelines/${id(pipelineId)}/pipeline-stages/${id(stageId)}`, { body: { pipeline_id: Number(pipelineId), ...body }, schema: stageResponseSchema });
export const reorderStages = (api: Api, pipelineId: string, stageIds: number[]) =>
  api.put(`/pipelines/${id(pipelineId)}/update-order`, { body: { pipeline_stage_id: stageIds }, schema: stageListSchema });
export const setPipelineUsers = (api: Api, pipelineId: string, userIds: number[]) =>
  api.put(`/pipelines/${id(pipelineId)}/users`, { body: { user_ids: userIds }, schema: pipelineResponseSchema });

export const TARGET_PERIOD_NAMES: Record<TargetPeriod, string> = { month: "Month", quarter: "Quarter", year: "Year" };
const periodSchema = z.enum(["month", "quarter", "year"]);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The targets period of the pipeline page, from its URL: ?period=month|quarter|year&date=YYYY-MM-DD (default this month). */
export function targetScopeFrom(url: URL): { period: TargetPeriod; date: string } {
  const period = periodSchema.safeParse(url.searchParams.get("period"));
  const date = dateSchema.safeParse(url.searchParams.get("date"));
  return { period: period.success ? period.data : "month", date: date.success ? date.data : todayInLondon() };
}

/** The pipeline's targets of a period: everyone's together, and per user (both need the targets permission). */
export async function pipelineTargets(api: Api, pipelineId: string, scope: { period: TargetPeriod; date: string }) {
  const query = { period: scope.period, date: scope.date };
  const [total, users] = await Promise.all([
    api.get(`/pipelines/${id(pipelineId)}/targets`, { query, schema: targetResponseSchema }),
    api.get(`/pipelines/${id(pipelineId)}/targets/users`, { query, schema: userTargetListSchema }),
  ]);
  return { total: total.data, users: users.data, period: users.meta };
}

/** The caller's own targets on the pipeline (any pipeline reader). */
export const myTargets = async (api: Api, pipelineId: string, scope: { period: TargetPeriod; date: string }) =>
  (await api.get(`/pipelines/${id(pipelineId)}/my/targets`, { query: { period: scope.period, date: scope.date }, schema: targetResponseSchema })).data;

export const setTargets = (
  api: Api,
  pipelineId: string,
  body: { period: TargetPeriod; period_start: string; targets: { user_id: number; revenue_target: string; count_target: string }[] },
) => api.put(`/pipelines/${id(pipelineId)}/targets`, { body, schema: userTargetListSchema });

/**
 * The company's active users who may be chosen to work a pipeline (up to 999): every colleague for
 * those who may read teams, otherwise the people who share a team with the caller.
 */
export async function pipelineUserChoices(api: Api, permissions: readonly string[]) {
  const teamReader = readsTeams(permissions);
  const res = await api.get(colleaguesPath(teamReader), { query: { "page[size]": 999 }, schema: teamUserOptionListSchema });
  return res.data.map((u) => ({ id: u.id, full_name: u.full_name, email: u.email }));
}

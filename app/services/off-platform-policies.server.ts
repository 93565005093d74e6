import {
  offPlatformPolicyDeletedSchema,
  offPlatformPolicyListSchema,
  offPlatformPolicyResponseSchema,
  type OffPlatformPolicyBody,
} from "#contract/off-platform-policies";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

export const listOffPlatformPolicies = (api: Api, state: ListState) =>
  api.get("/off-platform-policies", { query: toApiQuery(state), schema: offPlatformPolicyListSchema });
export const getOffPlatformPolicy = async (api: Api, id: string) =>
  (await api.get(`/off-platform-policies/${encodeURIComponent(id)}`, { schema: offPlatformPolicyResponseSchema })).data;
export const createOffPlatformPolicy = (api: Api, body: OffPlatformPolicyBody) =>
  api.post("/off-platform-policies", { body, schema: offPlatformPolicyResponseSchema });
export const updateOffPlatformPolicy = (api: Api, id: string, body: OffPlatformPolicyBody) =>
  api.put(`/off-platform-policies/${encodeURIComponent(id)}`, { body, schema: offPlatformPolicyResponseSchema });
/** One call for one or many: the number deleted. */
export const deleteOffPlatformPolicies = async (api: Api, ids: string[]) =>
  (await api.delete("/off-platform-policies", { body: { ids: ids.map(Number) }, schema: offPlatformPolicyDeletedSchema })).deleted;

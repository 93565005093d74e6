import { z } from "zod";
import { initiateCallAnswerSchema, phoneCallListSchema, phoneCallSchema, sandboxCallStateSchema, type CallEntityType } from "#contract/calls";
import type { Api } from "./api.server";

/** The call panel's requests to the API, through the portal (the browser never holds the API's token). */
export const initiateCall = (api: Api, entityType: CallEntityType, entityId: number) =>
  api.post("/calls/initiate", { body: { entity_type: entityType, entity_id: entityId }, schema: initiateCallAnswerSchema });

export const recordCall = (api: Api, entityType: CallEntityType, entityId: number) =>
  api.post("/calls/record", { body: { entity_type: entityType, entity_id: entityId }, schema: z.object({ data: phoneCallSchema }) });

export const terminateCall = (api: Api, id: number) => api.post(`/calls/${id}/terminate`, { schema: z.object({ data: phoneCallSchema }) });

export const refreshCallToken = (api: Api) =>
  api.post("/calls/token", { schema: z.object({ data: z.object({ access_token: z.string(), provider: z.string(), expires_at: z.string() }) }) });

export const sandboxEvents = (api: Api, id: number) => api.get(`/calls/${id}/sandbox-events`, { schema: sandboxCallStateSchema });

export const callFeedback = (api: Api, id: number, body: { score: string; issue: string }) =>
  api.post(`/calls/${id}/feedback`, { body, schema: z.object({ data: phoneCallSchema }) });

/** The call log of a record: its latest calls, newest first. */
export const callLog = (api: Api, entityType: CallEntityType, entityId: number, page = 1, size = 10) =>
  api.get("/calls", {
    query: { "filter[entity_type]": entityType, "filter[entity_id]": entityId, "page[number]": page, "page[size]": size },
    schema: phoneCallListSchema,
  });

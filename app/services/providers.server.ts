import { providerListSchema, providerResponseSchema, referenceListSchema } from "#contract/providers";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

export const listProviders = (api: Api, state: ListState) => api.get("/providers", { query: toApiQuery(state), schema: providerListSchema });
export const getProvider = async (api: Api, uuid: string) => (await api.get(`/providers/${encodeURIComponent(uuid)}`, { schema: providerResponseSchema })).data;
export const createProvider = (api: Api, body: FormData) => api.post("/providers", { body, schema: providerResponseSchema });
/** Updates are sent as POST with a method override (multipart cannot be PUT everywhere). */
export function updateProvider(api: Api, uuid: string, body: FormData) {
  body.set("_method", "PUT");
  return api.post(`/providers/${encodeURIComponent(uuid)}`, { body, schema: providerResponseSchema });
}
export const deleteProvider = (api: Api, uuid: string) => api.delete(`/providers/${encodeURIComponent(uuid)}`);

export async function providerOptions(api: Api) {
  const [functions, roles] = await Promise.all([
    api.get("/providers/functions", { schema: referenceListSchema }),
    api.get("/providers/roles", { schema: referenceListSchema }),
  ]);
  return { functions: functions.data, roles: roles.data };
}

import { expect, type APIRequestContext } from "@playwright/test";
import { E2E, USERS, apiSignIn } from "./helpers";

export interface ApiPipeline {
  id: number;
  name: string;
  stages: { id: number; name: string; order: number }[];
}

/** The API as a signed-in user (the Harbour admin unless told), to set up a test's own tasks. */
export async function taskApi(request: APIRequestContext, email: string = USERS.admin.email) {
  const { token } = await apiSignIn(request, email);
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  return {
    /** Active pipelines of at least three stages, by name, their stages in order. */
    async pipelines(): Promise<ApiPipeline[]> {
      const res = await request.get(`${E2E.main.api}/pipelines`, {
        headers,
        params: { "filter[status]": "1", include: "stages", "page[size]": "100", sort: "name" },
      });
      expect(res.ok(), "listing pipelines").toBeTruthy();
      const list = ((await res.json()) as { data: ApiPipeline[] }).data.map((p) => ({ ...p, stages: [...p.stages].sort((a, b) => a.order - b.order) }));
      const usable = list.filter((p) => p.stages.length >= 3);
      expect(usable.length, "a pipeline with three stages").toBeGreaterThan(0);
      return usable;
    },
    async createTask(name: string, pipelineId: number, stageId: number, more: Record<string, unknown> = {}) {
      const res = await request.post(`${E2E.main.api}/task`, {
        headers,
        data: { name, pipeline_id: pipelineId, pipeline_stage_id: stageId, priority: 1, ...more },
      });
      expect(res.status(), `creating task ${name}: ${await res.text()}`).toBe(201);
      return ((await res.json()) as { data: { id: number } }).data.id;
    },
    async getTask(id: number) {
      const res = await request.get(`${E2E.main.api}/task/${id}`, { headers });
      expect(res.ok(), `reading task ${id}`).toBeTruthy();
      return ((await res.json()) as { data: { datapoints: Record<string, unknown> } }).data;
    },
    async removeTask(id: number) {
      await request.delete(`${E2E.main.api}/task`, { headers, data: { ids: [id] } });
    },
  };
}

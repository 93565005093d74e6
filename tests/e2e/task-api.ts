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
    /** A note on the task (POST /note), as the page's 'Add note' makes one. */
    async addNote(id: number, body: string) {
      const res = await request.post(`${E2E.main.api}/note`, { headers, data: { notable_type: "task", notable_id: id, body } });
      expect(res.status(), `adding a note to task ${id}: ${await res.text()}`).toBe(201);
    },
    /** A product of the task (POST /task/{id}/task-product), of the first product type. */
    async addProduct(id: number, product: { name: string; premium: number; commission: number; provider_name?: string }) {
      const types = await request.get(`${E2E.main.api}/task-product-type`, { headers, params: { "page[size]": "999" } });
      const [type] = ((await types.json()) as { data: { id: number }[] }).data;
      const res = await request.post(`${E2E.main.api}/task/${id}/task-product`, { headers, data: { task_product_type_id: type.id, ...product } });
      expect(res.status(), `adding a product to task ${id}: ${await res.text()}`).toBe(201);
    },
    async removeTask(id: number) {
      await request.delete(`${E2E.main.api}/task`, { headers, data: { ids: [id] } });
    },
  };
}

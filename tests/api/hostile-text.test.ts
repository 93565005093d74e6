import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NUL_MESSAGE } from "#api/http/validation";
import { createTestApi, type TestApi } from "../helpers/api";
import { demoPipeline, makeTask } from "../helpers/crm";

/**
 * Half of a UTF-16 surrogate pair ("\ud800") is valid in a JSON string but not in PostgreSQL's JSON: wherever
 * it would be stored (list preferences, a task's data points, the activity log a change writes) it is refused with
 * 422 naming the field, like U+0000, by the rule every route's input passes.
 */
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
});
afterAll(async () => {
  await api?.close();
});

describe("unpaired surrogates", () => {
  it.each(["\ud800", "a\udfffb", "x\udbff", "\udc00\ud800"])("PUT /list-preferences/tasks with %j: 422 naming the field", async (text) => {
    const res = await api.request("PUT", "/list-preferences/tasks", { token: admin, body: { filters: { search: text } } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "filters.search": [NUL_MESSAGE] });
  });

  it("a key holding one is refused too", async () => {
    const res = await api.request("PUT", "/list-preferences/tasks", { token: admin, body: { filters: { ["k\ud800"]: "x" } } });
    expect(res.status).toBe(422);
  });

  it("a task's data points and a change that writes the activity log", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const created = await api.request("POST", "/task", { token: admin, body: { name: "Surrogates", pipeline_id: nb.id, datapoints: { note: "\ud800" } } });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ "datapoints.note": [NUL_MESSAGE] });
    const task = await makeTask(api, admin, { pipeline_id: nb.id });
    const renamed = await api.request("PUT", `/task/${task.id}`, { token: admin, body: { name: "Renamed \udbff" } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ name: [NUL_MESSAGE] });
  });

  it("a well-formed pair (an emoji) is stored and read back", async () => {
    expect((await api.request("PUT", "/list-preferences/tasks", { token: admin, body: { filters: { search: "🦄 ok" } } })).status).toBe(204);
    expect((await api.request("GET", "/list-preferences/tasks", { token: admin })).body.data.filters).toEqual({ search: "🦄 ok" });
  });
});

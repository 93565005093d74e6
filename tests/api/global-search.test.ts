import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/api";
import { countQueries, demoPipeline, makeCompany, makeIndividual, makeTask, tenantId, userWith } from "../helpers/crm";

let api: TestApi;
let admin: string;
let viewer: string;
let owner: string;
let harbour: number;
let bloom: number;
const made: Record<string, number> = {};

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, owner] = await Promise.all([api.login("admin@harbour.test"), api.login("viewer@harbour.test"), api.login("owner@bloom.test")]);
  [harbour, bloom] = await Promise.all([tenantId(api, "Harbour Brokers"), tenantId(api, "Bloom Bakery Ltd")]);
  const nb = await demoPipeline(api, "Harbour Brokers", "New business");
  const wholesale = await demoPipeline(api, "Bloom Bakery Ltd", "Wholesale orders");
  for (const name of [
    "Zephyr Marine – Hull cover",
    "zephyr yachts – Liability",
    "Zephyrine Spa – Property",
    "Other Zephyr – Cyber",
    "100% Cover Ltd – Motor",
    "10x Growth – Cyber",
  ]) {
    made[name] = (await makeTask(api, admin, { pipeline_id: nb.id, pipeline_stage_id: nb.stages[1].id, name })).id;
  }
  made["bloom zephyr"] = (await makeTask(api, owner, { pipeline_id: wholesale.id, name: "Zephyr Café – Weekly bread" })).id;
  made["ind zephyr"] = await makeIndividual(api, harbour, "Zephyr", "Hughes", "z.hughes@example.com");
  made["ind mail"] = await makeIndividual(api, harbour, "Quentin", "Blake", "zephyr.fan@example.com");
  made["ind bloom"] = await makeIndividual(api, bloom, "Zephyr", "Baker");
  made["co zephyr"] = await makeCompany(api, harbour, "Zephyr Holdings plc", "Bristol");
  made["co bloom"] = await makeCompany(api, bloom, "Zephyr Flour Mill");
});
afterAll(async () => {
  await api?.close();
});

const search = (q: unknown, extra: Record<string, unknown> = {}, token = admin) => api.request("GET", "/global-search", { token, query: { q, ...extra } });

describe("GET /global-search", () => {
  it("finds tasks, individuals and companies whose name starts with the text, then those with a later word that does, case-insensitively, grouped", async () => {
    const res = await search("zEpHyR");
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ q: "zEpHyR", limit: 5 });
    expect(res.body.data.tasks.map((t: { name: string }) => t.name)).toEqual([
      "Zephyr Marine – Hull cover",
      "zephyr yachts – Liability",
      "Zephyrine Spa – Property",
      "Other Zephyr – Cyber",
    ]);
    expect(res.body.data.tasks[0]).toEqual({
      id: made["Zephyr Marine – Hull cover"],
      type: "task",
      name: "Zephyr Marine – Hull cover",
      subtitle: "New business · Qualified",
      url: `/tasks/${made["Zephyr Marine – Hull cover"]}`,
    });
    // Full name or e-mail.
    expect(res.body.data.individuals).toEqual([
      { id: made["ind mail"], type: "individual", name: "Quentin Blake", subtitle: "zephyr.fan@example.com", url: `/individual/${made["ind mail"]}` },
      { id: made["ind zephyr"], type: "individual", name: "Zephyr Hughes", subtitle: "z.hughes@example.com", url: `/individual/${made["ind zephyr"]}` },
    ]);
    expect(res.body.data.companies).toEqual([
      { id: made["co zephyr"], type: "company", name: "Zephyr Holdings plc", subtitle: "Bristol", url: `/company/${made["co zephyr"]}` },
    ]);
  });

  it("is the company's own: another company's records never show", async () => {
    const mine = await search("zephyr", {}, owner);
    expect(mine.body.data.tasks.map((t: { id: number }) => t.id)).toEqual([made["bloom zephyr"]]);
    expect(mine.body.data.individuals.map((i: { id: number }) => i.id)).toEqual([made["ind bloom"]]);
    expect(mine.body.data.companies.map((c: { id: number }) => c.id)).toEqual([made["co bloom"]]);
    const theirs = await search("zephyr café");
    expect(theirs.body.data.tasks).toEqual([]);
  });

  it("limits each group (default 5, at most 20), names that start with the text first; matches the start of a word only", async () => {
    const two = await search("zephyr", { limit: 2 });
    expect(two.body.data.tasks.map((t: { name: string }) => t.name)).toEqual(["Zephyr Marine – Hull cover", "zephyr yachts – Liability"]);
    expect(two.body.data.individuals).toHaveLength(2);
    expect(two.body.meta.limit).toBe(2);
    // A surname, a later word of a task's or a company's name.
    const florence = await makeIndividual(api, harbour, "Florence", "Quillfeather", "fq@example.com");
    expect((await search("quillfeather")).body.data.individuals.map((i: { id: number }) => i.id)).toEqual([florence]);
    expect((await search("holdings")).body.data.companies.map((c: { id: number }) => c.id)).toEqual([made["co zephyr"]]);
    expect((await search("zephyr", { limit: 20 })).body.data.tasks.map((t: { name: string }) => t.name)).toEqual([
      "Zephyr Marine – Hull cover",
      "zephyr yachts – Liability",
      "Zephyrine Spa – Property",
      "Other Zephyr – Cyber",
    ]);
    // Inside a word is not a match.
    expect((await search("ephyr")).body.data).toEqual({ tasks: [], individuals: [], companies: [] });
    expect((await search("other z")).body.data.tasks.map((t: { id: number }) => t.id)).toEqual([made["Other Zephyr – Cyber"]]);
  });

  it("treats % and _ as plain characters", async () => {
    expect((await search("100%")).body.data.tasks.map((t: { name: string }) => t.name)).toEqual(["100% Cover Ltd – Motor"]);
    expect((await search("10%")).body.data.tasks).toEqual([]);
    expect((await search("1_0")).body.data.tasks).toEqual([]);
    expect((await search("%")).body.data.tasks).toEqual([]);
  });

  it("shows only the groups the caller may see", async () => {
    const tasksOnly = await search("zephyr", {}, viewer);
    expect(Object.keys(tasksOnly.body.data)).toEqual(["tasks"]);
    const people = await userWith(api, "Harbour Brokers", ["individual_view"]);
    const res = await search("zephyr", {}, people.token);
    expect(Object.keys(res.body.data)).toEqual(["individuals"]);
    const nothing = await userWith(api, "Harbour Brokers", ["team_view"]);
    expect((await search("zephyr", {}, nothing.token)).body.data).toEqual({});
  });

  it("answers 422 for a missing or too long text or a bad limit, 401 without a token", async () => {
    for (const [query, field] of [
      [{}, "q"],
      [{ q: "   " }, "q"],
      [{ q: "x".repeat(101) }, "q"],
      [{ q: "a", limit: 0 }, "limit"],
      [{ q: "a", limit: 21 }, "limit"],
      [{ q: "a", limit: "many" }, "limit"],
    ] as const) {
      const res = await api.request("GET", "/global-search", { token: admin, query });
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect((await api.request("GET", "/global-search", { query: { q: "a" } })).status).toBe(401);
  });

  it("runs a fixed handful of queries", async () => {
    expect(await countQueries(api, () => search("z", { limit: 20 }))).toBeLessThanOrEqual(8);
  });
});

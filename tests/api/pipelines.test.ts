import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pipelines, pipelineStages, pipelineTargets, pipelineUsers, tasks } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";
import { demoPipeline, emptyTenant, makePipeline, makeTask, tenantId, userId, userWith } from "../helpers/crm";

let api: TestApi;
let admin: string;
let viewer: string;
let adviser: string;
let owner: string;
let harbour: number;

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, adviser, owner] = await Promise.all([
    api.login("admin@harbour.test"),
    api.login("viewer@harbour.test"),
    api.login("adviser@northgate.test"),
    api.login("owner@bloom.test"),
  ]);
  harbour = await tenantId(api, "Harbour Brokers");
});
afterAll(async () => {
  await api?.close();
});

const get = (url: string, query: Record<string, unknown> = {}, token = admin) => api.request("GET", url, { token, query });
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((p) => p.name);

/** Everything pipeline-related of a tenant, to prove a refused call changed nothing. */
async function snapshot(tid = harbour) {
  const db = api.database.db;
  return {
    pipelines: await db.select().from(pipelines).where(eq(pipelines.tenantId, tid)).orderBy(pipelines.id),
    stages: await db.select().from(pipelineStages).where(eq(pipelineStages.tenantId, tid)).orderBy(pipelineStages.id),
    users: await db.select().from(pipelineUsers).where(eq(pipelineUsers.tenantId, tid)).orderBy(pipelineUsers.pipelineId, pipelineUsers.userId),
  };
}

describe("GET /pipelines", () => {
  it("lists the company's pipelines by name with counts, paged", async () => {
    const res = await get("/pipelines");
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["Employee benefits", "Legacy referrals", "New business", "Renewals"]);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 10, total: 4, last_page: 1 });
    const nb = res.body.data.find((p: { name: string }) => p.name === "New business");
    const db = api.database.db;
    const [{ all }] = await db.select({ all: count() }).from(tasks).where(eq(tasks.pipelineId, nb.id));
    const [{ open, value }] = await db
      .select({ open: count(), value: sql<string>`coalesce(sum(${tasks.expectedRevenue}), 0)` })
      .from(tasks)
      .where(and(eq(tasks.pipelineId, nb.id), eq(tasks.state, "open")));
    expect(nb).toEqual({
      id: expect.any(Number),
      name: "New business",
      status: 1,
      status_name: "Active",
      stages_count: 6,
      tasks_count: all,
      open_tasks_count: open,
      open_value: Number(value),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(all).toBeGreaterThan(0);
    expect(nb.stages).toBeUndefined();
  });

  it("filters by status (1 active, 0 archived), searches, sorts and pages", async () => {
    expect(names(await get("/pipelines", { filter: { status: 1 } }))).toEqual(["Employee benefits", "New business", "Renewals"]);
    const archived = await get("/pipelines", { filter: { status: "0" } });
    expect(names(archived)).toEqual(["Legacy referrals"]);
    expect(archived.body.data[0]).toMatchObject({ status: 0, status_name: "Archived" });
    expect(names(await get("/pipelines", { filter: { search: "NEW" } }))).toEqual(["New business", "Renewals"]);
    expect(names(await get("/pipelines", { filter: { search: "BUSI" } }))).toEqual(["New business"]);
    expect(names(await get("/pipelines", { filter: { search: "e", status: 1 }, sort: "-name" }))).toEqual(["Renewals", "New business", "Employee benefits"]);
    expect(names(await get("/pipelines", { sort: "status" }))).toEqual(["Legacy referrals", "Employee benefits", "New business", "Renewals"]);
    expect(names(await get("/pipelines", { sort: "-created_at", page: { size: 1 } }))).toEqual(["Legacy referrals"]);
    const page2 = await get("/pipelines", { page: { number: 2, size: 3 } });
    expect(names(page2)).toEqual(["Renewals"]);
    expect(page2.body.meta).toEqual({ current_page: 2, per_page: 3, total: 4, last_page: 2 });
    expect(page2.body.links.prev).toBe("/pipelines?page[number]=1&page[size]=3");
    expect((await get("/pipelines", { filter: { search: "nothing like this" } })).body.data).toEqual([]);
  });

  it("include=stages embeds each pipeline's stages in order, with their task counts", async () => {
    const res = await get("/pipelines", { include: "stages", filter: { search: "Renewals" } });
    const renewals = res.body.data[0];
    expect(renewals.stages.map((s: { name: string; order: number }) => [s.order, s.name])).toEqual([
      [1, "Renewal due"],
      [2, "Terms requested"],
      [3, "Terms received"],
      [4, "Renewed"],
      [5, "Lapsed"],
    ]);
    expect(renewals.stages[3]).toMatchObject({ outcome: "won", is_revenue: true, color: "#16a34a", pipeline_id: renewals.id });
    const counted = renewals.stages.reduce((s: number, x: { tasks_count: number }) => s + x.tasks_count, 0);
    expect(counted).toBe(renewals.tasks_count);
  });

  it("answers 422 for a bad status filter, page size or sort", async () => {
    const bad = await get("/pipelines", { filter: { status: 2 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ "filter.status": ["The status must be 1 (active) or 0 (archived)."] });
    expect((await get("/pipelines", { page: { size: 1000 } })).status).toBe(422);
    expect((await get("/pipelines", { sort: "na me" })).status).toBe(422);
  });

  it("is the company's own: other tenants see their own pipelines only", async () => {
    expect(names(await get("/pipelines", {}, owner))).toEqual(["Corporate gifting", "Events and catering", "Wholesale orders"]);
    expect(names(await get("/pipelines", {}, adviser))).toEqual(["Advice pipeline", "Protection reviews"]);
  });

  it("is a lookup of the task screens too: task_view may list pipelines; no permission at all answers 403; no token 401", async () => {
    expect((await get("/pipelines", {}, viewer)).status).toBe(200);
    const nobody = await userWith(api, "Harbour Brokers", ["team_view"]);
    expect((await get("/pipelines", {}, nobody.token)).status).toBe(403);
    expect((await api.request("GET", "/pipelines")).status).toBe(401);
  });
});

describe("POST /pipelines, GET and PUT /pipelines/:id", () => {
  it("creates a pipeline with its initial stages in order (201), shown by GET /pipelines/:id", async () => {
    const james = await userId(api, "james.wright@harbour.test");
    const created = await api.request("POST", "/pipelines", {
      token: admin,
      body: {
        name: "  Commercial property  ",
        stages: [
          { name: "Enquiry", color: "#AABBCC" },
          { name: "Survey", color: "#123456", is_contract: true },
          { name: "Bound", color: "#00ff00", outcome: "won" },
          { name: "Walked away", color: "#ff0000", outcome: "lost" },
        ],
        user_ids: [james],
      },
    });
    expect(created.status).toBe(201);
    const p = created.body.data;
    expect(p).toMatchObject({ name: "Commercial property", status: 1, stages_count: 4, tasks_count: 0, open_tasks_count: 0, open_value: 0 });
    expect(
      p.stages.map((s: { name: string; color: string; order: number; outcome: string; is_revenue: boolean; is_contract: boolean }) => [
        s.order,
        s.name,
        s.color,
        s.outcome,
        s.is_revenue,
        s.is_contract,
      ]),
    ).toEqual([
      [1, "Enquiry", "#aabbcc", "open", false, false],
      [2, "Survey", "#123456", "open", false, true],
      [3, "Bound", "#00ff00", "won", true, false],
      [4, "Walked away", "#ff0000", "lost", false, false],
    ]);
    expect(p.users).toEqual([{ id: james, name: "James", last_name: "Wright", full_name: "James Wright", email: "james.wright@harbour.test" }]);
    const shown = await get(`/pipelines/${p.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual(p);
  });

  it("gives a pipeline created without stages the default ones; a manager of another company may create theirs", async () => {
    const res = await api.request("POST", "/pipelines", { token: adviser, body: { name: "Mortgages", status: "0" } });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe(0);
    expect(res.body.data.stages.map((s: { name: string; outcome: string }) => `${s.name}:${s.outcome}`)).toEqual([
      "New:open",
      "In progress:open",
      "Won:won",
      "Lost:lost",
    ]);
    // The same name in another company is no clash.
    expect((await api.request("POST", "/pipelines", { token: owner, body: { name: "Mortgages" } })).status).toBe(201);
  });

  it("answers 422 with every field error, and creates nothing", async () => {
    const before = await snapshot();
    const bloomUser = await userId(api, "owner@bloom.test");
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ["Enter a pipeline name."] }],
      [{ name: "   " }, { name: ["Enter a pipeline name."] }],
      [{ name: "x".repeat(101) }, { name: ["The pipeline name may not be longer than 100 characters."] }],
      [{ name: "new BUSINESS" }, { name: ["A pipeline with this name already exists."] }],
      [{ name: "P", status: 3 }, { status: ["The status must be 1 (active) or 0 (archived)."] }],
      [{ name: "P", stages: [{ name: "A", color: "red" }] }, { "stages.0.color": ["Choose a colour as #rrggbb."] }],
      [{ name: "P", stages: [{ name: "", color: "#000000" }] }, { "stages.0.name": ["Enter a stage name."] }],
      [{ name: "P", stages: [{ name: "A", color: "#000000", outcome: "maybe" }] }, { "stages.0.outcome": ["The outcome must be open, won or lost."] }],
      [
        {
          name: "P",
          stages: [
            { name: "A", color: "#000000" },
            { name: "a", color: "#000000" },
          ],
        },
        { "stages.1.name": ["This pipeline already has a stage with this name."] },
      ],
      [{ name: "P", user_ids: [bloomUser] }, { user_ids: ["Choose users of your company."] }],
      [{ name: "P", user_ids: ["x"] }, { "user_ids.0": ["Choose a user."] }],
    ];
    for (const [body, errors] of cases) {
      const res = await api.request("POST", "/pipelines", { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("renames and archives with PUT /pipelines/:id; a taken name answers 422", async () => {
    const p = await makePipeline(api, admin, { name: "Marine" });
    const res = await api.request("PUT", `/pipelines/${p.id}`, { token: admin, body: { name: "Marine cargo", status: 0 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: p.id, name: "Marine cargo", status: 0, status_name: "Archived" });
    expect(res.body.data.stages).toHaveLength(4);
    expect((await api.request("PUT", `/pipelines/${p.id}`, { token: admin, body: { name: "MARINE CARGO" } })).status).toBe(200);
    const taken = await api.request("PUT", `/pipelines/${p.id}`, { token: admin, body: { name: "Renewals" } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: ["A pipeline with this name already exists."] });
  });

  it("GET /pipelines/:id needs a pipeline permission (task_view is not enough); writes need pipeline_manage", async () => {
    const { id } = await demoPipeline(api, "Harbour Brokers", "New business");
    expect((await get(`/pipelines/${id}`, {}, viewer)).status).toBe(403);
    const reader = await userWith(api, "Harbour Brokers", ["pipeline_view"]);
    expect((await get(`/pipelines/${id}`, {}, reader.token)).status).toBe(200);
    const before = await snapshot();
    for (const token of [viewer, reader.token]) {
      expect((await api.request("POST", "/pipelines", { token, body: { name: "Nope" } })).status).toBe(403);
      expect((await api.request("PUT", `/pipelines/${id}`, { token, body: { name: "Nope" } })).status).toBe(403);
      expect((await api.request("PUT", "/pipelines/archive", { token, body: { ids: [id] } })).status).toBe(403);
      expect((await api.request("POST", `/pipelines/${id}/pipeline-stages`, { token, body: { name: "X", color: "#000000" } })).status).toBe(403);
      expect((await api.request("PUT", `/pipelines/${id}/users`, { token, body: { user_ids: [] } })).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect((await api.request("GET", `/pipelines/${id}`)).status).toBe(401);
  });

  it("another company's pipeline answers 404 on every path, and nothing changes", async () => {
    const bloom = await demoPipeline(api, "Bloom Bakery Ltd", "Wholesale orders");
    const stage = bloom.stages[0].id;
    const bloomTenant = await tenantId(api, "Bloom Bakery Ltd");
    const before = await snapshot(bloomTenant);
    const calls: [string, string, unknown?][] = [
      ["GET", `/pipelines/${bloom.id}`],
      ["PUT", `/pipelines/${bloom.id}`, { name: "Mine now" }],
      ["PUT", "/pipelines/archive", { ids: [bloom.id], status: 0 }],
      ["GET", `/pipelines/${bloom.id}/pipeline-stages`],
      ["POST", `/pipelines/${bloom.id}/pipeline-stages`, { name: "X", color: "#000000" }],
      ["PUT", `/pipelines/${bloom.id}/pipeline-stages/${stage}`, { name: "X", color: "#000000" }],
      ["PUT", `/pipelines/${bloom.id}/update-order`, { pipeline_stage_id: bloom.stages.map((s) => s.id).reverse() }],
      ["PUT", `/pipelines/${bloom.id}/users`, { user_ids: [] }],
      ["GET", `/pipelines/${bloom.id}/targets`],
      ["GET", `/pipelines/${bloom.id}/my/targets`],
      ["GET", `/pipelines/${bloom.id}/targets/users`],
      ["PUT", `/pipelines/${bloom.id}/targets`, { period: "month", period_start: "2026-01-01", targets: [{ user_id: 1, revenue_target: 1, count_target: 1 }] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await api.request(method as "GET", url, { token: admin, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    for (const url of ["/pipelines/abc", "/pipelines/0", "/pipelines/99999999", "/pipelines/1.5/pipeline-stages"])
      expect((await get(url)).status, url).toBe(404);
    expect(await snapshot(bloomTenant)).toEqual(before);
  });
});

describe("PUT /pipelines/archive", () => {
  it("archives and restores several pipelines at once", async () => {
    const a = await makePipeline(api, admin, { name: "Archive me A" });
    const b = await makePipeline(api, admin, { name: "Archive me B" });
    const res = await api.request("PUT", "/pipelines/archive", { token: admin, body: { ids: [a.id, b.id], status: 0 } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { name: string; status: number }) => [p.name, p.status])).toEqual([
      ["Archive me A", 0],
      ["Archive me B", 0],
    ]);
    expect(names(await get("/pipelines", { filter: { status: 0, search: "archive me" } }))).toEqual(["Archive me A", "Archive me B"]);
    // status defaults to 0 (archive); 1 restores.
    await api.request("PUT", "/pipelines/archive", { token: admin, body: { ids: [a.id], status: 1 } });
    expect(names(await get("/pipelines", { filter: { status: 1, search: "archive me" } }))).toEqual(["Archive me A"]);
  });

  it("answers 422 without ids, and 404 (changing nothing) when one id is another company's", async () => {
    expect((await api.request("PUT", "/pipelines/archive", { token: admin, body: { ids: [] } })).body.errors).toEqual({ ids: ["No items selected"] });
    expect((await api.request("PUT", "/pipelines/archive", { token: admin, body: { ids: [1], status: 5 } })).status).toBe(422);
    const mine = await makePipeline(api, admin, { name: "Archive mixed" });
    const theirs = await demoPipeline(api, "Bloom Bakery Ltd", "Wholesale orders");
    const res = await api.request("PUT", "/pipelines/archive", { token: admin, body: { ids: [mine.id, theirs.id], status: 0 } });
    expect(res.status).toBe(404);
    expect((await get(`/pipelines/${mine.id}`)).body.data.status).toBe(1);
    expect((await demoPipeline(api, "Bloom Bakery Ltd", "Wholesale orders")).status).toBe(1);
  });
});

describe("pipeline stages", () => {
  it("GET /pipelines/:id/pipeline-stages lists the stages in order with task counts and values (task_view may read)", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const res = await get(`/pipelines/${nb.id}/pipeline-stages`, {}, viewer);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(["Lead", "Qualified", "Quote sent", "Negotiation", "Won", "Lost"]);
    const lead = res.body.data[0];
    const [{ n, v }] = await api.database.db
      .select({ n: count(), v: sql<string>`coalesce(sum(${tasks.expectedRevenue}), 0)` })
      .from(tasks)
      .where(eq(tasks.pipelineStageId, lead.id));
    expect(lead).toEqual({
      id: nb.stages[0].id,
      pipeline_id: nb.id,
      name: "Lead",
      color: "#64748b",
      order: 1,
      outcome: "open",
      is_revenue: false,
      is_contract: false,
      tasks_count: n,
      tasks_value: Number(v),
    });
  });

  it("POST adds a stage at the end (201); 422 for a taken name or a bad colour", async () => {
    const p = await makePipeline(api, admin);
    const res = await api.request("POST", `/pipelines/${p.id}/pipeline-stages`, { token: admin, body: { name: "On hold", color: "#ABCDEF" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ pipeline_id: p.id, name: "On hold", color: "#abcdef", order: 5, outcome: "open", tasks_count: 0 });
    const again = await api.request("POST", `/pipelines/${p.id}/pipeline-stages`, { token: admin, body: { name: "on HOLD", color: "#000000" } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ name: ["This pipeline already has a stage with this name."] });
    const colour = await api.request("POST", `/pipelines/${p.id}/pipeline-stages`, { token: admin, body: { name: "Other", color: "#12345" } });
    expect(colour.body.errors).toEqual({ color: ["Choose a colour as #rrggbb."] });
    expect((await get(`/pipelines/${p.id}/pipeline-stages`)).body.data).toHaveLength(5);
  });

  it("PUT /pipelines/:id/pipeline-stages/:stageId renames and recolours; the stage must be the pipeline's", async () => {
    const p = await makePipeline(api, admin);
    const other = await makePipeline(api, admin);
    const stage = p.stages[1];
    const res = await api.request("PUT", `/pipelines/${p.id}/pipeline-stages/${stage.id}`, {
      token: admin,
      body: { pipeline_id: p.id, name: "Quoted", color: "#0000FF" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: stage.id, pipeline_id: p.id, name: "Quoted", color: "#0000ff", order: 2, is_contract: true });
    // pipeline_id in the body must be the stage's own.
    const moved = await api.request("PUT", `/pipelines/${p.id}/pipeline-stages/${stage.id}`, {
      token: admin,
      body: { pipeline_id: other.id, name: "Quoted", color: "#0000ff" },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ pipeline_id: ["The stage belongs to another pipeline."] });
    // A stage of another pipeline under this pipeline's path is not found.
    expect(
      (await api.request("PUT", `/pipelines/${p.id}/pipeline-stages/${other.stages[0].id}`, { token: admin, body: { name: "X", color: "#000000" } })).status,
    ).toBe(404);
    const clash = await api.request("PUT", `/pipelines/${p.id}/pipeline-stages/${stage.id}`, { token: admin, body: { name: "lead", color: "#000000" } });
    expect(clash.body.errors).toEqual({ name: ["This pipeline already has a stage with this name."] });
    expect((await api.request("PUT", `/pipelines/${p.id}/pipeline-stages/${stage.id}`, { token: admin, body: { color: "#000000" } })).body.errors).toEqual({
      name: ["Enter a stage name."],
    });
  });

  it("changing a stage's outcome carries its tasks along: open → won closes them, back to open reopens them", async () => {
    const p = await makePipeline(api, admin);
    const task = await makeTask(api, admin, { pipeline_id: p.id, pipeline_stage_id: p.stages[1].id });
    expect(task.state).toBe("open");
    await api.request("PUT", `/pipelines/${p.id}/pipeline-stages/${p.stages[1].id}`, {
      token: admin,
      body: { name: "Quote", color: "#222222", outcome: "won" },
    });
    const won = (await get(`/task/${task.id}`)).body.data;
    expect(won).toMatchObject({ state: "won", open: false, closed_at: expect.any(String) });
    await api.request("PUT", `/pipelines/${p.id}/pipeline-stages/${p.stages[1].id}`, {
      token: admin,
      body: { name: "Quote", color: "#222222", outcome: "open" },
    });
    expect((await get(`/task/${task.id}`)).body.data).toMatchObject({ state: "open", closed_at: null });
  });
});

describe("PUT /pipelines/:id/update-order", () => {
  it("puts the stages in the order given", async () => {
    const p = await makePipeline(api, admin);
    const ids = p.stages.map((s) => s.id);
    const order = [ids[2], ids[0], ids[3], ids[1]];
    const res = await api.request("PUT", `/pipelines/${p.id}/update-order`, { token: admin, body: { pipeline_stage_id: order } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { id: number; order: number }) => [s.id, s.order])).toEqual(order.map((id, i) => [id, i + 1]));
    expect((await get(`/pipelines/${p.id}`)).body.data.stages.map((s: { id: number }) => s.id)).toEqual(order);
  });

  it("must hold exactly that pipeline's stages, each once (422 otherwise, the order unchanged)", async () => {
    const p = await makePipeline(api, admin);
    const other = await makePipeline(api, admin);
    const ids = p.stages.map((s) => s.id);
    const message = { pipeline_stage_id: ["Send every stage of this pipeline exactly once."] };
    for (const list of [
      ids.slice(1),
      [...ids, ids[0]],
      [ids[0], ids[0], ids[1], ids[2]],
      [...ids.slice(1), other.stages[0].id],
      [...ids, other.stages[0].id],
    ]) {
      const res = await api.request("PUT", `/pipelines/${p.id}/update-order`, { token: admin, body: { pipeline_stage_id: list } });
      expect(res.status, JSON.stringify(list)).toBe(422);
      expect(res.body.errors).toEqual(message);
    }
    expect((await api.request("PUT", `/pipelines/${p.id}/update-order`, { token: admin, body: { pipeline_stage_id: [] } })).body.errors).toEqual({
      pipeline_stage_id: ["Send the stages in their new order."],
    });
    expect((await api.request("PUT", `/pipelines/${p.id}/update-order`, { token: admin, body: { pipeline_stage_id: ["a"] } })).status).toBe(422);
    expect((await get(`/pipelines/${p.id}`)).body.data.stages.map((s: { id: number }) => s.id)).toEqual(ids);
  });
});

describe("GET /revenue-stages and /contract-stages", () => {
  it("list the flagged stages of active pipelines, with their pipeline; filter[pipeline_id] narrows", async () => {
    const revenue = await get("/revenue-stages", {}, viewer);
    expect(revenue.status).toBe(200);
    const pairs = revenue.body.data.map((s: { pipeline: { name: string }; name: string }) => `${s.pipeline.name}/${s.name}`);
    expect(pairs).toEqual(expect.arrayContaining(["Employee benefits/Live", "New business/Won", "Renewals/Renewed"]));
    expect(pairs.some((x: string) => x.startsWith("Legacy referrals/"))).toBe(false); // archived
    expect(revenue.body.data.every((s: { is_revenue: boolean }) => s.is_revenue)).toBe(true);
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const contract = await get("/contract-stages", { filter: { pipeline_id: nb.id } });
    expect(contract.body.data.map((s: { name: string }) => s.name)).toEqual(["Quote sent", "Negotiation"]);
    expect(contract.body.data[0]).toEqual({
      id: nb.stages[2].id,
      pipeline_id: nb.id,
      name: "Quote sent",
      color: "#6366f1",
      order: 3,
      outcome: "open",
      is_revenue: false,
      is_contract: true,
      pipeline: { id: nb.id, name: "New business" },
    });
    expect((await get("/contract-stages", { filter: { pipeline_id: "x" } })).status).toBe(422);
    const bloom = await get("/revenue-stages", {}, owner);
    expect(bloom.body.data.map((s: { pipeline: { name: string } }) => s.pipeline.name)).not.toContain("New business");
  });
});

describe("PUT /pipelines/:id/users", () => {
  it("replaces who works the pipeline; only the company's active users", async () => {
    const p = await makePipeline(api, admin);
    const [emily, tom] = await Promise.all([userId(api, "emily.chen@harbour.test"), userId(api, "tom.fletcher@harbour.test")]);
    const res = await api.request("PUT", `/pipelines/${p.id}/users`, { token: admin, body: { user_ids: [tom, emily, tom] } });
    expect(res.status).toBe(200);
    expect(res.body.data.users.map((u: { full_name: string }) => u.full_name)).toEqual(["Emily Chen", "Tom Fletcher"]);
    const foreign = await api.request("PUT", `/pipelines/${p.id}/users`, { token: admin, body: { user_ids: [emily, await userId(api, "owner@bloom.test")] } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ user_ids: ["Choose users of your company."] });
    const invited = await userId(api, "new.starter@harbour.test");
    expect((await api.request("PUT", `/pipelines/${p.id}/users`, { token: admin, body: { user_ids: [invited] } })).status).toBe(422);
    expect((await api.request("PUT", `/pipelines/${p.id}/users`, { token: admin, body: {} })).status).toBe(422);
    expect((await get(`/pipelines/${p.id}`)).body.data.users).toHaveLength(2);
    const cleared = await api.request("PUT", `/pipelines/${p.id}/users`, { token: admin, body: { user_ids: [] } });
    expect(cleared.body.data.users).toEqual([]);
  });
});

describe("pipeline targets", () => {
  it("sets users' targets for a period and reports them against what was won and what is open", async () => {
    const [james, priya] = await Promise.all([userId(api, "james.wright@harbour.test"), userId(api, "priya.patel@harbour.test")]);
    const p = await makePipeline(api, admin, { user_ids: [james, priya] });
    const [lead, , won] = p.stages;
    // Won now (this month) by James: £1,000 and £500; open with Priya: £2,000; won by nobody: £300.
    await makeTask(api, admin, { pipeline_id: p.id, pipeline_stage_id: won.id, team_member_id: james, expected_revenue: 1000 });
    await makeTask(api, admin, { pipeline_id: p.id, pipeline_stage_id: won.id, team_member_id: james, expected_revenue: "500.00" });
    await makeTask(api, admin, { pipeline_id: p.id, pipeline_stage_id: lead.id, team_member_id: priya, expected_revenue: 2000 });
    await makeTask(api, admin, { pipeline_id: p.id, pipeline_stage_id: won.id, expected_revenue: 300 });

    const today = new Date().toISOString().slice(0, 10);
    const set = await api.request("PUT", `/pipelines/${p.id}/targets`, {
      token: admin,
      body: {
        period: "month",
        period_start: today,
        targets: [
          { user_id: james, revenue_target: 4000, count_target: 4 },
          { user_id: priya, revenue_target: "1,000", count_target: 0 },
        ],
      },
    });
    expect(set.status).toBe(200);
    expect(set.body.meta).toMatchObject({ pipeline_id: p.id, period: "month", period_start: `${today.slice(0, 8)}01` });
    const rows = Object.fromEntries(set.body.data.map((r: { user: { full_name: string } }) => [r.user.full_name, r]));
    expect(rows["James Wright"]).toMatchObject({
      revenue_target: 4000,
      count_target: 4,
      won_revenue: 1500,
      won_count: 2,
      open_value: 0,
      open_count: 0,
      revenue_progress: 37.5,
      count_progress: 50,
    });
    expect(rows["Priya Patel"]).toMatchObject({
      revenue_target: 1000,
      count_target: 0,
      won_revenue: 0,
      won_count: 0,
      open_value: 2000,
      open_count: 1,
      revenue_progress: 0,
      count_progress: null,
    });
    expect((await get(`/pipelines/${p.id}/targets/users`)).body).toEqual(set.body);

    const total = await get(`/pipelines/${p.id}/targets`, { period: "month" });
    expect(total.status).toBe(200);
    expect(total.body.data).toMatchObject({
      pipeline_id: p.id,
      period: "month",
      revenue_target: 5000,
      count_target: 4,
      won_revenue: 1800,
      won_count: 3,
      open_value: 2000,
      open_count: 1,
    });

    const me = await userWith(api, "Harbour Brokers", ["pipeline_view"]);
    const mine = await get(`/pipelines/${p.id}/my/targets`, {}, me.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ revenue_target: 0, count_target: 0, won_revenue: 0, revenue_progress: null });
    // Everyone's targets need 'view pipeline targets' (or managing pipelines).
    expect((await get(`/pipelines/${p.id}/targets`, {}, me.token)).status).toBe(403);
    expect((await get(`/pipelines/${p.id}/targets/users`, {}, me.token)).status).toBe(403);
    const watcher = await userWith(api, "Harbour Brokers", ["pipeline_targets_view"]);
    expect((await get(`/pipelines/${p.id}/targets/users`, {}, watcher.token)).status).toBe(200);

    // Another period: nothing set, nothing won.
    const lastYear = await get(`/pipelines/${p.id}/targets`, { period: "year", date: `${Number(today.slice(0, 4)) - 1}-06-15` });
    expect(lastYear.body.data).toMatchObject({
      period: "year",
      period_start: `${Number(today.slice(0, 4)) - 1}-01-01`,
      revenue_target: 0,
      won_count: 0,
      open_count: 1,
    });
    const saved = await api.database.db.select().from(pipelineTargets).where(eq(pipelineTargets.pipelineId, p.id));
    expect(saved).toHaveLength(2);
  });

  it("answers 422 for a bad period, date, amount or user, and 403 to a user who may not manage", async () => {
    const p = await makePipeline(api, admin);
    const james = await userId(api, "james.wright@harbour.test");
    const good = { period: "quarter", period_start: "2026-02-10", targets: [{ user_id: james, revenue_target: 10, count_target: 1 }] };
    const cases: [unknown, string][] = [
      [{ ...good, period: "decade" }, "period"],
      [{ ...good, period_start: "2026-02-30" }, "period_start"],
      [{ ...good, targets: [{ user_id: james, revenue_target: -1, count_target: 1 }] }, "targets.0.revenue_target"],
      [{ ...good, targets: [{ user_id: james, revenue_target: 1, count_target: 1.5 }] }, "targets.0.count_target"],
      [{ ...good, targets: [] }, "targets"],
      [{ ...good, targets: [{ user_id: await userId(api, "owner@bloom.test"), revenue_target: 1, count_target: 1 }] }, "targets"],
    ];
    for (const [body, field] of cases) {
      const res = await api.request("PUT", `/pipelines/${p.id}/targets`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await get(`/pipelines/${p.id}/targets`, { period: "fortnight" })).status).toBe(422);
    expect((await api.request("PUT", `/pipelines/${p.id}/targets`, { token: viewer, body: good })).status).toBe(403);
    const ok = await api.request("PUT", `/pipelines/${p.id}/targets`, { token: admin, body: good });
    expect(ok.body.meta.period_start).toBe("2026-01-01");
  });
});

describe("an empty company", () => {
  it("has no pipelines, and its manager can build one from scratch", async () => {
    const boss = await emptyTenant(api, ["pipeline_manage"]);
    expect((await get("/pipelines", {}, boss.token)).body).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
    const p = await makePipeline(api, boss.token, { name: "New business" });
    expect((await get("/pipelines", {}, boss.token)).body.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await get(`/pipelines/${p.id}`)).status).toBe(404);
  });
});

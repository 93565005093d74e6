import { and, asc, count, eq, gte, inArray, lt, ne, sql, type AnyColumn } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, notes, notifications, taskDocuments, taskProducts, tasks, teamMembers, teams } from "#api/db/schema";
import { KEYSET_FROM } from "#api/http/paging";
import { createTestApi, type TestApi } from "../helpers/api";
import { countQueries, demoPipeline, makeCompany, makeIndividual, makePipeline, makeTask, tenantId, userId, userWith } from "../helpers/crm";
import { sendMultipart, TINY_PNG } from "../helpers/multipart";

let api: TestApi;
let admin: string;
let viewer: string;
let owner: string;
let harbour: number;
let adminId: number;

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, owner] = await Promise.all([api.login("admin@harbour.test"), api.login("viewer@harbour.test"), api.login("owner@bloom.test")]);
  harbour = await tenantId(api, "Harbour Brokers");
  adminId = await userId(api, "admin@harbour.test");
});
afterAll(async () => {
  await api?.close();
});

type Row = Record<string, any>;
const get = (url: string, query: Record<string, unknown> = {}, token = admin) => api.request("GET", url, { token, query });
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((t) => t.id);
const db = () => api.database.db;

/** How many of Harbour's tasks match a condition (the independent check of a filter). */
async function harbourCount(where?: ReturnType<typeof and>) {
  const [{ n }] = await db()
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.tenantId, harbour), where));
  return n;
}

async function activityOf(taskId: number) {
  return db()
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subjectType, "task"), eq(activityLog.subjectId, taskId)))
    .orderBy(asc(activityLog.id));
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

describe("GET /task", () => {
  it("lists the company's tasks, newest first, 10 a page, with ids and no embedded relations by default", async () => {
    const res = await get("/task");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 10, total: await harbourCount() });
    const created = res.body.data.map((t: Row) => t.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const t = res.body.data[0];
    expect(Object.keys(t).sort()).toEqual(
      [
        "id",
        "name",
        "description",
        "priority",
        "priority_name",
        "review_status",
        "review_status_name",
        "pipeline_id",
        "pipeline_stage_id",
        "team_id",
        "team_member_id",
        "source_individual_id",
        "company_id",
        "expected_revenue",
        "expected_revenue_start_date",
        "payment_frequency_id",
        "size",
        "expected_close_date",
        "kyb",
        "confidenceInRevenueTimingId",
        "confidenceInRevenueEstimateId",
        "confidenceInExecutionId",
        "confidenceInClientId",
        "datapoints",
        "state",
        "open",
        "closed_at",
        "created_by",
        "created_at",
        "updated_at",
      ].sort(),
    );
    const page2 = await get("/task", { page: { number: 2 } });
    expect(ids(page2).some((id: number) => ids(res).includes(id))).toBe(false);
    expect((await get("/task", { page: { size: 999 } })).body.data).toHaveLength(await harbourCount());
    expect((await get("/task", { page: { size: 1000 } })).status).toBe(422);
  });

  it("embeds what include= asks for (includes= too): pipeline, stage, team member, team, individual, company, products, confidence", async () => {
    const res = await get("/task", { include: "pipeline,pipelineStage,teamMember,team,sourceIndividual,products", page: { size: 50 } });
    expect(res.status).toBe(200);
    const withMember = res.body.data.find((t: Row) => t.team_member_id !== null && t.team_id !== null);
    expect(withMember.pipeline).toEqual({ id: withMember.pipeline_id, name: expect.any(String), status: expect.any(Number) });
    expect(withMember.pipelineStage).toMatchObject({
      id: withMember.pipeline_stage_id,
      pipeline_id: withMember.pipeline_id,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(withMember.teamMember).toMatchObject({
      id: withMember.team_member_id,
      full_name: expect.any(String),
      email: expect.stringContaining("@harbour.test"),
    });
    expect(withMember.team).toEqual({ id: withMember.team_id, name: expect.any(String) });
    expect(res.body.data.every((t: Row) => Array.isArray(t.products))).toBe(true);
    const withProducts = res.body.data.find((t: Row) => t.products.length > 0);
    const [{ n }] = await db().select({ n: count() }).from(taskProducts).where(eq(taskProducts.taskId, withProducts.id));
    expect(withProducts.products).toHaveLength(n);
    expect(withProducts.products[0]).toMatchObject({
      task_id: withProducts.id,
      product_type: { id: expect.any(Number), name: expect.any(String) },
      premium: expect.any(Number),
    });
    expect(res.body.data[0].company).toBeUndefined();
    expect(res.body.data[0].confidence).toBeUndefined();
    const alt = await get("/task", { includes: "team", page: { size: 1 } });
    expect(Object.keys(alt.body.data[0])).toContain("team");
    const bad = await get("/task", { include: "pipeline,secrets" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.include[0]).toContain("Unknown include: secrets");
  });

  it("filters by pipeline, stage, team member (or 'me'), team, priority, review status, and lists of them", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const james = await userId(api, "james.wright@harbour.test");
    const [claims] = await db()
      .select()
      .from(teams)
      .where(and(eq(teams.tenantId, harbour), eq(teams.name, "Claims")));
    const checks: [Record<string, unknown>, ReturnType<typeof and>][] = [
      [{ pipeline_id: nb.id }, eq(tasks.pipelineId, nb.id)],
      [{ pipeline_id: nb.id, pipeline_stage_id: nb.stages[0].id }, and(eq(tasks.pipelineId, nb.id), eq(tasks.pipelineStageId, nb.stages[0].id))],
      [{ pipeline_stage_id: `${nb.stages[0].id},${nb.stages[1].id}` }, inArray(tasks.pipelineStageId, [nb.stages[0].id, nb.stages[1].id])],
      [{ team_member_id: james }, eq(tasks.teamMemberId, james)],
      [{ team_member_id: "me" }, eq(tasks.teamMemberId, adminId)],
      [{ team_id: claims.id }, eq(tasks.teamId, claims.id)],
      [{ priority: 1 }, eq(tasks.priority, 1)],
      [{ priority: "1,3" }, inArray(tasks.priority, [1, 3])],
      [{ review_status: 5 }, eq(tasks.reviewStatus, 5)],
      [{ review_status: "2,3", priority: 2 }, and(inArray(tasks.reviewStatus, [2, 3]), eq(tasks.priority, 2))],
      [{ kyb: "true" }, eq(tasks.kyb, true)],
    ];
    for (const [filter, where] of checks) {
      const res = await get("/task", { filter, page: { size: 999 } });
      expect(res.status, JSON.stringify(filter)).toBe(200);
      const expected = await harbourCount(where);
      expect(expected, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(res.body.meta.total, JSON.stringify(filter)).toBe(expected);
      expect(res.body.data, JSON.stringify(filter)).toHaveLength(expected);
    }
    const mine = await get("/task", { filter: { team_member_id: "me" }, page: { size: 999 } });
    expect(mine.body.data.every((t: Row) => t.team_member_id === adminId)).toBe(true);
  });

  it("filter[open]=true lists open tasks only (false: won and lost); filter[state] picks one state", async () => {
    const open = await get("/task", { filter: { open: "true" }, page: { size: 999 } });
    expect(open.body.meta.total).toBe(await harbourCount(eq(tasks.state, "open")));
    expect(open.body.data.every((t: Row) => t.open && t.state === "open" && t.closed_at === null)).toBe(true);
    const closed = await get("/task", { filter: { open: "false" }, page: { size: 999 } });
    expect(closed.body.meta.total).toBe(await harbourCount(ne(tasks.state, "open")));
    expect(closed.body.data.every((t: Row) => !t.open && t.closed_at !== null)).toBe(true);
    const won = await get("/task", { filter: { state: "won" } });
    expect(won.body.meta.total).toBe(await harbourCount(eq(tasks.state, "won")));
  });

  it("filters by created date and expected close date ranges (UK calendar days, both ends included)", async () => {
    const [first] = await db().select().from(tasks).where(eq(tasks.tenantId, harbour)).orderBy(asc(tasks.createdAt)).limit(1);
    const from = new Date(first.createdAt.getTime() + 100 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(first.createdAt.getTime() + 200 * 86_400_000).toISOString().slice(0, 10);
    const london = (d: string) => sql`(${d}::timestamp at time zone 'Europe/London')`;
    const res = await get("/task", { filter: { created_at: { from, to } }, page: { size: 999 } });
    const expected = await harbourCount(and(gte(tasks.createdAt, london(from) as never), lt(tasks.createdAt, sql`${london(to)} + interval '1 day'` as never)));
    expect(expected).toBeGreaterThan(0);
    expect(res.body.meta.total).toBe(expected);
    const onlyFrom = await get("/task", { filter: { created_at: { from } } });
    expect(onlyFrom.body.meta.total).toBe(await harbourCount(gte(tasks.createdAt, london(from) as never)));
    const close = await get("/task", { filter: { expected_close_date: { from, to } }, page: { size: 999 } });
    expect(close.body.meta.total).toBe(await harbourCount(and(gte(tasks.expectedCloseDate, from), sql`${tasks.expectedCloseDate} <= ${to}`)));
    expect(close.body.data.every((t: Row) => t.expected_close_date >= from && t.expected_close_date <= to)).toBe(true);
  });

  it("searches names (case-insensitive, contains; % and _ are plain characters)", async () => {
    const [sample] = await db().select().from(tasks).where(eq(tasks.tenantId, harbour)).limit(1);
    const word = sample.name.split(" – ")[1].slice(2, 9);
    const res = await get("/task", { filter: { search: word.toUpperCase() }, page: { size: 999 } });
    expect(res.body.meta.total).toBe(await harbourCount(sql`${tasks.name} ilike ${`%${word}%`}`));
    expect(res.body.data.every((t: Row) => t.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect((await get("/task", { filter: { search: "%" } })).body.data).toEqual([]);
    expect((await get("/task", { filter: { search: "_" } })).body.data).toEqual([]);
  });

  it("searches of one or two characters match the start of a word; three or more match anywhere", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const stamp = String(Date.now() % 100_000).padStart(5, "0");
    const [first, inside, second] = [`Xq${stamp} lead`, `Mixq${stamp} lead`, `Lead xq${stamp}`];
    for (const name of [first, inside, second]) await makeTask(api, admin, { pipeline_id: nb.id, name });
    const names = async (search: string) => (await get("/task", { filter: { search }, page: { size: 999 } })).body.data.map((t: Row) => t.name as string);
    const short = await names("XQ");
    expect(short).toEqual(expect.arrayContaining([first, second]));
    expect(short).not.toContain(inside);
    expect(await names(`xq${stamp[0]}`)).toEqual(expect.arrayContaining([first, inside, second]));
  });

  it("filters by source individual and company", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const person = await makeIndividual(api, harbour, "Filter", "Person");
    const firm = await makeCompany(api, harbour, "Filter Firm Ltd");
    const a = await makeTask(api, admin, { pipeline_id: nb.id, source_individual_id: person });
    const b = await makeTask(api, admin, { pipeline_id: nb.id, company_id: firm, source_individual_id: person });
    expect(ids(await get("/task", { filter: { source_individual_id: person } }))).toEqual([b.id, a.id]);
    expect(ids(await get("/task", { filter: { company_id: firm } }))).toEqual([b.id]);
  });

  it("answers 422 for a filter value it cannot use", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pipeline_id: "abc" }, "filter.pipeline_id"],
      [{ pipeline_stage_id: "0" }, "filter.pipeline_stage_id"],
      [{ priority: "4" }, "filter.priority"],
      [{ review_status: "7" }, "filter.review_status"],
      [{ team_member_id: "1;drop" }, "filter.team_member_id"],
      [{ team_member_id: "1e1" }, "filter.team_member_id"],
      [{ team_id: "0x10" }, "filter.team_id"],
      [{ priority: "01" }, "filter.priority"],
      [{ open: "maybe" }, "filter.open"],
      [{ state: "pending" }, "filter.state"],
      [{ created_at: "2026-01-01" }, "filter.created_at"],
      [{ created_at: { from: "2026-02-30" } }, "filter.created_at.from"],
      [{ expected_close_date: { to: "soon" } }, "filter.expected_close_date.to"],
    ];
    for (const [filter, key] of cases) {
      const res = await get("/task", { filter });
      expect(res.status, JSON.stringify(filter)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(filter)).toEqual([key]);
    }
  });

  it("sorts by name, priority, created_at, updated_at, expected_revenue and expected close date, either way", async () => {
    const all = (await get("/task", { page: { size: 999 } })).body.data as Row[];
    const check = async (sort: string, key: (t: Row) => string | number) => {
      const got = (await get("/task", { sort, page: { size: 999 } })).body.data.map(key);
      const asc_ = [...got].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(got, sort).toEqual(sort.startsWith("-") ? asc_.reverse() : asc_);
      expect(got).toHaveLength(all.length);
    };
    await check("name", (t) => t.name.toLowerCase());
    await check("-name", (t) => t.name.toLowerCase());
    await check("priority", (t) => t.priority);
    await check("-priority", (t) => t.priority);
    await check("created_at", (t) => t.created_at);
    await check("-updated_at", (t) => t.updated_at);
    await check("expected_revenue", (t) => t.expected_revenue ?? 0);
    await check("-expected_revenue", (t) => t.expected_revenue ?? 0);
    await check("review_status", (t) => t.review_status);
    const byClose = (await get("/task", { sort: "expected_close_date", page: { size: 999 } })).body.data.map((t: Row) => t.expected_close_date).filter(Boolean);
    expect(byClose).toEqual([...byClose].sort());
    // Unknown sort fields fall back to the default order.
    expect(ids(await get("/task", { sort: "password" }))).toEqual(ids(await get("/task")));
  });

  it("runs the same number of queries whatever the page size (no query per row)", async () => {
    const include = "pipeline,pipelineStage,teamMember,team,sourceIndividual,company,products,confidence";
    // Both counted already (a remembered count saves a query: see the next test).
    await get("/task", { include, page: { size: 5 } });
    const small = await countQueries(api, () => get("/task", { include, page: { size: 5 } }));
    const large = await countQueries(api, () => get("/task", { include, page: { size: 100 } }));
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(9);
  });

  it("counts a list once while the company's tasks are unchanged, and counts again after any write", async () => {
    const pipeline = await makePipeline(api, admin);
    const stage = pipeline.stages[0].id;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await makeTask(api, admin, { pipeline_id: pipeline.id, pipeline_stage_id: stage }));
    const list = (page = 1) => get("/task", { filter: { pipeline_id: pipeline.id }, page: { size: 2, number: page } });
    const first = await countQueries(api, () => list());
    expect((await list()).body.meta.total).toBe(3);
    // Page 2 of the same list reuses the count: one query fewer than the first view.
    const second = await countQueries(api, () => list(2));
    expect(second).toBe(first - 1);
    expect((await list(2)).body.meta).toMatchObject({ total: 3, last_page: 2 });
    // A write through the API…
    await makeTask(api, admin, { pipeline_id: pipeline.id, pipeline_stage_id: stage });
    expect((await list()).body.meta.total).toBe(4);
    // …one straight in the database (a task moved to another pipeline)…
    const other = await makePipeline(api, admin);
    await db().update(tasks).set({ pipelineId: other.id, pipelineStageId: other.stages[0].id }).where(eq(tasks.id, made[0].id));
    expect((await list()).body.meta.total).toBe(3);
    // …and a deletion each count again.
    expect((await api.request("DELETE", "/task", { token: admin, body: { ids: [made[1].id] } })).status).toBeLessThan(300);
    expect((await list()).body.meta.total).toBe(2);
    // Another company's writes leave this count alone, and its own list is counted on its own.
    const bloomList = await get("/task", {}, owner);
    expect(bloomList.body.data.some((t: Row) => t.pipeline_id === pipeline.id)).toBe(false);
    expect((await list()).body.meta.total).toBe(2);
  });

  it("pages deep into a list from where the page before ended, sees a deep page again from its first row, and by position after a write", async () => {
    const pipeline = await makePipeline(api, admin);
    const stage = pipeline.stages[0].id;
    // Deep enough for remembered starts (KEYSET_FROM rows in), with ties in every sort key: a few names, three
    // priorities, creation times shared by many tasks; the id orders them.
    const rows = KEYSET_FROM + 150;
    await db().execute(sql`
      insert into tasks (tenant_id, name, pipeline_id, pipeline_stage_id, priority, expected_revenue, created_at)
      select ${harbour}, 'Keyset ' || (g % 7), ${pipeline.id}, ${stage}, g % 3 + 1, case when g % 4 = 0 then null else g % 50 end,
             timestamptz '2026-01-01' + (g % 40) * interval '1 hour'
      from generate_series(1, ${rows}) g`);
    const filter = { pipeline_id: pipeline.id };
    const size = 50;
    const deep = KEYSET_FROM / size + 1; // the first page KEYSET_FROM rows in
    const page = async (sort: string, n: number) => ids(await get("/task", { filter, sort, page: { size, number: n } }));
    const ordered = async (order: string) =>
      (
        (await db().execute(sql.raw(`select id from tasks where pipeline_id = ${pipeline.id} order by ${order}`))) as unknown as { rows: { id: number }[] }
      ).rows.map((r) => Number(r.id));
    const orders: Record<string, string> = {
      "-created_at": "created_at desc, id desc",
      name: "lower(name), id",
      "-priority": "priority desc, created_at desc, id desc",
      expected_revenue: "coalesce(expected_revenue, 0), id",
    };
    for (const [sort, order] of Object.entries(orders)) {
      const all = await ordered(order);
      const expected = (n: number) => all.slice((n - 1) * size, n * size);
      // Page by page up to the deep ones: each of those starts where the one before ended.
      for (let n = 1; n <= deep + 2; n++) expect(await page(sort, n), `${sort}, page ${n}`).toEqual(expected(n));
      // The deep pages again, out of order: each starts at its own first row, remembered.
      for (const n of [deep + 1, deep, deep + 2]) expect(await page(sort, n), `${sort}, page ${n} again`).toEqual(expected(n));
    }
    // A new task (the newest, so first): the remembered starts belong to the old version of the list, which is
    // read by position again — the deep page begins one task earlier.
    const before = await page("-created_at", deep);
    const added = await makeTask(api, admin, { pipeline_id: pipeline.id, pipeline_stage_id: stage, name: "Keyset newest" });
    const after = await ordered("created_at desc, id desc");
    expect(after[0]).toBe(added.id);
    expect(await page("-created_at", deep)).toEqual(after.slice((deep - 1) * size, deep * size));
    expect(await page("-created_at", deep)).not.toEqual(before);
    // A deletion too.
    expect((await api.request("DELETE", "/task", { token: admin, body: { ids: [after[1]] } })).status).toBeLessThan(300);
    expect(await page("-created_at", deep + 1)).toEqual(after.filter((id) => id !== after[1]).slice(deep * size, (deep + 1) * size));
  });

  it("answers a list asked again in the same shape (the same filters and sort, other values) for the new values", async () => {
    // The list's statements are built once per shape: a second request must not meet the first one's values.
    const [first, second] = [await makePipeline(api, admin), await makePipeline(api, admin)];
    const made = async (pipeline: typeof first, name: string, priority: number) =>
      (await makeTask(api, admin, { pipeline_id: pipeline.id, pipeline_stage_id: pipeline.stages[0].id, name, priority })).id;
    const alpha = await made(first, "Shape alpha one", 1);
    const alpha2 = await made(first, "Shape alpha two", 2);
    const beta = await made(second, "Shape beta one", 1);
    const list = (filter: Record<string, unknown>, sort = "name") => get("/task", { filter, sort });
    expect(ids(await list({ pipeline_id: first.id }))).toEqual([alpha, alpha2]);
    expect(ids(await list({ pipeline_id: second.id }))).toEqual([beta]);
    expect(ids(await list({ pipeline_id: first.id }, "-name"))).toEqual([alpha2, alpha]);
    expect(ids(await list({ pipeline_id: `${first.id},${second.id}`, priority: 1 }))).toEqual([alpha, beta]);
    expect(ids(await list({ pipeline_id: `${first.id},${second.id}`, priority: 2 }))).toEqual([alpha2]);
    expect(ids(await list({ search: "shape alpha" }))).toEqual([alpha, alpha2]);
    const betaList = await list({ search: "shape beta" });
    expect(ids(betaList)).toEqual([beta]);
    expect(betaList.body.meta.total).toBe(1);
    expect((await list({ search: "shape alpha" })).body.meta.total).toBe(2);
    // Another company, the same shape: its own tasks only.
    const theirs = await get("/task", { filter: { pipeline_id: first.id }, sort: "name" }, owner);
    expect(theirs.body.data).toEqual([]);
  });

  it("is the company's own: another company's list holds none of these tasks; 401 without a token, 403 without a task permission", async () => {
    const bloom = await get("/task", { page: { size: 999 } }, owner);
    expect(bloom.status).toBe(200);
    const bloomTenant = await tenantId(api, "Bloom Bakery Ltd");
    expect(bloom.body.meta.total).toBe((await db().select({ n: count() }).from(tasks).where(eq(tasks.tenantId, bloomTenant)))[0].n);
    const harbourIds = new Set(ids(await get("/task", { page: { size: 999 } })));
    expect(ids(bloom).some((id: number) => harbourIds.has(id))).toBe(false);
    expect((await get("/task", {}, viewer)).status).toBe(200);
    expect((await api.request("GET", "/task")).status).toBe(401);
    const nobody = await userWith(api, "Harbour Brokers", ["pipeline_view"]);
    expect((await get("/task", {}, nobody.token)).status).toBe(403);
  });
});

describe("GET /task/:id", () => {
  it("shows one task with everything embedded; another company's task or a bad id answers 404", async () => {
    const [sample] = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.tenantId, harbour), sql`${tasks.confidenceInClientId} is not null`))
      .limit(1);
    const res = await get(`/task/${sample.id}`, {}, viewer);
    expect(res.status).toBe(200);
    const t = res.body.data;
    expect(t).toMatchObject({
      id: sample.id,
      name: sample.name,
      pipeline: { id: sample.pipelineId },
      pipelineStage: { id: sample.pipelineStageId },
      products: expect.any(Array),
    });
    for (const key of ["teamMember", "team", "sourceIndividual", "company"]) expect(key in t).toBe(true);
    expect(t.confidence.total_score).toBe(
      t.confidence.revenue_timing.score + t.confidence.revenue_estimate.score + t.confidence.execution.score + t.confidence.client.score,
    );
    expect(t.confidence.client).toMatchObject({ id: sample.confidenceInClientId, type: "client" });
    expect(Object.keys((await get(`/task/${sample.id}`, { include: "team" })).body.data)).not.toContain("products");
    const [foreign] = await db().select().from(tasks).where(ne(tasks.tenantId, harbour)).limit(1);
    for (const url of [`/task/${foreign.id}`, "/task/abc", "/task/0", "/task/99999999"]) expect((await get(url)).status, url).toBe(404);
  });
});

describe("POST /task", () => {
  it("creates a task in the pipeline's first stage by default (201), logs it and notifies the assignee", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const emily = await userId(api, "emily.chen@harbour.test");
    const [pc] = await db()
      .select()
      .from(teams)
      .where(and(eq(teams.tenantId, harbour), eq(teams.name, "Private clients")));
    const res = await api.request("POST", "/task", {
      token: admin,
      body: {
        name: "  Seaview Hotel – Property  ",
        priority: "1",
        pipeline_id: nb.id,
        team_id: pc.id,
        team_member_id: emily,
        expected_revenue: "12,500.50",
        expected_close_date: "2026-12-31",
        datapoints: { source: "Referral", rooms: 24 },
        kyb: true,
      },
    });
    expect(res.status).toBe(201);
    const t = res.body.data;
    expect(t).toMatchObject({
      name: "Seaview Hotel – Property",
      priority: 1,
      priority_name: "High",
      review_status: 1,
      review_status_name: "Not started",
      pipeline_id: nb.id,
      pipeline_stage_id: nb.stages[0].id,
      pipelineStage: { name: "Lead" },
      team_member_id: emily,
      teamMember: { full_name: "Emily Chen" },
      team: { id: pc.id, name: "Private clients" },
      expected_revenue: 12500.5,
      expected_close_date: "2026-12-31",
      datapoints: { source: "Referral", rooms: 24 },
      kyb: true,
      state: "open",
      open: true,
      closed_at: null,
      created_by: adminId,
      products: [],
    });
    const log = await activityOf(t.id);
    expect(log.map((e) => e.action)).toEqual(["created", "assigned"]);
    expect(log[1]).toMatchObject({ userId: adminId, changes: { team_member_id: { old: null, new: emily, old_label: null, new_label: "Emily Chen" } } });
    const [note] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, emily))
      .orderBy(sql`${notifications.createdAt} desc`)
      .limit(1);
    expect(note.data).toMatchObject({ title: "Task assigned to you", link: `/tasks/${t.id}` });
    expect(note.data.desc).toContain("Amelia Hart");
  });

  it("creates a task straight into a won stage as won, closed now", async () => {
    const p = await makePipeline(api, admin);
    const t = await makeTask(api, admin, { pipeline_id: p.id, pipeline_stage_id: p.stages[2].id });
    expect(t).toMatchObject({ state: "won", open: false, closed_at: expect.any(String) });
    expect(Date.now() - Date.parse(t.closed_at)).toBeLessThan(60_000);
  });

  it("assigning yourself sends no notification", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const before = await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, adminId));
    await makeTask(api, admin, { pipeline_id: nb.id, team_member_id: adminId });
    expect(await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, adminId))).toEqual(before);
  });

  it("answers 422 for the stage of another pipeline, an archived pipeline, or anything not the company's; nothing is created", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const renewals = await demoPipeline(api, "Harbour Brokers", "Renewals");
    const legacy = await demoPipeline(api, "Harbour Brokers", "Legacy referrals");
    const bloom = await demoPipeline(api, "Bloom Bakery Ltd", "Wholesale orders");
    const bloomTenant = await tenantId(api, "Bloom Bakery Ltd");
    const bloomPerson = await makeIndividual(api, bloomTenant, "Not", "Yours");
    const bloomFirm = await makeCompany(api, bloomTenant, "Not Yours Ltd");
    const [bloomTeam] = await db().select().from(teams).where(eq(teams.tenantId, bloomTenant)).limit(1);
    const before = await harbourCount();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ pipeline_id: nb.id, pipeline_stage_id: renewals.stages[0].id }, { pipeline_stage_id: ["The stage must belong to the chosen pipeline."] }],
      [{ pipeline_id: legacy.id }, { pipeline_id: ["This pipeline is archived: choose an active one."] }],
      [{ pipeline_id: bloom.id }, { pipeline_id: ["Choose a pipeline of your company."] }],
      [{ pipeline_id: nb.id, pipeline_stage_id: bloom.stages[0].id }, { pipeline_stage_id: ["Choose a stage of the pipeline."] }],
      [{ pipeline_id: nb.id, team_member_id: await userId(api, "owner@bloom.test") }, { team_member_id: ["Choose an active user of your company."] }],
      [{ pipeline_id: nb.id, team_member_id: await userId(api, "new.starter@harbour.test") }, { team_member_id: ["Choose an active user of your company."] }],
      [{ pipeline_id: nb.id, team_id: bloomTeam.id }, { team_id: ["Choose a team of your company."] }],
      [{ pipeline_id: nb.id, source_individual_id: bloomPerson }, { source_individual_id: ["Choose an individual of your company."] }],
      [{ pipeline_id: nb.id, company_id: bloomFirm }, { company_id: ["Choose a company of your company's clients."] }],
      [{ pipeline_id: nb.id, payment_frequency_id: 9999 }, { payment_frequency_id: ["Choose a payment frequency from the list."] }],
    ];
    for (const [body, errors] of cases) {
      const res = await api.request("POST", "/task", { token: admin, body: { name: "Refused", ...body } });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    // Every reference error of one form comes back together.
    const many = await api.request("POST", "/task", {
      token: admin,
      body: { name: "Refused", pipeline_id: bloom.id, team_id: bloomTeam.id, source_individual_id: bloomPerson },
    });
    expect(Object.keys(many.body.errors).sort()).toEqual(["pipeline_id", "source_individual_id", "team_id"]);
    expect(await harbourCount()).toBe(before);
  });

  it("answers 422 for bad fields", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const [wrongAnswer] = (await get("/confidence-scores")).body.data[0].scores; // a revenue-timing answer
    const cases: [Record<string, unknown>, string][] = [
      [{ pipeline_id: nb.id }, "name"],
      [{ name: " ", pipeline_id: nb.id }, "name"],
      [{ name: "X" }, "pipeline_id"],
      [{ name: "X", pipeline_id: nb.id, priority: 4 }, "priority"],
      [{ name: "X", pipeline_id: nb.id, review_status: 0 }, "review_status"],
      [{ name: "X", pipeline_id: nb.id, expected_revenue: -5 }, "expected_revenue"],
      [{ name: "X", pipeline_id: nb.id, expected_revenue: "lots" }, "expected_revenue"],
      [{ name: "X", pipeline_id: nb.id, expected_close_date: "31/12/2026" }, "expected_close_date"],
      [{ name: "X", pipeline_id: nb.id, size: 1.5 }, "size"],
      [{ name: "X", pipeline_id: nb.id, datapoints: ["a"] }, "datapoints"],
      [{ name: "X", pipeline_id: nb.id, kyb: "perhaps" }, "kyb"],
      [{ name: "X", pipeline_id: nb.id, confidenceInClientId: wrongAnswer.id }, "confidenceInClientId"],
    ];
    for (const [body, field] of cases) {
      const res = await api.request("POST", "/task", { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
  });

  it("needs task_manage (403 for task_view) and a token (401)", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    expect((await api.request("POST", "/task", { token: viewer, body: { name: "X", pipeline_id: nb.id } })).status).toBe(403);
    expect((await api.request("POST", "/task", { body: { name: "X", pipeline_id: nb.id } })).status).toBe(401);
  });
});

describe("PUT /task/:id: moving, assigning and editing write the activity log", () => {
  it("a move records the old and new stage", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    const res = await api.request("PUT", `/task/${t.id}`, { token: admin, body: { pipeline_stage_id: nb.stages[2].id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pipeline_stage_id: nb.stages[2].id, pipelineStage: { name: "Quote sent" }, state: "open" });
    const last = (await activityOf(t.id)).at(-1)!;
    expect(last).toMatchObject({
      action: "moved",
      userId: adminId,
      changes: { pipeline_stage_id: { old: nb.stages[0].id, new: nb.stages[2].id, old_label: "Lead", new_label: "Quote sent" } },
    });
    const log = await get(`/activity-log/task/${t.id}`);
    expect(log.body.data[0]).toMatchObject({
      action: "moved",
      description: "Amelia Hart moved the task from Lead to Quote sent.",
      user: { id: adminId, full_name: "Amelia Hart" },
    });
  });

  it("moving into a won stage closes the task; into a lost one keeps it closed as lost; back to an open stage reopens it", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    const won = (await api.request("PUT", `/task/${t.id}`, { token: admin, body: { pipeline_stage_id: nb.stages[4].id } })).body.data;
    expect(won).toMatchObject({ state: "won", open: false });
    const lost = (await api.request("PUT", `/task/${t.id}`, { token: admin, body: { pipeline_stage_id: nb.stages[5].id } })).body.data;
    expect(lost).toMatchObject({ state: "lost", open: false, closed_at: expect.any(String) });
    const reopened = (await api.request("PUT", `/task/${t.id}`, { token: admin, body: { pipeline_stage_id: nb.stages[1].id } })).body.data;
    expect(reopened).toMatchObject({ state: "open", open: true, closed_at: null });
  });

  it("a move to another pipeline without a stage lands in its first stage; with a stage of the old pipeline answers 422", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const renewals = await demoPipeline(api, "Harbour Brokers", "Renewals");
    const t = await makeTask(api, admin, { pipeline_id: nb.id, pipeline_stage_id: nb.stages[1].id });
    const bad = await api.request("PUT", `/task/${t.id}`, { token: admin, body: { pipeline_id: renewals.id, pipeline_stage_id: nb.stages[1].id } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ pipeline_stage_id: ["The stage must belong to the chosen pipeline."] });
    const alone = await api.request("PUT", `/task/${t.id}`, { token: admin, body: { pipeline_stage_id: renewals.stages[0].id } });
    expect(alone.body.errors).toEqual({ pipeline_stage_id: ["The stage must belong to the chosen pipeline."] });
    const res = await api.request("PUT", `/task/${t.id}`, { token: admin, body: { pipeline_id: renewals.id } });
    expect(res.body.data).toMatchObject({ pipeline_id: renewals.id, pipeline_stage_id: renewals.stages[0].id });
    expect((await activityOf(t.id)).at(-1)).toMatchObject({
      action: "moved",
      changes: {
        pipeline_id: { old: nb.id, new: renewals.id, old_label: "New business", new_label: "Renewals" },
        pipeline_stage_id: { old: nb.stages[1].id, new: renewals.stages[0].id, old_label: "Qualified", new_label: "Renewal due" },
      },
    });
    const legacy = await demoPipeline(api, "Harbour Brokers", "Legacy referrals");
    expect((await api.request("PUT", `/task/${t.id}`, { token: admin, body: { pipeline_id: legacy.id } })).body.errors).toEqual({
      pipeline_id: ["This pipeline is archived: choose an active one."],
    });
  });

  it("an assignment records old and new assignee and notifies the new one; unassigning is logged too", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const [tom, grace] = await Promise.all([userId(api, "tom.fletcher@harbour.test"), userId(api, "grace.bennett@harbour.test")]);
    const t = await makeTask(api, admin, { pipeline_id: nb.id, team_member_id: tom });
    const before = (await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, grace)))[0].n;
    const res = await api.request("PUT", `/task/${t.id}`, { token: admin, body: { team_member_id: grace } });
    expect(res.body.data).toMatchObject({ team_member_id: grace, teamMember: { full_name: "Grace Bennett" } });
    expect((await activityOf(t.id)).at(-1)).toMatchObject({
      action: "assigned",
      changes: { team_member_id: { old: tom, new: grace, old_label: "Tom Fletcher", new_label: "Grace Bennett" } },
    });
    expect((await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, grace)))[0].n).toBe(before + 1);
    await api.request("PUT", `/task/${t.id}`, { token: admin, body: { team_member_id: null } });
    const log = await get(`/activity-log/task/${t.id}`);
    expect(log.body.data[0]).toMatchObject({ action: "assigned", description: "Amelia Hart unassigned the task from Grace Bennett." });
  });

  it("datapoints sent again in another order are unchanged (nothing logged); a changed value is logged", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id, datapoints: { policy_ref: "PX-1", premium: 1250.5, introducer: "Smith & Co" } });
    const logged = (await activityOf(t.id)).length;
    const same = await api.request("PUT", `/task/${t.id}`, {
      token: admin,
      body: { datapoints: { introducer: "Smith & Co", policy_ref: "PX-1", premium: 1250.5 } },
    });
    expect(same.status).toBe(200);
    expect(await activityOf(t.id)).toHaveLength(logged);
    await api.request("PUT", `/task/${t.id}`, { token: admin, body: { datapoints: { introducer: "Smith & Co", policy_ref: "PX-2", premium: 1250.5 } } });
    expect((await activityOf(t.id)).at(-1)).toMatchObject({ action: "updated", changes: { datapoints: { new: { policy_ref: "PX-2" } } } });
  });

  it("an edit records each changed field old → new (labels for priorities), nothing for unchanged fields; one request can move, assign and edit", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id, priority: 3, expected_revenue: 100 });
    const logged = (await activityOf(t.id)).length;
    await api.request("PUT", `/task/${t.id}`, { token: admin, body: { priority: 3, name: t.name } });
    expect(await activityOf(t.id)).toHaveLength(logged);
    const james = await userId(api, "james.wright@harbour.test");
    const res = await api.request("PUT", `/task/${t.id}`, {
      token: admin,
      body: { name: "Renamed", priority: 1, review_status: 3, expected_revenue: 250, pipeline_stage_id: nb.stages[1].id, team_member_id: james },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Renamed", priority: 1, review_status: 3, expected_revenue: 250 });
    const entries = (await activityOf(t.id)).slice(logged);
    expect(entries.map((e) => e.action)).toEqual(["moved", "assigned", "updated"]);
    expect(entries[2].changes).toEqual({
      name: { old: t.name, new: "Renamed" },
      priority: { old: 3, new: 1, old_label: "Low", new_label: "High" },
      review_status: { old: 1, new: 3, old_label: "Not started", new_label: "Under review" },
      expected_revenue: { old: 100, new: 250, old_label: "£100.00", new_label: "£250.00" },
    });
    const described = (await get(`/activity-log/task/${t.id}`)).body.data.find((e: Row) => e.action === "updated");
    expect(described.description).toBe("Amelia Hart changed the name, priority, review status and expected revenue.");
  });

  it("a new expected close date can carry a reason from the list", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id, expected_close_date: "2026-10-01" });
    const [reason] = (await get("/expected-close-date-change-reasons")).body.data;
    await api.request("PUT", `/task/${t.id}`, { token: admin, body: { expected_close_date: "2026-11-15", expected_close_date_change_reason_id: reason.id } });
    expect((await activityOf(t.id)).at(-1)!.changes).toEqual({
      expected_close_date: { old: "2026-10-01", new: "2026-11-15" },
      expected_close_date_change_reason: { old: null, new: reason.id, new_label: reason.name },
    });
    expect((await api.request("PUT", `/task/${t.id}`, { token: admin, body: { expected_close_date_change_reason_id: 99999 } })).body.errors).toEqual({
      expected_close_date_change_reason_id: ["Choose a reason from the list."],
    });
  });

  it("another company's task answers 404 and is not changed; task_view answers 403", async () => {
    const [foreign] = await db().select().from(tasks).where(ne(tasks.tenantId, harbour)).limit(1);
    expect((await api.request("PUT", `/task/${foreign.id}`, { token: admin, body: { name: "Mine" } })).status).toBe(404);
    const [after] = await db().select().from(tasks).where(eq(tasks.id, foreign.id));
    expect(after).toEqual(foreign);
    const [own] = await db().select().from(tasks).where(eq(tasks.tenantId, harbour)).limit(1);
    expect((await api.request("PUT", `/task/${own.id}`, { token: viewer, body: { name: "Mine" } })).status).toBe(403);
  });
});

describe("deleting tasks", () => {
  it("DELETE /task/:id answers 204 and removes the task with its products and notes", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    const [type] = (await get("/task-product-type")).body.data;
    await api.request("POST", `/task/${t.id}/task-product`, { token: admin, body: { task_product_type_id: type.id, name: "P" } });
    await api.request("POST", `/tasks/${t.id}/notes/progress`, { token: admin, body: { pipeline_id: nb.id, pipeline_stage_id: nb.stages[1].id } });
    const res = await api.request("DELETE", `/task/${t.id}`, { token: admin });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await get(`/task/${t.id}`)).status).toBe(404);
    expect(await db().select().from(taskProducts).where(eq(taskProducts.taskId, t.id))).toEqual([]);
    expect(
      await db()
        .select()
        .from(notes)
        .where(and(eq(notes.notableType, "task"), eq(notes.notableId, t.id))),
    ).toEqual([]);
    expect((await activityOf(t.id)).at(-1)).toMatchObject({ action: "deleted" });
    expect((await api.request("DELETE", `/task/${t.id}`, { token: admin })).status).toBe(404);
  });

  it("DELETE /task deletes the listed tasks, only the caller's company's: one foreign id answers 404 and deletes nothing", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const a = await makeTask(api, admin, { pipeline_id: nb.id });
    const b = await makeTask(api, admin, { pipeline_id: nb.id });
    const c = await makeTask(api, admin, { pipeline_id: nb.id });
    const [foreign] = await db().select().from(tasks).where(ne(tasks.tenantId, harbour)).limit(1);
    const mixed = await api.request("DELETE", "/task", { token: admin, body: { ids: [a.id, foreign.id] } });
    expect(mixed.status).toBe(404);
    expect((await get(`/task/${a.id}`)).status).toBe(200);
    expect(await db().select({ id: tasks.id }).from(tasks).where(eq(tasks.id, foreign.id))).toHaveLength(1);
    // Another company cannot delete Harbour's tasks either.
    expect((await api.request("DELETE", "/task", { token: owner, body: { ids: [a.id] } })).status).toBe(404);
    expect((await api.request("DELETE", "/task", { token: viewer, body: { ids: [a.id] } })).status).toBe(403);
    const total = await harbourCount();
    const res = await api.request("DELETE", "/task", { token: admin, body: { ids: [a.id, b.id, b.id] } });
    expect(res.status).toBe(204);
    expect(await harbourCount()).toBe(total - 2);
    expect((await get(`/task/${c.id}`)).status).toBe(200);
    expect((await api.request("DELETE", "/task", { token: admin, body: { ids: [] } })).body.errors).toEqual({ ids: ["No items selected"] });
    expect((await api.request("DELETE", "/task", { token: admin, body: {} })).status).toBe(422);
  });
});

describe("revenue and KYB", () => {
  it("PUT /task/:id/revenue sets the expected revenue (and its start date and frequency) as one 'revenue' entry", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id, expected_revenue: 1000 });
    const [monthly] = (await get("/payment-frequencies")).body.data;
    const res = await api.request("PUT", `/task/${t.id}/revenue`, {
      token: admin,
      body: { expected_revenue: 1500.256, expected_revenue_start_date: "2026-04-01", payment_frequency_id: monthly.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ expected_revenue: 1500.26, expected_revenue_start_date: "2026-04-01", payment_frequency_id: monthly.id });
    const last = (await activityOf(t.id)).at(-1)!;
    expect(last.action).toBe("revenue");
    expect(last.changes.expected_revenue).toEqual({ old: 1000, new: 1500.26, old_label: "£1,000.00", new_label: "£1,500.26" });
    expect(last.changes.payment_frequency_id).toMatchObject({ new: monthly.id, new_label: monthly.name });
    expect((await get(`/activity-log/task/${t.id}`)).body.data[0].description).toBe("Amelia Hart changed the expected revenue from £1,000.00 to £1,500.26.");
    expect((await api.request("PUT", `/task/${t.id}/revenue`, { token: admin, body: { expected_revenue: -1 } })).status).toBe(422);
    expect((await api.request("PUT", `/task/${t.id}/revenue`, { token: admin, body: {} })).status).toBe(422);
    const cleared = await api.request("PUT", `/task/${t.id}/revenue`, { token: admin, body: { expected_revenue: null } });
    expect(cleared.body.data.expected_revenue).toBeNull();
  });

  it("PUT /task/:id/kyb sets the KYB flag", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    const on = await api.request("PUT", `/task/${t.id}/kyb`, { token: admin, body: { kyb: true } });
    expect(on.body.data.kyb).toBe(true);
    expect((await activityOf(t.id)).at(-1)).toMatchObject({ action: "kyb", changes: { kyb: { old: false, new: true } } });
    expect((await api.request("PUT", `/task/${t.id}/kyb`, { token: admin, body: { kyb: "0" } })).body.data.kyb).toBe(false);
    expect((await api.request("PUT", `/task/${t.id}/kyb`, { token: admin, body: {} })).status).toBe(422);
    expect((await api.request("PUT", `/task/${t.id}/kyb`, { token: viewer, body: { kyb: true } })).status).toBe(403);
  });
});

describe("task products", () => {
  it("CRUD on /task/:id/task-product, each change in the activity log", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    const types = (await get("/task-product-type")).body.data;
    const created = await api.request("POST", `/task/${t.id}/task-product`, {
      token: admin,
      body: {
        task_product_type_id: types[0].id,
        name: "Combined – Aviva",
        provider_name: "Aviva",
        premium: "2,400",
        commission: 360,
        commission_rate: 15,
        start_date: "2026-05-01",
      },
    });
    expect(created.status).toBe(201);
    const p = created.body.data;
    expect(p).toEqual({
      id: expect.any(Number),
      task_id: t.id,
      task_product_type_id: types[0].id,
      product_type: { id: types[0].id, name: types[0].name },
      name: "Combined – Aviva",
      provider_name: "Aviva",
      premium: 2400,
      commission: 360,
      commission_rate: 15,
      start_date: "2026-05-01",
      notes: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await get(`/task/${t.id}/task-product`, {}, viewer)).body.data).toEqual([p]);
    expect((await get(`/task/${t.id}/task-product/${p.id}`)).body.data).toEqual(p);
    const updated = await api.request("PUT", `/task/${t.id}/task-product/${p.id}`, {
      token: admin,
      body: { task_product_type_id: types[1].id, name: "Combined – Aviva", premium: 2600, commission: 390 },
    });
    expect(updated.body.data).toMatchObject({ task_product_type_id: types[1].id, premium: 2600, provider_name: null, commission_rate: null });
    expect((await api.request("DELETE", `/task/${t.id}/task-product/${p.id}`, { token: admin })).status).toBe(204);
    expect((await get(`/task/${t.id}/task-product/${p.id}`)).status).toBe(404);
    const log = (await activityOf(t.id)).map((e) => e.action);
    expect(log.slice(-3)).toEqual(["product_added", "product_updated", "product_removed"]);
    const [upd] = (await activityOf(t.id)).filter((e) => e.action === "product_updated");
    expect(upd.changes.premium).toEqual({ old: 2400, new: 2600 });
  });

  it("answers 422 for bad fields and 404 for a product of another task or company", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const a = await makeTask(api, admin, { pipeline_id: nb.id });
    const b = await makeTask(api, admin, { pipeline_id: nb.id });
    const [type] = (await get("/task-product-type")).body.data;
    for (const [body, field] of [
      [{ name: "X" }, "task_product_type_id"],
      [{ task_product_type_id: 99999, name: "X" }, "task_product_type_id"],
      [{ task_product_type_id: type.id }, "name"],
      [{ task_product_type_id: type.id, name: "X", premium: -1 }, "premium"],
      [{ task_product_type_id: type.id, name: "X", commission_rate: 101 }, "commission_rate"],
    ] as const) {
      const res = await api.request("POST", `/task/${a.id}/task-product`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    const p = (await api.request("POST", `/task/${a.id}/task-product`, { token: admin, body: { task_product_type_id: type.id, name: "X" } })).body.data;
    expect(p).toMatchObject({ premium: 0, commission: 0 });
    expect((await get(`/task/${b.id}/task-product/${p.id}`)).status).toBe(404);
    expect((await api.request("DELETE", `/task/${b.id}/task-product/${p.id}`, { token: admin })).status).toBe(404);
    expect((await get(`/task/${a.id}/task-product/${p.id}`, {}, owner)).status).toBe(404);
    expect((await get(`/task/${a.id}/task-product`, {}, owner)).status).toBe(404);
    expect((await api.request("POST", `/task/${a.id}/task-product`, { token: owner, body: { task_product_type_id: type.id, name: "X" } })).status).toBe(404);
    expect((await api.request("POST", `/task/${a.id}/task-product`, { token: viewer, body: { task_product_type_id: type.id, name: "X" } })).status).toBe(403);
  });

  it("GET /task-products lists every product of the company with its task, paged, filtered and sorted", async () => {
    const res = await get("/task-products", { page: { size: 5 } });
    expect(res.status).toBe(200);
    const [{ n }] = await db().select({ n: count() }).from(taskProducts).where(eq(taskProducts.tenantId, harbour));
    expect(res.body.meta).toMatchObject({ per_page: 5, total: n });
    expect(res.body.data[0].task).toEqual({ id: res.body.data[0].task_id, name: expect.any(String) });
    const byPremium = (await get("/task-products", { sort: "-premium", page: { size: 50 } })).body.data.map((p: Row) => p.premium);
    expect(byPremium).toEqual([...byPremium].sort((a, b) => b - a));
    const one = res.body.data[0];
    const ofTask = await get("/task-products", { filter: { task_id: one.task_id } });
    expect(ofTask.body.data.every((p: Row) => p.task_id === one.task_id)).toBe(true);
    const ofType = await get("/task-products", { filter: { task_product_type_id: one.task_product_type_id }, page: { size: 999 } });
    expect(ofType.body.meta.total).toBe(
      (
        await db()
          .select({ n: count() })
          .from(taskProducts)
          .where(and(eq(taskProducts.tenantId, harbour), eq(taskProducts.taskProductTypeId, one.task_product_type_id)))
      )[0].n,
    );
    expect((await get("/task-products", {}, owner)).body.meta.total).toBe(0); // Bloom sells no insurance products
    expect((await get("/task-products", { filter: { task_id: "x" } })).status).toBe(422);
  });
});

describe("task e-mail", () => {
  it("POST /task/:id/send-email sends through the mail provider (the outbox), stores it and lists it under GET /task/:id/email", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    const res = await api.request("POST", `/task/${t.id}/send-email`, {
      token: admin,
      body: { to: "Client.One@Example.com, client.two@example.com", subject: "Your renewal terms", body: "Please find the terms below." },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      thread_id: expect.any(Number),
      to: "client.one@example.com, client.two@example.com",
      subject: "Your renewal terms",
      body: "Please find the terms below.",
      sender: { id: adminId, full_name: "Amelia Hart" },
      sent_at: expect.any(String),
    });
    for (const to of ["client.one@example.com", "client.two@example.com"]) {
      const outbox = await api.request("GET", "/sandbox/outbox", { query: { to } });
      expect(outbox.body.data[0]).toMatchObject({ to, subject: "Your renewal terms" });
      expect(outbox.body.data[0].text).toContain("Please find the terms below.");
      expect(outbox.body.data[0].text).toContain("Amelia Hart");
    }
    // A reply in the same thread.
    const reply = await api.request("POST", `/task/${t.id}/send-email`, {
      token: admin,
      body: { to: ["client.one@example.com"], subject: "Re: Your renewal terms", body: "A reminder.", thread_id: res.body.data.thread_id },
    });
    expect(reply.body.data.thread_id).toBe(res.body.data.thread_id);
    const list = await get(`/task/${t.id}/email`, {}, viewer);
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: Row) => e.subject)).toEqual(["Re: Your renewal terms", "Your renewal terms"]);
    expect(list.body.meta.total).toBe(2);
    expect((await activityOf(t.id)).at(-1)).toMatchObject({ action: "email_sent", changes: { to: { new: "client.one@example.com" } } });
  });

  it("answers 422 for bad addresses or a thread of another task, 404 for another company's task, 403 for task_view", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const a = await makeTask(api, admin, { pipeline_id: nb.id });
    const b = await makeTask(api, admin, { pipeline_id: nb.id });
    const sent = await api.request("POST", `/task/${a.id}/send-email`, { token: admin, body: { to: "x@example.com", subject: "S", body: "B" } });
    const cases: [unknown, string][] = [
      [{ to: "not an address", subject: "S", body: "B" }, "to.0"],
      [{ to: [], subject: "S", body: "B" }, "to"],
      [{ to: "x@example.com", body: "B" }, "subject"],
      [{ to: "x@example.com", subject: "S", body: " " }, "body"],
      [{ to: "x@example.com", subject: "S", body: "B", thread_id: sent.body.data.thread_id }, "thread_id"],
    ];
    for (const [body, field] of cases) {
      const res = await api.request("POST", `/task/${b.id}/send-email`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect((await api.request("POST", `/task/${a.id}/send-email`, { token: owner, body: { to: "x@example.com", subject: "S", body: "B" } })).status).toBe(404);
    expect((await get(`/task/${a.id}/email`, {}, owner)).status).toBe(404);
    expect((await api.request("POST", `/task/${a.id}/send-email`, { token: viewer, body: { to: "x@example.com", subject: "S", body: "B" } })).status).toBe(403);
  });
});

describe("POST /tasks/:id/notes/progress", () => {
  it("moves the task, sets the progress fields and records a progress note with its document (multipart)", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    const [annually] = (await get("/payment-frequencies")).body.data.filter((f: Row) => f.name === "Annually");
    const res = await sendMultipart(
      api.app,
      "POST",
      `/tasks/${t.id}/notes/progress`,
      {
        pipeline_id: String(nb.id),
        pipeline_stage_id: String(nb.stages[2].id),
        expected_revenue_start_date: "2026-06-01",
        payment_frequency_id: String(annually.id),
        size: "35",
        note: "Quote issued, client reviewing.",
        document: { file: PDF, filename: "quote.pdf", type: "application/pdf" },
      },
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.body.data.task).toMatchObject({
      pipeline_stage_id: nb.stages[2].id,
      expected_revenue_start_date: "2026-06-01",
      payment_frequency_id: annually.id,
      size: 35,
    });
    const note = res.body.data.note;
    expect(note).toMatchObject({ task_id: t.id, body: "Quote issued, client reviewing.", author: { id: adminId, full_name: "Amelia Hart" } });
    const [doc] = note.documents;
    expect(note.documents).toEqual([
      {
        id: expect.any(Number),
        filename: "quote.pdf",
        mime_type: "application/pdf",
        size: PDF.length,
        url: `/tasks/${t.id}/documents/${doc.id}`,
        created_at: expect.any(String),
      },
    ]);
    // The document is the company's: its users download it (never cached by a shared cache); nobody else.
    const file = await api.request("GET", doc.url, { token: viewer });
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="quote.pdf"; filename*=UTF-8''quote.pdf`);
    expect(file.headers["cache-control"]).toBe("private, no-store");
    expect((await api.request("GET", doc.url)).status).toBe(401);
    expect((await api.request("GET", doc.url, { token: owner })).status).toBe(404);
    expect((await api.request("GET", `/tasks/${t.id}/documents/${doc.id + 1000}`, { token: admin })).status).toBe(404);
    const [{ key }] = await db().select({ key: taskDocuments.storageKey }).from(taskDocuments).where(eq(taskDocuments.id, doc.id));
    expect((await api.request("GET", `/files/${key}`)).status).toBe(404);
    const last = (await activityOf(t.id)).at(-1)!;
    expect(last.action).toBe("progress");
    expect(last.changes.pipeline_stage_id).toEqual({ old: nb.stages[0].id, new: nb.stages[2].id, old_label: "Lead", new_label: "Quote sent" });
    expect(last.changes.size).toEqual({ old: null, new: 35 });
    expect(last.changes.note).toMatchObject({ new: note.id });
    const notesList = await get(`/tasks/${t.id}/notes`, {}, viewer);
    expect(notesList.body.data.map((n: Row) => n.id)).toEqual([note.id]);
  });

  it("takes JSON too, describing the move when no note is written", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    const res = await api.request("POST", `/tasks/${t.id}/notes/progress`, { token: admin, body: { pipeline_id: nb.id, pipeline_stage_id: nb.stages[1].id } });
    expect(res.status).toBe(201);
    expect(res.body.data.note).toMatchObject({ body: "Moved from Lead to Qualified.", documents: [] });
  });

  it("refuses a stage of another pipeline or a document of the wrong type (422), storing nothing", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const renewals = await demoPipeline(api, "Harbour Brokers", "Renewals");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    const wrongStage = await sendMultipart(
      api.app,
      "POST",
      `/tasks/${t.id}/notes/progress`,
      { pipeline_id: String(nb.id), pipeline_stage_id: String(renewals.stages[1].id), document: { file: PDF, filename: "a.pdf" } },
      admin,
    );
    expect(wrongStage.status).toBe(422);
    expect(wrongStage.body.errors).toEqual({ pipeline_stage_id: ["The stage must belong to the chosen pipeline."] });
    const exe = await sendMultipart(
      api.app,
      "POST",
      `/tasks/${t.id}/notes/progress`,
      { pipeline_id: String(nb.id), pipeline_stage_id: String(nb.stages[1].id), document: { file: Buffer.from("MZ\x90\x00binary"), filename: "virus.pdf" } },
      admin,
    );
    expect(exe.status).toBe(422);
    expect(exe.body.errors).toEqual({ document: ["Choose a PDF, Word, Excel, image, CSV or text file."] });
    expect((await api.request("POST", `/tasks/${t.id}/notes/progress`, { token: admin, body: { pipeline_id: nb.id } })).body.errors).toEqual({
      pipeline_stage_id: ["Choose a stage."],
    });
    expect(await db().select().from(taskDocuments).where(eq(taskDocuments.taskId, t.id))).toEqual([]);
    expect((await get(`/task/${t.id}`)).body.data.pipeline_stage_id).toBe(nb.stages[0].id);
    const [foreign] = await db().select().from(tasks).where(ne(tasks.tenantId, harbour)).limit(1);
    expect(
      (await api.request("POST", `/tasks/${foreign.id}/notes/progress`, { token: admin, body: { pipeline_id: nb.id, pipeline_stage_id: nb.stages[1].id } }))
        .status,
    ).toBe(404);
    expect((await get(`/tasks/${foreign.id}/notes`)).status).toBe(404);
  });
});

describe("POST /tasks/:id (multipart, _method=PATCH)", () => {
  it("changes only the fields sent, and attaches a document", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id, priority: 2, expected_revenue: 900, description: "Keep me" });
    const res = await sendMultipart(
      api.app,
      "POST",
      `/tasks/${t.id}`,
      { _method: "PATCH", name: "Patched name", priority: "3", kyb: "on", document: { file: TINY_PNG, filename: "site.png", type: "image/png" } },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Patched name",
      priority: 3,
      kyb: true,
      expected_revenue: 900,
      description: "Keep me",
      pipeline_stage_id: nb.stages[0].id,
    });
    const [doc] = await db().select().from(taskDocuments).where(eq(taskDocuments.taskId, t.id));
    expect(doc).toMatchObject({ filename: "site.png", mimeType: "image/png" });
    expect((await activityOf(t.id)).at(-1)).toMatchObject({
      action: "updated",
      changes: { name: { new: "Patched name" }, priority: { old: 2, new: 3 }, kyb: { old: false, new: true } },
    });
    // Clearing a field with an empty value.
    const cleared = await sendMultipart(api.app, "POST", `/tasks/${t.id}`, { _method: "PATCH", description: "" }, admin);
    expect(cleared.body.data.description).toBeNull();
  });

  it("answers 405 without the method override, 422 for bad fields, 404 for another company's task", async () => {
    const nb = await demoPipeline(api, "Harbour Brokers", "New business");
    const t = await makeTask(api, admin, { pipeline_id: nb.id });
    expect((await sendMultipart(api.app, "POST", `/tasks/${t.id}`, { name: "X" }, admin)).status).toBe(405);
    const bad = await sendMultipart(api.app, "POST", `/tasks/${t.id}`, { _method: "PATCH", priority: "9" }, admin);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["priority"]);
    const [foreign] = await db().select().from(tasks).where(ne(tasks.tenantId, harbour)).limit(1);
    expect((await sendMultipart(api.app, "POST", `/tasks/${foreign.id}`, { _method: "PATCH", name: "X" }, admin)).status).toBe(404);
    expect((await sendMultipart(api.app, "POST", `/tasks/${t.id}`, { _method: "PATCH", name: "X" }, viewer)).status).toBe(403);
  });
});

describe("GET /activity-log/task/:id", () => {
  it("pages the task's entries newest first; another company's task answers 404", async () => {
    const [busy] = await db()
      .select({ id: activityLog.subjectId, n: count() })
      .from(activityLog)
      .where(and(eq(activityLog.tenantId, harbour), eq(activityLog.subjectType, "task")))
      .groupBy(activityLog.subjectId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const res = await get(`/activity-log/task/${busy.id}`, { page: { size: 2 } }, viewer);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ per_page: 2, total: busy.n });
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      subject_type: "task",
      subject_id: busy.id,
      action: expect.any(String),
      description: expect.any(String),
      changes: expect.any(Object),
      user: expect.anything(),
      created_at: expect.any(String),
    });
    const all = (await get(`/activity-log/task/${busy.id}`, { page: { size: 100 } })).body.data.map((e: Row) => e.created_at);
    expect(all).toEqual([...all].sort().reverse());
    const [foreign] = await db().select().from(tasks).where(ne(tasks.tenantId, harbour)).limit(1);
    expect((await get(`/activity-log/task/${foreign.id}`)).status).toBe(404);
    expect((await get(`/activity-log/task/${busy.id}`, {}, owner)).status).toBe(404);
  });
});

describe("task lookups", () => {
  it("GET /priority: 1 High, 2 Medium, 3 Low", async () => {
    const res = await get("/priority", {}, owner);
    expect(res.body.data).toEqual([
      { id: 1, name: "High" },
      { id: 2, name: "Medium" },
      { id: 3, name: "Low" },
    ]);
    expect(res.body.meta).toMatchObject({ per_page: 999, total: 3 });
    expect((await get("/priority", { page: { size: 2, number: 2 } })).body.data).toEqual([{ id: 3, name: "Low" }]);
  });

  it("GET /task-product-type: the full list (page size 999), searchable", async () => {
    const res = await get("/task-product-type");
    expect(res.body.meta.per_page).toBe(999);
    expect(res.body.data.length).toBeGreaterThan(10);
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), name: "Commercial combined" });
    expect((await get("/task-product-type", { filter: { search: "LIAB" } })).body.data.map((t: Row) => t.name)).toEqual([
      "Employers' liability",
      "Public liability",
    ]);
  });

  it("GET /confidence-scores: one group per question, answers sorted by score", async () => {
    const res = await get("/confidence-scores");
    expect(res.body.data.map((g: Row) => [g.type, g.field])).toEqual([
      ["revenue-timing", "confidenceInRevenueTimingId"],
      ["revenue-estimate", "confidenceInRevenueEstimateId"],
      ["execution", "confidenceInExecutionId"],
      ["client", "confidenceInClientId"],
    ]);
    for (const g of res.body.data) {
      expect(g.type_name).toMatch(/^Confidence in /);
      const scores = g.scores.map((s: Row) => s.score);
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
      expect(g.scores.length).toBeGreaterThan(2);
    }
  });

  it("GET /payment-frequencies and /expected-close-date-change-reasons", async () => {
    expect((await get("/payment-frequencies")).body.data[0]).toEqual({ id: expect.any(Number), name: "Monthly", periods_per_year: 12 });
    const reasons = (await get("/expected-close-date-change-reasons")).body.data;
    expect(reasons.length).toBeGreaterThan(3);
    expect(reasons.at(-1).name).toBe("Other");
    for (const url of ["/priority", "/task-product-type", "/confidence-scores", "/payment-frequencies", "/expected-close-date-change-reasons"]) {
      expect((await api.request("GET", url)).status, url).toBe(401);
    }
  });
});

describe("the demo book", () => {
  it("tasks are spread over stages, people, priorities and review statuses", async () => {
    const spread = async (column: AnyColumn) =>
      (
        await db()
          .selectDistinct({ v: sql`${column}` })
          .from(tasks)
          .where(eq(tasks.tenantId, harbour))
      ).length;
    expect(await spread(tasks.pipelineStageId)).toBeGreaterThanOrEqual(15);
    expect(await spread(tasks.teamMemberId)).toBeGreaterThanOrEqual(10);
    expect(await spread(tasks.priority)).toBe(3);
    expect(await spread(tasks.reviewStatus)).toBe(6);
    const members = await db().select().from(teamMembers).where(eq(teamMembers.tenantId, harbour));
    expect(members.length).toBeGreaterThan(0);
  });
});

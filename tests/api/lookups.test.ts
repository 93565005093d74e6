import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/api";
import { userWith } from "../helpers/clients";

let api: TestApi;
let admin: string;
let viewer: string;
let adviser: string;
let owner: string;

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, adviser, owner] = await Promise.all([
    api.login("admin@harbour.test"),
    api.login("viewer@harbour.test"),
    api.login("adviser@northgate.test"),
    api.login("owner@bloom.test"),
  ]);
});
afterAll(async () => {
  await api?.close();
});

const get = (url: string, query: Record<string, unknown> = {}, token = viewer) => api.request("GET", url, { token, query });
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((r) => r.name);

const READS = ["/type", "/get-types", "/employee-size", "/job-title", "/api/v1/get-industries", "/trade-industry", "/trade", "/data-lists", "/business-units"];

describe("who may read lookups", () => {
  it.each(READS)("%s: any signed-in user (even one holding only task_view); 401 without a session", async (url) => {
    expect((await get(url)).status).toBe(200);
    expect((await api.request("GET", url)).status).toBe(401);
  });

  it("a user with no permission at all still reads them", async () => {
    const nobody = await userWith(api, "Bloom Bakery Ltd", "no.permissions@bloom.test", []);
    expect((await get("/employee-size", {}, nobody)).status).toBe(200);
  });
});

describe("company types", () => {
  it("GET /type is paged with the full-list page size of 999 by default; platform types first, in their order", async () => {
    const res = await get("/type");
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 999 });
    expect(names(res).slice(0, 3)).toEqual(["Private limited company", "Public limited company", "Limited liability partnership"]);
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), name: "Private limited company", is_custom: false });
    const paged = await get("/type", { page: { size: 2, number: 2 } });
    expect(names(paged)).toEqual(["Limited liability partnership", "Partnership"]);
    expect(names(await get("/type", { filter: { search: "limited" } }))).toEqual([
      "Private limited company",
      "Public limited company",
      "Limited liability partnership",
    ]);
    expect((await get("/type", { page: { size: 1000 } })).status).toBe(422);
  });

  it("POST /type adds a type the caller's company sees, and only it", async () => {
    const res = await api.request("POST", "/type", { token: admin, body: { name: "  Friendly society " } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: expect.any(Number), name: "Friendly society", is_custom: true });
    expect(names(await get("/get-types", {}, admin))).toContain("Friendly society");
    expect(names(await get("/type", {}, viewer)).at(-1)).toBe("Friendly society");
    expect(names(await get("/get-types", {}, adviser))).not.toContain("Friendly society");
    // Another company may add the same name for itself.
    expect((await api.request("POST", "/type", { token: adviser, body: { name: "Friendly society" } })).status).toBe(201);
  });

  it("refuses a duplicate (its own or a platform type, any case), an empty name (422), and users who cannot create companies (403)", async () => {
    for (const name of ["friendly SOCIETY", "Charity"]) {
      const res = await api.request("POST", "/type", { token: admin, body: { name } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ name: ["A company type with this name already exists."] });
    }
    expect((await api.request("POST", "/type", { token: admin, body: { name: " " } })).body.errors).toEqual({ name: ["Enter a name."] });
    expect((await api.request("POST", "/type", { token: viewer, body: { name: "Nope" } })).status).toBe(403);
    expect((await api.request("POST", "/type", { token: owner, body: { name: "Wholesale customer" } })).status).toBe(201);
  });

  it("/get-types answers the whole list, unpaged", async () => {
    const res = await get("/get-types");
    expect(res.body.meta).toBeUndefined();
    expect(res.body.data.length).toBeGreaterThanOrEqual(9);
  });
});

describe("reference lists", () => {
  it("employee sizes in their order", async () => {
    const res = await get("/employee-size");
    expect(names(res)).toEqual(["Just me", "2-9", "10-49", "50-249", "250-999", "1000+"]);
    expect(res.body.meta.per_page).toBe(999);
  });

  it("job titles, with search and paging", async () => {
    const res = await get("/job-title");
    expect(names(res)).toContain("Managing director");
    expect(names(await get("/job-title", { filter: { search: "director" } }))).toEqual(["Director", "Managing director", "Finance director"]);
    expect((await get("/job-title", { page: { size: 5 } })).body.meta).toMatchObject({ per_page: 5, total: res.body.data.length });
  });

  it("industries by name; /trade-industry nests each industry's trades; /trade filters by industry", async () => {
    const industries = await get("/api/v1/get-industries");
    expect(names(industries)).toEqual([...names(industries)].sort());
    const food = industries.body.data.find((i: { name: string }) => i.name === "Food and drink");
    const nested = await get("/trade-industry");
    const foodTrades = nested.body.data.find((i: { id: number }) => i.id === food.id).trades;
    expect(foodTrades.map((t: { name: string }) => t.name)).toEqual(["Bakery", "Brewery", "Butcher", "Caterer", "Food manufacturer"]);
    const trades = await get("/trade", { filter: { industry_id: String(food.id) } });
    expect(trades.body.data).toEqual(foodTrades.map((t: { id: number; name: string }) => ({ ...t, industry_id: food.id })));
    expect(names(await get("/trade", { filter: { search: "bak" } }))).toEqual(["Bakery"]);
    expect((await get("/trade", { filter: { industry_id: "x" } })).body.data).toEqual([]);
  });

  it.each([
    ["company", "Referral"],
    ["task", "Renewal"],
    ["product", "Employee benefits"],
    ["wealth-source", "Inheritance"],
  ])("data lists of group %s", async (group, example) => {
    const res = await get("/data-lists", { filter: { group } });
    expect(res.status).toBe(200);
    expect(names(res)).toContain(example);
    for (const item of res.body.data) expect(item).toEqual({ id: expect.any(Number), name: expect.any(String), group });
  });

  it("data lists: every group without a filter; an unknown group is 422", async () => {
    const all = await get("/data-lists");
    expect(new Set(all.body.data.map((d: { group: string }) => d.group))).toEqual(new Set(["company", "task", "product", "wealth-source"]));
    const bad = await get("/data-lists", { filter: { group: "pets" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ "filter.group": ["The group must be one of: company, task, product, wealth-source."] });
  });

  it("business units", async () => {
    expect(names(await get("/business-units"))).toEqual(["Commercial lines", "Private clients", "Employee benefits", "Wealth management", "Claims"]);
  });
});

describe("the spec's calls", () => {
  it("every lookup of the client forms is served", () => {
    const declared = new Set(api.app.routeDeclarations.map((d) => `${d.method} ${d.url}`));
    for (const r of [
      "GET /type",
      "GET /get-types",
      "POST /type",
      "GET /employee-size",
      "GET /job-title",
      "GET /api/v1/get-industries",
      "GET /trade-industry",
      "GET /trade",
      "GET /data-lists",
      "GET /business-units",
    ])
      expect(declared.has(r), r).toBe(true);
  });
});

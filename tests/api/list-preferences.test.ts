import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REMEMBERED_LISTS } from "#contract/list-preferences";
import { listPreferences, users } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";

let api: TestApi;
let admin: string;
let viewer: string;
let owner: string;

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, owner] = await Promise.all([api.login("admin@harbour.test"), api.login("viewer@harbour.test"), api.login("owner@bloom.test")]);
});
afterAll(async () => {
  await api?.close();
});

const read = (key: string, token = admin) => api.request("GET", `/list-preferences/${key}`, { token });
const save = (key: string, filters: unknown, token = admin) => api.request("PUT", `/list-preferences/${key}`, { token, body: { filters } });

describe("remembered list filters", () => {
  it("nothing remembered yet: filters null", async () => {
    const res = await read("providers");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { filters: null, updated_at: null } });
  });

  it("saves (204), reads back, replaces, and forgets with null", async () => {
    const filters = { search: "aviva", sort: "-name", perPage: 25, filter: { nominal_code: "PRV-1", created_at: { from: "2026-01-01", to: "2026-02-01" } } };
    const saved = await save("providers", filters);
    expect(saved.status).toBe(204);
    expect(saved.text).toBe("");
    const back = await read("providers");
    expect(back.body.data.filters).toEqual(filters);
    expect(new Date(back.body.data.updated_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await save("providers", { query: "search=axa&perPage=50" })).status).toBe(204);
    expect((await read("providers")).body.data.filters).toEqual({ query: "search=axa&perPage=50" });

    expect((await save("providers", null)).status).toBe(204);
    expect((await read("providers")).body.data.filters).toBeNull();
    expect((await save("providers", null)).status).toBe(204); // forgetting twice is fine
  });

  it("the same filters again (paging, coming back to the list) change nothing; other filters replace them", async () => {
    expect((await save("roles", { query: "search=adv" })).status).toBe(204);
    const first = (await read("roles")).body.data.updated_at;
    await new Promise((r) => setTimeout(r, 20));
    expect((await save("roles", { query: "search=adv" })).status).toBe(204);
    expect((await read("roles")).body.data).toEqual({ filters: { query: "search=adv" }, updated_at: first });
    expect((await save("roles", { query: "search=adm" })).status).toBe(204);
    const replaced = (await read("roles")).body.data;
    expect(replaced.filters).toEqual({ query: "search=adm" });
    expect(new Date(replaced.updated_at).getTime()).toBeGreaterThan(new Date(first).getTime());
    expect((await save("roles", null)).status).toBe(204);
  });

  it("keeps one entry per user and list: each user reads and writes only their own", async () => {
    await save("team", { search: "claims" }, admin);
    await save("team", { search: "wealth" }, viewer);
    await save("team", { search: "kitchen" }, owner);
    await save("roles", { sort: "name" }, admin);
    expect((await read("team", admin)).body.data.filters).toEqual({ search: "claims" });
    expect((await read("team", viewer)).body.data.filters).toEqual({ search: "wealth" });
    expect((await read("team", owner)).body.data.filters).toEqual({ search: "kitchen" });
    expect((await read("roles", viewer)).body.data.filters).toBeNull();

    await save("team", null, viewer);
    expect((await read("team", admin)).body.data.filters).toEqual({ search: "claims" });
    expect((await read("team", owner)).body.data.filters).toEqual({ search: "kitchen" });

    const [adminUser] = await api.database.db.select().from(users).where(eq(users.email, "admin@harbour.test"));
    const rows = await api.database.db.select().from(listPreferences).where(eq(listPreferences.userId, adminUser.id));
    expect(rows.map((r) => r.listKey).sort()).toEqual(["roles", "team"]);
    expect(rows.every((r) => r.tenantId === adminUser.tenantId)).toBe(true);
  });

  it("any signed-in user may use it (the viewer holds only task_view); 401 without a token", async () => {
    expect((await save("tasks", { search: "x" }, viewer)).status).toBe(204);
    expect((await api.request("GET", "/list-preferences/tasks")).status).toBe(401);
    expect((await api.request("PUT", "/list-preferences/tasks", { body: { filters: {} } })).status).toBe(401);
  });

  it("a list key is a slug of at most 50 characters; anything else is not found", async () => {
    for (const key of ["team-members", "a.b_c", "x".repeat(50)]) expect((await save(key, { a: 1 })).status, key).toBe(204);
    for (const key of ["Providers", "x".repeat(51), "has%20space", "-lead", "a--b", "%2e%2e"]) {
      expect((await read(key)).status, key).toBe(404);
      expect((await save(key, { a: 1 })).status, key).toBe(404);
    }
  });

  it("refuses with 422 and an errors map: not an object, too large, too deep", async () => {
    for (const bad of [undefined, "search=x", [1, 2], 42]) {
      const res = await api.request("PUT", "/list-preferences/providers", { token: admin, body: bad === undefined ? {} : { filters: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.errors.filters).toBeDefined();
    }
    const big = await save("providers", { query: "a".repeat(4000), more: "b".repeat(4000), extra: "c".repeat(500) });
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ filters: ["The saved filters may not be larger than 8 KB."] });
    const deep = await save("providers", { a: { b: { c: { d: 1 } } } });
    expect(deep.status).toBe(422);
    // 100 000 levels of nesting (about 200 KB of JSON) is refused without exhausting the stack.
    const depth = 100_000;
    const veryDeep = await api.request("PUT", "/list-preferences/providers", {
      token: admin,
      rawBody: `{"filters":{"a":${"[".repeat(depth)}1${"]".repeat(depth)}}}`,
      headers: { "content-type": "application/json" },
    });
    expect(veryDeep.status).toBe(422);
    expect((await read("providers")).body.data.filters).toBeNull();
  });

  it(`remembers at most ${MAX_REMEMBERED_LISTS} lists per user`, async () => {
    const token = await api.login("james.wright@harbour.test");
    for (let i = 0; i < MAX_REMEMBERED_LISTS; i++) expect((await save(`list-${i}`, { i }, token)).status).toBe(204);
    const over = await save("one-more", { i: 1 }, token);
    expect(over.status).toBe(422);
    expect(over.body.errors.filters).toEqual([`Filters are remembered for at most ${MAX_REMEMBERED_LISTS} lists.`]);
    expect((await save("list-0", { i: "again" }, token)).status).toBe(204); // replacing one is fine
    expect((await save("list-0", null, token)).status).toBe(204);
    expect((await save("one-more", { i: 1 }, token)).status).toBe(204);
  });
});

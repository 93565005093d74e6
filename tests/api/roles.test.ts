import { and, asc, eq, inArray } from "drizzle-orm";
import qs from "qs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allPermissions, permissionCatalogue } from "#contract/permissions";
import { pagedSchema } from "#contract/common";
import { permissionSchema, rolePermissionSchema, roleSchema } from "#contract/roles";
import { companies, rolePermissions, roles, userRoles, users } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";

let api: TestApi;
let admin: string; // Harbour administrator
let viewer: string; // Harbour, task_view only
let bloom: string; // Bloom Bakery owner: role_view, role_create, role_manage in another tenant
let harbourId: number;
let bloomId: number;

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, bloom] = await Promise.all([api.login("admin@harbour.test"), api.login("viewer@harbour.test"), api.login("owner@bloom.test")]);
  harbourId = (await api.database.db.select().from(companies).where(eq(companies.name, "Harbour Brokers")))[0].id;
  bloomId = (await api.database.db.select().from(companies).where(eq(companies.name, "Bloom Bakery Ltd")))[0].id;
});
afterAll(async () => {
  await api?.close();
});

async function roleId(tenantId: number, name: string): Promise<number> {
  const [row] = await api.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.name, name)));
  if (!row) throw new Error(`No role ${name}`);
  return row.id;
}
async function roleExists(id: number) {
  return (await api.database.db.select({ id: roles.id }).from(roles).where(eq(roles.id, id))).length === 1;
}
async function userId(email: string) {
  return (await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
}

/** A role made through the API (test data factory). */
async function createRole(name: string, permissions: string[] = [], token = admin): Promise<number> {
  const res = await api.request("POST", "/role", { token, body: { name, permissions } });
  if (res.status !== 201) throw new Error(`Creating role ${name}: ${res.status} ${res.text}`);
  return res.body.data.id;
}

/** Everything about a tenant's roles, to prove that a refused call changed nothing. */
async function snapshot(tenantId: number) {
  const roleRows = await api.database.db.select().from(roles).where(eq(roles.tenantId, tenantId)).orderBy(asc(roles.id));
  const ids = roleRows.map((r) => r.id);
  const perms = ids.length
    ? await api.database.db
        .select()
        .from(rolePermissions)
        .where(inArray(rolePermissions.roleId, ids))
        .orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permissionId))
    : [];
  const members = ids.length
    ? await api.database.db.select().from(userRoles).where(inArray(userRoles.roleId, ids)).orderBy(asc(userRoles.userId), asc(userRoles.roleId))
    : [];
  return { roleRows, perms, members };
}

const pagedRoles = pagedSchema(roleSchema);

describe("GET /role (paged list)", () => {
  it("lists the caller's tenant's roles in the paged shape", async () => {
    const res = await api.request("GET", "/role", { token: admin });
    expect(res.status).toBe(200);
    const page = pagedRoles.parse(res.body);
    const names = page.data.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Administrator", "Task viewer"]));
    const ownRoles = await api.database.db.select().from(roles).where(eq(roles.tenantId, harbourId));
    expect(page.meta).toEqual({ current_page: 1, per_page: 10, total: ownRoles.length, last_page: Math.max(1, Math.ceil(ownRoles.length / 10)) });
    expect(page.links.first).toEqual(expect.any(String));

    const administrator = page.data.find((r) => r.name === "Administrator")!;
    expect(administrator.is_system).toBe(true);
    expect(administrator.permissions_count).toBe(allPermissions.length);
    const members = await api.database.db.select().from(userRoles).where(eq(userRoles.roleId, administrator.id));
    expect(administrator.users_count).toBe(members.length);
    expect(administrator.users_count).toBeGreaterThan(0);
    expect(page.data.find((r) => r.name === "Task viewer")).toMatchObject({ is_system: false, permissions_count: 1 });

    // Another tenant sees only its own roles.
    const other = await api.request("GET", "/role", { token: bloom });
    expect(other.status).toBe(200);
    const otherIds = new Set(other.body.data.map((r: { id: number }) => r.id));
    for (const r of page.data) expect(otherIds.has(r.id)).toBe(false);
  });

  it("pages with page[number] and page[size], sorts with sort=-name and searches with filter[search]", async () => {
    const made = ["Paging team one", "Paging team two", "Paging team three", "Paging team four", "Paging team five"];
    for (const name of made) await createRole(name);
    try {
      const all = await api.request("GET", "/role", { token: admin, query: { filter: { search: "paging TEAM" }, page: { size: 100 } } });
      expect(all.status).toBe(200);
      expect(all.body.data.map((r: { name: string }) => r.name).sort()).toEqual([...made].sort());
      expect(all.body.meta.total).toBe(5);
      const ascending = all.body.data.map((r: { name: string }) => r.name);

      const desc = await api.request("GET", "/role", { token: admin, query: { filter: { search: "paging team" }, page: { size: 100 }, sort: "-name" } });
      expect(desc.body.data.map((r: { name: string }) => r.name)).toEqual([...ascending].reverse());

      const seen: string[] = [];
      for (const number of [1, 2, 3]) {
        const res = await api.request("GET", "/role", { token: admin, query: { filter: { search: "paging team" }, page: { number, size: 2 } } });
        expect(res.status).toBe(200);
        const page = pagedRoles.parse(res.body);
        expect(page.meta).toEqual({ current_page: number, per_page: 2, total: 5, last_page: 3 });
        expect(page.data).toHaveLength(number < 3 ? 2 : 1);
        seen.push(...page.data.map((r) => r.name));
        const first = qs.parse(page.links.first.split("?")[1] ?? "");
        expect(page.links.first.split("?")[0]).toBe("/role");
        expect(first).toMatchObject({ page: { number: "1", size: "2" }, filter: { search: "paging team" } });
      }
      expect(seen).toEqual(ascending);

      const beyond = await api.request("GET", "/role", { token: admin, query: { filter: { search: "paging team" }, page: { number: 9, size: 2 } } });
      expect(beyond.status).toBe(200);
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.meta.total).toBe(5);

      const none = await api.request("GET", "/role", { token: admin, query: { filter: { search: "no role is called this" } } });
      expect(none.body.data).toEqual([]);
      expect(none.body.meta).toMatchObject({ total: 0, last_page: 1 });
    } finally {
      const ids = await Promise.all(made.map((n) => roleId(harbourId, n)));
      expect((await api.request("DELETE", "/role", { token: admin, body: { ids } })).status).toBe(204);
    }
  });

  it("searches for wildcard characters literally", async () => {
    const id = await createRole("50% commission");
    try {
      await createRole("500 commission");
      const res = await api.request("GET", "/role", { token: admin, query: { filter: { search: "50%" } } });
      expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(["50% commission"]);
    } finally {
      await api.request("DELETE", "/role", { token: admin, body: { ids: [id, await roleId(harbourId, "500 commission")] } });
    }
  });

  it("answers a bad page or sort with 422 and an errors map", async () => {
    const size = await api.request("GET", "/role", { token: admin, query: { page: { size: 0 } } });
    expect(size.status).toBe(422);
    expect(size.body.errors["page.size"]).toEqual([expect.any(String)]);
    const number = await api.request("GET", "/role", { token: admin, query: { page: { number: "abc" } } });
    expect(number.status).toBe(422);
    expect(number.body.errors["page.number"]).toEqual([expect.any(String)]);
    const sort = await api.request("GET", "/role", { token: admin, query: { sort: "name; drop table roles" } });
    expect(sort.status).toBe(422);
    expect(sort.body.errors.sort).toEqual([expect.any(String)]);
  });
});

describe("GET /role/info", () => {
  it("answers id and name of every role of the tenant", async () => {
    const res = await api.request("GET", "/role/info", { token: admin });
    expect(res.status).toBe(200);
    const own = await api.database.db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.tenantId, harbourId));
    expect([...res.body.data].sort((a, b) => a.id - b.id)).toEqual(own.sort((a, b) => a.id - b.id));
    for (const r of res.body.data) expect(Object.keys(r).sort()).toEqual(["id", "name"]);
  });
});

describe("role create, show, rename, delete", () => {
  it("creates a role with permissions (201) and shows it", async () => {
    const res = await api.request("POST", "/role", { token: admin, body: { name: "  Claims handler ", permissions: ["task_view", "quote_view"] } });
    expect(res.status).toBe(201);
    expect(roleSchema.parse(res.body.data)).toMatchObject({ name: "Claims handler", is_system: false, users_count: 0, permissions_count: 2 });
    expect(res.body.data.permissions.map((p: { name: string }) => p.name)).toEqual(["quote_view", "task_view"]);
    const id = res.body.data.id;
    const [row] = await api.database.db.select().from(roles).where(eq(roles.id, id));
    expect(row.tenantId).toBe(harbourId);

    const show = await api.request("GET", `/role/${id}`, { token: admin });
    expect(show.status).toBe(200);
    expect(show.body.data).toEqual(res.body.data);
    const viaViewRights = await api.request("GET", `/role/${id}`, { token: admin });
    expect(viaViewRights.status).toBe(200);
  });

  it("refuses a duplicate name (in any letter case) with 422 errors.name", async () => {
    await createRole("Duplicate check");
    const before = await snapshot(harbourId);
    for (const name of ["Duplicate check", "DUPLICATE CHECK", " duplicate check  ", "Administrator"]) {
      const res = await api.request("POST", "/role", { token: admin, body: { name } });
      expect(res.status, name).toBe(422);
      expect(res.body.errors.name).toEqual([expect.any(String)]);
    }
    expect(await snapshot(harbourId)).toEqual(before);
    // The same name in another tenant is fine.
    const other = await api.request("POST", "/role", { token: bloom, body: { name: "Duplicate check" } });
    expect(other.status).toBe(201);
  });

  it("simultaneous creates or renames to one name: one wins, the others get 422 (never 500)", async () => {
    const results = await Promise.all([1, 2, 3].map(() => api.request("POST", "/role", { token: admin, body: { name: "Race condition" } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors.name).toEqual([expect.any(String)]);
    const rows = await api.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, harbourId), eq(roles.name, "Race condition")));
    expect(rows).toHaveLength(1);

    const a = await createRole("Race rename one");
    const b = await createRole("Race rename two");
    const renames = await Promise.all([a, b].map((id) => api.request("PUT", `/role/${id}`, { token: admin, body: { name: "Race renamed" } })));
    expect(renames.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(renames.find((r) => r.status === 422)!.body.errors.name).toEqual([expect.any(String)]);
  });

  it("answers missing or invalid fields with 422 and creates nothing", async () => {
    const before = await snapshot(harbourId);
    const cases: [unknown, string][] = [
      [{}, "name"],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(101) }, "name"],
      [{ name: 12 }, "name"],
      [{ name: "Unknown permission role", permissions: ["task_view", "fly_planes"] }, "permissions"],
      [{ name: "Bad permissions", permissions: "task_view" }, "permissions"],
    ];
    for (const [body, field] of cases) {
      const res = await api.request("POST", "/role", { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await snapshot(harbourId)).toEqual(before);
  });

  it("renames a role", async () => {
    const id = await createRole("Rename me");
    const res = await api.request("PUT", `/role/${id}`, { token: admin, body: { name: "Renamed role" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, name: "Renamed role" });
    expect((await api.request("GET", `/role/${id}`, { token: admin })).body.data.name).toBe("Renamed role");

    const sameNameOtherCase = await api.request("PUT", `/role/${id}`, { token: admin, body: { name: "RENAMED role" } });
    expect(sameNameOtherCase.status).toBe(200);
    expect(sameNameOtherCase.body.data.name).toBe("RENAMED role");

    const clash = await api.request("PUT", `/role/${id}`, { token: admin, body: { name: "task viewer" } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors.name).toEqual([expect.any(String)]);
    const empty = await api.request("PUT", `/role/${id}`, { token: admin, body: { name: "" } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toEqual([expect.any(String)]);
    expect((await api.request("GET", `/role/${id}`, { token: admin })).body.data.name).toBe("RENAMED role");

    expect((await api.request("PUT", "/role/99999999", { token: admin, body: { name: "Ghost" } })).status).toBe(404);
  });

  it("deletes a role (204); its users lose its permissions", async () => {
    const id = await createRole("Short lived", ["quote_view"]);
    const viewerId = await userId("viewer@harbour.test");
    await api.database.db.insert(userRoles).values({ userId: viewerId, roleId: id });
    expect((await api.request("GET", "/me", { token: viewer })).body.data.permissions).toEqual(["quote_view", "task_view"]);

    const res = await api.request("DELETE", `/role/${id}`, { token: admin });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await roleExists(id)).toBe(false);
    expect((await api.request("GET", `/role/${id}`, { token: admin })).status).toBe(404);
    expect((await api.request("DELETE", `/role/${id}`, { token: admin })).status).toBe(404);
    expect((await api.request("GET", "/me", { token: viewer })).body.data.permissions).toEqual(["task_view"]);
  });

  it("deletes several roles at once with DELETE /role {ids} (204)", async () => {
    const a = await createRole("Bulk one");
    const b = await createRole("Bulk two");
    const keep = await createRole("Bulk keep");
    const res = await api.request("DELETE", "/role", { token: admin, body: { ids: [a, b] } });
    expect(res.status).toBe(204);
    expect(await roleExists(a)).toBe(false);
    expect(await roleExists(b)).toBe(false);
    expect(await roleExists(keep)).toBe(true);

    const empty = await api.request("DELETE", "/role", { token: admin, body: { ids: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.ids).toEqual([expect.any(String)]);
    const missing = await api.request("DELETE", "/role", { token: admin, body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(["ids"]);
    const gone = await api.request("DELETE", "/role", { token: admin, body: { ids: [keep, a] } });
    expect(gone.status).toBe(404);
    expect(await roleExists(keep)).toBe(true);
  });

  it("the system role Administrator cannot be deleted, alone or in a bulk delete", async () => {
    const administrator = await roleId(harbourId, "Administrator");
    const other = await createRole("Deletable");
    const before = await snapshot(harbourId);

    const one = await api.request("DELETE", `/role/${administrator}`, { token: admin });
    expect(one.status).toBe(422);
    expect(one.body.message).toEqual(expect.any(String));
    expect(Object.keys(one.body.errors)).toHaveLength(1);

    const bulk = await api.request("DELETE", "/role", { token: admin, body: { ids: [other, administrator] } });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors.ids).toEqual([expect.any(String)]);

    expect(await snapshot(harbourId)).toEqual(before);
    expect((await api.request("GET", "/me", { token: admin })).status).toBe(200);
  });

  it("a path id that is not a role id answers 404", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "99999999", "99999999999999"]) {
      const res = await api.request("GET", `/role/${id}`, { token: admin });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe("permissions", () => {
  it("GET /permission lists every permission of the spec with its group", async () => {
    const res = await api.request("GET", "/permission", { token: admin });
    expect(res.status).toBe(200);
    const list = res.body.data.map((p: unknown) => permissionSchema.parse(p));
    const names = list.map((p: { name: string }) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...allPermissions].sort());
    for (const name of ["provider_manage", "xero_invoices_view", "off_platform_policy_delete", "role_view", "team_events_view", "benefit_view_reports"]) {
      expect(names).toContain(name);
    }
    for (const [group, members] of Object.entries(permissionCatalogue)) {
      const items = list.filter((p: { name: string }) => (members as readonly string[]).includes(p.name));
      expect(items).toHaveLength(members.length);
      expect(new Set(items.map((p: { permission_group: { id: number } }) => p.permission_group.id)).size).toBe(1);
      for (const p of items) expect(p.permission_group.name).toBe(group);
    }
    // Grouped: members of one group come together.
    const groupOrder = list.map((p: { permission_group: { id: number } }) => p.permission_group.id);
    const runs = groupOrder.filter((g: number, i: number) => i === 0 || g !== groupOrder[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it("GET /permission/:id answers one permission, 404 for an unknown id", async () => {
    const list = (await api.request("GET", "/permission", { token: admin })).body.data;
    const xero = list.find((p: { name: string }) => p.name === "xero_invoices_view");
    const res = await api.request("GET", `/permission/${xero.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(xero);
    expect((await api.request("GET", "/permission/99999999", { token: admin })).status).toBe(404);
    expect((await api.request("GET", "/permission/abc", { token: admin })).status).toBe(404);
  });
});

describe("role permissions", () => {
  it("GET /role/:id/permission: has_permission and can_be_removed; the Administrator's role administration is locked", async () => {
    const administrator = await roleId(harbourId, "Administrator");
    const res = await api.request("GET", `/role/${administrator}/permission`, { token: admin });
    expect(res.status).toBe(200);
    const list = res.body.data.map((p: unknown) => rolePermissionSchema.parse(p));
    expect(list).toHaveLength(allPermissions.length);
    expect(list.every((p: { has_permission: boolean }) => p.has_permission)).toBe(true);
    const locked = list.filter((p: { can_be_removed: boolean }) => !p.can_be_removed).map((p: { permission: { name: string } }) => p.permission.name);
    expect(locked.sort()).toEqual(["role_manage", "role_view"]);

    const taskViewer = await roleId(harbourId, "Task viewer");
    const tv = (await api.request("GET", `/role/${taskViewer}/permission`, { token: admin })).body.data;
    expect(tv).toHaveLength(allPermissions.length);
    expect(tv.filter((p: { has_permission: boolean }) => p.has_permission).map((p: { permission: { name: string } }) => p.permission.name)).toEqual([
      "task_view",
    ]);
    expect(tv.every((p: { can_be_removed: boolean }) => p.can_be_removed)).toBe(true);
    for (const p of tv) expect(p.permission.permission_group).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });

  it("PUT /role/:id/permission sets a role's permissions, and its users' /me follows", async () => {
    const taskViewer = await roleId(harbourId, "Task viewer");
    try {
      const res = await api.request("PUT", `/role/${taskViewer}/permission`, {
        token: admin,
        body: { permissions: ["task_view", "task_manage", "quote_view"] },
      });
      expect(res.status).toBe(200);
      const held = res.body.data.filter((p: { has_permission: boolean }) => p.has_permission).map((p: { permission: { name: string } }) => p.permission.name);
      expect(held.sort()).toEqual(["quote_view", "task_manage", "task_view"]);
      const again = (await api.request("GET", `/role/${taskViewer}/permission`, { token: admin })).body.data;
      expect(again).toEqual(res.body.data);
      expect((await api.request("GET", "/me", { token: viewer })).body.data.permissions).toEqual(["quote_view", "task_manage", "task_view"]);
      expect((await api.request("GET", `/role/${taskViewer}`, { token: admin })).body.data.permissions_count).toBe(3);

      const none = await api.request("PUT", `/role/${taskViewer}/permission`, { token: admin, body: { permissions: [] } });
      expect(none.status).toBe(200);
      expect(none.body.data.some((p: { has_permission: boolean }) => p.has_permission)).toBe(false);
      expect((await api.request("GET", "/me", { token: viewer })).body.data.permissions).toEqual([]);
      // The viewer's token still signs them in; only their permissions went.
      expect((await api.request("GET", "/me/feature", { token: viewer })).status).toBe(200);
    } finally {
      await api.request("PUT", `/role/${taskViewer}/permission`, { token: admin, body: { permissions: ["task_view"] } });
    }
    expect((await api.request("GET", "/me", { token: viewer })).body.data.permissions).toEqual(["task_view"]);
  });

  it("the same change sent twice at once (a double submit) succeeds both times", async () => {
    const id = await createRole("Double submit", ["task_view"]);
    const body = { permissions: ["task_view", "quote_view", "invoice_view"] };
    const results = await Promise.all([1, 2].map(() => api.request("PUT", `/role/${id}/permission`, { token: admin, body })));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const held = (await api.request("GET", `/role/${id}`, { token: admin })).body.data.permissions.map((p: { name: string }) => p.name);
    expect(held).toEqual(["invoice_view", "quote_view", "task_view"]);
  });

  it("refuses an unknown permission with 422 and changes nothing", async () => {
    const taskViewer = await roleId(harbourId, "Task viewer");
    const before = await snapshot(harbourId);
    const res = await api.request("PUT", `/role/${taskViewer}/permission`, { token: admin, body: { permissions: ["task_view", "launch_rockets"] } });
    expect(res.status).toBe(422);
    expect(res.body.errors.permissions).toEqual([expect.any(String)]);
    expect(res.body.errors.permissions[0]).toContain("launch_rockets");
    const missing = await api.request("PUT", `/role/${taskViewer}/permission`, { token: admin, body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(["permissions"]);
    expect(await snapshot(harbourId)).toEqual(before);
  });

  it("refuses to remove a locked permission with 422 and changes nothing", async () => {
    const administrator = await roleId(harbourId, "Administrator");
    const before = await snapshot(harbourId);
    const withoutRoleManage = allPermissions.filter((p) => p !== "role_manage");
    const res = await api.request("PUT", `/role/${administrator}/permission`, { token: admin, body: { permissions: withoutRoleManage } });
    expect(res.status).toBe(422);
    expect(res.body.errors.permissions[0]).toContain("role_manage");
    const emptied = await api.request("PUT", `/role/${administrator}/permission`, { token: admin, body: { permissions: [] } });
    expect(emptied.status).toBe(422);
    expect(await snapshot(harbourId)).toEqual(before);
    expect((await api.request("GET", "/role", { token: admin })).status).toBe(200);
  });

  it("an unlocked permission can be taken from the Administrator role and given back", async () => {
    const administrator = await roleId(harbourId, "Administrator");
    const withoutProviders = allPermissions.filter((p) => p !== "provider_manage");
    const res = await api.request("PUT", `/role/${administrator}/permission`, { token: admin, body: { permissions: withoutProviders } });
    expect(res.status).toBe(200);
    expect((await api.request("GET", "/me", { token: admin })).body.data.permissions).not.toContain("provider_manage");
    const locked = res.body.data.filter((p: { can_be_removed: boolean }) => !p.can_be_removed).map((p: { permission: { name: string } }) => p.permission.name);
    expect(locked.sort()).toEqual(["role_manage", "role_view"]);
    const back = await api.request("PUT", `/role/${administrator}/permission`, { token: admin, body: { permissions: [...allPermissions] } });
    expect(back.status).toBe(200);
    expect((await api.request("GET", "/me", { token: admin })).body.data.permissions).toContain("provider_manage");
  });
});

describe("who may administer roles", () => {
  function everyRoleCall(id: number): [string, string, unknown][] {
    return [
      ["GET", "/role", undefined],
      ["GET", "/role/info", undefined],
      ["POST", "/role", { name: "Sneaky role" }],
      ["GET", `/role/${id}`, undefined],
      ["PUT", `/role/${id}`, { name: "Sneaky rename" }],
      ["DELETE", `/role/${id}`, undefined],
      ["DELETE", "/role", { ids: [id] }],
      ["GET", `/role/${id}/permission`, undefined],
      ["PUT", `/role/${id}/permission`, { permissions: [...allPermissions] }],
      ["GET", "/permission", undefined],
      ["GET", "/permission/1", undefined],
    ];
  }

  /** The calls that name one role: by path, or by the ids of a bulk delete. */
  const callsOnRole = (id: number) => everyRoleCall(id).filter(([m, u]) => u.startsWith(`/role/${id}`) || (m === "DELETE" && u === "/role"));

  it("a user without role permissions gets 403 on every role endpoint, and nothing changes", async () => {
    const taskViewer = await roleId(harbourId, "Task viewer");
    const before = await snapshot(harbourId);
    for (const [method, url, body] of everyRoleCall(taskViewer)) {
      const res = await api.request(method as "GET", url, { token: viewer, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await snapshot(harbourId)).toEqual(before);
    expect((await api.request("GET", "/me", { token: viewer })).body.data.permissions).toEqual(["task_view"]);
  });

  it("role_view may read but not change; role_create may create but not delete", async () => {
    const viewerId = await userId("viewer@harbour.test");
    const reader = await createRole("Role reader", ["role_view"]);
    await api.database.db.insert(userRoles).values({ userId: viewerId, roleId: reader });
    try {
      const taskViewer = await roleId(harbourId, "Task viewer");
      for (const [method, url] of everyRoleCall(taskViewer)) {
        const res = await api.request(method as "GET", url, {
          token: viewer,
          body: method === "GET" ? undefined : { name: "x", ids: [taskViewer], permissions: [] },
        });
        expect(res.status, `${method} ${url}`).toBe(method === "GET" ? 200 : 403);
      }
      const creator = await createRole("Role creator", ["role_create"]);
      await api.database.db.insert(userRoles).values({ userId: viewerId, roleId: creator });
      const created = await api.request("POST", "/role", { token: viewer, body: { name: "Made by viewer" } });
      expect(created.status).toBe(201);
      expect((await api.request("DELETE", `/role/${created.body.data.id}`, { token: viewer })).status).toBe(403);
      expect((await api.request("DELETE", `/role/${created.body.data.id}`, { token: admin })).status).toBe(204);
      await api.request("DELETE", `/role/${creator}`, { token: admin });
    } finally {
      await api.request("DELETE", `/role/${reader}`, { token: admin });
    }
    expect((await api.request("GET", "/role", { token: viewer })).status).toBe(403);
  });

  it("another tenant's role ids answer 404 everywhere, and nothing changes", async () => {
    const harbourRoles = [await roleId(harbourId, "Administrator"), await roleId(harbourId, "Task viewer")];
    const ownBloomRole = await createRole("Bloom helper", [], bloom);
    const before = await snapshot(harbourId);
    for (const id of harbourRoles) {
      for (const [method, url, body] of callsOnRole(id)) {
        const res = await api.request(method as "GET", url, { token: bloom, body });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.message).toEqual(expect.any(String));
      }
      const mixed = await api.request("DELETE", "/role", { token: bloom, body: { ids: [ownBloomRole, id] } });
      expect(mixed.status).toBe(404);
    }
    expect(await snapshot(harbourId)).toEqual(before);
    expect(await roleExists(ownBloomRole)).toBe(true);

    // The same calls on Bloom's own role work.
    expect((await api.request("GET", `/role/${ownBloomRole}`, { token: bloom })).status).toBe(200);
    expect((await api.request("GET", `/role/${ownBloomRole}/permission`, { token: bloom })).status).toBe(200);
    expect((await api.request("DELETE", "/role", { token: bloom, body: { ids: [ownBloomRole] } })).status).toBe(204);

    // And the other way round: Harbour's administrator cannot reach Bloom's roles.
    const bloomAdministrator = await roleId(bloomId, "Administrator");
    const bloomBefore = await snapshot(bloomId);
    for (const [method, url, body] of callsOnRole(bloomAdministrator)) {
      const res = await api.request(method as "GET", url, { token: admin, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(await snapshot(bloomId)).toEqual(bloomBefore);
  });
});

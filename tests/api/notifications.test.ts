import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, notifications, roles, teams, users } from "#api/db/schema";
import { canOpen } from "#api/db/seed-notifications";
import { notify, notificationData, taskAssigned } from "#api/modules/notifications/notify";
import { permissionsOf } from "#api/modules/auth/authenticate";
import { createTestApi, type TestApi } from "../helpers/api";

let api: TestApi;
let admin: string; // admin@harbour.test (every permission)
let viewer: string; // viewer@harbour.test (task_view only)
let adviser: string; // adviser@northgate.test (another tenant)

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, adviser] = await Promise.all([api.login("admin@harbour.test"), api.login("viewer@harbour.test"), api.login("adviser@northgate.test")]);
});
afterAll(async () => {
  await api?.close();
});

async function userByEmail(email: string) {
  const [u] = await api.database.db.select().from(users).where(eq(users.email, email));
  return u;
}

/** A fresh unread notification for a user, made the way other modules make them. */
async function fresh(email: string, title = "Fresh one") {
  const u = await userByEmail(email);
  return notify(api.database.db, { tenantId: u.tenantId, userId: u.id, title, desc: "Something happened.", link: "/dashboard" });
}

async function unreadInDb(email: string) {
  const u = await userByEmail(email);
  return (
    await api.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.id), isNull(notifications.readAt)))
  ).length;
}

const count = (token: string) => api.request("GET", "/notification/count", { token });

describe("the seeded history", () => {
  it("gives every active demo user 8 to 15 notifications, some unread, each linking to a page they may open", async () => {
    const db = api.database.db;
    const people = await db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.tenantId))
      .where(eq(users.status, "active"));
    expect(people.length).toBeGreaterThan(5);
    for (const { user, company } of people) {
      const rows = await db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(rows.length, user.email).toBeGreaterThanOrEqual(8);
      expect(rows.length, user.email).toBeLessThanOrEqual(15);
      const unread = rows.filter((r) => r.readAt === null).length;
      expect(unread, user.email).toBeGreaterThanOrEqual(2);
      expect(unread, user.email).toBeLessThan(rows.length);
      const subject = {
        permissions: [...(await permissionsOf(db, user.id))],
        edition: company.isSmallBusiness ? ("smallbusiness" as const) : ("flightdeck" as const),
        isParentTenant: company.tenantIsSegParent,
      };
      for (const r of rows) {
        expect(r.tenantId).toBe(user.tenantId);
        expect(r.data.title.length).toBeGreaterThan(0);
        expect(r.data.link, `${user.email}: ${r.data.title}`).toMatch(/^\/[a-z]/);
        expect(canOpen(r.data.link!, subject), `${user.email} may open ${r.data.link}`).toBe(true);
      }
    }
  });

  it("spreads the history over the past weeks", async () => {
    const u = await userByEmail("admin@harbour.test");
    const rows = await api.database.db.select().from(notifications).where(eq(notifications.userId, u.id));
    const ages = rows.map((r) => (Date.now() - r.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeLessThan(1);
    expect(Math.max(...ages)).toBeGreaterThan(14);
  });
});

describe("GET /notification", () => {
  it("answers 4 items per page by default, newest first, with the page meta", async () => {
    const res = await api.request("GET", "/notification", { token: viewer });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(4);
    const total = res.body.meta.total;
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 4, total, last_page: Math.ceil(total / 4) });
    const item = res.body.items[0];
    expect(item).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      read_at: null,
      created_at: expect.any(String),
      data: { title: expect.any(String), desc: expect.any(String), image: null, link: expect.stringMatching(/^\//) },
    });
    const times = res.body.items.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("pages through every notification once with page[number] and page[size]", async () => {
    const first = await api.request("GET", "/notification", { token: viewer, query: { page: { number: 1, size: 4 } } });
    const total = first.body.meta.total as number;
    const seen: string[] = [];
    for (let page = 1; page <= first.body.meta.last_page; page++) {
      const res = await api.request("GET", "/notification", { token: viewer, query: { page: { number: page } } });
      seen.push(...res.body.items.map((i: { id: string }) => i.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const big = await api.request("GET", "/notification", { token: viewer, query: { page: { size: 50 } } });
    expect(big.body.items.map((i: { id: string }) => i.id)).toEqual(seen);
    const past = await api.request("GET", "/notification", { token: viewer, query: { page: { number: 99 } } });
    expect(past.body.items).toEqual([]);
  });

  it.each([
    [{ page: { size: 0 } }, "page.size"],
    [{ page: { size: 51 } }, "page.size"],
    [{ page: { number: 0 } }, "page.number"],
    [{ page: { number: "x" } }, "page.number"],
  ])("refuses a bad page %j with 422", async (query, field) => {
    const res = await api.request("GET", "/notification", { token: viewer, query });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeDefined();
  });

  it("lists only the caller's own notifications", async () => {
    const other = await fresh("admin@harbour.test", "For the admin only");
    const res = await api.request("GET", "/notification", { token: viewer, query: { page: { size: 50 } } });
    expect(res.body.items.some((i: { id: string }) => i.id === other)).toBe(false);
    const viewerId = (await userByEmail("viewer@harbour.test")).id;
    const ids = res.body.items.map((i: { id: string }) => i.id);
    const owners = await api.database.db.select({ id: notifications.id, userId: notifications.userId }).from(notifications);
    for (const id of ids) expect(owners.find((o) => o.id === id)?.userId).toBe(viewerId);
  });

  it("needs a signed-in user", async () => {
    expect((await api.request("GET", "/notification")).status).toBe(401);
    expect((await api.request("GET", "/notification/count")).status).toBe(401);
  });
});

describe("GET /notification/count", () => {
  it("answers the unread number as `new`, and follows new notifications", async () => {
    const before = await count(adviser);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ new: await unreadInDb("adviser@northgate.test") });
    await fresh("adviser@northgate.test");
    expect((await count(adviser)).body.new).toBe(before.body.new + 1);
  });

  it("counts up to ?max= when asked (the bell asks for 100 to show '99+')", async () => {
    const unread = (await count(adviser)).body.new;
    for (let i = unread; i < 3; i++) await fresh("adviser@northgate.test");
    const exact = (await count(adviser)).body.new;
    expect(exact).toBeGreaterThanOrEqual(3);
    const capped = await api.request("GET", "/notification/count", { token: adviser, query: { max: 2 } });
    expect(capped.status).toBe(200);
    expect(capped.body).toEqual({ new: 2 });
    expect((await api.request("GET", "/notification/count", { token: adviser, query: { max: exact + 5 } })).body).toEqual({ new: exact });
    for (const max of ["0", "-1", "two", "1.5"]) {
      const bad = await api.request("GET", "/notification/count", { token: adviser, query: { max } });
      expect(bad.status, max).toBe(422);
      expect(bad.body.errors.max).toBeDefined();
    }
  });
});

describe("GET /notification/:id", () => {
  it("answers one of the caller's notifications", async () => {
    const id = await fresh("viewer@harbour.test", "Look at this");
    const res = await api.request("GET", `/notification/${id}`, { token: viewer });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, read_at: null, data: { title: "Look at this", desc: "Something happened.", link: "/dashboard", image: null } });
  });

  it("answers 404 for another user's, another tenant's, an unknown or a malformed id", async () => {
    const colleagues = await fresh("admin@harbour.test");
    const otherTenant = await fresh("owner@bloom.test");
    for (const id of [colleagues, otherTenant, randomUUID(), "12", "not-a-uuid"]) {
      const res = await api.request("GET", `/notification/${id}`, { token: viewer });
      expect(res.status, id).toBe(404);
    }
  });
});

describe("POST /notification/:id/read", () => {
  it("marks one read, lowers the count, and keeps the first read time when repeated", async () => {
    const id = await fresh("viewer@harbour.test");
    const before = (await count(viewer)).body.new;
    const res = await api.request("POST", `/notification/${id}/read`, { token: viewer });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(id);
    expect(Date.parse(res.body.data.read_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await count(viewer)).body.new).toBe(before - 1);
    const again = await api.request("POST", `/notification/${id}/read`, { token: viewer });
    expect(again.status).toBe(200);
    expect(again.body.data.read_at).toBe(res.body.data.read_at);
    expect((await count(viewer)).body.new).toBe(before - 1);
  });

  it("cannot touch another user's or tenant's notification", async () => {
    for (const email of ["admin@harbour.test", "owner@bloom.test"]) {
      const id = await fresh(email);
      const res = await api.request("POST", `/notification/${id}/read`, { token: viewer });
      expect(res.status).toBe(404);
      const [row] = await api.database.db.select().from(notifications).where(eq(notifications.id, id));
      expect(row.readAt).toBeNull();
    }
  });
});

describe("POST /notification/read (mark all read)", () => {
  it("marks every unread notification of the caller read, and no one else's", async () => {
    const adminUnread = await unreadInDb("admin@harbour.test");
    const ownerUnread = await unreadInDb("owner@bloom.test");
    const mine = await unreadInDb("adviser@northgate.test");
    expect(mine).toBeGreaterThan(0);
    const res = await api.request("POST", "/notification/read", { token: adviser });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: mine, new: 0 });
    expect((await count(adviser)).body).toEqual({ new: 0 });
    expect(await unreadInDb("admin@harbour.test")).toBe(adminUnread);
    expect(await unreadInDb("owner@bloom.test")).toBe(ownerUnread);
    const again = await api.request("POST", "/notification/read", { token: adviser });
    expect(again.body).toEqual({ updated: 0, new: 0 });
  });
});

describe("DELETE /notification/:id", () => {
  it("deletes one of the caller's with 204; it is gone afterwards", async () => {
    const id = await fresh("viewer@harbour.test");
    const res = await api.request("DELETE", `/notification/${id}`, { token: viewer });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await api.request("GET", `/notification/${id}`, { token: viewer })).status).toBe(404);
    expect((await api.request("DELETE", `/notification/${id}`, { token: viewer })).status).toBe(404);
  });

  it("answers 404 for another user's or tenant's, and leaves it be", async () => {
    for (const email of ["admin@harbour.test", "owner@bloom.test"]) {
      const id = await fresh(email);
      expect((await api.request("DELETE", `/notification/${id}`, { token: viewer })).status).toBe(404);
      expect(await api.database.db.select().from(notifications).where(eq(notifications.id, id))).toHaveLength(1);
    }
  });
});

describe("notify()", () => {
  it("stores title, description, image and a portal link", async () => {
    const u = await userByEmail("viewer@harbour.test");
    const id = await notify(api.database.db, {
      tenantId: u.tenantId,
      userId: u.id,
      title: "  Hello  ",
      desc: " There ",
      link: "/tasks?x=1",
      image: "/files/abc.png",
    });
    const res = await api.request("GET", `/notification/${id}`, { token: viewer });
    expect(res.body.data.data).toEqual({ title: "Hello", desc: "There", image: "/files/abc.png", link: "/tasks?x=1" });
  });

  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "tasks"])(
    "refuses a link that leaves the portal: %s",
    (link) => {
      expect(() => notificationData({ title: "x", desc: "y", link })).toThrow(/portal path/);
    },
  );

  it("needs a title and clips long text", () => {
    expect(() => notificationData({ title: "  ", desc: "", link: null })).toThrow(/title/);
    const d = notificationData({ title: "t".repeat(500), desc: "d".repeat(5000), link: null });
    expect(d.title).toHaveLength(200);
    expect(d.desc).toHaveLength(1000);
  });

  it("taskAssigned links the user to the task and names who assigned it", async () => {
    const u = await userByEmail("viewer@harbour.test");
    const id = await taskAssigned(api.database.db, { tenantId: u.tenantId, userId: u.id }, { id: 42, title: "Call the insurer" }, { name: "Amelia Hart" });
    const res = await api.request("GET", `/notification/${id}`, { token: viewer });
    expect(res.body.data.data).toMatchObject({
      title: "Task assigned to you",
      desc: 'Amelia Hart assigned you the task "Call the insurer".',
      link: "/tasks/42",
    });
  });
});

describe("a user's roles (PUT /users/:id/roles) notify the user", () => {
  async function roleId(company: string, name: string) {
    const [c] = await api.database.db.select().from(companies).where(eq(companies.name, company));
    const [r] = await api.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, c.id), eq(roles.name, name)));
    return r.id;
  }
  const newest = async (token: string) => (await api.request("GET", "/notification", { token, query: { page: { size: 2 } } })).body.items;

  it("a role granted and a role removed each notify the user, linking to their profile", async () => {
    const target = await userByEmail("james.wright@harbour.test");
    const james = await api.login("james.wright@harbour.test");
    const taskViewer = await roleId("Harbour Brokers", "Task viewer");
    const administrator = await roleId("Harbour Brokers", "Administrator");
    const before = (await count(james)).body.new;

    const granted = await api.request("PUT", `/users/${target.id}/roles`, { token: admin, body: { role_ids: [taskViewer, administrator] } });
    expect(granted.status).toBe(200);
    expect(granted.body.data).toEqual({
      user_id: target.id,
      roles: [
        { id: administrator, name: "Administrator" },
        { id: taskViewer, name: "Task viewer" },
      ],
    });
    expect((await count(james)).body.new).toBe(before + 1);
    const [n1] = await newest(james);
    expect(n1).toMatchObject({ read_at: null, data: { title: "New role", desc: "You were given the Administrator role by Amelia Hart.", link: "/profile" } });

    const removed = await api.request("PUT", `/users/${target.id}/roles`, { token: admin, body: { role_ids: [taskViewer] } });
    expect(removed.body.data.roles).toEqual([{ id: taskViewer, name: "Task viewer" }]);
    const [n2] = await newest(james);
    expect(n2.data).toMatchObject({ title: "Role removed", desc: "The Administrator role was removed from your account by Amelia Hart.", link: "/profile" });
    expect((await count(james)).body.new).toBe(before + 2);

    // The same roles again: nothing changed, nobody is told.
    await api.request("PUT", `/users/${target.id}/roles`, { token: admin, body: { role_ids: [taskViewer] } });
    expect((await count(james)).body.new).toBe(before + 2);
    const listed = await api.request("GET", `/users/${target.id}/roles`, { token: admin });
    expect(listed.body.data.roles).toEqual([{ id: taskViewer, name: "Task viewer" }]);
  });

  it("needs role_manage, and works on the caller's own company only", async () => {
    const target = await userByEmail("priya.patel@harbour.test");
    const taskViewer = await roleId("Harbour Brokers", "Task viewer");
    expect((await api.request("PUT", `/users/${target.id}/roles`, { token: viewer, body: { role_ids: [taskViewer] } })).status).toBe(403);
    expect((await api.request("GET", `/users/${target.id}/roles`, { token: viewer })).status).toBe(403);
    const bloomOwner = await userByEmail("owner@bloom.test");
    expect((await api.request("PUT", `/users/${bloomOwner.id}/roles`, { token: admin, body: { role_ids: [taskViewer] } })).status).toBe(404);
    expect((await api.request("GET", `/users/${bloomOwner.id}/roles`, { token: admin })).status).toBe(404);
    const bloomRole = await roleId("Bloom Bakery Ltd", "Owner");
    const foreign = await api.request("PUT", `/users/${target.id}/roles`, { token: admin, body: { role_ids: [bloomRole] } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ role_ids: ["Choose roles from the list."] });
    const bad = await api.request("PUT", `/users/${target.id}/roles`, { token: admin, body: { role_ids: "x" } });
    expect(bad.status).toBe(422);
  });

  it("nobody takes role administration away from themselves, and changing one's own roles notifies no one", async () => {
    const me = await userByEmail("admin@harbour.test");
    const taskViewer = await roleId("Harbour Brokers", "Task viewer");
    const administrator = await roleId("Harbour Brokers", "Administrator");
    const refused = await api.request("PUT", `/users/${me.id}/roles`, { token: admin, body: { role_ids: [taskViewer] } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.role_ids).toEqual(["You cannot take role administration away from yourself."]);
    const before = (await count(admin)).body.new;
    const ok = await api.request("PUT", `/users/${me.id}/roles`, { token: admin, body: { role_ids: [administrator, taskViewer] } });
    expect(ok.status).toBe(200);
    expect((await count(admin)).body.new).toBe(before);
  });
});

describe("a team invitation notifies the colleague added", () => {
  async function teamId(name: string) {
    const [t] = await api.database.db.select().from(teams).where(eq(teams.name, name));
    return t.id;
  }
  const newestFor = async (email: string) => {
    const u = await userByEmail(email);
    const rows = await api.database.db.select().from(notifications).where(eq(notifications.userId, u.id));
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  };

  it("by user id or by their e-mail address, linking to the teams page", async () => {
    const claims = await teamId("Claims");
    const priya = await userByEmail("priya.patel@harbour.test");
    const byId = await api.request("POST", `/teams/${claims}/users`, { token: admin, body: { user_id: priya.id } });
    expect(byId.status).toBe(201);
    const n1 = await newestFor("priya.patel@harbour.test");
    expect(n1.readAt).toBeNull();
    expect(n1.data).toEqual({ title: "Team invitation", desc: "Amelia Hart added you to the Claims team.", image: null, link: "/team" });

    const byEmail = await api.request("POST", `/teams/${claims}/users`, { token: admin, body: { email: "Tom.Fletcher@harbour.test" } });
    expect(byEmail.status).toBe(201);
    expect((await newestFor("tom.fletcher@harbour.test")).data.desc).toBe("Amelia Hart added you to the Claims team.");
  });

  it("an address outside the company gets an e-mailed invitation and nobody's bell rings", async () => {
    const claims = await teamId("Claims");
    const total = async () => (await api.database.db.select().from(notifications)).length;
    const before = await total();
    for (const email of ["someone.new@example.com", "owner@bloom.test"]) {
      const res = await api.request("POST", `/teams/${claims}/users`, { token: admin, body: { email } });
      expect(res.status, email).toBe(201);
      expect(res.body.data.type).toBe("invitation");
    }
    expect(await total()).toBe(before);
  });
});

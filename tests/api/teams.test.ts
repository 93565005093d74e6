import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, teamInvitations, teamMembers, teams, userRoles, users } from "#api/db/schema";
import { hashPassword } from "#api/lib/passwords";
import { createTestApi, DEMO_PASSWORD, type TestApi } from "../helpers/api";
import { eventually } from "../helpers/jobs";

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

const get = (url: string, query: Record<string, unknown> = {}, token = admin) => api.request("GET", url, { token, query });
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((t) => t.name);
const fullNames = (res: { body: { data: { full_name: string }[] } }) => res.body.data.map((u) => u.full_name);

async function userId(email: string) {
  const [u] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}
async function teamId(name: string, tenant = "Harbour Brokers") {
  const [t] = await api.database.db
    .select({ id: teams.id })
    .from(teams)
    .innerJoin(companies, eq(companies.id, teams.tenantId))
    .where(and(eq(teams.name, name), eq(companies.name, tenant)));
  return t.id;
}
/** A snapshot of everything teams-related, to prove a refused call changed nothing. */
async function snapshot() {
  const db = api.database.db;
  return {
    teams: await db.select().from(teams).orderBy(teams.id),
    members: await db.select().from(teamMembers).orderBy(teamMembers.id),
    invitations: await db.select().from(teamInvitations).orderBy(teamInvitations.id),
  };
}

describe("the demo teams of Harbour Brokers", () => {
  it("lists teams by name with member and invitation counts", async () => {
    const res = await get("/team");
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 10, total: 4, last_page: 1 });
    expect(
      res.body.data.map((t: { name: string; members_count: number; pending_invitations_count: number }) => [
        t.name,
        t.members_count,
        t.pending_invitations_count,
      ]),
    ).toEqual([
      ["Claims", 3, 1],
      ["Commercial lines", 4, 0],
      ["Private clients", 4, 0],
      ["Wealth", 3, 1],
    ]);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      name: "Claims",
      members_count: 3,
      pending_invitations_count: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("searches, filters by member, sorts, and allows the spec's page size of 9999", async () => {
    expect(names(await get("/team", { filter: { search: "CL" } }))).toEqual(["Claims", "Private clients"]);
    // The same shape (a search) with another value, and for another company: the statement is built once per shape.
    expect(names(await get("/team", { filter: { search: "weal" } }))).toEqual(["Wealth"]);
    expect(names(await get("/team", { filter: { search: "CL" } }, owner)).filter((n: string) => ["Claims", "Private clients"].includes(n))).toEqual([]);
    expect(names(await get("/team", { filter: { user_id: await userId("admin@harbour.test") } }))).toEqual(["Commercial lines", "Private clients"]);
    expect(names(await get("/team", { sort: "-name" }))).toEqual(["Wealth", "Private clients", "Commercial lines", "Claims"]);
    expect(names(await get("/team", { sort: "-members_count" }))).toEqual(["Commercial lines", "Private clients", "Claims", "Wealth"]);
    expect(names(await get("/team", { sort: "members_count", page: { size: 2 } }))).toEqual(["Claims", "Wealth"]);
    expect((await get("/team", { page: { size: 9999 } })).status).toBe(200);
    // A member filter is an id written as one: a number in another notation names nobody.
    for (const user_id of ["1e1", "0x10", "010", "0", "2147483648", "me"]) {
      const refused = await get("/team", { filter: { user_id } });
      expect(refused.status, user_id).toBe(422);
      expect(refused.body.errors["filter.user_id"], user_id).toEqual(["Choose a valid id."]);
    }
    const tooBig = await get("/team", { page: { size: 10000 } });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors["page.size"]).toEqual(["Page size may be at most 9999."]);
  });

  it("shows one team with its members (leaders first) and pending invitations", async () => {
    const res = await get(`/team/${await teamId("Claims")}`);
    expect(res.status).toBe(200);
    expect(res.body.data.members.map((m: { full_name: string; role: string }) => [m.full_name, m.role])).toEqual([
      ["George Hughes", "leader"],
      ["Hannah Moore", "member"],
      ["Victor Lane", "member"],
    ]);
    expect(res.body.data.members[0]).toEqual({
      id: expect.any(Number),
      team_id: res.body.data.id,
      user_id: await userId("george.hughes@harbour.test"),
      role: "leader",
      name: "George",
      last_name: "Hughes",
      full_name: "George Hughes",
      email: "george.hughes@harbour.test",
      profile_photo_path: null,
      created_at: expect.any(String),
    });
    expect(res.body.data.invitations).toEqual([
      {
        id: expect.any(Number),
        team_id: res.body.data.id,
        email: "ruby.grant@harbour.test",
        role: "member",
        status: "pending",
        invited_by: { id: await userId("george.hughes@harbour.test"), full_name: "George Hughes" },
        created_at: expect.any(String),
      },
    ]);
  });

  it("lists a team's members on all three paths, paged, searchable by name or e-mail, sortable", async () => {
    const id = await teamId("Commercial lines");
    for (const path of [`/team/${id}/team-user`, `/team/${id}/user`, `/teams/${id}/members`]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(fullNames(res), path).toEqual(["Amelia Hart", "James Wright", "Priya Patel", "Tom Fletcher"]);
      expect(res.body.meta.total).toBe(4);
    }
    expect(fullNames(await get(`/teams/${id}/members`, { filter: { search: "wRiGhT" } }))).toEqual(["James Wright"]);
    expect(fullNames(await get(`/teams/${id}/members`, { filter: { search: "priya.patel@" } }))).toEqual(["Priya Patel"]);
    expect(fullNames(await get(`/teams/${id}/members`, { filter: { search: "james wright" } }))).toEqual(["James Wright"]);
    expect(fullNames(await get(`/teams/${id}/members`, { sort: "-name", page: { size: 2 } }))).toEqual(["Tom Fletcher", "Priya Patel"]);
    expect(fullNames(await get(`/teams/${id}/members`, { sort: "role", page: { size: 1 } }))).toEqual(["Amelia Hart"]);
    expect((await get(`/teams/${id}/members`, { page: { size: 100 } })).status).toBe(200);
    expect((await get(`/teams/${id}/members`, { page: { size: 1000 } })).status).toBe(422);
  });

  it("GET /me/team/user: the people who share a team with me, once each", async () => {
    const mine = await get("/me/team/user", { page: { size: 100 } });
    expect(mine.status).toBe(200);
    expect(fullNames(mine)).toEqual(["Amelia Hart", "Daniel Okafor", "Emily Chen", "James Wright", "Priya Patel", "Sophie Turner", "Tom Fletcher"]);
    expect(mine.body.data[0]).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      name: "Amelia",
      last_name: "Hart",
      full_name: "Amelia Hart",
      email: "admin@harbour.test",
      profile_photo_path: null,
    });
    expect(fullNames(await get("/me/team/user", { filter: { team_id: await teamId("Private clients"), search: "e" } }))).toEqual([
      "Amelia Hart",
      "Daniel Okafor",
      "Emily Chen",
      "Sophie Turner",
    ]);
    // Any signed-in user sees their own teams' members: the viewer holds no team permission.
    expect(fullNames(await get("/me/team/user", {}, viewer))).toEqual(["George Hughes", "Hannah Moore", "Victor Lane"]);
    expect(fullNames(await get("/me/team/user", {}, owner))).toEqual(["Olivia Bloom"]);
  });

  it("GET /users/team: the company's active users for the searchable dropdown (page size 20)", async () => {
    const all = await get("/users/team");
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ per_page: 20, total: 14 });
    expect(all.body.data.map((u: { email: string }) => u.email)).not.toContain("new.starter@harbour.test"); // invited, not active
    expect(all.body.data.map((u: { email: string }) => u.email).every((e: string) => e.endsWith("@harbour.test"))).toBe(true);
    expect(fullNames(await get("/users/team", { filter: { search: "chen" } }))).toEqual(["Emily Chen"]);
    const emily = await userId("emily.chen@harbour.test");
    expect(fullNames(await get("/users/team", { filter: { id: emily } }))).toEqual(["Emily Chen"]);
    const notInClaims = await get("/users/team", { filter: { not_in_team: await teamId("Claims") } });
    expect(notInClaims.body.meta.total).toBe(11);
    expect(fullNames(notInClaims)).not.toContain("George Hughes");
    // Another company's user is never an option.
    expect((await get("/users/team", { filter: { id: await userId("owner@bloom.test") } })).body.data).toEqual([]);
    expect((await get("/users/team", { filter: { search: "bloom" } })).body.data).toEqual([]);
  });

  it("GET /api/v1/teams/member/:id answers one membership with its team", async () => {
    const claims = (await get(`/team/${await teamId("Claims")}`)).body.data;
    const res = await get(`/api/v1/teams/member/${claims.members[1].id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...claims.members[1], team: { id: claims.id, name: "Claims" } });
    expect((await get("/api/v1/teams/member/999999")).status).toBe(404);
  });
});

describe("creating, changing and deleting teams", () => {
  it("creates a team with members (201), renames it, deletes it (204)", async () => {
    const [james, grace] = await Promise.all([userId("james.wright@harbour.test"), userId("grace.bennett@harbour.test")]);
    const created = await api.request("POST", "/api/v1/teams", { token: admin, body: { name: "  Renewals  ", user_ids: [grace, james, james] } });
    expect(created.status).toBe(201);
    const team = created.body.data;
    expect(team).toMatchObject({ name: "Renewals", members_count: 2, pending_invitations_count: 0, invitations: [] });
    expect(team.members.map((m: { full_name: string; role: string }) => `${m.full_name}:${m.role}`)).toEqual(["Grace Bennett:member", "James Wright:member"]);

    const renamed = await api.request("PUT", `/api/v1/teams/${team.id}`, { token: admin, body: { name: "Renewals desk" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: team.id, name: "Renewals desk", members_count: 2 });
    expect((await api.request("PUT", `/api/v1/teams/${team.id}`, { token: admin, body: { name: "renewals DESK" } })).status).toBe(200);

    const del = await api.request("DELETE", `/team/${team.id}`, { token: admin });
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expect((await get(`/team/${team.id}`)).status).toBe(404);
    expect((await api.request("DELETE", `/team/${team.id}`, { token: admin })).status).toBe(404);
    const memberships = await api.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(memberships).toEqual([]);

    const other = await api.request("POST", "/api/v1/teams", { token: admin, body: { name: "Temp" } });
    expect(other.body.data.members).toEqual([]);
    expect((await api.request("DELETE", `/api/v1/teams/${other.body.data.id}`, { token: admin })).status).toBe(204);
  });

  it("answers 422 with an errors map: name required, too long, taken (case-insensitive)", async () => {
    const before = await snapshot();
    const empty = await api.request("POST", "/api/v1/teams", { token: admin, body: { name: "  " } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ name: ["Enter a team name."] });
    expect((await api.request("POST", "/api/v1/teams", { token: admin, body: {} })).body.errors).toEqual({ name: ["Enter a team name."] });
    expect((await api.request("POST", "/api/v1/teams", { token: admin, body: { name: "x".repeat(101) } })).body.errors).toEqual({
      name: ["The team name may not be longer than 100 characters."],
    });
    const taken = await api.request("POST", "/api/v1/teams", { token: admin, body: { name: "claims" } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: ["A team with this name already exists."] });
    const renameTaken = await api.request("PUT", `/api/v1/teams/${await teamId("Wealth")}`, { token: admin, body: { name: "CLAIMS" } });
    expect(renameTaken.body.errors).toEqual({ name: ["A team with this name already exists."] });
    expect((await api.request("POST", "/api/v1/teams", { token: admin, body: { name: "X", user_ids: ["abc"] } })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
    // The same name in another company is fine.
    const bloomClaims = await api.request("POST", "/api/v1/teams", { token: owner, body: { name: "Claims" } });
    expect(bloomClaims.status).toBe(201);
  });

  it("a user id of another company answers 404 and creates nothing", async () => {
    const before = await snapshot();
    const res = await api.request("POST", "/api/v1/teams", {
      token: admin,
      body: { name: "Sneaky", user_ids: [await userId("james.wright@harbour.test"), await userId("owner@bloom.test")] },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "User not found." });
    expect(await snapshot()).toEqual(before);
  });
});

describe("members and invitations", () => {
  it("adds a user of the company by id (201), refuses a second time, changes the role, removes (204)", async () => {
    const wealth = await teamId("Wealth");
    const tom = await userId("tom.fletcher@harbour.test");
    const added = await api.request("POST", `/teams/${wealth}/users`, { token: admin, body: { user_id: tom } });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual({
      type: "member",
      member: expect.objectContaining({ user_id: tom, team_id: wealth, role: "member", full_name: "Tom Fletcher" }),
    });

    const again = await api.request("POST", `/teams/${wealth}/users`, { token: admin, body: { user_id: tom } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ user_id: ["This user is already in the team."] });

    const lead = await api.request("PUT", `/teams/${wealth}/users/${tom}`, { token: admin, body: { role: "leader" } });
    expect(lead.status).toBe(200);
    expect(lead.body.data).toMatchObject({ user_id: tom, role: "leader" });
    const badRole = await api.request("PUT", `/teams/${wealth}/users/${tom}`, { token: admin, body: { role: "boss" } });
    expect(badRole.status).toBe(422);
    expect(badRole.body.errors).toEqual({ role: ["The role must be member or leader."] });

    const removed = await api.request("DELETE", `/teams/${wealth}/users/${tom}`, { token: admin });
    expect(removed.status).toBe(204);
    expect((await api.request("DELETE", `/teams/${wealth}/users/${tom}`, { token: admin })).status).toBe(404);
    expect((await api.request("PUT", `/teams/${wealth}/users/${tom}`, { token: admin, body: { role: "member" } })).status).toBe(404);
  });

  it("invites an e-mail address (a pending invitation and an e-mail), cancels it (204)", async () => {
    const wealth = await teamId("Wealth");
    const res = await api.request("POST", `/teams/${wealth}/users`, { token: admin, body: { email: "Nina.Shah@Example.com", role: "leader" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      type: "invitation",
      invitation: {
        id: expect.any(Number),
        team_id: wealth,
        email: "nina.shah@example.com",
        role: "leader",
        status: "pending",
        invited_by: { id: await userId("admin@harbour.test"), full_name: "Amelia Hart" },
        created_at: expect.any(String),
      },
    });
    // The e-mail is sent by a background job, enqueued with the invitation.
    const [job] = (await api.request("GET", "/jobs", { token: admin, query: { filter: { name: "team.invitation-email" } } })).body.data;
    expect(job).toMatchObject({ state: "queued", name: "team.invitation-email" });
    await api.app.jobs.startWorker({ pollSeconds: 0.5 });
    const outbox = await eventually(async () => {
      const res = await api.request("GET", "/sandbox/outbox", { query: { to: "nina.shah@example.com" } });
      return res.body.data.length ? res : undefined;
    });
    expect(outbox.body.data).toHaveLength(1);
    // The job is marked done once its e-mail is sent: a moment after the outbox has it.
    const state = await eventually(
      async () => {
        const now = (await api.request("GET", `/jobs/${job.id}`, { token: admin })).body.data.state as string;
        return now === "running" ? undefined : now;
      },
      10_000,
      "the invitation job to finish",
    );
    expect(state).toBe("done");
    expect(outbox.body.data[0].subject).toBe("You are invited to join the Wealth team at Harbour Brokers");
    expect(outbox.body.data[0].text).toContain("Amelia Hart has invited you");
    expect(outbox.body.data[0].text).toContain("http://portal.test/login");

    const dup = await api.request("POST", `/teams/${wealth}/users`, { token: admin, body: { email: "nina.shah@example.com" } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ email: ["This e-mail address has already been invited to the team."] });

    const users_ = await get(`/teams/${wealth}/users`);
    expect(users_.status).toBe(200);
    expect(users_.body.data.members.map((m: { full_name: string }) => m.full_name)).toEqual(["Liam Walsh", "Grace Bennett", "Priya Patel"]);
    expect(users_.body.data.invitations.map((i: { email: string }) => i.email)).toEqual(["oscar.reid@harbour.test", "nina.shah@example.com"]);

    const invId = res.body.data.invitation.id;
    expect((await api.request("DELETE", `/teams/${wealth}/invitations/${invId}`, { token: admin })).status).toBe(204);
    expect((await api.request("DELETE", `/teams/${wealth}/invitations/${invId}`, { token: admin })).status).toBe(404);
    expect((await get(`/teams/${wealth}/users`)).body.data.invitations.map((i: { email: string }) => i.email)).toEqual(["oscar.reid@harbour.test"]);
    // Once cancelled, the address can be invited again.
    expect((await api.request("POST", `/teams/${wealth}/users`, { token: admin, body: { email: "nina.shah@example.com" } })).status).toBe(201);
  });

  it("an invited address joins its teams, with the invited role, when its user signs in; another company's invitation stays pending", async () => {
    const db = api.database.db;
    const wealth = await teamId("Wealth");
    const email = `late.joiner.${Date.now()}@harbour.test`;
    expect((await api.request("POST", `/teams/${wealth}/users`, { token: admin, body: { email: email.toUpperCase(), role: "leader" } })).status).toBe(201);
    const [bloom] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, "Bloom Bakery Ltd"));
    const [bloomTeam] = await db
      .insert(teams)
      .values({ tenantId: bloom.id, name: `Bakers ${Date.now()}` })
      .returning({ id: teams.id });
    await db.insert(teamInvitations).values({ tenantId: bloom.id, teamId: bloomTeam.id, email, role: "member" });

    // The address gets an account in Harbour Brokers (as the invitation e-mail promises) and signs in.
    const harbour = (await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.email, "admin@harbour.test")))[0].tenantId;
    const [joiner] = await db
      .insert(users)
      .values({ tenantId: harbour, email, name: "Late", lastName: "Joiner", passwordHash: await hashPassword(DEMO_PASSWORD), status: "active" })
      .returning({ id: users.id });
    await api.login(email);
    const wealthUsers = (await get(`/teams/${wealth}/users`)).body.data;
    expect(wealthUsers.members).toContainEqual(expect.objectContaining({ user_id: joiner.id, role: "leader", full_name: "Late Joiner" }));
    expect(wealthUsers.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
    const bloomInvitation = await db.select().from(teamInvitations).where(eq(teamInvitations.teamId, bloomTeam.id));
    expect(bloomInvitation).toEqual([expect.objectContaining({ email, acceptedAt: null, cancelledAt: null })]);
    expect(await db.select().from(teamMembers).where(eq(teamMembers.teamId, bloomTeam.id))).toEqual([]);
    // Signing in again changes nothing.
    await api.login(email);
    expect(
      await db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, wealth), eq(teamMembers.userId, joiner.id))),
    ).toHaveLength(1);
  });

  it("an address of a colleague adds them; an address of another company's user is just an invitation", async () => {
    const claims = await teamId("Claims");
    const colleague = await api.request("POST", `/teams/${claims}/users`, { token: admin, body: { email: "EMILY.CHEN@harbour.test" } });
    expect(colleague.status).toBe(201);
    expect(colleague.body.data.type).toBe("member");
    expect(colleague.body.data.member.full_name).toBe("Emily Chen");

    const outsider = await api.request("POST", `/teams/${claims}/users`, { token: admin, body: { email: "owner@bloom.test" } });
    expect(outsider.status).toBe(201);
    expect(outsider.body.data.type).toBe("invitation");
    expect(outsider.body.data.invitation.email).toBe("owner@bloom.test");
    expect(JSON.stringify(outsider.body)).not.toContain("Olivia");
    const bloomOwner = await userId("owner@bloom.test");
    const rows = await api.database.db.select().from(teamMembers).where(eq(teamMembers.userId, bloomOwner));
    expect(rows.every((m) => m.teamId !== claims)).toBe(true);
  });

  it("answers 422 for neither or both of user_id and email, or a bad address", async () => {
    const claims = await teamId("Claims");
    const none = await api.request("POST", `/teams/${claims}/users`, { token: admin, body: {} });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ user_id: ["Choose a user or enter an e-mail address."] });
    const both = await api.request("POST", `/teams/${claims}/users`, { token: admin, body: { user_id: 1, email: "a@b.example" } });
    expect(both.body.errors).toEqual({ email: ["Choose a user or enter an e-mail address, not both."] });
    const bad = await api.request("POST", `/teams/${claims}/users`, { token: admin, body: { email: "not an address" } });
    expect(bad.body.errors).toEqual({ email: ["Enter a valid e-mail address."] });
  });

  it("a user id of another company, or an unknown one, answers 404 and changes nothing", async () => {
    const claims = await teamId("Claims");
    const before = await snapshot();
    for (const id of [await userId("owner@bloom.test"), await userId("adviser@northgate.test"), 999999]) {
      expect((await api.request("POST", `/teams/${claims}/users`, { token: admin, body: { user_id: id } })).status).toBe(404);
      expect((await api.request("PUT", `/teams/${claims}/users/${id}`, { token: admin, body: { role: "leader" } })).status).toBe(404);
      expect((await api.request("DELETE", `/teams/${claims}/users/${id}`, { token: admin })).status).toBe(404);
    }
    // An invited (not yet active) user of the company cannot be put in a team yet.
    expect((await api.request("POST", `/teams/${claims}/users`, { token: admin, body: { user_id: await userId("new.starter@harbour.test") } })).status).toBe(
      404,
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe("access", () => {
  it("401 without a token", async () => {
    for (const url of ["/team", "/me/team/user", "/users/team", "/teams/1/members"]) expect((await api.request("GET", url)).status, url).toBe(401);
    expect((await api.request("POST", "/api/v1/teams", { body: { name: "X" } })).status).toBe(401);
  });

  it("403 without a team permission (viewer@harbour, adviser@northgate)", async () => {
    const claims = await teamId("Claims");
    const adviser = await api.login("adviser@northgate.test");
    const before = await snapshot();
    for (const token of [viewer, adviser]) {
      for (const [method, url, body] of [
        ["GET", "/team"],
        ["GET", `/team/${claims}`],
        ["GET", `/teams/${claims}/members`],
        ["GET", `/teams/${claims}/users`],
        ["GET", "/users/team"],
        ["POST", "/api/v1/teams", { name: "Mine" }],
        ["PUT", `/api/v1/teams/${claims}`, { name: "Mine" }],
        ["DELETE", `/team/${claims}`],
        ["POST", `/teams/${claims}/users`, { email: "x@y.example" }],
      ] as const) {
        const res = await api.request(method, url, { token, body });
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("team_view reads; team_create also creates; only team_manage changes", async () => {
    const db = api.database.db;
    const role = async (name: string, permissions: string[]) =>
      (await api.request("POST", "/role", { token: admin, body: { name, permissions } })).body.data.id as number;
    const [viewRole, createRole] = [await role("Team reader", ["team_view"]), await role("Team starter", ["team_create"])];
    const [hannah, liam] = [await userId("hannah.moore@harbour.test"), await userId("liam.walsh@harbour.test")];
    await db.insert(userRoles).values([
      { userId: hannah, roleId: viewRole },
      { userId: liam, roleId: createRole },
    ]);
    const [reader, starter] = [await api.login("hannah.moore@harbour.test"), await api.login("liam.walsh@harbour.test")];
    const claims = await teamId("Claims");

    expect((await get("/team", {}, reader)).status).toBe(200);
    expect((await get(`/teams/${claims}/users`, {}, reader)).status).toBe(200);
    expect((await api.request("POST", "/api/v1/teams", { token: reader, body: { name: "By reader" } })).status).toBe(403);

    const made = await api.request("POST", "/api/v1/teams", { token: starter, body: { name: "By starter", user_ids: [liam] } });
    expect(made.status).toBe(201);
    expect((await get("/team", {}, starter)).status).toBe(200);
    for (const [method, url, body] of [
      ["PUT", `/api/v1/teams/${made.body.data.id}`, { name: "Renamed" }],
      ["DELETE", `/team/${made.body.data.id}`],
      ["POST", `/teams/${made.body.data.id}/users`, { user_id: hannah }],
      ["PUT", `/teams/${made.body.data.id}/users/${liam}`, { role: "leader" }],
      ["DELETE", `/teams/${made.body.data.id}/users/${liam}`],
    ] as const) {
      expect((await api.request(method, url, { token: starter, body })).status, `${method} ${url}`).toBe(403);
    }
  });

  it("another company's team, member or invitation answers 404 to every call and stays as it was", async () => {
    const claims = await teamId("Claims");
    const detail = (await get(`/team/${claims}`)).body.data;
    const memberId = detail.members[0].id;
    const memberUser = detail.members[0].user_id;
    const invId = detail.invitations[0].id;
    const before = await snapshot();
    for (const [method, url, body] of [
      ["GET", `/team/${claims}`],
      ["GET", `/team/${claims}/team-user`],
      ["GET", `/team/${claims}/user`],
      ["GET", `/teams/${claims}/members`],
      ["GET", `/teams/${claims}/users`],
      ["GET", `/api/v1/teams/member/${memberId}`],
      ["PUT", `/api/v1/teams/${claims}`, { name: "Bloom now" }],
      ["DELETE", `/team/${claims}`],
      ["DELETE", `/api/v1/teams/${claims}`],
      ["POST", `/teams/${claims}/users`, { email: "baker@bloom.example" }],
      ["PUT", `/teams/${claims}/users/${memberUser}`, { role: "member" }],
      ["DELETE", `/teams/${claims}/users/${memberUser}`],
      ["DELETE", `/teams/${claims}/invitations/${invId}`],
    ] as const) {
      const res = await api.request(method, url, { token: owner, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    // And Bloom's own lists never show Harbour's teams or people.
    expect(names(await get("/team", { page: { size: 100 } }, owner))).not.toContain("Commercial lines");
    expect(fullNames(await get("/users/team", {}, owner))).toEqual(["Olivia Bloom"]);
  });

  it("a malformed id answers 404", async () => {
    for (const url of ["/team/abc", "/teams/0/members", "/team/99999999999"]) expect((await get(url)).status, url).toBe(404);
  });
});

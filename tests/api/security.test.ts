import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens, users } from "#api/db/schema";
import { PASSWORD_TOO_COMMON } from "#api/lib/password-policy";
import { inviteUser } from "#api/modules/auth/service";
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS, THROTTLED_MESSAGE } from "#api/modules/auth/throttle";
import { createTestApi, DEMO_PASSWORD, type TestApi } from "../helpers/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const signIn = (email: string, password: string, ip?: string) =>
  api.request("POST", "/login", { body: { email, password }, headers: ip ? { "x-forwarded-for": ip } : {} });

describe("audit log", () => {
  it("records sign-ins and role changes for the company's administrators only", async () => {
    expect((await signIn("admin@harbour.test", "not-the-password")).status).toBe(422);
    const admin = await api.login("admin@harbour.test");
    const created = await api.request("POST", "/role", { token: admin, body: { name: "Auditors", permissions: ["task_view"] } });
    expect(created.status).toBe(201);
    await api.request("PUT", `/role/${created.body.data.id}/permission`, { token: admin, body: { permissions: ["task_view", "policy_view"] } });
    await api.request("DELETE", `/role/${created.body.data.id}`, { token: admin });

    const log = await api.request("GET", "/audit-log", { token: admin, query: { page: { size: 50 } } });
    expect(log.status).toBe(200);
    const types = log.body.data.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(["sign_in.failed", "sign_in.succeeded", "role.created", "role.permissions_changed", "role.deleted"]));
    const change = log.body.data.find((e: { type: string }) => e.type === "role.permissions_changed");
    expect(change).toMatchObject({ subject: `role:${created.body.data.id}`, user: { email: "admin@harbour.test" }, details: { permissions: ["policy_view", "task_view"] } });

    const onlyRoles = await api.request("GET", "/audit-log", { token: admin, query: { filter: { type: "role.deleted" } } });
    expect(onlyRoles.body.data.every((e: { type: string }) => e.type === "role.deleted")).toBe(true);
    expect(onlyRoles.body.meta.total).toBeGreaterThanOrEqual(1);

    // Another company's administrator sees none of Harbour's events.
    const bloom = await api.login("owner@bloom.test");
    const theirs = await api.request("GET", "/audit-log", { token: bloom, query: { page: { size: 100 } } });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.length).toBeGreaterThan(0);
    expect(theirs.body.data.every((e: { user: { email: string } | null }) => !e.user || e.user.email.endsWith("@bloom.test"))).toBe(true);
    const viewer = await api.login("viewer@harbour.test");
    expect((await api.request("GET", "/audit-log", { token: viewer })).status).toBe(403);
    expect((await api.request("GET", "/audit-log")).status).toBe(401);
  });
});

describe("sign-in throttling", () => {
  it(`refuses an account after ${MAX_FAILURES_PER_ACCOUNT} failures, even with the right password, and leaves other accounts alone`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) expect((await signIn("owner@bloom.test", "wrong-password")).status).toBe(422);
    const locked = await signIn("owner@bloom.test", DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ message: THROTTLED_MESSAGE, errors: { email: [THROTTLED_MESSAGE] } });
    expect(locked.body.token).toBeUndefined();
    expect((await signIn("adviser@northgate.test", DEMO_PASSWORD)).status).toBe(200);
  });

  it(`refuses an address after ${MAX_FAILURES_PER_ADDRESS} failures across accounts, not other addresses`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await signIn(`nobody-${i}@example.com`, "wrong-password", "203.0.113.9")).status).toBe(422);
    }
    expect((await signIn("admin@harbour.test", DEMO_PASSWORD, "203.0.113.9")).status).toBe(429);
    expect((await signIn("admin@harbour.test", DEMO_PASSWORD, "198.51.100.7")).status).toBe(200);
  });
});

describe("password policy", () => {
  it("refuses a common password when an invited user sets one", async () => {
    const [user] = await api.database.db.select().from(users).where(eq(users.email, "new.starter@harbour.test"));
    const { token } = await inviteUser(api.database, api.app.mail, api.config.PORTAL_URL, user.id);
    const common = await api.request("POST", `/user-setup/${user.uuid}/${token}`, { body: { password: "qwerty123456", password_confirmation: "qwerty123456" } });
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toEqual([PASSWORD_TOO_COMMON]);
    const fine = await api.request("POST", `/user-setup/${user.uuid}/${token}`, { body: { password: "tide-lantern-copper-91", password_confirmation: "tide-lantern-copper-91" } });
    expect(fine.status).toBe(200);
  });
});

describe("session lifetime", () => {
  it("ends a busy session after SESSION_ABSOLUTE_HOURS however recently it was used", async () => {
    const token = await api.login("viewer@harbour.test");
    expect((await api.request("GET", "/me", { token })).status).toBe(200);
    const hours = api.config.SESSION_ABSOLUTE_HOURS + 1;
    await api.database.db.update(authTokens).set({ createdAt: sql`now() - make_interval(hours => ${hours})`, lastUsedAt: sql`now()` });
    const expired = await api.request("GET", "/me", { token });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ error: "Session expired" });
  });
});

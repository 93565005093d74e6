import { and, count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_VERIFICATION_REQUIRED } from "#contract/auth";
import { authTokens, users, auditEvents, signInAttempts, signInThrottles } from "#api/db/schema";
import { PASSWORD_TOO_COMMON } from "#api/lib/password-policy";
import { inviteUser } from "#api/modules/auth/service";
import { ACCOUNT_STEP_UP_AFTER, MAX_CHECKS_PER_PAIR, MAX_FAILURES_PER_ADDRESS, THROTTLED_MESSAGE } from "#api/modules/auth/throttle";
import { createTestApi, DEMO_PASSWORD, type TestApi } from "../helpers/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** A sign-in as the portal sends it: from the portal's own (loopback) connection, the visitor's address forwarded. */
const signIn = (email: string, password: string, ip?: string) =>
  api.request("POST", "/login", { body: { email, password }, headers: ip ? { "x-forwarded-for": ip } : {} });

/** A sign-in sent straight to the API from `remoteAddress`, with whatever X-Forwarded-For it claims. */
async function signInFrom(remoteAddress: string, email: string, password: string, forwardedFor?: string, app = api.app) {
  const res = await app.inject({
    method: "POST",
    url: "/login",
    remoteAddress,
    headers: { "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    payload: JSON.stringify({ email, password }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** The address the audit log recorded for the latest event of a type about an e-mail address. */
async function auditedAddress(type: string, subject: string) {
  const [e] = await api.database.db
    .select({ ip: auditEvents.ip })
    .from(auditEvents)
    .where(and(eq(auditEvents.type, type), eq(auditEvents.subject, subject)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return e?.ip;
}

/** A user of its own, so that no other test's sign-ins count against it. */
async function freshUser(): Promise<string> {
  const email = `throttle-${Math.random().toString(36).slice(2)}@harbour.test`;
  const [viewer] = await api.database.db.select().from(users).where(eq(users.email, "viewer@harbour.test"));
  await api.database.db.insert(users).values({
    tenantId: viewer.tenantId,
    email,
    name: "Throttle",
    lastName: "Test",
    passwordHash: viewer.passwordHash,
    status: "active",
    isFrontEndUser: true,
  });
  return email;
}

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
    expect(change).toMatchObject({
      subject: `role:${created.body.data.id}`,
      user: { email: "admin@harbour.test" },
      details: { permissions: ["policy_view", "task_view"] },
    });

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
  it(`checks at most ${MAX_CHECKS_PER_PAIR} passwords of an account from one address, then refuses even the right one there`, async () => {
    const email = await freshUser();
    for (let i = 0; i < MAX_CHECKS_PER_PAIR; i++) expect((await signIn(email, "wrong-password", "203.0.113.20")).status).toBe(422);
    const locked = await signIn(email, DEMO_PASSWORD, "203.0.113.20");
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ message: THROTTLED_MESSAGE, errors: { email: [THROTTLED_MESSAGE] } });
    expect(locked.body.token).toBeUndefined();
    expect((await signIn("adviser@northgate.test", DEMO_PASSWORD, "203.0.113.20")).status).toBe(200);
  });

  it("is not a lockout: an attacker's failures never refuse the right password from another address", async () => {
    const email = await freshUser();
    // The user signs in from the office, then an attacker guesses from elsewhere until refused.
    expect((await signIn(email, DEMO_PASSWORD, "198.51.100.10")).status).toBe(200);
    for (let i = 0; i < MAX_CHECKS_PER_PAIR; i++) expect((await signIn(email, "wrong-password", "203.0.113.30")).status).toBe(422);
    expect((await signIn(email, "wrong-password", "203.0.113.30")).status).toBe(429);
    expect((await signIn(email, DEMO_PASSWORD, "198.51.100.10")).status).toBe(200);
    // A new address is not refused either.
    const fresh = await signIn(email, DEMO_PASSWORD, "198.51.100.11");
    expect(fresh.status).toBe(200);
    expect(typeof fresh.body.token).toBe("string");
  });

  it(`after ${ACCOUNT_STEP_UP_AFTER} failures from many addresses, a known address signs in and an unknown one must pass the e-mailed code`, async () => {
    const email = await freshUser();
    expect((await signIn(email, DEMO_PASSWORD, "198.51.100.20")).status).toBe(200);
    for (let i = 0; i < ACCOUNT_STEP_UP_AFTER; i++) expect((await signIn(email, "wrong-password", `203.0.113.${100 + i}`)).status).toBe(422);
    const known = await signIn(email, DEMO_PASSWORD, "198.51.100.20");
    expect(known.status).toBe(200);
    expect(typeof known.body.token).toBe("string");
    const unknown = await signIn(email, DEMO_PASSWORD, "198.51.100.21");
    expect(unknown.status).toBe(200);
    expect(unknown.body.token).toBeUndefined();
    expect(unknown.body).toMatchObject({ message: EMAIL_VERIFICATION_REQUIRED, email });
    const mail = await api.request("GET", "/sandbox/outbox", { query: { to: email } });
    const code = /\b(\d{6})\b/.exec(mail.body.data[0].text)![1];
    const verified = await api.request("POST", "/login/verify-email", {
      body: { verification_token: unknown.body.verification_token, code },
      headers: { "x-forwarded-for": "198.51.100.21" },
    });
    expect(verified.status).toBe(200);
    expect(typeof verified.body.token).toBe("string");
    // Now that address is known too.
    expect(typeof (await signIn(email, DEMO_PASSWORD, "198.51.100.21")).body.token).toBe("string");
  });

  it("the wait grows each time a pair uses up its checks", async () => {
    const email = await freshUser();
    const key = `pair:${email}|203.0.113.40`;
    const guess = (password = "wrong-password") => signIn(email, password, "203.0.113.40");
    const backdate = (minutes: number) =>
      api.database.db
        .update(signInThrottles)
        .set({ windowStartedAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(signInThrottles.key, key));
    for (let i = 0; i < MAX_CHECKS_PER_PAIR; i++) expect((await guess()).status).toBe(422);
    expect((await guess()).status).toBe(429);
    // The first wait is 15 minutes.
    await backdate(16);
    for (let i = 0; i < MAX_CHECKS_PER_PAIR; i++) expect((await guess()).status).toBe(422);
    expect((await guess()).status).toBe(429);
    // The second is 30: after 16 minutes still refused, the right password too; after 31 it signs in.
    await backdate(16);
    expect((await guess(DEMO_PASSWORD)).status).toBe(429);
    await backdate(31);
    expect((await guess(DEMO_PASSWORD)).status).toBe(200);
  });

  it("100 guesses at once: no more than the limit are checked, and the right password among them does not slip through", async () => {
    const email = await freshUser();
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 60 ? DEMO_PASSWORD : `wrong-${i}`));
    const results = await Promise.all(guesses.map((p) => signIn(email, p, "203.0.113.50")));
    const checked = results.filter((r) => r.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(MAX_CHECKS_PER_PAIR);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(100 - MAX_CHECKS_PER_PAIR);
    expect(results.every((r) => [200, 422, 429].includes(r.status))).toBe(true);
    const [{ n }] = await api.database.db.select({ n: count() }).from(signInAttempts).where(eq(signInAttempts.email, email));
    expect(n).toBeLessThanOrEqual(MAX_CHECKS_PER_PAIR);
    // The same from 100 addresses at once against one address's limit.
    const spread = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(`nobody-${i}@spread.example`, "wrong", "203.0.113.51")));
    expect(spread.filter((r) => r.status === 422).length).toBeLessThanOrEqual(MAX_FAILURES_PER_ADDRESS);
  });

  it(`refuses an address after ${MAX_FAILURES_PER_ADDRESS} failures across accounts, not other addresses`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await signIn(`nobody-${i}@example.com`, "wrong-password", "203.0.113.9")).status).toBe(422);
    }
    expect((await signIn("admin@harbour.test", DEMO_PASSWORD, "203.0.113.9")).status).toBe(429);
    expect((await signIn("admin@harbour.test", DEMO_PASSWORD, "198.51.100.7")).status).toBe(200);
  });
});

describe("the client's address", () => {
  it("X-Forwarded-For from an untrusted caller is ignored: its own address is limited and audited", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await signInFrom("192.0.2.77", `spoof-${i}@example.com`, "wrong", `10.9.${i}.1`)).status).toBe(422);
    }
    expect((await signInFrom("192.0.2.77", "spoof-last@example.com", "wrong", "10.9.200.1")).status).toBe(429);
    expect(await auditedAddress("sign_in.failed", "spoof-0@example.com")).toBe("192.0.2.77");
  });

  it("the portal's forwarded address is believed, and the audit log records it", async () => {
    await signInFrom("127.0.0.1", "audit-forwarded@example.com", "wrong", "198.51.100.99");
    expect(await auditedAddress("sign_in.failed", "audit-forwarded@example.com")).toBe("198.51.100.99");
  });

  it("TRUSTED_PROXIES names a load balancer whose header is believed; the portal's own loopback no longer is", async () => {
    const behind = await api.buildApp({ TRUSTED_PROXIES: "10.0.0.0/8" });
    await signInFrom("10.1.2.3", "audit-balancer@example.com", "wrong", "198.51.100.98", behind.app);
    expect(await auditedAddress("sign_in.failed", "audit-balancer@example.com")).toBe("198.51.100.98");
    await signInFrom("127.0.0.1", "audit-loopback@example.com", "wrong", "198.51.100.97", behind.app);
    expect(await auditedAddress("sign_in.failed", "audit-loopback@example.com")).toBe("127.0.0.1");
  });
});

describe("password policy", () => {
  it("refuses a common password when an invited user sets one", async () => {
    const [user] = await api.database.db.select().from(users).where(eq(users.email, "new.starter@harbour.test"));
    const { token } = await inviteUser(api.database, api.app.mail, api.config.PORTAL_URL, user.id);
    const common = await api.request("POST", `/user-setup/${user.uuid}/${token}`, {
      body: { password: "qwerty123456", password_confirmation: "qwerty123456" },
    });
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toEqual([PASSWORD_TOO_COMMON]);
    const fine = await api.request("POST", `/user-setup/${user.uuid}/${token}`, {
      body: { password: "tide-lantern-copper-91", password_confirmation: "tide-lantern-copper-91" },
    });
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

describe("caching", () => {
  it("every data answer, signed-in or refused, carries Cache-Control: no-store", async () => {
    const token = await api.login("admin@harbour.test");
    for (const res of [
      await api.request("GET", "/me", { token }),
      await api.request("GET", "/task", { token }),
      await api.request("GET", "/me"),
      await api.request("PUT", "/list-preferences/tasks", { token, body: { filters: 5 } }),
    ]) {
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });
});

import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginResponseSchema, meSchema, verificationRequiredSchema } from "#contract/auth";
import { allPermissions } from "#contract/permissions";
import { authTokens, companies, emailVerifications, users } from "#api/db/schema";
import { hashToken } from "#api/lib/tokens";
import { inviteUser, RESEND_TOO_SOON, TOO_MANY_CODES, TOO_MANY_RESENDS, VERIFICATION_MAX_RESENDS } from "#api/modules/auth/service";
import { createTestApi, DEMO_PASSWORD, type TestApi } from "../helpers/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const companyNamed = async (name: string) => (await api.database.db.select().from(companies).where(eq(companies.name, name)))[0];
const userByEmail = async (email: string) => (await api.database.db.select().from(users).where(eq(users.email, email)))[0];
const tokenCount = async () => (await api.database.db.select({ n: count() }).from(authTokens))[0].n;

/** The latest sandbox e-mail to an address, read through the development outbox. */
async function latestMail(to: string) {
  const res = await api.request("GET", "/sandbox/outbox", { query: { to } });
  expect(res.status).toBe(200);
  return res.body.data[0] as { id: number; to: string; subject: string; text: string } | undefined;
}
async function latestCode(to: string): Promise<string> {
  const mail = await latestMail(to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`No sign-in code in the outbox for ${to}`);
  return code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Moves the last sending of an attempt's code into the past (resends wait a minute). */
async function sentMinutesAgo(verificationToken: string, minutes: number) {
  await api.database.db
    .update(emailVerifications)
    .set({ lastSentAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(emailVerifications.tokenHash, hashToken(verificationToken)));
}

async function backdateToken(token: string, minutesAgo: number) {
  await api.database.db
    .update(authTokens)
    .set({ lastUsedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(authTokens.tokenHash, hashToken(token)));
}

describe("POST /login", () => {
  it("signs in with the spec's login response", async () => {
    const res = await api.request("POST", "/login", { body: { email: "admin@harbour.test", password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    const body = loginResponseSchema.parse(res.body);
    expect(body.message).toEqual(expect.any(String));
    expect(body.message).not.toBe("");
    expect(body.token.length).toBeGreaterThanOrEqual(32);
    expect(body.is_front_end_user).toBe(true);
    expect(res.body).toHaveProperty("root_token");

    const harbour = await companyNamed("Harbour Brokers");
    expect(res.body.tenant.company).toEqual({
      id: harbour.id,
      uuid: harbour.uuid,
      name: "Harbour Brokers",
      needs_kyb: harbour.needsKyb,
      kyb_status: { value: harbour.kybStatus },
      full_logo: harbour.fullLogo,
      main_color: harbour.mainColor,
      company_icon: harbour.companyIcon,
      is_internal: true,
      is_small_business: false,
      tenant_is_seg_parent: true,
    });
    expect(body.tenant.company.full_logo).toBeTruthy();
    expect(body.tenant.company.main_color).toMatch(/^#[0-9a-f]{6}$/i);

    const admin = await userByEmail("admin@harbour.test");
    expect(body.user).toMatchObject({ id: admin.id, uuid: admin.uuid, email: "admin@harbour.test", name: admin.name, last_name: admin.lastName });
    expect(body.user.full_name).toBe(`${admin.name} ${admin.lastName}`);
    expect(body.user.company.uuid).toBe(harbour.uuid);
    expect(body.user.tenant).toEqual({ tenant_group_parent_at: null });

    const administrator = body.user.roles.find((r) => r.name === "Administrator");
    expect(administrator).toBeDefined();
    expect(administrator!.permissions.map((p) => p.name)).toEqual(expect.arrayContaining(["role_view", "role_manage", "provider_manage"]));
    const fromRoles = [...new Set(body.user.roles.flatMap((r) => r.permissions.map((p) => p.name)))].sort();
    expect([...body.user.permissions].sort()).toEqual(fromRoles);
    expect([...body.user.permissions].sort()).toEqual([...allPermissions].sort());

    // The token works.
    const me = await api.request("GET", "/me", { token: body.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe("admin@harbour.test");
  });

  it("reports a master tenant through user.tenant.tenant_group_parent_at", async () => {
    const at = new Date("2025-03-01T09:30:00.000Z");
    await api.database.db.update(companies).set({ tenantGroupParentAt: at }).where(eq(companies.name, "Northgate Advisers"));
    try {
      const res = await api.request("POST", "/login", { body: { email: "adviser@northgate.test", password: DEMO_PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.body.user.tenant.tenant_group_parent_at).toBe(at.toISOString());
      expect(res.body.tenant.company).toMatchObject({ name: "Northgate Advisers", is_internal: false, is_small_business: false, tenant_is_seg_parent: false });
    } finally {
      await api.database.db.update(companies).set({ tenantGroupParentAt: null }).where(eq(companies.name, "Northgate Advisers"));
    }
  });

  it("marks a small-business tenant", async () => {
    const res = await api.request("POST", "/login", { body: { email: "owner@bloom.test", password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.tenant.company).toMatchObject({ name: "Bloom Bakery Ltd", is_small_business: true, is_internal: false });
  });

  it("accepts the e-mail address in any letter case", async () => {
    const res = await api.request("POST", "/login", { body: { email: "Admin@Harbour.TEST", password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe("admin@harbour.test");
  });

  it("signs in on a company's own sign-in page with that company's uuid", async () => {
    const harbour = await companyNamed("Harbour Brokers");
    const res = await api.request("POST", "/login", { body: { email: "admin@harbour.test", password: DEMO_PASSWORD, company_uuid: harbour.uuid } });
    expect(res.status).toBe(200);
  });

  it.each([
    ["a wrong password", { email: "admin@harbour.test", password: "not-the-password" }],
    ["an unknown e-mail", { email: "nobody@harbour.test", password: DEMO_PASSWORD }],
    ["an invited user without a password", { email: "new.starter@harbour.test", password: DEMO_PASSWORD }],
  ])("refuses %s with 422 errors.email and issues no token", async (_, body) => {
    const before = await tokenCount();
    const res = await api.request("POST", "/login", { body });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual([expect.any(String)]);
    expect(res.body.message).toBe(res.body.errors.email[0]);
    expect(res.body).not.toHaveProperty("token");
    expect(await tokenCount()).toBe(before);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const wrong = await api.request("POST", "/login", { body: { email: "admin@harbour.test", password: "nope" } });
    const unknown = await api.request("POST", "/login", { body: { email: "nobody@nowhere.test", password: "nope" } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("refuses the right credentials on another company's sign-in page", async () => {
    const northgate = await companyNamed("Northgate Advisers");
    const res = await api.request("POST", "/login", { body: { email: "admin@harbour.test", password: DEMO_PASSWORD, company_uuid: northgate.uuid } });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toHaveLength(1);
    const unknownCompany = await api.request("POST", "/login", { body: { email: "admin@harbour.test", password: DEMO_PASSWORD, company_uuid: randomUUID() } });
    expect(unknownCompany.status).toBe(422);
    expect(unknownCompany.body.errors.email).toHaveLength(1);
  });

  it("answers missing and invalid fields with 422 and an errors map", async () => {
    const empty = await api.request("POST", "/login", { body: {} });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(["email", "password"]);
    expect(empty.body.message).toEqual(expect.any(String));

    const invalid = await api.request("POST", "/login", { body: { email: "not-an-email", password: "", company_uuid: "abc" } });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["company_uuid", "email", "password"]);
    for (const messages of Object.values(invalid.body.errors)) expect(messages).toEqual([expect.any(String)]);

    const wrongTypes = await api.request("POST", "/login", { body: { email: 42, password: ["x"] } });
    expect(wrongTypes.status).toBe(422);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(["email", "password"]);
  });

  it("answers malformed JSON with 400, a clear message and no stack", async () => {
    const res = await api.request("POST", "/login", { rawBody: '{"email": "admin@harbour.test", ', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON." });
    expect(res.text).not.toMatch(/\bat \S+:\d+/);
    expect(res.text).not.toContain("stack");
  });

  it("tells a client that the user is not a front-end user", async () => {
    const res = await api.request("POST", "/login", { body: { email: "ops@harbour.test", password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.is_front_end_user).toBe(false);
    const viewer = await api.request("POST", "/login", { body: { email: "viewer@harbour.test", password: DEMO_PASSWORD } });
    expect(viewer.body.is_front_end_user).toBe(true);
  });
});

describe("e-mail verification at sign-in", () => {
  const email = "verify@harbour.test";

  async function startSignIn() {
    const res = await api.request("POST", "/login", { body: { email, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    const body = verificationRequiredSchema.parse(res.body);
    expect(res.body).not.toHaveProperty("token");
    expect(res.body).not.toHaveProperty("user");
    return body.verification_token;
  }

  it("asks for a code sent by e-mail, refuses a wrong one and signs in with the right one, once", async () => {
    const tokensBefore = await tokenCount();
    const verificationToken = await startSignIn();
    expect(await tokenCount()).toBe(tokensBefore);

    const mail = await latestMail(email);
    expect(mail?.to).toBe(email);
    const code = await latestCode(email);

    const wrong = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code: otherCode(code) } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([expect.any(String)]);

    const malformed = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code: "12ab" } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.code).toEqual([expect.any(String)]);

    const right = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code } });
    expect(right.status).toBe(200);
    const login = loginResponseSchema.parse(right.body);
    expect(login.user.email).toBe(email);
    expect(login.tenant.company.name).toBe("Harbour Brokers");
    expect(login.is_front_end_user).toBe(true);
    const me = await api.request("GET", "/me", { token: login.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(email);

    const again = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code } });
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toEqual([expect.any(String)]);
    expect(again.body).not.toHaveProperty("token");
  });

  it("the right code sent twice at once signs in only once", async () => {
    const verificationToken = await startSignIn();
    const code = await latestCode(email);
    const tokensBefore = await tokenCount();
    const results = await Promise.all([1, 2].map(() => api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await tokenCount()).toBe(tokensBefore + 1);
  });

  it("resend issues a new code and the old one stops working", async () => {
    const verificationToken = await startSignIn();
    const first = await latestMail(email);
    const oldCode = await latestCode(email);
    await sentMinutesAgo(verificationToken, 2);

    const resend = await api.request("POST", "/login/resend-verification", { body: { verification_token: verificationToken } });
    expect(resend.status).toBe(204);
    const second = await latestMail(email);
    expect(second!.id).toBeGreaterThan(first!.id);
    const newCode = await latestCode(email);

    if (newCode !== oldCode) {
      const old = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code: oldCode } });
      expect(old.status).toBe(422);
    }
    const ok = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code: newCode } });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe("string");
  });

  it("counts wrong codes across resends: a new code gives no new guesses", async () => {
    const verificationToken = await startSignIn();
    for (let round = 0; round < 3; round++) {
      const code = await latestCode(email);
      const wrong = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code: otherCode(code) } });
      expect(wrong.status).toBe(422);
      await sentMinutesAgo(verificationToken, 2);
      expect((await api.request("POST", "/login/resend-verification", { body: { verification_token: verificationToken } })).status).toBe(204);
    }
    const code = await latestCode(email);
    for (let i = 0; i < 2; i++) {
      expect((await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code: otherCode(code) } })).status).toBe(422);
    }
    // Five wrong codes in all: the attempt is over, the right code included, and no more codes are sent for it.
    const right = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code } });
    expect(right.status).toBe(422);
    expect(right.body.errors.code).toEqual([TOO_MANY_CODES]);
    await sentMinutesAgo(verificationToken, 2);
    const resend = await api.request("POST", "/login/resend-verification", { body: { verification_token: verificationToken } });
    expect(resend.status).toBe(422);
    expect(resend.body.errors.code).toEqual([TOO_MANY_CODES]);
  });

  it("sends a code again at most once a minute and five times per sign-in", async () => {
    const verificationToken = await startSignIn();
    const resend = () => api.request("POST", "/login/resend-verification", { body: { verification_token: verificationToken } });
    const tooSoon = await resend();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.errors.code).toEqual([RESEND_TOO_SOON]);
    const before = (await latestMail(email))!.id;
    for (let i = 0; i < VERIFICATION_MAX_RESENDS; i++) {
      await sentMinutesAgo(verificationToken, 2);
      expect((await resend()).status).toBe(204);
    }
    await sentMinutesAgo(verificationToken, 2);
    const over = await resend();
    expect(over.status).toBe(429);
    expect(over.body.errors.code).toEqual([TOO_MANY_RESENDS]);
    const sent = await api.request("GET", "/sandbox/outbox", { query: { to: email } });
    expect(sent.body.data.filter((m: { id: number }) => m.id > before)).toHaveLength(VERIFICATION_MAX_RESENDS);
  });

  it("many resends and guesses at once: never more than the limits", async () => {
    const verificationToken = await startSignIn();
    await sentMinutesAgo(verificationToken, 2);
    const resends = await Promise.all(
      Array.from({ length: 20 }, () => api.request("POST", "/login/resend-verification", { body: { verification_token: verificationToken } })),
    );
    expect(resends.filter((r) => r.status === 204)).toHaveLength(1);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code: String(i).padStart(6, "0") } }),
      ),
    );
    expect(guesses.every((r) => r.status === 422)).toBe(true);
    const [v] = await api.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashToken(verificationToken)));
    expect(v.attempts).toBe(5);
    expect(guesses.filter((r) => r.body.errors.code[0] !== TOO_MANY_CODES).length).toBeLessThanOrEqual(4);
  });

  it("refuses resend and verify for an unknown verification token", async () => {
    const resend = await api.request("POST", "/login/resend-verification", { body: { verification_token: "x".repeat(43) } });
    expect(resend.status).toBe(422);
    const verify = await api.request("POST", "/login/verify-email", { body: { verification_token: "x".repeat(43), code: "123456" } });
    expect(verify.status).toBe(422);
    expect(verify.body.errors.code).toEqual([expect.any(String)]);
  });

  it("locks the code after too many wrong attempts", async () => {
    const verificationToken = await startSignIn();
    const code = await latestCode(email);
    for (let i = 0; i < 5; i++) {
      const wrong = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code: otherCode(code) } });
      expect(wrong.status).toBe(422);
    }
    const right = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code } });
    expect(right.status).toBe(422);
    expect(right.body.errors.code).toEqual([expect.any(String)]);
  });

  it("an expired code cannot be used", async () => {
    const verificationToken = await startSignIn();
    const code = await latestCode(email);
    await api.database.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.tokenHash, hashToken(verificationToken)));
    const res = await api.request("POST", "/login/verify-email", { body: { verification_token: verificationToken, code } });
    expect(res.status).toBe(422);
  });
});

describe("current user", () => {
  it("GET /me derives permissions from roles", async () => {
    const adminToken = await api.login("admin@harbour.test");
    const admin = await api.request("GET", "/me", { token: adminToken });
    expect(admin.status).toBe(200);
    const me = meSchema.parse(admin.body.data);
    expect(me.permissions).toContain("provider_manage");
    expect(me.permissions).toContain("role_manage");
    expect(me.company).toMatchObject({ name: "Harbour Brokers", tenant_is_seg_parent: true });
    expect(me.hasCedarPermission).toBe(true);
    expect(me.canMakePhoneCalls).toBe(true);
    expect(me.pin_is_allowed).toBe(true);
    expect(me.pin).toBeNull();

    const viewerToken = await api.login("viewer@harbour.test");
    const viewer = meSchema.parse((await api.request("GET", "/me", { token: viewerToken })).body.data);
    expect(viewer.permissions).toEqual(["task_view"]);
    expect(viewer.roles.map((r) => ({ name: r.name, permissions: r.permissions.map((p) => p.name) }))).toEqual([
      { name: "Task viewer", permissions: ["task_view"] },
    ]);
    expect(viewer.hasCedarPermission).toBe(false);
    expect(viewer.canMakePhoneCalls).toBe(false);

    const adviser = meSchema.parse((await api.request("GET", "/me", { token: await api.login("adviser@northgate.test") })).body.data);
    expect(adviser.company).toMatchObject({ name: "Northgate Advisers", tenant_is_seg_parent: false });
    expect(adviser.permissions).not.toContain("provider_manage");
    expect(adviser.permissions).toContain("task_manage");
  });

  it("a user's permissions are the union of all their roles", async () => {
    const viewer = await userByEmail("viewer@harbour.test");
    const token = await api.login("viewer@harbour.test");
    // Give the viewer a second role through the database: permissions of both count.
    const [{ id: roleId }] = await api.database.db
      .execute<{ id: number }>(sql`insert into roles (tenant_id, name) values (${viewer.tenantId}, 'Union check') returning id`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await api.database.db.execute(
      sql`insert into role_permissions (role_id, permission_id) select ${roleId}, id from permissions where name in ('task_view', 'quote_view')`,
    );
    await api.database.db.execute(sql`insert into user_roles (user_id, role_id) values (${viewer.id}, ${roleId})`);
    try {
      const me = (await api.request("GET", "/me", { token })).body.data;
      expect(me.permissions).toEqual(["quote_view", "task_view"]);
      expect(me.roles).toHaveLength(2);
    } finally {
      await api.database.db.execute(sql`delete from roles where id = ${roleId}`);
    }
    const after = (await api.request("GET", "/me", { token })).body.data;
    expect(after.permissions).toEqual(["task_view"]);
  });

  it("GET /me/feature answers the user's feature flags", async () => {
    const admin = await api.request("GET", "/me/feature", { token: await api.login("admin@harbour.test") });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ data: { can_view_broker_portal_login_link: true, can_make_phone_calls: true } });
    const viewer = await api.request("GET", "/me/feature", { token: await api.login("viewer@harbour.test") });
    expect(viewer.body).toEqual({ data: { can_view_broker_portal_login_link: false, can_make_phone_calls: false } });
  });

  it("GET /company/tenant-parent tells a parent tenant", async () => {
    const harbour = await companyNamed("Harbour Brokers");
    const res = await api.request("GET", "/company/tenant-parent", { token: await api.login("viewer@harbour.test") });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ tenant_is_seg_parent: true, company: { uuid: harbour.uuid, name: "Harbour Brokers" } });
    const other = await api.request("GET", "/company/tenant-parent", { token: await api.login("adviser@northgate.test") });
    expect(other.body.data).toMatchObject({ tenant_is_seg_parent: false, company: { name: "Northgate Advisers" } });
  });

  it("GET /login/company/:uuid answers a company's branding, 404 for an unknown one", async () => {
    const bloom = await companyNamed("Bloom Bakery Ltd");
    const res = await api.request("GET", `/login/company/${bloom.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ uuid: bloom.uuid, name: "Bloom Bakery Ltd", full_logo: bloom.fullLogo, main_color: bloom.mainColor });
    expect((await api.request("GET", `/login/company/${randomUUID()}`)).status).toBe(404);
  });
});

describe("tokens and sessions", () => {
  it("logout revokes that token only", async () => {
    const a = await api.login("viewer@harbour.test");
    const b = await api.login("viewer@harbour.test");
    const out = await api.request("POST", "/logout", { token: a });
    expect(out.status).toBe(204);
    expect(out.text).toBe("");
    const me = await api.request("GET", "/me", { token: a });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: "Unauthenticated." });
    expect((await api.request("POST", "/logout", { token: a })).status).toBe(401);
    expect((await api.request("GET", "/me", { token: b })).status).toBe(200);
  });

  it.each([
    ["no token", {}],
    ["a garbage token", { authorization: "Bearer not a token!" }],
    ["an unknown token", { authorization: `Bearer ${"A".repeat(43)}` }],
    ["another scheme", { authorization: "Basic YWRtaW46cGFzcw==" }],
  ])("answers 401 for %s", async (_, headers) => {
    const res = await api.request("GET", "/me", { headers });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthenticated." });
  });

  it("a token idle longer than SESSION_IDLE_MINUTES answers 400 'Session expired', then 401", async () => {
    const token = await api.login("viewer@harbour.test");
    await backdateToken(token, api.config.SESSION_IDLE_MINUTES + 1);
    const expired = await api.request("GET", "/me", { token });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: "Session expired", message: "Session expired" });
    const after = await api.request("GET", "/me", { token });
    expect(after.status).toBe(401);
  });

  it("using a token keeps the session alive", async () => {
    const token = await api.login("viewer@harbour.test");
    await backdateToken(token, api.config.SESSION_IDLE_MINUTES - 1);
    expect((await api.request("GET", "/me", { token })).status).toBe(200);
    const [row] = await api.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(Date.now() - row.lastUsedAt.getTime()).toBeLessThan(60_000);
    expect((await api.request("GET", "/me", { token })).status).toBe(200);
  });

  it("expires on the configured idle time (a very short one)", async () => {
    const short = await api.buildApp({ SESSION_IDLE_MINUTES: "0.002" }); // 120 ms
    const token = await api.login("viewer@harbour.test");
    await new Promise((r) => setTimeout(r, 300));
    // Idle for 300 ms: fine under the default idle time, expired under 120 ms.
    expect((await api.request("GET", "/me", { token })).status).toBe(200);
    const res = await short.request("GET", "/me/feature", { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Session expired", message: "Session expired" });
  });
});

describe("invitations: /user-setup/{uuid}/{token}", () => {
  const email = "new.starter@harbour.test";
  const password = "a-long-new-password-1";

  it("an invited user sets a password once and can then sign in", async () => {
    const user = await userByEmail(email);
    const { token, link } = await inviteUser(api.database, api.app.mail, api.config.PORTAL_URL, user.id);
    expect(link).toBe(`${api.config.PORTAL_URL}/user-setup/${user.uuid}/${token}`);
    expect((await latestMail(email))?.text).toContain(link);

    const show = await api.request("GET", `/user-setup/${user.uuid}/${token}`);
    expect(show.status).toBe(200);
    const harbour = await companyNamed("Harbour Brokers");
    expect(show.body.data).toEqual({ uuid: user.uuid, email, name: user.name, company: { uuid: harbour.uuid, name: "Harbour Brokers" } });

    const mismatch = await api.request("POST", `/user-setup/${user.uuid}/${token}`, { body: { password, password_confirmation: `${password}x` } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual([expect.any(String)]);

    const short = await api.request("POST", `/user-setup/${user.uuid}/${token}`, { body: { password: "short", password_confirmation: "short" } });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual([expect.any(String)]);

    const missing = await api.request("POST", `/user-setup/${user.uuid}/${token}`, { body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toContain("password");

    // Refused attempts did not use the invitation up, nor let the user in.
    expect((await api.request("POST", "/login", { body: { email, password } })).status).toBe(422);

    const done = await api.request("POST", `/user-setup/${user.uuid}/${token}`, { body: { password, password_confirmation: password } });
    expect(done.status).toBe(200);
    expect(done.body.message).toEqual(expect.any(String));
    expect(done.body.company).toEqual({ uuid: harbour.uuid });

    const login = await api.request("POST", "/login", { body: { email, password } });
    expect(login.status).toBe(200);
    expect(login.body.user.roles.map((r: { name: string }) => r.name)).toEqual(["Task viewer"]);

    // Single use.
    expect((await api.request("GET", `/user-setup/${user.uuid}/${token}`)).status).toBe(404);
    const reuse = await api.request("POST", `/user-setup/${user.uuid}/${token}`, {
      body: { password: "another-password-2", password_confirmation: "another-password-2" },
    });
    expect(reuse.status).toBe(404);
    expect((await api.request("POST", "/login", { body: { email, password: "another-password-2" } })).status).toBe(422);
    expect((await api.request("POST", "/login", { body: { email, password } })).status).toBe(200);
  });

  it("an invitation used twice at once sets the password only once", async () => {
    const user = await userByEmail("viewer@harbour.test");
    const { token } = await inviteUser(api.database, api.app.mail, api.config.PORTAL_URL, user.id);
    const passwords = ["first-new-password-1", "second-new-password-2"];
    const results = await Promise.all(
      passwords.map((p) => api.request("POST", `/user-setup/${user.uuid}/${token}`, { body: { password: p, password_confirmation: p } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = passwords[results.findIndex((r) => r.status === 200)];
    const loser = passwords[results.findIndex((r) => r.status === 404)];
    expect((await api.request("POST", "/login", { body: { email: "viewer@harbour.test", password: winner } })).status).toBe(200);
    expect((await api.request("POST", "/login", { body: { email: "viewer@harbour.test", password: loser } })).status).toBe(422);
    // Back to the demo password for the other tests.
    const again = await inviteUser(api.database, api.app.mail, api.config.PORTAL_URL, user.id);
    const reset = await api.request("POST", `/user-setup/${user.uuid}/${again.token}`, {
      body: { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
    });
    expect(reset.status).toBe(200);
  });

  it("a wrong, foreign, expired or malformed invitation link answers 404", async () => {
    const viewer = await userByEmail("viewer@harbour.test");
    const admin = await userByEmail("admin@harbour.test");
    const { token } = await inviteUser(api.database, api.app.mail, api.config.PORTAL_URL, viewer.id);
    const expired = await inviteUser(api.database, api.app.mail, api.config.PORTAL_URL, viewer.id, -1);

    for (const url of [
      `/user-setup/${viewer.uuid}/${"x".repeat(43)}`, // unknown token
      `/user-setup/${admin.uuid}/${token}`, // someone else's token
      `/user-setup/${randomUUID()}/${token}`, // unknown user
      `/user-setup/${viewer.uuid}/${expired.token}`, // expired
      `/user-setup/${viewer.uuid}/abc`, // truncated link
      `/user-setup/not-a-uuid/${token}`,
    ]) {
      const get = await api.request("GET", url);
      expect(get.status, url).toBe(404);
      expect(get.body.message).toEqual(expect.any(String));
      const post = await api.request("POST", url, { body: { password, password_confirmation: password } });
      expect(post.status, url).toBe(404);
    }
    // The viewer's password did not change.
    expect((await api.request("POST", "/login", { body: { email: "viewer@harbour.test", password: DEMO_PASSWORD } })).status).toBe(200);
    // The valid invitation is still there.
    expect((await api.request("GET", `/user-setup/${viewer.uuid}/${token}`)).status).toBe(200);
  });
});

describe("Forgot password", () => {
  const SENT = "If an account uses that address, we have sent it a link to choose a new password. The link works once, within 60 minutes.";
  const INVALID = "This password reset link has expired or was already used. Ask for a new one.";
  const linkTokenIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it("answers the same for a known and an unknown address, and e-mails only the known one a one-use link", async () => {
    const known = await api.request("POST", "/login/forgot-password", { body: { email: "viewer@harbour.test" } });
    const unknown = await api.request("POST", "/login/forgot-password", { body: { email: "nobody-here@harbour.test" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: SENT });
    expect(unknown.body).toEqual(known.body);
    expect(await latestMail("nobody-here@harbour.test")).toBeUndefined();
    const mail = await latestMail("viewer@harbour.test");
    expect(mail?.subject).toBe("Choose a new password");
    expect(mail?.text).toContain("within 60 minutes");
    const token = linkTokenIn(mail!.text)!;
    expect(token.length).toBeGreaterThanOrEqual(32);

    expect((await api.request("GET", `/login/reset-password/${token}`)).body).toEqual({ data: { email: "viewer@harbour.test" } });
    // The confirmation must match; a weak password is refused; neither uses the link.
    const mismatch = await api.request("POST", `/login/reset-password/${token}`, {
      body: { password: "a-new-long-password-2026", password_confirmation: "something else entirely" },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(["The passwords do not match."]);
    const before = await api.request("POST", "/login", { body: { email: "viewer@harbour.test", password: DEMO_PASSWORD } });
    expect(before.status).toBe(200);

    const done = await api.request("POST", `/login/reset-password/${token}`, {
      body: { password: "Quiet-harbour-lantern-77", password_confirmation: "Quiet-harbour-lantern-77" },
    });
    expect(done.status).toBe(200);
    // Every session of the account ended; the old password no longer works, the new one does.
    expect((await api.request("GET", "/me", { token: before.body.token })).status).toBe(401);
    expect((await api.request("POST", "/login", { body: { email: "viewer@harbour.test", password: DEMO_PASSWORD } })).status).toBe(422);
    expect((await api.request("POST", "/login", { body: { email: "viewer@harbour.test", password: "Quiet-harbour-lantern-77" } })).status).toBe(200);
    // Used once: refused after.
    const again = await api.request("POST", `/login/reset-password/${token}`, {
      body: { password: "Another-harbour-lantern-88", password_confirmation: "Another-harbour-lantern-88" },
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(INVALID);
    // Back to the demo password for the other tests.
    const hash = (await userByEmail("admin@harbour.test")).passwordHash;
    await api.database.db.update(users).set({ passwordHash: hash }).where(eq(users.email, "viewer@harbour.test"));
  });

  it("refuses an expired link, and only the newest link of an account works", async () => {
    await api.request("POST", "/login/forgot-password", { body: { email: "owner@bloom.test" } });
    const first = linkTokenIn((await latestMail("owner@bloom.test"))!.text)!;
    await api.request("POST", "/login/forgot-password", { body: { email: "owner@bloom.test" } });
    const second = linkTokenIn((await latestMail("owner@bloom.test"))!.text)!;
    expect(second).not.toBe(first);
    expect((await api.request("GET", `/login/reset-password/${first}`)).status).toBe(404);
    expect((await api.request("GET", `/login/reset-password/${second}`)).status).toBe(200);
    await api.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 minute' where token_hash = ${hashToken(second)}`);
    const expired = await api.request("GET", `/login/reset-password/${second}`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(INVALID);
  });

  it("is limited like sign-in: too many requests for one address are refused with 429", async () => {
    const email = `flood-${randomUUID()}@harbour.test`;
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await api.request("POST", "/login/forgot-password", { body: { email } })).status);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });

  it("answers a malformed address with 422 and an errors map", async () => {
    const res = await api.request("POST", "/login/forgot-password", { body: { email: "not-an-address" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(["Enter a valid e-mail address."]);
  });
});

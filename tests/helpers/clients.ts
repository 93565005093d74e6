/** Small factories for the client tests (individuals, companies, notes): rows made through the API. */
import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { Permission } from "#contract/permissions";
import { companies, permissions, rolePermissions, roles, userRoles, users } from "#api/db/schema";
import { hashPassword } from "#api/lib/passwords";
import { DEMO_PASSWORD, type TestApi } from "./api";

export async function tenantId(api: TestApi, name: string) {
  const [c] = await api.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  return c.id;
}

export async function userId(api: TestApi, email: string) {
  const [u] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

/**
 * A signed-in user of a demo tenant holding exactly `perms` (through a new role), for permission tests.
 * Answers the bearer token.
 */
export async function userWith(api: TestApi, tenantName: string, email: string, perms: Permission[]): Promise<string> {
  const db = api.database.db;
  const tenant = await tenantId(api, tenantName);
  const [role] = await db
    .insert(roles)
    .values({ tenantId: tenant, name: `Only ${email}` })
    .returning({ id: roles.id });
  if (perms.length) {
    const ids = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, perms));
    await db.insert(rolePermissions).values(ids.map((p) => ({ roleId: role.id, permissionId: p.id })));
  }
  const [user] = await db
    .insert(users)
    .values({ tenantId: tenant, email, name: "Test", lastName: "User", passwordHash: await hashPassword(DEMO_PASSWORD), status: "active" })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return api.login(email);
}

let counter = 0;
/** A unique marker for names, so a search finds only what a test made. */
export const marker = (prefix = "Zq") => `${prefix}${(++counter).toString(36)}${Date.now().toString(36).slice(-4)}`;

export async function makeIndividual(api: TestApi, token: string, body: Record<string, unknown> = {}) {
  const res = await api.request("POST", "/individual", { token, body: { first_name: "Test", last_name: marker(), ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; full_name: string; email: string | null; [k: string]: unknown };
}

export async function makeCompany(api: TestApi, token: string, body: Record<string, unknown> = {}) {
  const res = await api.request("POST", "/company", { token, body: { name: `${marker()} Trading Ltd`, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; name: string; [k: string]: unknown };
}

/** The id of a lookup row by name, read through its endpoint. */
export async function lookupId(api: TestApi, token: string, url: string, name: string) {
  const res = await api.request("GET", url, { token, query: { page: { size: 999 } } });
  expect(res.status, res.text).toBe(200);
  const found = (res.body.data as { id: number; name: string }[]).find((r) => r.name === name);
  if (!found) throw new Error(`No ${name} in ${url}`);
  return found.id;
}

/** The sandbox e-mails to an address (development outbox). */
export async function outbox(api: TestApi, to: string) {
  const res = await api.request("GET", "/sandbox/outbox", { query: { to } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { to: string; subject: string; text: string }[];
}

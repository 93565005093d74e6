/**
 * Small factories for the CRM API tests (pipelines, tasks, dashboard, global search): ids of demo rows,
 * extra users with exactly the permissions a test needs, an empty tenant, pipelines and tasks made
 * through the API, and a counter of the SQL statements a request runs.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Permission } from "#contract/permissions";
import { clientCompanies, companies, individuals, permissions, pipelines, pipelineStages, rolePermissions, roles, userRoles, users } from "#api/db/schema";
import { hashPassword } from "#api/lib/passwords";
import { DEMO_PASSWORD, type TestApi } from "./api";

let counter = 0;
let passwordHash: string | undefined;

export async function tenantId(api: TestApi, name: string): Promise<number> {
  const [c] = await api.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  return c.id;
}

export async function userId(api: TestApi, email: string): Promise<number> {
  const [u] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

/** A new active user of an existing tenant holding exactly these permissions; answers the id and a token. */
export async function userWith(
  api: TestApi,
  tenant: string | number,
  perms: Permission[],
): Promise<{ id: number; token: string; email: string; tenantId: number }> {
  const db = api.database.db;
  const tid = typeof tenant === "number" ? tenant : await tenantId(api, tenant);
  const n = ++counter;
  const email = `crm.test.${process.pid}.${n}.${Date.now()}@example.test`;
  passwordHash ??= await hashPassword(DEMO_PASSWORD);
  const [role] = await db
    .insert(roles)
    .values({ tenantId: tid, name: `CRM test role ${n} ${Date.now()}` })
    .returning({ id: roles.id });
  if (perms.length) {
    const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, perms));
    await db.insert(rolePermissions).values(rows.map((p) => ({ roleId: role.id, permissionId: p.id })));
  }
  const [user] = await db
    .insert(users)
    .values({ tenantId: tid, email, name: "Test", lastName: `User ${n}`, passwordHash, status: "active" })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return { id: user.id, token: await api.login(email), email, tenantId: tid };
}

/** A new, empty tenant with one user holding these permissions. */
export async function emptyTenant(api: TestApi, perms: Permission[]) {
  const [c] = await api.database.db
    .insert(companies)
    .values({ name: `CRM test company ${++counter} ${Date.now()}` })
    .returning({ id: companies.id });
  return userWith(api, c.id, perms);
}

export interface StageInput {
  name: string;
  color: string;
  outcome?: "open" | "won" | "lost";
  is_revenue?: boolean;
  is_contract?: boolean;
}

/** A pipeline made through the API (default stages: Lead, Quote, Won, Lost). */
export async function makePipeline(api: TestApi, token: string, body: { name?: string; stages?: StageInput[]; status?: 0 | 1; user_ids?: number[] } = {}) {
  const res = await api.request("POST", "/pipelines", {
    token,
    body: {
      name: body.name ?? `Pipeline ${++counter}`,
      stages: body.stages ?? [
        { name: "Lead", color: "#111111" },
        { name: "Quote", color: "#222222", is_contract: true },
        { name: "Won", color: "#16a34a", outcome: "won" },
        { name: "Lost", color: "#dc2626", outcome: "lost" },
      ],
      ...(body.status === undefined ? {} : { status: body.status }),
      ...(body.user_ids ? { user_ids: body.user_ids } : {}),
    },
  });
  if (res.status !== 201) throw new Error(`makePipeline: ${res.status} ${res.text}`);
  return res.body.data as { id: number; name: string; stages: { id: number; name: string; order: number; outcome: string }[] };
}

/** A task made through the API. */
export async function makeTask(api: TestApi, token: string, body: Record<string, unknown>) {
  const res = await api.request("POST", "/task", { token, body: { name: `Task ${++counter}`, ...body } });
  if (res.status !== 201) throw new Error(`makeTask: ${res.status} ${res.text}`);
  return res.body.data as Record<string, any> & { id: number; name: string };
}

/** A pipeline of a tenant by name, with its stages in order (read from the database). */
export async function demoPipeline(api: TestApi, tenant: string, name: string) {
  const db = api.database.db;
  const tid = await tenantId(api, tenant);
  const [p] = await db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.tenantId, tid), eq(pipelines.name, name)));
  const stages = await db.select().from(pipelineStages).where(eq(pipelineStages.pipelineId, p.id)).orderBy(pipelineStages.sortOrder);
  return { ...p, stages };
}

export async function makeIndividual(api: TestApi, tenant: number, firstName: string, lastName: string, email?: string) {
  const [i] = await api.database.db
    .insert(individuals)
    .values({ tenantId: tenant, firstName, lastName, email: email ?? null })
    .returning({ id: individuals.id });
  return i.id;
}

export async function makeCompany(api: TestApi, tenant: number, name: string, town?: string) {
  const [c] = await api.database.db
    .insert(clientCompanies)
    .values({ tenantId: tenant, name, town: town ?? null })
    .returning({ id: clientCompanies.id });
  return c.id;
}

/**
 * Counts the SQL statements sent to the database while `fn` runs (PGlite's query/exec, or the pg
 * pool's query), to prove a list's query count does not grow with its page size.
 */
export async function countQueries(api: TestApi, fn: () => Promise<unknown>): Promise<number> {
  const session = (api.database.db as unknown as { session: { client: Record<string, (...a: unknown[]) => unknown> } }).session;
  const client = session.client;
  const methods = ["query", "exec"].filter((m) => typeof client[m] === "function");
  const originals = methods.map((m) => client[m]);
  let n = 0;
  methods.forEach((m, i) => {
    client[m] = function (this: unknown, ...args: unknown[]) {
      n++;
      return originals[i].apply(this, args);
    };
  });
  try {
    await fn();
  } finally {
    methods.forEach((m, i) => (client[m] = originals[i]));
  }
  return n;
}

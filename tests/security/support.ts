/**
 * What the guard-rail proofs share: the actors (a user with no roles, an administrator of another parent
 * tenant, Harbour's administrator), tokens minted straight into the database (no argon2 per request, and
 * a sign-out or password change in one request cannot spoil the next), a checksum of everything Harbour
 * Brokers owns, row counts, and the table that turns each route pattern's path parameters into a real
 * Harbour id.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { HTTPMethods } from "fastify";
import type { z } from "zod";
import { companyUpdateBodySchema } from "#contract/clients";
import { providerBodySchema } from "#contract/providers";
import { taskProgressBodySchema, taskUpdateBodySchema } from "#contract/tasks";
import type { RouteDeclaration } from "#api/http/route";
import { authTokens, companies, paymentSandboxObjects, roles, userRoles, users } from "#api/db/schema";
import { enqueue } from "#api/jobs/enqueue";
import { hashToken, newToken } from "#api/lib/tokens";
import { teamInvitationEmail } from "#api/modules/teams/jobs";
import type { TestApi } from "../helpers/api";
import { NO_SAMPLE, validExample } from "./zod-sample";

export const HARBOUR = "Harbour Brokers";
export const OTHER_TENANT = "Northgate Advisers";

/** Raw SQL returning rows as plain objects (PGlite and node-postgres alike). */
export async function rows<T = Record<string, unknown>>(api: TestApi, query: string): Promise<T[]> {
  const res = (await api.database.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return res.rows;
}

export async function one(api: TestApi, query: string): Promise<string> {
  const [row] = await rows(api, query);
  if (!row) throw new Error(`No row for: ${query}`);
  const v = Object.values(row)[0];
  if (v === null || v === undefined) throw new Error(`Null for: ${query}`);
  return String(v);
}

export interface Actors {
  harbourId: number;
  otherTenantId: number;
  /** admin@harbour.test: every permission, parent tenant. */
  adminId: number;
  /** A Harbour user without any role. */
  noRolesId: number;
  /** An administrator (every permission) of Northgate, made a parent tenant for the providers routes. */
  foreignAdminId: number;
  /** A fresh bearer token of a user (one per request: a sign-out or password change cannot spoil the next request). */
  token(userId: number): Promise<string>;
  /** Tokens minted ahead, so that minting them does not count as a change while Harbour's data is watched. */
  tokens(userId: number, n: number): Promise<string[]>;
}

export async function createActors(api: TestApi): Promise<Actors> {
  const { db } = api.database;
  const harbourId = Number(await one(api, `select id from companies where name = '${HARBOUR}'`));
  const otherTenantId = Number(await one(api, `select id from companies where name = '${OTHER_TENANT}'`));
  const adminId = Number(await one(api, `select id from users where email = 'admin@harbour.test'`));
  const passwordHash = await one(api, `select password_hash from users where id = ${adminId}`);

  const [noRoles] = await db
    .insert(users)
    .values({ tenantId: harbourId, email: "no-roles@harbour.test", name: "Nora", lastName: "Roles", passwordHash, status: "active" })
    .returning({ id: users.id });

  // Northgate becomes a parent tenant, so the providers routes reach their record lookup for its administrator.
  await db
    .update(companies)
    .set({ tenantIsSegParent: true })
    .where(sql`${companies.id} = ${otherTenantId}`);
  const [foreign] = await db
    .insert(users)
    .values({ tenantId: otherTenantId, email: "cross-tenant.admin@northgate.test", name: "Xavier", lastName: "Tenant", passwordHash, status: "active" })
    .returning({ id: users.id });
  const [adminRole] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`${roles.tenantId} = ${otherTenantId} and ${roles.name} = 'Administrator'`);
  await db.insert(userRoles).values({ userId: foreign.id, roleId: adminRole.id });

  return {
    harbourId,
    otherTenantId,
    adminId,
    noRolesId: noRoles.id,
    foreignAdminId: foreign.id,
    async token(userId) {
      const token = newToken();
      await db.insert(authTokens).values({ userId, tokenHash: hashToken(token) });
      return token;
    },
    async tokens(userId, n) {
      const list = Array.from({ length: n }, () => newToken());
      await db.insert(authTokens).values(list.map((t) => ({ userId, tokenHash: hashToken(t) })));
      return list;
    },
  };
}

// ---------------------------------------------------------------------------------------------- checksums

interface TableInfo {
  name: string;
  columns: string[];
}

async function tables(api: TestApi): Promise<TableInfo[]> {
  const cols = await rows<{ table_name: string; column_name: string }>(
    api,
    `select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const map = new Map<string, string[]>();
  for (const c of cols) (map.get(c.table_name) ?? map.set(c.table_name, []).get(c.table_name)!).push(c.column_name);
  return [...map].map(([name, columns]) => ({ name, columns }));
}

/**
 * Tables that are not the product's state, left out of both checksums: sign-in attempts (keyed by address), and the
 * payment sandbox's record of the idempotency keys it was sent — the provider's side (Stripe keeps the answer to a key
 * it refused, so that the same request sent again is answered the same).
 */
const NOT_PRODUCT_STATE = new Set(["sign_in_attempts", "payment_sandbox_idempotency"]);

/**
 * md5 of every row Harbour owns, per table: tenant_id = Harbour where the table has it; otherwise rows
 * hanging off Harbour's users or roles; the company row itself; shared reference tables in full (NOT_PRODUCT_STATE
 * left out); tokens are compared without their last-use time.
 */
export async function harbourChecksumQuery(api: TestApi, harbourId: number): Promise<string> {
  return checksumQuery(api, harbourId);
}

/** md5 of every row of every table (NOT_PRODUCT_STATE left out, tokens without their last-use time). */
export async function wholeDatabaseChecksumQuery(api: TestApi): Promise<string> {
  return checksumQuery(api, undefined);
}

async function checksumQuery(api: TestApi, harbourId: number | undefined): Promise<string> {
  const parts: string[] = [];
  for (const t of await tables(api)) {
    if (NOT_PRODUCT_STATE.has(t.name)) continue;
    const rowText = t.name === "auth_tokens" ? `(x.id, x.user_id, x.token_hash, x.created_at, x.revoked_at)::text` : `x::text`;
    let where = "true";
    if (harbourId === undefined) where = "true";
    else if (t.columns.includes("tenant_id")) where = `x.tenant_id = ${harbourId}`;
    else if (t.name === "companies") where = `x.id = ${harbourId}`;
    else if (t.columns.includes("user_id")) where = `x.user_id in (select id from users where tenant_id = ${harbourId})`;
    else if (t.columns.includes("role_id")) where = `x.role_id in (select id from roles where tenant_id = ${harbourId})`;
    parts.push(`select '${t.name}' as t, md5(coalesce(string_agg(${rowText}, ',' order by ${rowText}), '')) as h from "${t.name}" x where ${where}`);
  }
  return parts.join(" union all ");
}

export type Checksum = Map<string, string>;

export async function checksum(api: TestApi, query: string): Promise<Checksum> {
  return new Map((await rows<{ t: string; h: string }>(api, query)).map((r) => [r.t, r.h]));
}

/** The tables whose checksum differs. */
export function changedTables(a: Checksum, b: Checksum): string[] {
  return [...a.keys()].filter((k) => a.get(k) !== b.get(k));
}

/** Rows per table of the whole database, in one query. */
export async function rowCountQuery(api: TestApi): Promise<string> {
  const names = (await tables(api)).map((t) => t.name).filter((n) => !["sign_in_attempts", "auth_tokens", "audit_events", "__drizzle_migrations"].includes(n));
  return `select ${names.map((n) => `(select count(*) from "${n}")::int as "${n}"`).join(", ")}`;
}

export async function rowCounts(api: TestApi, query: string): Promise<Record<string, number>> {
  const [r] = await rows<Record<string, number>>(api, query);
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
}

// ---------------------------------------------------------------------------------------------- path parameters

/**
 * How a route's path parameters are filled:
 * - "tenant": ids of records Harbour owns. Another tenant's user must get 404 and change nothing.
 * - "own": the caller's own things (a list-preferences key); another tenant's user works on their own.
 * - "global": shared catalogue rows (permissions); the same for every tenant.
 */
export type Scope = "tenant" | "own" | "global";
export interface Resolver {
  scope: Scope;
  params: (api: TestApi, a: Actors) => Promise<Record<string, string>>;
}

const H = (a: Actors) => a.harbourId;
const tenant = (params: Resolver["params"]): Resolver => ({ scope: "tenant", params });

/** A Harbour individual with a telephone number (the demo clients have them). */
function harbourCallee(a: Actors) {
  return `select id from individuals where tenant_id = ${H(a)} and telephone is not null order by id limit 1`;
}

/** A call of Harbour's administrator (calls are their caller's own): an ended sandbox call, so a new one may start. */
const harbourCall = tenant(async (api, a) => ({
  id: await one(
    api,
    `insert into phone_calls (tenant_id, user_id, entity_type, entity_id, name, to_number, via, provider, ended_at, outcome, duration_seconds)
     values (${H(a)}, ${a.adminId}, 'individual', (${harbourCallee(a)}), 'Matrix Callee', '+44 20 7946 0000', 'browser', 'sandbox', now(), 'completed', 5) returning id`,
  ),
}));

const firstTask = (a: Actors) => `select id from tasks where tenant_id = ${H(a)} order by id limit 1`;
const team = (a: Actors, offset = 0) => `select id from teams where tenant_id = ${H(a)} order by id limit 1 offset ${offset}`;
/** A fresh Harbour policy (a QUOTE of its first individual) for each route of /policies/:id. */
const matrixPolicy = (api: TestApi, a: Actors) =>
  one(
    api,
    `insert into policies (tenant_id, number, product_name, individual_id, inception_date, renewal_date) values (${H(a)}, 'MATRIX-' || gen_random_uuid(), 'Route matrix', (select id from individuals where tenant_id = ${H(a)} order by id limit 1), current_date, current_date + 365) returning id`,
  );
const clientCompany = (a: Actors) => `select id from client_companies where tenant_id = ${H(a)} order by id limit 1`;

const bdxUpload = (a: Actors) =>
  `insert into bdx_imports (tenant_id, file_name, file_type, content, headers, row_count) values (${H(a)}, 'matrix.csv', 'csv', convert_to('Policy No\nM-1', 'UTF8'), '["Policy No"]', 1) returning id`;

/**
 * Every route pattern with path parameters, keyed "/pattern" (all methods) or "METHOD /pattern". A new
 * route with parameters makes the matrix test fail until it is added here.
 */
const documentTemplate = tenant(async (api, a) => {
  const key = await api.app.storage.put(Buffer.from("PK route matrix"), { contentType: "application/octet-stream", extension: "docx" });
  return {
    id: await one(
      api,
      `insert into document_templates (tenant_id, name, kind, storage_key, file_name) values (${H(a)}, 'Route matrix', 'docx', '${key}', 'matrix.docx') returning id`,
    ),
  };
});
const workflow = tenant(async (api, a) => ({
  id: await one(api, `insert into workflows (tenant_id, name) values (${H(a)}, 'Route matrix') returning id`),
}));

export const RESOLVERS: Record<string, Resolver> = {
  "/policies/:id": tenant(async (api, a) => ({ id: await matrixPolicy(api, a) })),
  "PUT /policies/:id/state": tenant(async (api, a) => ({ id: await matrixPolicy(api, a) })),
  "GET /policies/:id/activity": tenant(async (api, a) => ({ id: await matrixPolicy(api, a) })),
  "GET /policies/:id/invoices": tenant(async (api, a) => ({ id: await matrixPolicy(api, a) })),
  "GET /policies/:id/linkable-invoices": tenant(async (api, a) => ({ id: await matrixPolicy(api, a) })),
  "POST /policies/:id/welcome-email": tenant(async (api, a) => ({ id: await matrixPolicy(api, a) })),
  "POST /policies/:id/renewal-email": tenant(async (api, a) => ({ id: await matrixPolicy(api, a) })),
  // A Harbour invoice, linked to a fresh policy (taken from whichever policy had it), so that unlinking finds it.
  "/policies/:id/invoices/:invoiceId": tenant(async (api, a) => {
    const id = await matrixPolicy(api, a);
    const invoiceId = await one(api, `select id from sales_documents where tenant_id = ${H(a)} and kind = 'invoice' order by id limit 1`);
    await rows(api, `delete from policy_invoices where invoice_id = ${invoiceId}`);
    await rows(api, `insert into policy_invoices (tenant_id, policy_id, invoice_id) values (${H(a)}, ${id}, ${invoiceId})`);
    return { id, invoiceId };
  }),
  "/export-zip/invoice/:id": tenant(async (api, a) => ({ id: await matrixPolicy(api, a) })),
  "/policies/stats/individual/:id": tenant(async (api, a) => ({
    id: await one(api, `select id from individuals where tenant_id = ${H(a)} order by id limit 1`),
  })),
  "/off-platform-policy/:id": tenant(async (api, a) => ({
    id: await one(
      api,
      `insert into off_platform_policies (tenant_id, policy_number, product_name, insurer, state, client_type, client_name, inception_date, renewal_date, premium_pence, ipt_rate)
       values (${H(a)}, 'RM-' || gen_random_uuid(), 'Route matrix', 'Insurer', 'BOUND', 'company', 'Client', '2026-01-01', '2027-01-01', 100, 12) returning id`,
    ),
  })),
  "/mapper/uploads/:id": tenant(async (api, a) => ({ id: await one(api, bdxUpload(a)) })),
  "/mapper/uploads/:id/report": tenant(async (api, a) => ({ id: await one(api, bdxUpload(a)) })),
  "/mapper/uploads/:id/report.csv": tenant(async (api, a) => ({ id: await one(api, bdxUpload(a)) })),
  // A fresh Harbour map for each call (DELETE removes it).
  "/mapper/mapper/:id": tenant(async (api, a) => ({
    id: await one(
      api,
      `insert into bdx_maps (tenant_id, name, map, selected_products, columns_key) values (${H(a)}, 'Matrix ' || gen_random_uuid(), '{"policy_number":"Policy No"}', '[]', 'matrix') returning id`,
    ),
  })),
  "/document-templates/:id": documentTemplate,
  "/document-templates/:id/file": documentTemplate,
  "/document-templates/use/:id": documentTemplate,
  "/document-templates/documents/:id": tenant(async (api, a) => {
    const key = await api.app.storage.put(Buffer.from("%PDF route matrix"), { contentType: "application/pdf", extension: "pdf" });
    return {
      id: await one(
        api,
        `insert into generated_documents (tenant_id, record_type, record_id, file_name, mime_type, storage_key, size) values (${H(a)}, 'task', 1, 'Route matrix.pdf', 'application/pdf', '${key}', 1) returning id`,
      ),
    };
  }),
  "/workflow/:id": workflow,
  "/workflow/:id/runs": workflow,
  "/workflow/:id/test": workflow,
  "/login/company/:uuid": tenant(async (api, a) => ({ uuid: await one(api, `select uuid from companies where id = ${H(a)}`) })),
  "/user-setup/:uuid/:token": tenant(async (api, a) => ({
    uuid: await one(api, `select uuid from users where tenant_id = ${H(a)} and status = 'invited' order by id limit 1`),
    token: "t".repeat(43),
  })),
  "/login/reset-password/:token": { scope: "global", params: async () => ({ token: "t".repeat(43) }) },
  "/files/:key": { scope: "global", params: async () => ({ key: "0".repeat(32) + ".png" }) },
  "/role/:id": tenant(async (api, a) => ({ id: await one(api, `select id from roles where tenant_id = ${H(a)} and not is_system order by id limit 1`) })),
  "/role/:id/permission": tenant(async (api, a) => ({
    id: await one(api, `select id from roles where tenant_id = ${H(a)} and not is_system order by id limit 1`),
  })),
  "/permission/:id": { scope: "global", params: async (api) => ({ id: await one(api, `select id from permissions order by id limit 1`) }) },
  "/providers/:uuid": tenant(async (api, a) => ({ uuid: await one(api, `select uuid from providers where tenant_id = ${H(a)} order by id limit 1`) })),
  "DELETE /providers/:uuid": tenant(async (api, a) => ({
    uuid: await one(api, `select uuid from providers where tenant_id = ${H(a)} order by id desc limit 1`),
  })),
  "/team/:id": tenant(async (api, a) => ({ id: await one(api, team(a)) })),
  "DELETE /team/:id": tenant(async (api, a) => ({ id: await one(api, team(a, 2)) })),
  "/team/:id/team-user": tenant(async (api, a) => ({ id: await one(api, team(a)) })),
  "/team/:id/user": tenant(async (api, a) => ({ id: await one(api, team(a)) })),
  "/teams/:id/members": tenant(async (api, a) => ({ id: await one(api, team(a)) })),
  "/teams/:id/users": tenant(async (api, a) => ({ id: await one(api, team(a)) })),
  "/api/v1/teams/:id": tenant(async (api, a) => ({ id: await one(api, team(a)) })),
  "DELETE /api/v1/teams/:id": tenant(async (api, a) => ({ id: await one(api, team(a, 3)) })),
  "/api/v1/teams/member/:id": tenant(async (api, a) => ({ id: await one(api, `select id from team_members where tenant_id = ${H(a)} order by id limit 1`) })),
  "/teams/:id/users/:userId": tenant(async (api, a) => {
    const [m] = await rows<{ team_id: number; user_id: number }>(
      api,
      `select m.team_id, m.user_id from team_members m where m.tenant_id = ${H(a)} and m.user_id <> ${a.adminId} order by m.id limit 1`,
    );
    return { id: String(m.team_id), userId: String(m.user_id) };
  }),
  "/teams/:id/invitations/:invId": tenant(async (api, a) => {
    const [i] = await rows<{ team_id: number; id: number }>(api, `select team_id, id from team_invitations where tenant_id = ${H(a)} order by id limit 1`);
    return { id: String(i.team_id), invId: String(i.id) };
  }),
  "/notification/:id/read": tenant(async (api, a) => ({
    id: await one(api, `select id from notifications where user_id = ${a.adminId} order by created_at limit 1`),
  })),
  "/list-preferences/:listKey": { scope: "own", params: async () => ({ listKey: "providers" }) },
  "/notification/:id": tenant(async (api, a) => ({
    id: await one(api, `select id from notifications where user_id = ${a.adminId} order by created_at limit 1`),
  })),
  "/users/:id/roles": tenant(async (api) => ({ id: await one(api, `select id from users where email = 'viewer@harbour.test'`) })),
  "/pipelines/:id": tenant(async (api, a) => ({ id: await one(api, `select id from pipelines where tenant_id = ${H(a)} order by id limit 1`) })),
  "/pipelines/:id/pipeline-stages": tenant(async (api, a) => ({
    id: await one(api, `select id from pipelines where tenant_id = ${H(a)} order by id limit 1`),
  })),
  "/pipelines/:id/pipeline-stages/:stageId": tenant(async (api, a) => {
    const [s] = await rows<{ pipeline_id: number; id: number }>(
      api,
      `select pipeline_id, id from pipeline_stages where tenant_id = ${H(a)} order by id limit 1`,
    );
    return { id: String(s.pipeline_id), stageId: String(s.id) };
  }),
  "/pipelines/:id/update-order": tenant(async (api, a) => ({ id: await one(api, `select id from pipelines where tenant_id = ${H(a)} order by id limit 1`) })),
  "/pipelines/:id/users": tenant(async (api, a) => ({ id: await one(api, `select id from pipelines where tenant_id = ${H(a)} order by id limit 1`) })),
  "/pipelines/:id/targets": tenant(async (api, a) => ({ id: await one(api, `select id from pipelines where tenant_id = ${H(a)} order by id limit 1`) })),
  "/pipelines/:id/my/targets": tenant(async (api, a) => ({ id: await one(api, `select id from pipelines where tenant_id = ${H(a)} order by id limit 1`) })),
  "/pipelines/:id/targets/users": tenant(async (api, a) => ({ id: await one(api, `select id from pipelines where tenant_id = ${H(a)} order by id limit 1`) })),
  // A job of Harbour's (its invitation e-mail), waiting: no worker runs in the matrix.
  "/jobs/:id": tenant(async (api, a) => ({
    id: await enqueue(
      api.database.db,
      teamInvitationEmail,
      { invitationId: Number(await one(api, `select id from team_invitations where tenant_id = ${H(a)} order by id limit 1`)) },
      { tenantId: H(a) },
    ),
  })),
  "/task/:id": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "DELETE /task/:id": tenant(async (api, a) => ({ id: await one(api, `select id from tasks where tenant_id = ${H(a)} order by id desc limit 1`) })),
  "/task/:id/revenue": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "/task/:id/kyb": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "/tasks/:id": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "/tasks/:id/notes/progress": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "/tasks/:id/notes": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "/task/:id/task-product": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "/task/:id/task-product/:productId": tenant(async (api, a) => {
    const [p] = await rows<{ task_id: number; id: number }>(api, `select task_id, id from task_products where tenant_id = ${H(a)} order by id limit 1`);
    return { id: String(p.task_id), productId: String(p.id) };
  }),
  "/tasks/:id/documents/:documentId": tenant(async (api, a) => {
    // No document is seeded: store one on Harbour's first task (a file and its row, as a progress note would).
    const taskId = await one(api, firstTask(a));
    const key = await api.app.storage.put(Buffer.from("%PDF-1.4\n%%EOF\n"), { contentType: "application/pdf", extension: "pdf" });
    const [doc] = await rows<{ id: number }>(
      api,
      `insert into task_documents (tenant_id, task_id, storage_key, filename, mime_type, size) values (${H(a)}, ${taskId}, '${key}', 'matrix.pdf', 'application/pdf', 14) returning id`,
    );
    return { id: taskId, documentId: String(doc.id) };
  }),
  "/task/:id/send-email": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "/task/:id/email": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "/activity-log/task/:id": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
  "/individual/:id": tenant(async (api, a) => ({ id: await one(api, `select id from individuals where tenant_id = ${H(a)} order by id limit 1`) })),
  "/individual/:id/email": tenant(async (api, a) => ({ id: await one(api, `select id from individuals where tenant_id = ${H(a)} order by id limit 1`) })),
  "/company/:id": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/company/:id/email": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/company/:id/bank-account-details": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/company/:id/broker-data": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/company/:id/individual": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/company/:id/communication-details": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/company/:id/branding": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/company/:id/compliance-information": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/companies/:id": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/companies/:id/lines": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/companies/:id/lines-split": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/companies/:id/lines/:lineId": tenant(async (api, a) => {
    const [l] = await rows<{ company_id: number; id: number }>(api, `select company_id, id from company_lines where tenant_id = ${H(a)} order by id limit 1`);
    return { id: String(l.company_id), lineId: String(l.id) };
  }),
  "/companies/:id/individuals": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
  "/companies/:id/individuals/:individualId": tenant(async (api, a) => {
    const [l] = await rows<{ company_id: number; individual_id: number }>(
      api,
      `select company_id, individual_id from company_individuals where tenant_id = ${H(a)} order by company_id, individual_id limit 1`,
    );
    return { id: String(l.company_id), individualId: String(l.individual_id) };
  }),
  "/note/:id": tenant(async (api, a) => ({ id: await one(api, `select id from notes where tenant_id = ${H(a)} order by id limit 1`) })),
  "/email/threads/:id": tenant(async (api, a) => ({ id: await one(api, `select id from email_threads where tenant_id = ${H(a)} order by id limit 1`) })),
  "/phone/:entityType/:entityId": tenant(async (api, a) => ({ entityType: "individual", entityId: await one(api, harbourCallee(a)) })),
  "/calls/:id": harbourCall,
  "/calls/:id/sandbox-events": harbourCall,
  "/calls/:id/terminate": harbourCall,
  "/calls/:id/feedback": harbourCall,
  ...calendarResolvers(),
  ...salesResolvers("quote", "/simple-quotes"),
  ...salesResolvers("invoice", "/simple-invoices"),
  "/payment/:id": tenant(async (api, a) => ({ id: await one(api, `select id from payments where tenant_id = ${H(a)} order by id limit 1`) })),
  "/payment/:id/refund": tenant(async (api, a) => ({ id: await one(api, `select id from payments where tenant_id = ${H(a)} order by id limit 1`) })),
  "/terminal-orders/:id": tenant(async (api, a) => ({
    id: await one(
      api,
      `insert into terminal_orders (tenant_id, provider, provider_order_id, shipping_method, shipping_method_name, shipping_name, shipping_email, shipping_phone, line1, city, postal_code, subtotal_pence, shipping_pence, tax_pence, total_pence, idempotency_key)
       values (${H(a)}, 'sandbox', 'thor_matrix_' || gen_random_uuid(), 'thsm_sbx_standard', 'Standard', 'Matrix', 'matrix@example.test', '020 7946 0000', '1 Matrix Road', 'London', 'SW1A 1AA', 5900, 500, 1280, 7680, 'matrix-' || gen_random_uuid()) returning id`,
    ),
  })),
  // A paid-looking sandbox checkout session of Harbour's (its metadata names the tenant): another company gets 404.
  "/terminal-orders/checkout/:session/complete": tenant(async (api, a) => {
    const id = `cs_sbx_${randomBytes(12).toString("base64url")}`;
    const data = {
      id,
      account: "platform",
      url: null,
      status: "open",
      paid: false,
      amountPence: 100,
      test: true,
      lines: [],
      description: "Matrix",
      successUrl: "/",
      cancelUrl: "/",
      intentId: null,
      createdAtMs: Date.now(),
      expiresAtMs: Date.now() + 3_600_000,
      metadata: { kind: "terminal-order", tenant: String(H(a)), attempt: `matrix-${id}` },
    };
    await api.database.db.insert(paymentSandboxObjects).values({ id, kind: "checkout_session", data });
    return { session: id };
  }),
  "/connect-sandbox/onboarding/:token": { scope: "global", params: async () => ({ token: "x".repeat(32) }) },
  "/payments-sandbox/checkout/:session": { scope: "global", params: async () => ({ session: `cs_sbx_${"x".repeat(16)}` }) },
  "/payment/:id/cancel": tenant(async (api, a) => ({
    id: await one(api, `select id from payments where tenant_id = ${H(a)} and status = 'authorised' order by id limit 1`),
  })),
  "/simple-invoices/:id/pay": tenant(async (api, a) => ({
    id: await one(api, `select id from sales_documents where tenant_id = ${H(a)} and kind = 'invoice' and status = 'sent' order by id limit 1`),
  })),
  ...terminalResolvers(),
  ...exportResolvers(),
  ...accountingResolvers("quote", "/xero-quotes"),
  ...accountingResolvers("invoice", "/xero-invoices"),
  "/simple-quotes/:id/convert-to-xero-invoice": tenant(async (api, a) => ({
    id: await one(api, `select id from sales_documents where tenant_id = ${H(a)} and kind = 'quote' and status = 'sent' order by id limit 1`),
  })),
};

/** Harbour's card-terminal records (the terminal app): a location, a reader on it, a reader key and a payment waiting on the reader. */
function terminalResolvers(): Record<string, Resolver> {
  const location = (api: TestApi, a: Actors) =>
    one(
      api,
      `insert into terminal_locations (tenant_id, display_name, line1, city, postal_code, provider, provider_location_id)
       values (${H(a)}, 'Matrix shop ' || gen_random_uuid(), '1 High Street', 'London', 'SW1A 1AA', 'sandbox', 'tml_matrix') returning id`,
    );
  const reader = async (api: TestApi, a: Actors) =>
    one(
      api,
      `insert into terminal_readers (tenant_id, location_id, label, device_type, serial_number, provider, provider_reader_id, simulated)
       values (${H(a)}, ${await location(api, a)}, 'Matrix reader', 'simulated_wisepos_e', 'SIM-MATRIX', 'sandbox', 'tmr_matrix_' || gen_random_uuid(), true) returning id`,
    );
  const byLocation = tenant(async (api, a) => ({ id: await location(api, a) }));
  const byReader = tenant(async (api, a) => ({ id: await reader(api, a) }));
  const byKey = tenant(async (api, a) => ({
    id: await one(
      api,
      `insert into terminal_reader_keys (tenant_id, location_id, reader_name, password_hash)
       values (${H(a)}, ${await location(api, a)}, 'Matrix key ' || gen_random_uuid(), 'x') returning id`,
    ),
  }));
  const byPayment = tenant(async (api, a) => ({
    id: await one(
      api,
      `insert into terminal_payments (tenant_id, reader_id, description, amount_pence, status, provider, provider_reader_id, idempotency_key)
       values (${H(a)}, ${await reader(api, a)}, 'Matrix payment', 1000, 'cancelled', 'sandbox', 'tmr_matrix', 'matrix-' || gen_random_uuid()) returning id`,
    ),
  }));
  return {
    "/terminal-app/locations/:id": byLocation,
    "/terminal-app/reader-keys/:id": byKey,
    "/terminal-app/readers/:id": byReader,
    "/terminal-app/payments/:id": byPayment,
    "/terminal-app/payments/:id/cancel": byPayment,
    "/terminal-app/payments/:id/present-card": byPayment,
  };
}

/** A record of each list with an export (its PDF), and a finished export of Harbour's administrator (its file). */
function exportResolvers(): Record<string, Resolver> {
  const doc = (a: Actors, kind: string) => `select id from sales_documents where tenant_id = ${H(a)} and kind = '${kind}' order by id limit 1`;
  return {
    "/export-pdf/tasks/:id": tenant(async (api, a) => ({ id: await one(api, firstTask(a)) })),
    "/export-pdf/individuals/:id": tenant(async (api, a) => ({
      id: await one(api, `select id from individuals where tenant_id = ${H(a)} order by id limit 1`),
    })),
    "/export-pdf/companies/:id": tenant(async (api, a) => ({ id: await one(api, clientCompany(a)) })),
    "/export-pdf/quotes/:id": tenant(async (api, a) => ({ id: await one(api, doc(a, "quote")) })),
    "/export-pdf/invoices/:id": tenant(async (api, a) => ({ id: await one(api, doc(a, "invoice")) })),
    "/export-pdf/policies/:id": tenant(async (api, a) => ({ id: await matrixPolicy(api, a) })),
    "/export-pdf/off-platform-policies/:id": tenant(async (api, a) => ({
      id: await one(api, `select id from off_platform_policies where tenant_id = ${H(a)} order by id limit 1`),
    })),
    "/export-pdf/payments/:id": tenant(async (api, a) => ({ id: await one(api, `select id from payments where tenant_id = ${H(a)} order by id limit 1`) })),
    "/export/download/:id": tenant(async (api, a) => {
      const key = await api.app.storage.put(Buffer.from("\uFEFFID,Name\r\n"), { contentType: "text/csv", extension: "csv" });
      const [row] = await rows<{ id: number }>(
        api,
        `insert into exports (tenant_id, user_id, type, query, state, total_rows, row_count, file_name, storage_key, size_bytes, finished_at)
         values (${H(a)}, ${a.adminId}, 'tasks', '{"filter":{}}', 'done', 0, 0, 'tasks-matrix.csv', '${key}', 12, now()) returning id`,
      );
      return { id: String(row.id) };
    }),
  };
}

/** Harbour's demo calendar (seed-calendar.ts): its administrator's events and reminders; documents stored here. */
function calendarResolvers(): Record<string, Resolver> {
  const event =
    (order = "") =>
    (a: Actors) =>
      `select id from calendar_events where tenant_id = ${H(a)} and owner_id = ${a.adminId} order by id ${order} limit 1`;
  const reminder =
    (order = "") =>
    (a: Actors) =>
      `select id from reminders where tenant_id = ${H(a)} and user_id = ${a.adminId} order by id ${order} limit 1`;
  const occurrence = tenant(async (api, a) => {
    const [e] = await rows<{ id: number; start_date: string }>(
      api,
      `select id, to_char(start_date, 'YYYY-MM-DD') as start_date from calendar_events where tenant_id = ${H(a)} and owner_id = ${a.adminId} and repeat <> 'none' order by id limit 1`,
    );
    return { id: String(e.id), date: e.start_date };
  });
  const document = tenant(async (api, a) => {
    // Stored here as an upload would be: a file and its row on the administrator's first reminder.
    const id = await one(api, reminder()(a));
    const key = await api.app.storage.put(Buffer.from("%PDF-1.4\n%%EOF\n"), { contentType: "application/pdf", extension: "pdf" });
    const [d] = await rows<{ id: number }>(
      api,
      `insert into reminder_documents (tenant_id, reminder_id, storage_key, filename, mime_type, size) values (${H(a)}, ${id}, '${key}', 'matrix.pdf', 'application/pdf', 14) returning id`,
    );
    return { id, docId: String(d.id) };
  });
  return {
    "/calendar-event/:id": tenant(async (api, a) => ({ id: await one(api, event()(a)) })),
    "DELETE /calendar-event/:id": tenant(async (api, a) => ({ id: await one(api, event("desc")(a)) })),
    "/calendar-event/:id/occurrences/:date": occurrence,
    "/calendar-event/:id/occurrences/:date/restore": occurrence,
    "/calendar-event/linked/:kind/:id": tenant(async (api, a) => ({ kind: "task", id: await one(api, firstTask(a)) })),
    "/calendar-feed/:token": { scope: "global", params: async () => ({ token: "x".repeat(32) }) },
    "/reminders/:id": tenant(async (api, a) => ({ id: await one(api, reminder()(a)) })),
    "DELETE /reminders/:id": tenant(async (api, a) => ({ id: await one(api, reminder("desc")(a)) })),
    "/reminders/:id/snooze": tenant(async (api, a) => ({ id: await one(api, reminder()(a)) })),
    "/reminders/:id/documents/:docId": document,
  };
}

/** Harbour's demo accounting-synced quotes or invoices (seed-accounting.ts): a draft to change, a sent one to act on. */
function accountingResolvers(kind: "quote" | "invoice", path: string): Record<string, Resolver> {
  const doc = (a: Actors, status: string) =>
    `select id from accounting_documents where tenant_id = ${H(a)} and kind = '${kind}' and status = '${status}' order by id limit 1`;
  const byId = (status = "draft") => tenant(async (api, a) => ({ id: await one(api, doc(a, status)) }));
  const item = tenant(async (api, a) => {
    const [i] = await rows<{ document_id: number; id: number }>(
      api,
      `select document_id, id from accounting_document_items where tenant_id = ${H(a)} and document_id = (${doc(a, "draft")}) order by id limit 1`,
    );
    return { id: String(i.document_id), itemId: String(i.id) };
  });
  const resolvers: Record<string, Resolver> = {
    [`${path}/:id`]: byId(),
    [`${path}/:id/terms-and-conditions`]: byId(),
    [`${path}/:id/items`]: byId(),
    [`${path}/:id/items/:itemId`]: item,
    [`${path}/:id/send`]: byId("sent"),
    [`${path}/:id/mark-as-sent`]: byId("sent"),
    [`${path}/:id/retry-sync`]: byId(),
    [`${path}/:id/summary`]: byId("sent"),
  };
  if (kind === "invoice") resolvers[`${path}/:id/paid-status`] = byId("sent");
  return resolvers;
}

/** Harbour's demo quotes or invoices (seed-sales.ts): a sent one for the routes, the newest draft for its deletion. */
function salesResolvers(kind: "quote" | "invoice", path: string): Record<string, Resolver> {
  const doc = (a: Actors, status = "sent", order = "") =>
    `select id from sales_documents where tenant_id = ${H(a)} and kind = '${kind}' and status = '${status}' order by id ${order} limit 1`;
  const byId = (status?: string, order?: string) => tenant(async (api, a) => ({ id: await one(api, doc(a, status, order)) }));
  const item = (status: string) =>
    tenant(async (api, a) => {
      const [i] = await rows<{ document_id: number; id: number }>(
        api,
        `select document_id, id from sales_document_items where tenant_id = ${H(a)} and document_id = (${doc(a, status)}) order by id limit 1`,
      );
      return { id: String(i.document_id), itemId: String(i.id) };
    });
  const file = tenant(async (api, a) => {
    // No attachment is seeded: store one on Harbour's draft (a file and its row, as an upload would).
    const id = await one(api, doc(a, "draft"));
    const key = await api.app.storage.put(Buffer.from("%PDF-1.4\n%%EOF\n"), { contentType: "application/pdf", extension: "pdf" });
    const [f] = await rows<{ id: number }>(
      api,
      `insert into sales_document_files (tenant_id, document_id, storage_key, filename, mime_type, size) values (${H(a)}, ${id}, '${key}', 'matrix.pdf', 'application/pdf', 14) returning id`,
    );
    return { id, documentId: String(f.id) };
  });
  const resolvers: Record<string, Resolver> = {
    [`${path}/:id`]: byId(),
    [`DELETE ${path}/:id`]: byId("draft", "desc"),
    [`PUT ${path}/:id`]: byId("draft"),
    [`${path}/:id/items`]: byId("draft"),
    [`GET ${path}/:id/items`]: byId(),
    [`${path}/:id/items/:itemId`]: item("draft"),
    [`GET ${path}/:id/items/:itemId`]: item("sent"),
    [`${path}/:id/documents`]: byId("draft"),
    [`${path}/:id/documents/:documentId`]: file,
    [`${path}/:id/send`]: byId(),
    [`${path}/:id/mark-as-sent`]: byId(),
    [`${path}/:id/recalculate`]: byId("draft"),
    [`${path}/:id/summary`]: byId(),
    [`${path}/:id/pdf`]: byId(),
  };
  if (kind === "quote") {
    resolvers[`${path}/:id/mark-as-approved`] = byId();
    resolvers[`${path}/:id/approve`] = byId();
    resolvers[`${path}/:id/convert-to-invoice`] = byId("approved");
    resolvers[`${path}/:id/cancel`] = byId();
  } else {
    resolvers[`${path}/:id/paid-status`] = byId();
    resolvers[`${path}/:id/cancel`] = byId();
  }
  return resolvers;
}

export const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);

export function resolverOf(d: Pick<RouteDeclaration, "method" | "url">): Resolver | undefined {
  return RESOLVERS[`${d.method} ${d.url}`] ?? RESOLVERS[d.url];
}

export function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "missing"));
}

// ---------------------------------------------------------------------------------------------- bodies

/**
 * Bodies of routes whose handler reads its input itself (JSON or multipart through readForm), or whose
 * schema cannot be sampled: valid enough to get past validation, so a 404 for another tenant's record is
 * what answers (and not a 422 that would hide whether the record exists).
 */
const WORKFLOW_FIXTURE = {
  name: "Security check",
  workflow_type_id: 1,
  status: 2,
  trigger: { event: "task_created" },
  audience: 1,
  email_subject: "Hi",
  email_body: "Text",
};
const BODY_FIXTURES: Record<string, () => unknown> = {
  "POST /providers": () => validExample(providerBodySchema),
  "POST /providers/:uuid": () => ({ ...(validExample(providerBodySchema) as object), _method: "PUT" }),
  "PUT /providers/:uuid": () => validExample(providerBodySchema),
  "POST /tasks/:id": () => ({ ...(validExample(taskUpdateBodySchema as z.ZodType) as object), _method: "PATCH" }),
  "POST /tasks/:id/notes/progress": () => validExample(taskProgressBodySchema),
  "POST /company/:id": () => validExample(companyUpdateBodySchema as z.ZodType),
  "POST /company/:id/bank-account-details": () => ({ account_name: "Security Check Ltd", account_number: "12345678", sort_code: "12-34-56" }),
  "POST /company/:id/branding": () => ({ company_branding_colour: "#0f4c81" }),
  "POST /api/v1/update-user-profile": () => ({ name: "Security" }),
  "POST /teams/:id/users": () => ({ email: "security.check@example.com" }),
  "PUT /policies/:id": () => ({
    number: `SEC-${Math.random().toString(36).slice(2, 10)}`,
    product_name: "Security check",
    individual_id: 1,
    inception_date: "2026-01-01",
    renewal_date: "2027-01-01",
  }),
  "POST /document-templates": () => ({ name: "Security check", body: "Hello {client.full_name}" }),
  "PUT /document-templates/:id": () => ({ name: "Security check" }),
  "POST /document-templates/:id": () => ({ name: "Security check" }),
  "POST /workflow": () => WORKFLOW_FIXTURE,
  "PUT /workflow/:id": () => WORKFLOW_FIXTURE,
};

/** A body valid enough to pass the route's validation (undefined for GET, {} when nothing else is known). */
export function validBody(d: RouteDeclaration): unknown {
  if (d.method === "GET") return undefined;
  const fixture = BODY_FIXTURES[`${d.method} ${d.url}`];
  if (fixture) return fixture();
  if (d.schemas.body) {
    const v = validExample(d.schemas.body);
    return v === NO_SAMPLE ? {} : v;
  }
  return d.method === "DELETE" ? undefined : {};
}

export const routeKey = (d: { method: HTTPMethods | string; url: string }) => `${d.method} ${d.url}`;

// ---------------------------------------------------------------------------------------------- ids in bodies

/**
 * Requests of another tenant's administrator whose BODY (or filter) names Harbour's records, on routes
 * without path parameters or on the caller's own records: bulk deletes and archives, e-mails and notes
 * about Harbour's records, adding Harbour's users to one's own team, giving one's users Harbour's roles.
 * Each must be refused (404 or 422) — or, where a list is the answer, show none of Harbour's rows — and
 * change nothing of Harbour's.
 */
export interface BodyRef {
  method: HTTPMethods;
  url: string;
  body?: (h: Record<string, string>, own: Record<string, string>) => unknown;
  query?: (h: Record<string, string>) => Record<string, unknown>;
}

export const BODY_REFS: BodyRef[] = [
  { method: "DELETE", url: "/role", body: (h) => ({ ids: [Number(h.role)] }) },
  { method: "DELETE", url: "/task", body: (h) => ({ ids: [Number(h.task)] }) },
  { method: "PUT", url: "/pipelines/archive", body: (h) => ({ ids: [Number(h.pipeline)], status: 1 }) },
  { method: "POST", url: "/individual/archive", body: (h) => ({ ids: [Number(h.individual)] }) },
  { method: "POST", url: "/individual/portal-invite", body: (h) => ({ ids: [Number(h.individual)] }) },
  { method: "POST", url: "/individual/email", body: (h) => ({ individual_id: Number(h.individual), subject: "Hello", body: "Hello" }) },
  { method: "DELETE", url: "/individual-bulk-delete", body: (h) => ({ ids: [Number(h.individual)] }) },
  { method: "DELETE", url: "/company-bulk-delete", body: (h) => ({ ids: [Number(h.company)] }) },
  { method: "POST", url: "/company/email", body: (h) => ({ company_id: Number(h.company), subject: "Hello", body: "Hello", to: "x@example.com" }) },
  { method: "POST", url: "/note", body: (h) => ({ notable_type: "individual", notable_id: Number(h.individual), body: "A note" }) },
  { method: "POST", url: "/note", body: (h) => ({ notable_type: "task", notable_id: Number(h.task), body: "A note" }) },
  { method: "POST", url: "/email/send", body: (h) => ({ to: "x@example.com", subject: "Hello", body: "Hello", thread_id: Number(h.thread) }) },
  {
    method: "POST",
    url: "/email/send",
    body: (h) => ({ to: "x@example.com", subject: "Hello", body: "Hello", related_type: "company", related_id: Number(h.company) }),
  },
  { method: "POST", url: "/task", body: (h) => ({ name: "Cross-tenant task", pipeline_id: Number(h.pipeline), pipeline_stage_id: Number(h.stage) }) },
  { method: "GET", url: "/note", query: (h) => ({ filter: { notable_type: "individual", notable_id: h.individual } }) },
  { method: "GET", url: "/revenue-stages", query: (h) => ({ filter: { pipeline_id: h.pipeline } }) },
  { method: "POST", url: "/teams/:id/users", body: (h) => ({ user_id: Number(h.user) }) },
  { method: "PUT", url: "/users/:id/roles", body: (h) => ({ role_ids: [Number(h.role)] }) },
  { method: "PUT", url: "/pipelines/:id/users", body: (h) => ({ user_ids: [Number(h.user)] }) },
  { method: "POST", url: "/companies/:id/individuals", body: (h) => ({ individual_id: Number(h.individual) }) },
  { method: "POST", url: "/company/:id/individual", body: (h) => ({ individual_id: Number(h.individual) }) },
  { method: "POST", url: "/simple-quotes", body: (h) => ({ individual_id: Number(h.individual) }) },
  { method: "POST", url: "/simple-invoices", body: (h) => ({ company_id: Number(h.company) }) },
  { method: "GET", url: "/simple-quotes", query: (h) => ({ filter: { individual_id: h.individual } }) },
  { method: "GET", url: "/simple-invoices", query: (h) => ({ filter: { company_id: h.company } }) },
  { method: "POST", url: "/xero-invoices", body: (h) => ({ individual_id: Number(h.individual) }) },
  { method: "POST", url: "/xero-quotes", body: (h) => ({ company_id: Number(h.company) }) },
  { method: "GET", url: "/xero-invoices", query: (h) => ({ filter: { individual_id: h.individual } }) },
];

/** Harbour's records named in bodies, and the other tenant's own records for the paths. */
export async function bodyRefIds(api: TestApi, a: Actors) {
  const first = (table: string, tenant: number, extra = "") => one(api, `select id from ${table} where tenant_id = ${tenant} ${extra} order by id limit 1`);
  const h = {
    role: await first("roles", a.harbourId, "and not is_system"),
    task: await first("tasks", a.harbourId),
    pipeline: await first("pipelines", a.harbourId),
    stage: await first("pipeline_stages", a.harbourId),
    individual: await first("individuals", a.harbourId),
    company: await first("client_companies", a.harbourId),
    thread: await first("email_threads", a.harbourId),
    user: await one(api, `select id from users where email = 'viewer@harbour.test'`),
  };
  const own = {
    team: await first("teams", a.otherTenantId),
    pipeline: await first("pipelines", a.otherTenantId),
    company: await first("client_companies", a.otherTenantId),
    user: String(a.foreignAdminId),
  };
  const ownPath: Record<string, Record<string, string>> = {
    "/teams/:id/users": { id: own.team },
    "/users/:id/roles": { id: own.user },
    "/pipelines/:id/users": { id: own.pipeline },
    "/companies/:id/individuals": { id: own.company },
    "/company/:id/individual": { id: own.company },
  };
  return { h, own, ownPath };
}

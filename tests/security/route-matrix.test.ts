/**
 * The route matrix: every route the API declares, generated from app.routeDeclarations (so a route added
 * tomorrow is covered tomorrow), checked four ways:
 *   1. without a token                                  → 401 (public routes excluded), nothing changed;
 *   2. a Harbour user holding no role                   → 403 where permissions are needed, nothing changed;
 *   3. an administrator of another parent tenant, with every permission, on a path naming Harbour's
 *      records                                          → 404, the same answer as for an id that does not
 *      exist, and nothing of Harbour's changed (md5 of every row Harbour owns, before and after);
 *   4. Harbour's administrator                          → not 401/403, and the record is found (not 404).
 * Path parameters come from RESOLVERS (support.ts): a route with parameters and no resolver fails here.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteDeclaration } from "#api/http/route";
import { createTestApi, type TestApi, type TestResponse } from "../helpers/api";
import {
  BODY_REFS,
  bodyRefIds,
  changedTables,
  checksum,
  createActors,
  fillPath,
  harbourChecksumQuery,
  paramNames,
  resolverOf,
  routeKey,
  rows,
  validBody,
  type Actors,
  type Checksum,
} from "./support";

let api: TestApi;
let actors: Actors;
let checksumSql: string;
const resolved = new Map<string, Record<string, string>>();

beforeAll(async () => {
  api = await createTestApi();
  actors = await createActors(api);
  checksumSql = await harbourChecksumQuery(api, actors.harbourId);
  for (const d of api.app.routeDeclarations) {
    const r = resolverOf(d);
    if (paramNames(d.url).length && r) resolved.set(routeKey(d), await r.params(api, actors));
  }
});
afterAll(async () => {
  await api?.close();
});

const isPublic = (d: RouteDeclaration) => "public" in d.access;
const needsPermission = (d: RouteDeclaration) => !("public" in d.access) && d.access.permissions.length > 0;
const pathOf = (d: RouteDeclaration) => fillPath(d.url, resolved.get(routeKey(d)) ?? {});
const harbour = () => checksum(api, checksumSql);

function send(d: RouteDeclaration, token: string | undefined, path = pathOf(d)): Promise<TestResponse> {
  const body = validBody(d);
  return api.request(d.method, path, { token, body, headers: body === undefined && d.method !== "GET" ? {} : undefined });
}

function expectUnchanged(before: Checksum, after: Checksum, what: string) {
  expect.soft(changedTables(before, after), `${what} changed Harbour's data`).toEqual([]);
}

/** A path naming records that do not exist: each parameter replaced by an id nobody has. */
function missingPath(d: RouteDeclaration): string {
  const params = Object.fromEntries(
    Object.entries(resolved.get(routeKey(d)) ?? {}).map(([k, v]) => [
      k,
      /^\d+$/.test(v) ? "2147483646" : /^[0-9a-f-]{36}$/i.test(v) ? randomUUID() : `missing-${k}`,
    ]),
  );
  return fillPath(d.url, params);
}

const summary: Record<string, number> = {};

describe("route matrix", () => {
  it("every route with path parameters has a resolver to a real Harbour record", () => {
    summary.routes = api.app.routeDeclarations.length;
    summary.withParams = resolved.size;
    const missing = api.app.routeDeclarations.filter((d) => paramNames(d.url).length && !resolverOf(d)).map(routeKey);
    expect(missing, "add these to RESOLVERS in tests/security/support.ts").toEqual([]);
    for (const d of api.app.routeDeclarations) {
      for (const p of paramNames(d.url)) if (resolved.has(routeKey(d))) expect(resolved.get(routeKey(d))![p], `${routeKey(d)} :${p}`).toBeTruthy();
    }
  });

  it("without a token: 401 on every non-public route, and nothing changed", async () => {
    const before = await harbour();
    let n = 0;
    for (const d of api.app.routeDeclarations.filter((r) => !isPublic(r))) {
      const res = await send(d, undefined);
      expect.soft(res.status, `${routeKey(d)} without a token`).toBe(401);
      expect.soft(res.body).toEqual({ message: "Unauthenticated." });
      n++;
    }
    expectUnchanged(before, await harbour(), "requests without a token");
    summary.unauthenticated = n;
  });

  it("a user holding no role: 403 wherever a permission is needed, and nothing changed; routes for any signed-in user answer", async () => {
    const refused = api.app.routeDeclarations.filter(needsPermission);
    const tokens = await actors.tokens(actors.noRolesId, refused.length);
    const before = await harbour();
    let forbidden = 0;
    for (const d of refused) {
      const res = await send(d, tokens[forbidden]);
      expect.soft(res.status, `${routeKey(d)} for a user without roles`).toBe(403);
      expect.soft(typeof res.body?.message, routeKey(d)).toBe("string");
      forbidden++;
    }
    expectUnchanged(before, await harbour(), "refused requests of a user without roles");
    let allowed = 0;
    for (const d of api.app.routeDeclarations.filter((r) => !isPublic(r) && !needsPermission(r))) {
      const res = await send(d, await actors.token(actors.noRolesId));
      expect.soft([401, 403], `${routeKey(d)} is open to any signed-in user: ${res.status} ${res.text}`).not.toContain(res.status);
      expect.soft(res.status, `${routeKey(d)}: ${res.text}`).toBeLessThan(500);
      allowed++;
    }
    summary.forbidden = forbidden;
    summary.anySignedIn = allowed;
  });

  it("another tenant's administrator on Harbour's records: 404 like a record that does not exist, and Harbour's data unchanged", async () => {
    const routes = api.app.routeDeclarations.filter((d) => !isPublic(d) && resolved.has(routeKey(d)));
    let crossTenant = 0;
    let notTenantOwned = 0;
    const start = await harbour();
    let before = start;
    const t0 = Date.now();
    for (const d of routes) {
      const scope = resolverOf(d)!.scope;
      const res = await send(d, await actors.token(actors.foreignAdminId));
      if (scope === "tenant") {
        expect.soft(res.status, `${routeKey(d)} → ${pathOf(d)} by another tenant: ${res.text}`).toBe(404);
        expect.soft(typeof res.body?.message).toBe("string");
        const missing = await send(d, await actors.token(actors.foreignAdminId), missingPath(d));
        expect.soft({ status: res.status, message: res.body?.message }, `${routeKey(d)}: another tenant's record answers like a missing one`).toEqual({
          status: missing.status,
          message: missing.body?.message,
        });
        crossTenant++;
      } else {
        expect.soft([401, 403], `${routeKey(d)} (${scope})`).not.toContain(res.status);
        expect.soft(res.status).toBeLessThan(500);
        notTenantOwned++;
      }
      // Each request is compared with the state after the one before it (the first with the start).
      const after = await harbour();
      expectUnchanged(before, after, `${routeKey(d)} by another tenant`);
      before = after;
    }
    summary.crossTenantMs = Date.now() - t0;
    expectUnchanged(start, await harbour(), "another tenant's requests");
    summary.crossTenant = crossTenant;
    summary.crossTenantNotOwned = notTenantOwned;
  });

  it("another tenant's administrator naming Harbour's records in a body or filter: refused, nothing of Harbour's shown or changed", async () => {
    const { h, ownPath } = await bodyRefIds(api, actors);
    const declared = new Set(api.app.routeDeclarations.map(routeKey));
    let before = await harbour();
    let n = 0;
    for (const ref of BODY_REFS) {
      const key = `${ref.method} ${ref.url}`;
      expect.soft(declared.has(key), `${key} is declared`).toBe(true);
      if (!declared.has(key)) continue;
      const path = fillPath(ref.url, ownPath[ref.url] ?? {});
      const res = await api.request(ref.method, path, { token: await actors.token(actors.foreignAdminId), body: ref.body?.(h, {}), query: ref.query?.(h) });
      const what = `${key} by another tenant naming Harbour's records: ${res.status} ${res.text.slice(0, 300)}`;
      expect.soft(res.status, what).toBeLessThan(500);
      if (res.status < 300) {
        // A list may answer, but with none of Harbour's rows; anything else must be refused.
        expect.soft(ref.method, what).toBe("GET");
        expect.soft(JSON.stringify(res.body?.data ?? []), what).toBe("[]");
      } else {
        expect.soft([404, 422], what).toContain(res.status);
      }
      const after = await harbour();
      expectUnchanged(before, after, key);
      before = after;
      n++;
    }
    summary.bodyRefs = n;
  });

  it("Harbour's administrator: every route answers (not 401/403), and every resolved record is found", async () => {
    const guarded = api.app.routeDeclarations.filter((d) => !isPublic(d));
    const rank = (d: RouteDeclaration) => (d.method === "GET" ? 0 : d.method !== "DELETE" ? 1 : 10 - paramNames(d.url).length);
    const ordered = [...guarded].sort((a, b) => rank(a) - rank(b));
    let n = 0;
    let audited = 0;
    for (const d of ordered) {
      const res = await send(d, await actors.token(actors.adminId));
      expect.soft([401, 403], `${routeKey(d)} for Harbour's administrator: ${res.status} ${res.text}`).not.toContain(res.status);
      expect.soft(res.status, `${routeKey(d)}: ${res.text}`).toBeLessThan(500);
      if (resolverOf(d)?.scope === "tenant") expect.soft(res.status, `${routeKey(d)} → ${pathOf(d)}: the resolver names a Harbour record`).not.toBe(404);
      // Every deletion that went through is in Harbour's audit log.
      if (d.method === "DELETE" && res.status < 300 && d.audit !== false) {
        const [event] = await rows(
          api,
          `select id from audit_events where tenant_id = ${actors.harbourId} and user_id = ${actors.adminId} and type = 'record.deleted' and details->>'route' = '${routeKey(d)}'`,
        );
        expect.soft(event, `${routeKey(d)} is recorded in the audit log`).toBeTruthy();
        audited++;
      }
      n++;
    }
    summary.allowed = n;
    summary.auditedDeletions = audited;
    console.log(
      `route matrix: ${summary.routes} routes declared; ${summary.unauthenticated} answer 401 without a token; ${summary.forbidden} answer 403 to a user without roles ` +
        `(${summary.anySignedIn} open to any signed-in user answered); ${summary.crossTenant} cross-tenant attempts all 404 (${summary.crossTenantNotOwned} ` +
        `routes on shared or own data answered without touching Harbour); ${summary.bodyRefs} requests naming Harbour's records in a body or filter refused; ${summary.allowed} allowed for Harbour's administrator; ${summary.auditedDeletions} deletions found in the audit log`,
    );
  });
});

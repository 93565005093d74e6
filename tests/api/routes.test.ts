import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPermission } from "#contract/permissions";
import { createTestApi, type TestApi } from "../helpers/api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

/**
 * The routes Fastify actually serves, as "METHOD /path", read from printRoutes({ commonPrefix: false }):
 *   ├── /role (GET, HEAD, POST, DELETE)
 *   │   └── /:id (GET, HEAD, PUT)
 * Each line's depth is its indentation in 4-character steps; a child's path continues its parent's.
 * HEAD routes Fastify adds for every GET are left out.
 */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split("\n")) {
    const m = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    if (!m[3]) continue;
    const path = stack.join("");
    for (const method of m[3].split(",").map((s) => s.trim())) if (method !== "HEAD") out.push(`${method} ${path}`);
  }
  return out.sort();
}

function concreteUrl(url: string): string {
  return url
    .replace(/:id\b/g, "1")
    .replace(/:uuid\b/g, randomUUID())
    .replace(/:token\b/g, "t".repeat(43))
    .replace(/:[A-Za-z]+/g, "1");
}

describe("route table", () => {
  it("the parser reads a known tree", () => {
    const tree = ["├── /a (GET, HEAD, POST)", "│   └── /:id (PUT)", "│       └── /x (DELETE)", "└── /b (GET, HEAD)", "    └── /c/:u (POST)"].join("\n");
    expect(registeredRoutes(tree)).toEqual(["DELETE /a/:id/x", "GET /a", "GET /b", "POST /a", "POST /b/c/:u", "PUT /a/:id"]);
  });

  it("every declared route is registered, and every registered route is declared", () => {
    const declared = api.app.routeDeclarations.map((d) => `${d.method} ${d.url}`).sort();
    const registered = registeredRoutes(api.app.printRoutes({ commonPrefix: false }));
    expect(declared.length).toBeGreaterThan(20);
    expect(new Set(declared).size).toBe(declared.length);
    expect(registered).toEqual(declared);
    for (const d of api.app.routeDeclarations) {
      expect(api.app.hasRoute({ method: d.method, url: d.url }), `${d.method} ${d.url}`).toBe(true);
    }
  });

  it("the spec's calls for the current user and role administration are all there", () => {
    const declared = new Set(api.app.routeDeclarations.map((d) => `${d.method} ${d.url}`));
    for (const r of [
      "POST /login",
      "GET /me",
      "GET /me/feature",
      "GET /company/tenant-parent",
      "GET /role",
      "POST /role",
      "GET /role/info",
      "GET /role/:id",
      "PUT /role/:id",
      "DELETE /role/:id",
      "DELETE /role",
      "GET /role/:id/permission",
      "PUT /role/:id/permission",
      "GET /permission",
      "GET /permission/:id",
      "GET /user-setup/:uuid/:token",
      "POST /user-setup/:uuid/:token",
    ]) {
      expect(declared.has(r), r).toBe(true);
    }
  });

  it("declared permissions are names from the permission catalogue", () => {
    for (const d of api.app.routeDeclarations) {
      if ("public" in d.access) continue;
      for (const p of d.access.permissions) expect(isPermission(p), `${d.method} ${d.url}: ${p}`).toBe(true);
    }
  });

  it("every non-public route answers 401 without a token, and with an unknown token", async () => {
    const guarded = api.app.routeDeclarations.filter((d) => !("public" in d.access));
    expect(guarded.length).toBeGreaterThan(10);
    for (const d of guarded) {
      const url = concreteUrl(d.url);
      const body = d.method === "GET" ? undefined : {};
      const none = await api.request(d.method, url, { body });
      expect(none.status, `${d.method} ${url}`).toBe(401);
      expect(none.body).toEqual({ message: "Unauthenticated." });
      const unknown = await api.request(d.method, url, { body, token: "x".repeat(43) });
      expect(unknown.status, `${d.method} ${url} with an unknown token`).toBe(401);
    }
  });

  it("public routes answer without a token", async () => {
    for (const d of api.app.routeDeclarations.filter((r) => "public" in r.access)) {
      const url = concreteUrl(d.url);
      const res = await api.request(d.method, url, { body: d.method === "GET" ? undefined : {} });
      expect(res.status, `${d.method} ${url}`).not.toBe(401);
      expect(res.status, `${d.method} ${url}`).toBeLessThan(500);
    }
  });

  it("an unknown path answers 404 with a message", async () => {
    const res = await api.request("GET", "/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found." });
  });

  it("health reports the database", async () => {
    const res = await api.request("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: api.database.kind });
  });
});

/**
 * Nothing fetched twice per request in the portal: Remix gives each loader of a page its own copy of the
 * Request, so requireUser shares GET /me between the loaders of one page load while it is in flight (the
 * frame's and the page's loaders start together). Exercised against the real API on a loopback port.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/api";

let api: TestApi;
let hits: string[] = [];
let portal: { requireUser: typeof import("#app/services/auth.server").requireUser; cookieFor: (token: string) => Promise<string> };

beforeAll(async () => {
  api = await createTestApi();
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  api.app.server.on("request", (req) => hits.push(`${req.method} ${req.url}`));
  const { port } = api.app.server.address() as AddressInfo;
  // The portal's configuration is read when its modules load.
  Object.assign(process.env, {
    API_BASE_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "portal-requests-test-secret-0123456789abcdef",
    SECURE_COOKIES: "false",
  });
  const { requireUser } = await import("#app/services/auth.server");
  const { sessionStorage } = await import("#app/services/session.server");
  portal = {
    requireUser,
    async cookieFor(token) {
      const session = await sessionStorage.getSession();
      session.set("token", token);
      return (await sessionStorage.commitSession(session)).split(";")[0];
    },
  };
});
afterAll(async () => {
  await api?.close();
});

const meCalls = () => hits.filter((h) => h === "GET /me").length;

describe("portal → API requests of one page load", () => {
  it("asks GET /me once for the loaders of one page, and again on the next page load", async () => {
    const cookie = await portal.cookieFor(await api.login("admin@harbour.test"));
    // What Remix hands the root, frame and page loaders: three Request objects of one page load.
    const copies = () => [1, 2, 3].map(() => new Request("http://portal.test/tasks?filter%5Bpriority%5D=1", { headers: { cookie } }));
    hits = [];
    const users = await Promise.all(copies().map((r) => portal.requireUser(r)));
    expect(meCalls()).toBe(1);
    expect(new Set(users.map((u) => u.user.email))).toEqual(new Set(["admin@harbour.test"]));
    // Nothing is kept afterwards: the next page load sees a change of roles at once.
    await Promise.all(copies().map((r) => portal.requireUser(r)));
    expect(meCalls()).toBe(2);
  });

  it("keeps each request's own checks: another site's POST is refused even while GET /me is in flight", async () => {
    const cookie = await portal.cookieFor(await api.login("admin@harbour.test"));
    const [page, forged] = await Promise.allSettled([
      portal.requireUser(new Request("http://portal.test/tasks", { headers: { cookie } })),
      portal.requireUser(new Request("http://portal.test/tasks", { method: "POST", headers: { cookie, origin: "https://evil.example" } })),
    ]);
    expect(page.status).toBe("fulfilled");
    expect(forged).toMatchObject({ status: "rejected", reason: { status: 403 } });
  });

  it("users of different sessions never share an answer", async () => {
    const [admin, viewer] = await Promise.all([api.login("admin@harbour.test"), api.login("viewer@harbour.test")]);
    const [a, v] = await Promise.all([portal.cookieFor(admin), portal.cookieFor(viewer)]);
    hits = [];
    const [ua, uv] = await Promise.all([
      portal.requireUser(new Request("http://portal.test/", { headers: { cookie: a } })),
      portal.requireUser(new Request("http://portal.test/", { headers: { cookie: v } })),
    ]);
    expect(meCalls()).toBe(2);
    expect([ua.user.email, uv.user.email]).toEqual(["admin@harbour.test", "viewer@harbour.test"]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { isLoopback } from "#api/modules/system/routes";
import { createTestApi, type TestApi } from "../helpers/api";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  // Something in the outbox: a sign-in code for the account that must verify its e-mail.
  await api.request("POST", "/login", { body: { email: "verify@harbour.test", password: "demo-pass-2026" } });
});
afterAll(async () => {
  await api?.close();
});

/** GET /sandbox/outbox as a caller at `remoteAddress`, with any headers. */
async function outboxFrom(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: "GET", url: "/sandbox/outbox", remoteAddress, headers });
  return { status: res.statusCode, body: res.json() as { data?: { to: string }[]; message?: string } };
}

describe("the sandbox's development outbox (every company's mail: sign-in codes, set-up links)", () => {
  it("by default answers callers on this machine only", async () => {
    const local = await outboxFrom(api.app, "127.0.0.1");
    expect(local.status).toBe(200);
    expect(local.body.data!.map((m) => m.to)).toContain("verify@harbour.test");
    expect((await outboxFrom(api.app, "::1")).status).toBe(200);
    expect((await outboxFrom(api.app, "::ffff:127.0.0.1")).status).toBe(200);

    const remote = await outboxFrom(api.app, "203.0.113.9");
    expect(remote).toEqual({ status: 404, body: { message: "Outbox not found." } });
    // A forwarded address is the caller's word, not the connection's: still refused.
    expect((await outboxFrom(api.app, "203.0.113.9", { "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
  });

  it("SANDBOX_OUTBOX=on answers anyone (a shared demo); off answers no one", async () => {
    const open = await api.buildApp({ SANDBOX_OUTBOX: "on" });
    expect((await outboxFrom(open.app, "203.0.113.9")).status).toBe(200);
    const closed = await api.buildApp({ SANDBOX_OUTBOX: "off" });
    expect((await outboxFrom(closed.app, "127.0.0.1")).status).toBe(404);
  });

  it("knows this machine's addresses", () => {
    expect(["127.0.0.1", "127.8.0.1", "::1", "::ffff:127.0.0.1"].map(isLoopback)).toEqual([true, true, true, true]);
    expect(["10.0.0.1", "::ffff:10.0.0.1", "203.0.113.9", "fe80::1", "", undefined].map(isLoopback)).toEqual([false, false, false, false, false, false]);
  });
});

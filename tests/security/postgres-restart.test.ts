/**
 * The database restarted while the API runs (PostgreSQL): requests in flight fail cleanly (a 5xx with a
 * JSON message, never a hang or a crash), /health says the database is down while it is, and later
 * requests succeed without restarting the API.
 *
 * The test starts its own throw-away PostgreSQL server (initdb into a temporary folder, its own port),
 * so restarting it disturbs nobody else's database. It runs where the PostgreSQL server binaries are
 * installed (/usr/lib/postgresql/<version>/bin) and skips with a message otherwise.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#api/app";
import { openDatabase, type Database } from "#api/db/client";
import { DEMO_PASSWORD } from "#api/db/seed";
import { ensureReferenceData } from "#api/db/reference";
import { companies, permissions, rolePermissions, roles, userRoles, users } from "#api/db/schema";
import { hashPassword } from "#api/lib/passwords";
import { testConfig } from "../helpers/database";

function serverBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], "bin") : undefined;
}

const bin = serverBin();
const asRoot = process.getuid?.() === 0;
const canRunAsPostgres = !asRoot || spawnSync("id", ["-u", "postgres"]).status === 0;
const enabled = Boolean(bin) && canRunAsPostgres && process.env.SKIP_PG_RESTART !== "true";
if (!enabled) {
  console.log(
    "postgres restart: skipped — " +
      (!bin
        ? "no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install -y postgresql)"
        : !canRunAsPostgres
          ? "running as root without a postgres user"
          : "SKIP_PG_RESTART=true"),
  );
}

const port = 55_000 + (process.pid % 1000);
let dir = "";
let database: Database | undefined;
let app: FastifyInstance | undefined;

function pgctl(...args: string[]) {
  const cmd = path.join(bin!, "pg_ctl");
  const full = ["-D", path.join(dir, "data"), "-w", "-t", "60", ...args];
  if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", cmd, ...full], { stdio: "ignore" });
  else execFileSync(cmd, full, { stdio: "ignore" });
}

beforeAll(async () => {
  if (!enabled) return;
  dir = mkdtempSync(path.join(os.tmpdir(), "portal-pg-restart-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const initdb = path.join(bin!, "initdb");
  const initArgs = ["-D", path.join(dir, "data"), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"];
  if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", initdb, ...initArgs], { stdio: "ignore" });
  else execFileSync(initdb, initArgs, { stdio: "ignore" });
  pgctl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-l", path.join(dir, "log"), "start");
  database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await database.migrate();
  await ensureReferenceData(database.db);
  // One company and its administrator are enough here (the full demo seed takes a minute on a busy machine).
  const { db } = database;
  const [company] = await db.insert(companies).values({ name: "Restart Test Ltd" }).returning({ id: companies.id });
  const [role] = await db.insert(roles).values({ tenantId: company.id, name: "Administrator", isSystem: true }).returning({ id: roles.id });
  const perms = await db.select({ id: permissions.id }).from(permissions);
  await db.insert(rolePermissions).values(perms.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await db
    .insert(users)
    .values({
      tenantId: company.id,
      email: "admin@harbour.test",
      name: "Ada",
      lastName: "Admin",
      passwordHash: await hashPassword(DEMO_PASSWORD),
      status: "active",
    })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => {});
  if (dir) {
    try {
      pgctl("-m", "immediate", "stop");
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

async function call(method: "GET" | "POST", url: string, token?: string, body?: unknown) {
  const res = await app!.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  let json: { message?: string } | undefined;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, json, text: res.body };
}

describe.skipIf(!enabled)("PostgreSQL restarted under a running API", () => {
  it("requests in flight fail cleanly, /health tells, and later requests succeed without restarting the API", async () => {
    const login = await call("POST", "/login", undefined, { email: "admin@harbour.test", password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const token = (login.json as { token: string }).token;
    expect((await call("GET", "/task?page[size]=50", token)).status).toBe(200);

    // 40 requests in flight while the server restarts (fast shutdown: sessions are cut off).
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      (async () => {
        await sleep(i * 10);
        return call("GET", i % 2 ? "/task?page[size]=100&sort=-created_at" : "/individual?page[size]=100", token);
      })(),
    );
    await sleep(50);
    pgctl("-m", "fast", "restart");
    const answers = await Promise.all(inFlight);
    const failed = answers.filter((a) => a.status >= 500);
    for (const a of answers) {
      expect([200, 500, 503], a.text).toContain(a.status);
      if (a.status >= 500) {
        expect(typeof a.json?.message, a.text).toBe("string");
        expect(a.text).not.toMatch(/\bat |\.ts:|Error:|terminat|ECONN/i);
      }
    }

    // While the server is down, /health answers 503 and a request gets a clean 503.
    pgctl("-m", "fast", "stop");
    const health = await call("GET", "/health");
    expect(health.status).toBe(503);
    const down = await call("GET", "/task", token);
    expect(down.status).toBe(503);
    expect(down.json?.message).toMatch(/database|try again/i);
    pgctl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-l", path.join(dir, "log"), "start");

    // Later requests succeed: the pool drops broken connections and opens new ones.
    let recovered = false;
    for (let i = 0; i < 40 && !recovered; i++) {
      recovered = (await call("GET", "/me", token)).status === 200;
      if (!recovered) await sleep(250);
    }
    expect(recovered, "the API answers again without a restart").toBe(true);
    const after = await Promise.all(Array.from({ length: 20 }, () => call("GET", "/task?page[size]=20", token)));
    expect(after.map((a) => a.status)).toEqual(Array(20).fill(200));
    const write = await call("POST", "/role", token, { name: "Made after the restart", permissions: ["task_view"] });
    expect(write.status).toBe(201);
    console.log(
      `postgres restart: ${answers.length} requests in flight (${failed.length} failed cleanly with 5xx + message, ${answers.length - failed.length} answered); /health 503 while down; recovered without restarting the API`,
    );
  }, 120_000);
});

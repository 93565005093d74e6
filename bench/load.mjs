#!/usr/bin/env node
/**
 * Load test on loopback (not part of npm test): starts an API + portal pair on a fresh demo database and
 * drives three kinds of traffic at the same time with autocannon, through the portal as a browser would:
 *   - sign-in: POST /login (the form, with the portal's own Origin) as admin@harbour.test;
 *   - list:    GET /providers?search=a with a signed-in session cookie (the loader calls the API);
 *   - write:   POST /roles/new (the drawer's form) creating a role with a new name each time.
 * Reports 5xx answers (must be 0), lost writes (roles counted before and after against the successful
 * form posts), and the API's and portal's memory (RSS sampled every second before, during and after).
 *
 *   node bench/load.mjs [--duration 60] [--connections 50] [--out bench/results/load-YYYY-MM-DD.md]
 *
 * Bounded: the run stops after --duration seconds of load (plus start-up and a 15 s cool-down).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    "portal-port": { type: "string", default: "3960" },
    "api-port": { type: "string", default: "4960" },
    out: { type: "string" },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORTAL_PORT = Number(args["portal-port"]);
const API_PORT = Number(args["api-port"]);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const DATA_DIR = path.join(root, ".data-load");
const PORTAL = `http://127.0.0.1:${PORTAL_PORT}`;
const API = `http://127.0.0.1:${API_PORT}`;
const EMAIL = "admin@harbour.test";
const PASSWORD = "demo-pass-2026";
const today = new Date().toISOString().slice(0, 10);
const OUT = path.resolve(root, args.out ?? `bench/results/load-${today}.md`);

const children = [];
function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
}
process.on("exit", stopAll);
process.on("SIGINT", () => process.exit(130));
// Hard bound on the whole run.
setTimeout(
  () => {
    console.error("load: time limit reached, stopping");
    process.exit(2);
  },
  (DURATION + 300) * 1000,
).unref();

async function waitFor(url, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

// ------------------------------------------------------------------ start
if (!existsSync(path.join(root, "build/index.js"))) {
  console.log("load: building the portal …");
  const built = spawnSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
rmSync(DATA_DIR, { recursive: true, force: true });
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(PORTAL_PORT),
  API_PORT: String(API_PORT),
  API_BASE_URL: API,
  DATA_DIR,
  PORTAL_URL: PORTAL,
  SEED_DEMO: "if-empty",
  SECURE_COOKIES: "false",
  LOG_LEVEL: "error",
};
const api = spawn(process.execPath, ["--import", "tsx", path.join(root, "api/main.ts")], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
children.push(api);
await waitFor(`${API}/health`);
const portal = spawn(process.execPath, [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), path.join(root, "build/index.js")], {
  cwd: root,
  env,
  stdio: ["ignore", "ignore", "inherit"],
});
children.push(portal);
await waitFor(`${PORTAL}/login`);
console.log(`load: API pid ${api.pid}, portal pid ${portal.pid}; ${DURATION} s at ${CONNECTIONS} connections`);

// ------------------------------------------------------------------ sessions and counts
const form = (o) => new URLSearchParams(o).toString();
async function portalSignIn() {
  const res = await fetch(`${PORTAL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: PORTAL },
    body: form({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (res.status >= 400 || !cookie.includes("session")) throw new Error(`portal sign-in failed: ${res.status}`);
  return cookie;
}
async function apiToken() {
  const res = await fetch(`${API}/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  return (await res.json()).token;
}
const token = await apiToken();
async function roleCount() {
  const res = await fetch(`${API}/role?page[size]=1`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).meta.total;
}
const cookie = await portalSignIn();
// Warm up each path once (the list also remembers its filters, so later views are not redirected).
for (const p of ["/providers?search=a", "/roles?search=Load", "/roles/new?search=Load"])
  await fetch(`${PORTAL}${p}`, { headers: { cookie }, redirect: "manual" });

// ------------------------------------------------------------------ memory sampling
const samples = [];
const phase = { name: "before" };
const sampler = setInterval(() => samples.push({ t: Date.now(), phase: phase.name, api: rssMb(api.pid), portal: rssMb(portal.pid) }), 1000);
await new Promise((r) => setTimeout(r, 5000));
const rolesBefore = await roleCount();

// ------------------------------------------------------------------ the load
let roleSeq = 0;
const split = [Math.max(1, Math.round(CONNECTIONS * 0.2)), Math.max(1, Math.round(CONNECTIONS * 0.5))];
split.push(Math.max(1, CONNECTIONS - split[0] - split[1]));
const scenarios = [
  {
    name: "sign-in (POST /login)",
    connections: split[0],
    requests: [
      {
        method: "POST",
        path: "/login",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: PORTAL },
        body: form({ email: EMAIL, password: PASSWORD }),
      },
    ],
    ok: (s) => s === 302 || s === 303 || s === 204,
  },
  {
    name: "list page (GET /providers?search=a)",
    connections: split[1],
    requests: [{ method: "GET", path: "/providers?search=a", headers: { cookie } }],
    ok: (s) => s === 200,
  },
  {
    name: "form post (POST /roles/new)",
    connections: split[2],
    requests: [
      {
        method: "POST",
        path: "/roles/new?search=Load",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: PORTAL },
        setupRequest: (req) => ({ ...req, body: form({ name: `Load role ${process.pid}-${++roleSeq}` }) }),
      },
    ],
    ok: (s) => s === 302 || s === 303 || s === 204,
  },
];

phase.name = "during";
const started = Date.now();
const results = await Promise.all(
  scenarios.map(
    (s) =>
      new Promise((resolve, reject) => {
        const statuses = new Map();
        const inst = autocannon({ url: PORTAL, connections: s.connections, duration: DURATION, requests: s.requests }, (err, result) =>
          err ? reject(err) : resolve({ s, result, statuses }),
        );
        inst.on("response", (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
      }),
  ),
);
const loadSeconds = (Date.now() - started) / 1000;
phase.name = "after";
await new Promise((r) => setTimeout(r, 15_000));
clearInterval(sampler);
const rolesAfter = await roleCount();
stopAll();

// ------------------------------------------------------------------ report
const count = (m, f) => [...m].filter(([s]) => f(s)).reduce((n, [, c]) => n + c, 0);
const rows = results.map(({ s, result, statuses }) => ({
  name: s.name,
  connections: s.connections,
  requests: [...statuses.values()].reduce((a, b) => a + b, 0),
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  ok: count(statuses, s.ok),
  fivexx: count(statuses, (x) => x >= 500),
  errors: result.errors + result.timeouts,
  statuses: [...statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([st, n]) => `${st}×${n}`)
    .join(" "),
}));
const fivexx = rows.reduce((n, r) => n + r.fivexx, 0);
const created = rows[2].ok;
const landed = rolesAfter - rolesBefore;
// A write is lost when the portal said it was saved and the row is not there. Rows beyond the
// acknowledged posts are requests still in flight when autocannon stopped counting (they landed).
const lost = Math.max(0, created - landed);
const stat = (ph, key) => {
  const xs = samples
    .filter((x) => x.phase === ph)
    .map((x) => x[key])
    .filter(Number.isFinite);
  return xs.length ? { first: xs[0], max: Math.max(...xs), last: xs[xs.length - 1] } : { first: NaN, max: NaN, last: NaN };
};
const during = samples.filter((x) => x.phase === "during");
const half = Math.floor(during.length / 2);
const avg = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const apiFirstHalf = avg(during.slice(0, half).map((x) => x.api));
const apiSecondHalf = avg(during.slice(half).map((x) => x.api));
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : "–");
const mem = (key) => {
  const b = stat("before", key);
  const d = stat("during", key);
  const a = stat("after", key);
  return `| ${key === "api" ? "API" : "portal"} | ${f1(b.last)} | ${f1(d.first)} | ${f1(d.max)} | ${f1(d.last)} | ${f1(a.last)} |`;
};

const report = `# Load test ${today}

\`node bench/load.mjs --duration ${DURATION} --connections ${CONNECTIONS}\` — loopback, one machine (${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${os.loadavg()[0].toFixed(1)} load average at the end), a fresh PGlite demo database, the portal and the API as started by npm start (NODE_ENV=production). The three kinds of traffic ran at the same time for ${loadSeconds.toFixed(0)} s.

| traffic | connections | requests | req/s | p50 ms | p99 ms | successful | 5xx | socket errors/timeouts | statuses |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.name} | ${r.connections} | ${r.requests} | ${r.rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.fivexx} | ${r.errors} | ${r.statuses} |`).join("\n")}

- **5xx seen: ${fivexx}** (must be 0).
- **Lost writes: ${lost}** — form posts answered with a redirect (saved): ${created}; roles before ${rolesBefore}, after ${rolesAfter} (+${landed}${landed > created ? `; ${landed - created} more were posts still in flight when the run's clock stopped, which landed` : ""}).
- **Memory (RSS, MB)**, sampled every second:

| process | before load | load start | load peak | load end | 15 s after |
|---|---:|---:|---:|---:|---:|
${mem("api")}
${mem("portal")}

API RSS averaged ${f1(apiFirstHalf)} MB over the first half of the load and ${f1(apiSecondHalf)} MB over the second half (${f1(((apiSecondHalf - apiFirstHalf) / apiFirstHalf) * 100)} %): ${Math.abs(apiSecondHalf - apiFirstHalf) / apiFirstHalf < 0.1 ? "flat" : "not flat — look into it"}.
`;
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, report);
console.log(report);
console.log(`load: written to ${path.relative(root, OUT)}`);
process.exit(fivexx === 0 && lost === 0 ? 0 : 1);

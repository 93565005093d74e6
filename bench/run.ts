/**
 * npm run bench — one run on one machine, results in bench/results/:
 *  1. the tasks list (two filters and a sort) at page 1 and a deep page: (a) the SQL behind it (the API's
 *     own service function, in process), (b) the API endpoint, (c) the portal page rendered by the server —
 *     median and p95 latency and requests per second (autocannon on loopback), and the ratios;
 *  2. bytes of HTML and first-load JavaScript and CSS (gzip) of the sign-in page, the dashboard, the tasks
 *     list and a task page, counted from what each page references;
 *  3. lab metrics in Chromium on the 'Slow 4G' profile (150 ms round trip, 1.6 Mbps down, 4× CPU):
 *     time to first byte, first contentful paint, largest contentful paint, layout shift.
 *
 * Data: DATA_DIR (PGlite, default .data-bench) or DATABASE_URL. `--generate` fills it first (bench/generate.ts,
 * sizes from BENCH_SCALE, default 1 = a million tasks). `--seconds N` per load measurement (default 10).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { chromium } from "playwright-core";
import { listQuerySchema } from "../contract/common";
import { loadConfig } from "../api/config";
import { openDatabase } from "../api/db/client";
import { ensureReferenceData } from "../api/db/reference";
import { isSeeded, seedDemo } from "../api/db/seed";
import { createMail } from "../api/integrations/mail";
import * as tasksService from "../api/modules/tasks/service";
import { generate } from "./generate";

const { values: args } = parseArgs({
  options: {
    generate: { type: "boolean", default: false },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    "deep-page": { type: "string", default: "500" },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const DEEP_PAGE = Number(args["deep-page"]);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const DATA_DIR = path.resolve(root, process.env.DATA_DIR ?? ".data-bench");
const DATABASE_URL = process.env.DATABASE_URL;
const PORTAL_PORT = 3950;
const API_PORT = 4950;
const API = `http://127.0.0.1:${API_PORT}`;
const PORTAL = `http://127.0.0.1:${PORTAL_PORT}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

// ---------------------------------------------------------------- 0. data and SQL (in process)
const config = loadConfig({ ...process.env, DATA_DIR });
const database = await openDatabase({ url: DATABASE_URL, dataDir: DATABASE_URL ? undefined : path.join(DATA_DIR, "pglite") });
await database.migrate();
await ensureReferenceData(database.db);
if (!(await isSeeded(database))) await seedDemo(database, createMail(database.db, config), config.PORTAL_URL);
if (args.generate) await generate(database);

const rows = (await database.db.execute(sql`
  select c.id as tenant, u.id as admin, (select count(*) from tasks t where t.tenant_id = c.id) as tasks,
         (select p.id from pipelines p where p.tenant_id = c.id and p.status = 1 order by p.id limit 1) as pipeline
  from companies c join users u on u.tenant_id = c.id and u.email = 'admin@harbour.test' where c.name = 'Harbour Brokers'`)) as unknown as { rows: Record<string, unknown>[] };
const { tenant, admin, tasks: taskCount, pipeline } = Object.fromEntries(Object.entries(rows.rows[0]).map(([k, v]) => [k, Number(v)]));
console.log(`Tenant ${tenant}: ${taskCount.toLocaleString("en-GB")} tasks; pipeline ${pipeline}`);

/** The tasks list with two filters and a sort: a pipeline, high priority, newest first. */
const listParams = (page: number) => ({ "filter[pipeline_id]": String(pipeline), "filter[priority]": "1", sort: "-created_at", "page[number]": String(page), "page[size]": "10" });
const portalParams = (page: number) => ({ "filter[pipeline_id]": String(pipeline), "filter[priority]": "1", ...(page > 1 ? { page: String(page) } : {}) });

async function sqlTimings(page: number, runs = 30) {
  const query = listQuerySchema({ maxSize: 999 }).parse({ page: { number: page, size: 10 }, filter: { pipeline_id: String(pipeline), priority: "1" }, sort: "-created_at" });
  const includes = tasksService.parseIncludes("pipeline,pipelineStage,teamMember,team");
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t = performance.now();
    await tasksService.listTasks(database.db, { tenantId: tenant, userId: admin }, query, includes);
    if (i >= 3) times.push(performance.now() - t);
  }
  return { median: median(times), p95: pct(times, 0.95), rps: 1000 / median(times) };
}
const sqlResults = { page1: await sqlTimings(1), deep: await sqlTimings(DEEP_PAGE) };
await database.close(); // PGlite: one process at a time.

// ---------------------------------------------------------------- start the system
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR, PORT: String(PORTAL_PORT), API_PORT: String(API_PORT), API_BASE_URL: API, NODE_ENV: "production", SECURE_COOKIES: "false", LOG_LEVEL: "warn", VITE_CJS_IGNORE_WARNING: "true" };
const children: ChildProcess[] = [];
const launch = (argv: string[]) => {
  const c = spawn(process.execPath, argv, { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  children.push(c);
  return c;
};
async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}
process.on("exit", () => children.forEach((c) => c.kill()));
await new Promise<void>((resolve, reject) => {
  const b = spawn(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], { cwd: root, env, stdio: "ignore" });
  b.on("exit", (code) => (code === 0 ? resolve() : reject(new Error("build failed"))));
});
launch(["--import", "tsx", "api/main.ts"]);
await waitFor(`${API}/health`);
launch([path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), path.join(root, "build/index.js")]);
await waitFor(`${PORTAL}/login`);

const login = await fetch(`${API}/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "admin@harbour.test", password: "demo-pass-2026" }) });
const token = ((await login.json()) as { token: string }).token;
const portalLogin = await fetch(`${PORTAL}/login`, {
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: PORTAL },
  body: new URLSearchParams({ email: "admin@harbour.test", password: "demo-pass-2026" }),
});
const cookie = (portalLogin.headers.get("set-cookie") ?? "").split(";")[0];
if (!token || !cookie) throw new Error("Could not sign in for the benchmark.");

// ---------------------------------------------------------------- 1b/1c. API and portal under load
async function load(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { median: r.latency.p50, p95: r.latency.p97_5 ?? r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx };
}
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
const apiResults = {
  page1: await load(`${API}/task?${q({ ...listParams(1), include: "pipeline,pipelineStage,teamMember,team" })}`, { authorization: `Bearer ${token}` }),
  deep: await load(`${API}/task?${q({ ...listParams(DEEP_PAGE), include: "pipeline,pipelineStage,teamMember,team" })}`, { authorization: `Bearer ${token}` }),
};
const portalResults = {
  page1: await load(`${PORTAL}/tasks?${q(portalParams(1))}`, { cookie }),
  deep: await load(`${PORTAL}/tasks?${q(portalParams(DEEP_PAGE))}`, { cookie }),
};

// ---------------------------------------------------------------- 2. page weight
const firstTask = ((await (await fetch(`${API}/task?page[size]=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: number }[] }).data[0]?.id;
const pages: [string, string, boolean][] = [
  ["Sign-in", "/login", false],
  ["Dashboard", "/dashboard", true],
  ["Tasks list", `/tasks?${q(portalParams(1))}`, true],
  ["Task page", `/tasks/${firstTask}`, true],
];
async function weight(pathname: string, signedIn: boolean) {
  const html = await (await fetch(`${PORTAL}${pathname}`, { headers: signedIn ? { cookie } : {} })).text();
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+)"/g)].map((m) => m[1]);
  const inlineModules = [...html.matchAll(/import\(?\s*"([^"]+\.js)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const size = async (urls: string[]) => {
    let total = 0;
    for (const u of new Set(urls)) total += gzipSync(Buffer.from(await (await fetch(new URL(u, PORTAL))).arrayBuffer())).length;
    return total;
  };
  return { html: gzipSync(html).length, js: await size([...scripts, ...inlineModules]), css: await size(styles) };
}
const weights: { name: string; html: number; js: number; css: number }[] = [];
for (const [name, p, signedIn] of pages) weights.push({ name, ...(await weight(p, signedIn)) });

// ---------------------------------------------------------------- 3. lab metrics on Slow 4G
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update"] });
const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
await context.addCookies([{ name: cookie.split("=")[0], value: cookie.split("=").slice(1).join("="), domain: "127.0.0.1", path: "/" }]);
async function lab(pathname: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    w.__lcp = 0;
    w.__cls = 0;
    new PerformanceObserver((l) => l.getEntries().forEach((e) => (w.__lcp = e.startTime))).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((l) => l.getEntries().forEach((e) => (w.__cls += (e as unknown as { hadRecentInput: boolean; value: number }).hadRecentInput ? 0 : (e as unknown as { value: number }).value))).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`${PORTAL}${pathname}`, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const m = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const w = window as unknown as { __lcp: number; __cls: number };
    return { ttfb: nav.responseStart, fcp, lcp: w.__lcp, cls: w.__cls };
  });
  await page.close();
  return m;
}
const labs: { name: string; ttfb: number; fcp: number; lcp: number; cls: number }[] = [];
for (const [name, p] of pages) labs.push({ name, ...(await lab(p)) });
await browser.close();
children.forEach((c) => c.kill());

// ---------------------------------------------------------------- report
const engine = DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)";
const row = (label: string, r: { median: number; p95: number; rps: number }) => `| ${label} | ${ms(r.median)} | ${ms(r.p95)} | ${r.rps.toFixed(0)} |`;
const report = `# Benchmark — ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC

Database: ${engine}; ${taskCount.toLocaleString("en-GB")} tasks in the tenant. Load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, loopback.
Tasks list with two filters (pipeline, priority High) sorted newest first, 10 a page; deep page = page ${DEEP_PAGE}.
Machine: ${process.platform} ${process.arch}, Node ${process.version}, 2 cores (shared; figures vary run to run).

## Tasks list latency

| Layer | median | p95 | requests/s |
|---|---|---|---|
${row("SQL (service, page 1)", sqlResults.page1)}
${row("API (page 1)", apiResults.page1)}
${row("Portal (page 1)", portalResults.page1)}
${row(`SQL (service, page ${DEEP_PAGE})`, sqlResults.deep)}
${row(`API (page ${DEEP_PAGE})`, apiResults.deep)}
${row(`Portal (page ${DEEP_PAGE})`, portalResults.deep)}

Ratios (median): API/SQL ${(apiResults.page1.median / sqlResults.page1.median).toFixed(2)} at page 1, ${(apiResults.deep.median / sqlResults.deep.median).toFixed(2)} deep; portal/API ${(portalResults.page1.median / apiResults.page1.median).toFixed(2)} at page 1, ${(portalResults.deep.median / apiResults.deep.median).toFixed(2)} deep. Errors under load: API ${apiResults.page1.errors + apiResults.deep.errors}, portal ${portalResults.page1.errors + portalResults.deep.errors}.

## Page weight (gzip)

| Page | HTML | first-load JS | CSS |
|---|---|---|---|
${weights.map((w) => `| ${w.name} | ${kb(w.html)} | ${kb(w.js)} | ${kb(w.css)} |`).join("\n")}

## Lab metrics on Slow 4G (150 ms RTT, 1.6 Mbps down, 4× CPU slowdown)

| Page | TTFB | FCP | LCP | CLS |
|---|---|---|---|---|
${labs.map((l) => `| ${l.name} | ${ms(l.ttfb)} | ${ms(l.fcp)} | ${ms(l.lcp)} | ${l.cls.toFixed(3)} |`).join("\n")}
`;
mkdirSync(path.join(root, "bench/results"), { recursive: true });
const stamp = new Date().toISOString().slice(0, 10);
writeFileSync(path.join(root, "bench/results/latest.md"), report);
writeFileSync(path.join(root, `bench/results/${stamp}-${DATABASE_URL ? "postgres" : "pglite"}.md`), report);
console.log(report);
process.exit(0);

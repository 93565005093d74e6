/**
 * Bad input never breaks anything. For every declared route that takes input (a body, a query, path
 * parameters, or a handler that reads a form itself), fast-check sends valid-looking and hostile
 * requests, built from the route's own zod schemas (app.routeDeclarations[].schemas): oversized strings,
 * wrong types, unicode, SQL and HTML fragments, huge and negative numbers, zero and negative pages,
 * unknown filter keys, nested objects, arrays where text is expected; then a fixed corpus of malformed
 * JSON, wrong content types and malformed multipart (files whose bytes lie about their type).
 * Every answer must be below 500; an error is JSON `{ message }` without stack-trace text; a rejected
 * request (4xx) and every GET must change nothing: on PGlite no transaction id was spent between before
 * and after (not a single row written), on PostgreSQL the row counts are compared per route.
 * FUZZ_RUNS (default 20) sets the generated cases per route.
 *
 * The routes are shared out between a few test files (fuzz-1-of-3.test.ts, …), each on its own database, so that
 * the two workers of a run share the work instead of one of them finishing it alone.
 */
import fc from "fast-check";
import qs from "qs";
import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteDeclaration } from "#api/http/route";
import { buildApp } from "#api/app";
import type { Database } from "#api/db/client";
import { createTestApi, testConfig, type TestApi } from "../helpers/api";
import { TINY_PNG } from "../helpers/multipart";
import {
  changedTables,
  checksum,
  createActors,
  fillPath,
  paramNames,
  resolverOf,
  routeKey,
  rowCountQuery,
  rowCounts,
  rows,
  validBody,
  wholeDatabaseChecksumQuery,
  type Actors,
} from "./support";
import { keySchema, NO_SAMPLE, objectKeys, validExample } from "./zod-sample";

const RUNS = Number(process.env.FUZZ_RUNS ?? 20) || 20;
/** Each run draws new cases; FUZZ_SEED=<the seed printed by a failing run> replays it. */
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);

let api: TestApi;
let actors: Actors;
let countSql: string;
let wholeSql: string;
const resolved = new Map<string, Record<string, string>>();

// ---------------------------------------------------------------------------------------------- hostile values

const SQL = ["' OR '1'='1", "'; DROP TABLE users; --", "1; select pg_sleep(3)--", "' union select password_hash from users --", "\\", "%", "_%_", "$1"];
const HTML = ["<script>window.__xss=1</script>", "<img src=x onerror=alert(1)>", '"><svg onload=alert(1)>', "javascript:alert(1)", "{{7*7}}", "${7*7}"];
const ODD = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "🦄💥👩‍👩‍👧",
  "ẞtraße",
  "\u202eevil",
  "١٢٣",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "../../etc/passwd",
  "%2e%2e%2f",
  "\r\nSet-Cookie: x=1",
  "__proto__",
  "constructor",
];

const hostileString = fc.oneof(
  fc.constantFrom(...SQL, ...HTML, ...ODD),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer({ min: 256, max: 200_000 }).map((n) => "x".repeat(n)),
);
const hostileNumber = fc.oneof(
  // eslint-disable-next-line no-loss-of-precision -- a number past 2^53 on purpose: it arrives as 9007199254740992
  fc.constantFrom(0, -1, -2_147_483_649, 2_147_483_648, 9_007_199_254_740_993, 1e308, -1e308, 0.1, 1.5, 1e21),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileScalar = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileScalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "constructor", "tenant_id", "id")), tie("value"), { maxKeys: 4 }),
  ),
}));
const deepNest = fc.integer({ min: 20, max: 200 }).map((depth) => {
  let v: unknown = "deep";
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
});

/** A valid example of a schema mutated: some known keys hostile, maybe unknown keys added. */
function bodyArb(schema: RouteDeclaration["schemas"]["body"], fallback: unknown): fc.Arbitrary<unknown> {
  const base = schema ? validExample(schema) : fallback;
  const valid = base === NO_SAMPLE ? {} : base;
  const keys = schema ? objectKeys(schema) : typeof valid === "object" && valid ? Object.keys(valid as object) : [];
  const mutated = fc
    .record({
      changes: fc.dictionary(keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 }), fc.oneof(hostileValue, deepNest), {
        maxKeys: Math.max(1, Math.min(keys.length, 4)),
      }),
      extra: fc.option(fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }), { nil: undefined }),
    })
    .map(({ changes, extra }) => ({ ...(typeof valid === "object" && valid && !Array.isArray(valid) ? valid : {}), ...extra, ...changes }));
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: deepNest },
    { weight: 1, arbitrary: fc.constant(valid) },
  );
}

/** A query: the schema's keys hostile, the list conventions abused (page, filter, sort, search). */
function queryArb(schema: RouteDeclaration["schemas"]["query"]): fc.Arbitrary<Record<string, unknown>> {
  const keys = objectKeys(schema).filter((k) => !["page", "filter", "sort"].includes(k));
  const filterKeys = fc.oneof(
    fc.constantFrom("search", "status", "pipeline_id", "type", "notable_type", "notable_id", "created_at", "group"),
    fc.string({ maxLength: 12 }),
  );
  const page = fc.record(
    {
      number: fc.oneof(hostileNumber, hostileString, fc.constantFrom(0, -1, "1")),
      size: fc.oneof(hostileNumber, hostileString, fc.constantFrom(0, -5, 10_000, "10")),
    },
    { requiredKeys: [] },
  );
  const filter = fc.dictionary(filterKeys, fc.oneof(hostileScalar, fc.record({ from: hostileScalar, to: hostileScalar }, { requiredKeys: [] }), hostileValue), {
    maxKeys: 4,
  });
  return fc.record(
    {
      page: fc.oneof(page, hostileScalar),
      filter: fc.oneof(filter, hostileScalar),
      sort: fc.oneof(hostileString, fc.constantFrom("-name", "name", "-created_at", "password_hash", "1;drop", "-")),
      search: hostileString,
      ...Object.fromEntries(keys.map((k) => [k, fc.oneof(hostileValue, fc.constant(sampleOf(keySchema(schema, k))))])),
    },
    { requiredKeys: [] },
  );
}

function sampleOf(schema: RouteDeclaration["schemas"]["body"]): unknown {
  if (!schema) return "x";
  const v = validExample(schema);
  return v === NO_SAMPLE ? "x" : v;
}

const hostileSegment = fc.oneof(
  fc.constantFrom(
    "abc",
    "-1",
    "0",
    "1.5",
    "2147483648",
    "99999999999999999999",
    "1e3",
    " 1",
    "1 ",
    "0x10",
    "null",
    "%00",
    "' or 1=1",
    "..",
    "🦄",
    "x".repeat(99),
    "x".repeat(300),
  ),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
);

interface Case {
  params: Record<string, string | undefined>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function caseArb(d: RouteDeclaration): fc.Arbitrary<Case> {
  const known = resolved.get(routeKey(d)) ?? {};
  const params = fc.record(
    Object.fromEntries(paramNames(d.url).map((p) => [p, fc.oneof({ weight: 2, arbitrary: fc.constant(known[p]) }, { weight: 1, arbitrary: hostileSegment })])),
  );
  const query = d.schemas.query || d.method === "GET" ? fc.option(queryArb(d.schemas.query), { nil: undefined }) : fc.constant(undefined);
  const body = d.method === "GET" ? fc.constant(undefined) : bodyArb(d.schemas.body, validBody(d));
  return fc.record({ params, query, body }) as fc.Arbitrary<Case>;
}

// ---------------------------------------------------------------------------------------------- malformed raw requests

interface Raw {
  label: string;
  contentType: string;
  payload: string | Buffer;
}

function multipart(boundary: string, parts: { name: string; filename?: string; type?: string; data: string | Buffer }[], end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += "\r\n";
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from("\r\n"));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
const HTML_AS_IMAGE = Buffer.from("<!doctype html><script>alert(1)</script>");
const FILE_FIELDS = ["logo", "icon", "document", "profile_photo", "photo", "file"];

const RAW_CASES: Raw[] = [
  { label: "truncated JSON", contentType: "application/json", payload: '{"name": "x", ' },
  { label: "JSON with a trailing comma", contentType: "application/json", payload: '{"name": "x",}' },
  { label: "not JSON at all", contentType: "application/json", payload: "name=x" },
  { label: "JSON null", contentType: "application/json", payload: "null" },
  { label: "JSON array", contentType: "application/json", payload: '[1, "a", {"b": null}]' },
  { label: "JSON string", contentType: "application/json", payload: '"just text"' },
  { label: "JSON with __proto__", contentType: "application/json", payload: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}' },
  { label: "JSON with a NUL byte", contentType: "application/json", payload: '{"name": "a\\u0000b", "title": "a\\u0000b", "body": "a\\u0000b"}' },
  { label: "plain text", contentType: "text/plain", payload: "hello" },
  { label: "XML", contentType: "application/xml", payload: "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>" },
  { label: "URL-encoded form", contentType: "application/x-www-form-urlencoded", payload: "name=x&filter[a][b][c][d]=1&ids[]=1&ids[]=2" },
  { label: "multipart without a boundary", contentType: "multipart/form-data", payload: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--" },
  { label: "multipart cut off", contentType: "multipart/form-data; boundary=cut", payload: multipart("cut", [{ name: "name", data: "x" }], false) },
  {
    label: "multipart with a broken header",
    contentType: "multipart/form-data; boundary=bh",
    payload: Buffer.from("--bh\r\nContent-Disposition: nonsense\r\n\r\nx\r\n--bh--\r\n"),
  },
  {
    label: "multipart: SVG sent as PNG",
    contentType: "multipart/form-data; boundary=svg",
    payload: multipart("svg", [
      { name: "name", data: "<b>x</b>" },
      ...FILE_FIELDS.map((f) => ({ name: f, filename: "logo.png", type: "image/png", data: SVG })),
    ]),
  },
  {
    label: "multipart: HTML sent as JPEG with a path in its name",
    contentType: "multipart/form-data; boundary=html",
    payload: multipart(
      "html",
      FILE_FIELDS.map((f) => ({ name: f, filename: "../../../etc/passwd.jpg", type: "image/jpeg", data: HTML_AS_IMAGE })),
    ),
  },
  {
    label: "multipart: a PNG header followed by junk",
    contentType: "multipart/form-data; boundary=junk",
    payload: multipart(
      "junk",
      FILE_FIELDS.map((f) => ({ name: f, filename: "x.png", type: "image/png", data: Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(64, 0xff)]) })),
    ),
  },
  {
    label: "multipart: a file over the size limit",
    contentType: "multipart/form-data; boundary=big",
    payload: multipart("big", [{ name: "logo", filename: "big.png", type: "image/png", data: Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]) }]),
  },
  {
    label: "multipart: too many fields, a field named __proto__",
    contentType: "multipart/form-data; boundary=many",
    payload: multipart("many", [{ name: "__proto__", data: "x" }, ...Array.from({ length: 150 }, (_, i) => ({ name: `f${i}`, data: "x" }))]),
  },
];

// ---------------------------------------------------------------------------------------------- fixed hostile values

/**
 * Values every route is tried with on every run (not left to chance): unpaired UTF-16 surrogates in each text
 * field, the query and the path; numbers too large for a double (1e400) in each field and in paging; an Origin
 * that is not a URL; content types no route reads and multipart without a boundary.
 */
const SURROGATES = ["\ud800", "a\udfffb", "\udbff"];
const ODD_ORIGINS = ["garbage", "http://", "null", "::::", "http://evil.example"];
const ODD_CONTENT_TYPES = [
  "text/plain",
  "application/json; charset=utf-16",
  "multipart/form-data",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "image/png",
];

interface Fixed {
  label: string;
  /** Replaces the path (already filled) and query. */
  url?: (path: string) => string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

function fixedCases(d: RouteDeclaration): Fixed[] {
  const out: Fixed[] = [];
  const valid = d.schemas.body ? validExample(d.schemas.body) : validBody(d);
  const base = valid === NO_SAMPLE || typeof valid !== "object" || valid === null || Array.isArray(valid) ? {} : (valid as Record<string, unknown>);
  const keys = [...new Set([...Object.keys(base), ...(d.schemas.body ? objectKeys(d.schemas.body) : [])])].slice(0, 30);
  const json = { "content-type": "application/json" };
  for (const bad of SURROGATES) {
    out.push({
      label: `a surrogate ${JSON.stringify(bad)} in the query`,
      url: (p) => `${p}?search=${encodeURIComponent("x")}%ED%A0%80&filter[search]=%ED%B0%80&q=${JSON.stringify(bad).slice(1, -1)}`,
    });
    if (d.method === "GET") continue;
    for (const k of keys) out.push({ label: `${k} = ${JSON.stringify(bad)}`, headers: json, payload: JSON.stringify({ ...base, [k]: bad }) });
    out.push({ label: `every text ${JSON.stringify(bad)}`, headers: json, payload: JSON.stringify(Object.fromEntries(keys.map((k) => [k, bad]))) });
    out.push({ label: `a key ${JSON.stringify(bad)}`, headers: json, payload: JSON.stringify({ ...base, [`k${bad}`]: "x" }) });
  }
  if (paramNames(d.url).length) out.push({ label: "a surrogate in the path", url: (p) => p.replace(/\/[^/]+$/, "/%ED%A0%80") });
  out.push({ label: "page=1e400", url: (p) => `${p}?page[number]=1e400&page[size]=1e400&page=1e400&perPage=1e400&id=1e400` });
  if (d.method !== "GET") {
    for (const k of keys) out.push({ label: `${k} = 1e400`, headers: json, payload: JSON.stringify({ ...base, [k]: 0 }).replace(`"${k}":0`, `"${k}":1e400`) });
    out.push({
      label: "every field 1e400 and -1e400",
      headers: json,
      payload: `{${keys.map((k, i) => `${JSON.stringify(k)}:${i % 2 ? "-" : ""}1e400`).join(",")}}`,
    });
    for (const origin of ODD_ORIGINS) out.push({ label: `Origin: ${origin}`, headers: { ...json, origin }, payload: JSON.stringify(base) });
    for (const type of ODD_CONTENT_TYPES)
      out.push({
        label: `Content-Type: ${type}`,
        headers: { "content-type": type },
        payload: type.startsWith("application/x-www") ? "a=%ED%A0%80&b=1e400" : JSON.stringify(base),
      });
  } else {
    for (const origin of ODD_ORIGINS) out.push({ label: `Origin: ${origin}`, headers: { origin } });
  }
  return out;
}

function injectFixed(d: RouteDeclaration, params: Record<string, string>, f: Fixed) {
  return async (token: string): Promise<Outcome> => {
    const path = fillPath(d.url, Object.fromEntries(paramNames(d.url).map((p) => [p, params[p] ?? "1"])));
    const headers: Record<string, string> = { ...f.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await api.app.inject({ method: d.method as HTTPMethods, url: f.url ? f.url(path) : path, headers, payload: f.payload });
    return { status: res.statusCode, text: res.body, contentType: String(res.headers["content-type"] ?? "") };
  };
}

// ---------------------------------------------------------------------------------------------- the check

/** Stack traces and internals an answer must never carry. */
const LEAKS = [/\n\s+at\s/, /\bat [\w$.<>]+ \(/, /\.ts:\d+/, /\.js:\d+/, /\bError:/, /node_modules/, /DrizzleQueryError/, /\bSELECT\b.*\bFROM\b/];

interface Outcome {
  status: number;
  text: string;
  contentType: string;
}

function problems(d: RouteDeclaration, what: string, res: Outcome): string[] {
  const out: string[] = [];
  const where = `${routeKey(d)} ${what}`;
  if (res.status >= 500) out.push(`${where}: ${res.status} ${res.text.slice(0, 200)}`);
  const leak = LEAKS.find((re) => re.test(res.text));
  if (leak && !(d.url === "/files/:key" && res.status < 300)) out.push(`${where}: the answer carries internals (${leak}): ${res.text.slice(0, 300)}`);
  if (res.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      body = undefined;
    }
    if (!res.contentType.includes("application/json") || typeof (body as { message?: unknown })?.message !== "string") {
      out.push(`${where}: ${res.status} is not JSON with a message: ${res.text.slice(0, 200)}`);
    }
  }
  return out;
}

/** Writes that are part of refusing a request: sign-in attempts and their audit events (throttling). */
const RECORDS_REFUSALS = new Set([
  "POST /login",
  "POST /login/verify-email",
  "POST /login/resend-verification",
  "POST /user-setup/:uuid/:token",
  // A reset request is counted (throttle, audit) and answered the same whether the address is known or not.
  "POST /login/forgot-password",
  "POST /login/reset-password/:token",
  // A synced document's push to the accounting system that fails (its limit reached, not answering) is recorded on
  // the document ("not synced", the reason) while the request is refused: the local document is never lost.
  ...["/xero-quotes", "/xero-invoices"].flatMap((p) => [
    `POST ${p}/:id/retry-sync`,
    `POST ${p}/:id/send`,
    `POST ${p}/:id/mark-as-sent`,
    `POST ${p}/:id/paid-status`,
  ]),
]);

async function xmax(): Promise<string> {
  const [r] = await rows<{ x: string }>(api, "select pg_snapshot_xmax(pg_current_snapshot())::text as x");
  return r.x;
}

interface Stats {
  cases: number;
  status: Map<number, number>;
  fivexx: number;
}

const stats = new Map<string, Stats>();
const failures: string[] = [];

let replays = 0;

async function sendAndCheck(d: RouteDeclaration, what: string, send: (token: string) => Promise<Outcome>): Promise<Outcome> {
  const s = stats.get(routeKey(d)) ?? { cases: 0, status: new Map(), fivexx: 0 };
  stats.set(routeKey(d), s);
  const token = "public" in d.access ? "" : await actors.token(actors.adminId);
  const pglite = api.database.kind === "pglite";
  const before = pglite ? await xmax() : "";
  const res = await send(token);
  s.cases++;
  s.status.set(res.status, (s.status.get(res.status) ?? 0) + 1);
  if (res.status >= 500) s.fivexx++;
  const found = problems(d, what, res);
  // A refused request, or any GET, writes nothing at all: no transaction id was spent. A row lock
  // (SELECT … FOR UPDATE) spends one too, so when the id moved the request is sent again between two
  // checksums of the whole database, and only a real change counts.
  if (pglite && (res.status >= 400 || d.method === "GET") && !RECORDS_REFUSALS.has(routeKey(d)) && res.status !== 401) {
    const after = await xmax();
    if (after !== before) {
      replays++;
      const token2 = "public" in d.access ? "" : await actors.token(actors.adminId);
      const sum1 = await checksum(api, wholeSql);
      const again = await send(token2);
      const sum2 = await checksum(api, wholeSql);
      const changed = changedTables(sum1, sum2);
      if (again.status === res.status && changed.length) found.push(`${routeKey(d)} ${what}: answered ${res.status} but changed ${changed.join(", ")}`);
    }
  }
  failures.push(...found);
  return res;
}

function inject(d: RouteDeclaration, c: Case, raw?: Raw) {
  return async (token: string): Promise<Outcome> => {
    let url = fillPath(d.url, Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, v ?? "1"])));
    if (c.query) {
      const q = qs.stringify(c.query, { encodeValuesOnly: true, allowDots: false });
      if (q) url += `?${q}`;
    }
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: string | Buffer | undefined;
    if (raw) {
      headers["content-type"] = raw.contentType;
      payload = raw.payload;
    } else if (c.body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(c.body);
    }
    const res = await api.app.inject({ method: d.method as HTTPMethods, url, headers, payload });
    return { status: res.statusCode, text: res.body, contentType: String(res.headers["content-type"] ?? "") };
  };
}

/**
 * The declared routes, read at collection time from an app built on a stand-in database (registering
 * routes touches no database), so that each route is its own test with its own time limit.
 */
async function declaredRoutes(): Promise<Pick<RouteDeclaration, "method" | "url" | "schemas" | "access">[]> {
  const app = await buildApp({ config: testConfig(), database: {} as Database, prepareJobs: false });
  await app.ready();
  const list = [...app.routeDeclarations];
  await app.close();
  return list;
}

const takesInput = (d: Pick<RouteDeclaration, "method" | "url" | "schemas">) =>
  Boolean(d.schemas.body || d.schemas.query || d.schemas.params || paramNames(d.url).length || d.method !== "GET");

/** Registers the hostile-input tests of shard `shard` (1-based) of `shards`: every shards-th route that takes input. */
export async function describeHostileInput(shard: number, shards: number): Promise<void> {
  const all = (await declaredRoutes()).filter(takesInput);
  const ROUTES = all.filter((_, i) => i % shards === shard - 1);
  let started = 0;

  beforeAll(async () => {
    api = await createTestApi();
    actors = await createActors(api);
    countSql = await rowCountQuery(api);
    wholeSql = await wholeDatabaseChecksumQuery(api);
    for (const d of api.app.routeDeclarations) {
      const r = resolverOf(d);
      if (ROUTES.some((route) => routeKey(route) === routeKey(d)) && paramNames(d.url).length && r) resolved.set(routeKey(d), await r.params(api, actors));
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  describe(`hostile input (routes ${shard} of every ${shards})`, () => {
    it("the routes that take input are many", () => {
      expect(all.length).toBeGreaterThan(50);
      expect(ROUTES.length).toBeGreaterThan(0);
      started = Date.now();
    });

    for (const declared of ROUTES) {
      it(`${routeKey(declared)}: ${RUNS} generated cases${declared.method === "GET" ? "" : ` and ${RAW_CASES.length} malformed bodies`}, and the fixed hostile values`, async () => {
        const d = api.app.routeDeclarations.find((r) => routeKey(r) === routeKey(declared))!;
        const countsBefore = api.database.kind === "postgres" ? await rowCounts(api, countSql) : undefined;
        await fc.assert(
          fc.asyncProperty(caseArb(d), async (c) => {
            await sendAndCheck(d, `with ${JSON.stringify(c).slice(0, 300)}`, inject(d, c));
          }),
          { numRuns: RUNS, seed: SEED + all.findIndex((r) => routeKey(r) === routeKey(declared)) },
        );
        const params = resolved.get(routeKey(d)) ?? {};
        if (d.method !== "GET") {
          for (const raw of RAW_CASES) await sendAndCheck(d, `with ${raw.label}`, inject(d, { params }, raw));
        }
        for (const f of fixedCases(d)) await sendAndCheck(d, `with ${f.label}`, injectFixed(d, params, f));
        // On PostgreSQL the transaction-id check is skipped (other databases share the counter): where
        // nothing succeeded, the row counts must be as before.
        const s = stats.get(routeKey(d))!;
        if (countsBefore && ![...s.status.keys()].some((k) => k < 300)) expect(await rowCounts(api, countSql)).toEqual(countsBefore);
        const mine = failures.filter((f) => f.startsWith(`${routeKey(d)} `));
        expect(mine.slice(0, 10), `${mine.length} problems (replay with FUZZ_SEED=${SEED})`).toEqual([]);
        expect(s.fivexx).toBe(0);
      });
    }

    it("summary: cases per endpoint, 5xx seen", () => {
      const total = [...stats.values()].reduce((n, s) => n + s.cases, 0);
      const fivexx = [...stats.values()].reduce((n, s) => n + s.fivexx, 0);
      const lines = [...stats].map(
        ([k, s]) =>
          `  ${k.padEnd(52)} ${String(s.cases).padStart(4)} cases  ${[...s.status]
            .sort((a, b) => a[0] - b[0])
            .map(([st, n]) => `${st}×${n}`)
            .join(" ")}`,
      );
      console.log(
        `fuzz ${shard}/${shards} (FUZZ_SEED=${SEED}): ${total} cases over ${stats.size} endpoints in ${((Date.now() - started) / 1000).toFixed(1)} s; 5xx seen: ${fivexx}; ` +
          `${replays} refused requests replayed between whole-database checksums (a row lock had spent a transaction id)\n${lines.join("\n")}`,
      );
      expect(stats.size).toBe(ROUTES.length);
      expect(fivexx).toBe(0);
      expect(failures).toEqual([]);
    });
  });
}

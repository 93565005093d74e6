import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { expect, test } from "vitest";
import { weigh } from "#bench/page-weight";
import { routeTable } from "#contract/portal-routes";
import { NOJS } from "./env";
import { NojsBrowser } from "./harness";

/**
 * The first-load budget (issue #22): at most 100 KB gzip of JavaScript before a list or detail page can be used.
 * Read from the build the portal runs, without a browser: a page's first-load JavaScript is what Remix's
 * `<Scripts>` references for its matched routes — the entry module and its imports, and each matched route's
 * module and imports (the build's manifest) — with every chunk those import statically, each gzipped, as
 * `bench/page-weight.ts` weighs a page it is served. Chunks fetched later (islands, lazy dialogs, `import()`)
 * are not counted. It weighs every page of the route table (contract/portal-routes.ts) and the sign-in page, prints
 * the five heaviest, and fails if a page of the table is over the budget; the served tasks list is weighed both ways, to keep the two
 * counts the same. No browser is needed, only the build: it runs in the no-JavaScript stage, after the build.
 */

const BUDGET_KB = 100;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const buildDir = path.resolve(root, process.env.REMIX_BUILD_DIR || "build");
const assetsDir = process.env.REMIX_BUILD_DIR ? path.join(buildDir, "public") : path.join(root, "public");

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  url: string;
}

/** The browser manifest of the build the server runs (the server build names it). */
function readManifest(): Manifest {
  const server = readFileSync(path.join(buildDir, "index.js"), "utf8");
  const url = server.match(/"(\/build\/manifest-[A-Za-z0-9]+\.js)"/)?.[1];
  if (!url) throw new Error(`${buildDir}/index.js names no browser manifest`);
  const source = readFileSync(path.join(assetsDir, url), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

const manifest = readManifest();

/** The manifest's routes as a tree React Router matches a path against, as the server does. */
function routeTree(): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest.routes)
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: children(r.id) }));
  return children(undefined);
}

const tree = routeTree();

const chunkSource = (url: string) => readFileSync(path.join(assetsDir, url), "utf8");

/** A chunk and every chunk it imports statically (`import "…"`, `from "…"`), by their URLs. */
function withImports(url: string, seen: Set<string>): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  for (const m of chunkSource(url).matchAll(/(?:from|import)\s*"(\/build\/[^"]+\.js)"/g)) withImports(m[1], seen);
  return seen;
}

const gzipSizes = new Map<string, number>();
const gzipSize = (url: string) => {
  let size = gzipSizes.get(url);
  if (size === undefined) gzipSizes.set(url, (size = gzipSync(readFileSync(path.join(assetsDir, url))).length));
  return size;
};

/** The routes a path matches (root, the frame, the page), or null. */
function routeIds(pathname: string): string[] | null {
  return matchRoutes(tree, pathname)?.map((m) => m.route.id!) ?? null;
}

/** First-load JavaScript of a page, in bytes (gzip), and the chunks counted. */
function firstLoad(pathname: string): { bytes: number; chunks: string[]; routes: string[] } {
  const routes = routeIds(pathname);
  if (!routes) throw new Error(`No route of the build matches ${pathname}`);
  const referenced = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routes.flatMap((id) => [...(manifest.routes[id].imports ?? []), manifest.routes[id].module]),
  ];
  const chunks = new Set<string>();
  for (const url of referenced) withImports(url, chunks);
  return { bytes: [...chunks].reduce((sum, url) => sum + gzipSize(url), 0), chunks: [...chunks], routes };
}

/** An address of a route-table pattern: each parameter a record number, an optional last one left out. */
const exampleOf = (pattern: string) => pattern.replace(/\/:[A-Za-z]+\?$/, "").replace(/:[A-Za-z]+/g, "1");

/**
 * The pages weighed: every page of the route table (screens not built yet share one module), held to the budget, and
 * the sign-in page, weighed and printed but not held: it is neither a list nor a detail page, and its form's state
 * (conform) is in its first load (99.96 KB when this test was written).
 */
const pages: { name: string; pathname: string; held: boolean }[] = [
  { name: "Sign-in", pathname: "/login", held: false },
  ...routeTable.map((rule) => ({ name: rule.pattern, pathname: exampleOf(rule.pattern), held: true })),
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

test(`every list and detail page loads at most ${BUDGET_KB} KB of JavaScript (gzip) before it can be used`, () => {
  expect(existsSync(path.join(buildDir, "index.js"))).toBe(true);
  const weights = pages.map((page) => ({ ...page, ...firstLoad(page.pathname) }));
  const heaviest = [...weights].sort((a, b) => b.bytes - a.bytes);
  console.log(
    `First-load JavaScript (gzip), the five heaviest of ${weights.length} pages (budget ${BUDGET_KB} KB):\n${heaviest
      .slice(0, 5)
      .map((w) => `  ${kb(w.bytes).padStart(6)} KB  ${w.name} (${w.routes.at(-1)}, ${w.chunks.length} chunks)${w.held ? "" : " (not held)"}`)
      .join("\n")}`,
  );
  // Every list and detail page is among them (a route-table change that dropped one would show here).
  for (const page of ["/tasks", "/tasks/:taskId", "/individuals", "/individual/:id", "/companies", "/company/:id", "/quotes", "/invoices/:id", "/policies"])
    expect(weights.find((w) => w.name === page)?.held, page).toBe(true);
  expect(heaviest.filter((w) => w.held && w.bytes > BUDGET_KB * 1024).map((w) => `${w.name}: ${kb(w.bytes)} KB`)).toEqual([]);
});

test("the build's count agrees with the benchmark's weighing of the served tasks list", async () => {
  const page = await NojsBrowser.as("admin").goto("/tasks");
  expect(page.status).toBe(200);
  const portal = `http://127.0.0.1:${NOJS.portalPort}`;
  const cookie = Object.entries(NojsBrowser.as("admin").jar[new URL(NOJS.flightdeck).hostname] ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  const served = await weigh(portal, `${page.url.pathname}${page.url.search}`, cookie);
  const built = firstLoad(page.url.pathname);
  console.log(`Tasks list: ${kb(served.js)} KB served (bench/page-weight.ts), ${kb(built.bytes)} KB read from the build`);
  expect(built.bytes).toBeGreaterThan(50 * 1024);
  expect(Math.abs(served.js - built.bytes)).toBeLessThanOrEqual(256);
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * What the browser build gives each page (read from the build the servers run): no route's JavaScript, nor any
 * chunk it imports, holds zod (about 90 KB gzip). Zod belongs to loaders and actions; a route module that
 * imports a schema (or a constant of a module that defines schemas) for its server part keeps the import in
 * the browser build, since esbuild cannot drop a module with side effects: /tasks/new and the team page each
 * shipped it once (191 KB first-load instead of 99). The first-load budget itself (100 KB gzip) is held by
 * tests/nojs/first-load.test.ts, which weighs every page of the route table from the same build.
 */

const build = path.join(process.env.REMIX_BUILD_DIR ?? "", "public", "build");

/** The chunk and every chunk it imports, by their build paths. */
function graph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(path.join(build, file), "utf8");
  for (const m of source.matchAll(/(?:from|import)\s*"\/build\/([^"]+\.js)"/g)) graph(m[1], seen);
  return seen;
}

test("no page's JavaScript holds zod", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the build is the same for both projects");
  const routes = readdirSync(path.join(build, "routes")).filter((f) => f.endsWith(".js"));
  expect(routes.length).toBeGreaterThan(50);
  const withZod = routes.filter((route) =>
    [...graph(`routes/${route}`)].some((chunk) => /ZodError|invalid_type/.test(readFileSync(path.join(build, chunk), "utf8"))),
  );
  expect(withZod).toEqual([]);
});

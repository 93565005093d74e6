import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

/**
 * Nothing the browser runs reads a `.server` module. Remix empties those modules in the browser build: a route may
 * import a `.server` module for its loader and action, but a value of it used by the page's component is
 * `undefined` in the browser, so the page hydrates differently from the server's HTML and React draws that part
 * again without it (the policies list once lost its filter bar that way, with JavaScript only). Read from the
 * browser build, without a browser: each chunk that imports the emptied module, and every property it reads from
 * it. It runs in the no-JavaScript stage, after the build.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const buildDir = path.resolve(root, process.env.REMIX_BUILD_DIR || "build");
const assetsDir = path.join(process.env.REMIX_BUILD_DIR ? path.join(buildDir, "public") : path.join(root, "public"), "build");

/** A module whose whole body is `module.exports = {}` as esbuild writes it: what a `.server` import becomes. */
const EMPTIED = /^import\{\w+ as [\w$]+\}from"[^"]+";var ([\w$]+)=[\w$]+\(\(([\w$]+),([\w$]+)\)=>\{\3\.exports=\{\}\}\);export\{\1 as ([\w$]+)\};?\s*$/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The properties `source` reads from the module at `emptied` (its URL in the build, exported as `exported`): the
 * import's local name, each namespace made from it (`ns = toESM(local(), 1)`), then every `ns.name` read.
 */
export function readsOfEmptied(source: string, emptied: string, exported: string): string[] {
  const imported = new RegExp(`import\\{([^}]*)\\}from"${escape(emptied)}"`).exec(source);
  if (!imported) return [];
  const local = imported[1]
    .split(",")
    .map((spec) => spec.split(" as "))
    .find(([name]) => name.trim() === exported)
    ?.pop()
    ?.trim();
  if (!local) return [];
  const names = [...source.matchAll(new RegExp(`([\\w$]+)=[\\w$]+\\(${escape(local)}\\(\\)(?:,1)?\\)`, "g"))].map((m) => m[1]);
  return [...new Set(names.flatMap((ns) => [...source.matchAll(new RegExp(`(?<![\\w$.])${escape(ns)}\\.([\\w$]+)`, "g"))].map((m) => m[1])))];
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(file);
    return entry.name.endsWith(".js") ? [file] : [];
  });
}

describe("the browser build", () => {
  test("the check finds a read of an emptied module (it is not blind)", () => {
    const route = 'import{a as U}from"/build/_shared/chunk-E.js";import{c}from"/build/_shared/chunk-R.js";var l=c(U(),1);f({filters:l.POLICY_FILTERS,n:l2.x})';
    expect(readsOfEmptied(route, "/build/_shared/chunk-E.js", "a")).toEqual(["POLICY_FILTERS"]);
    expect(readsOfEmptied(route.replace("l.POLICY_FILTERS", "m"), "/build/_shared/chunk-E.js", "a")).toEqual([]);
    // The emptied module's chunk as esbuild wrote it when the policies list read its filters from one.
    const chunk = 'import{b as o}from"/build/_shared/chunk-T36URGAI.js";var p=o((r,e)=>{e.exports={}});export{p as a};\n';
    expect(EMPTIED.exec(chunk)?.[4]).toBe("a");
  });

  test("no route or shared chunk reads a value of a `.server` module", () => {
    const files = jsFiles(assetsDir);
    const emptied = files.flatMap((file) => {
      const match = EMPTIED.exec(readFileSync(file, "utf8"));
      return match ? [{ url: `/build/${path.relative(assetsDir, file).split(path.sep).join("/")}`, exported: match[4] }] : [];
    });
    // No emptied module in the build: nothing the browser runs imports a `.server` module (the compiler drops the
    // imports only loaders and actions use).
    const reads = files.flatMap((file) => {
      const source = readFileSync(file, "utf8");
      return emptied.flatMap(({ url, exported }) => readsOfEmptied(source, url, exported).map((name) => `${path.relative(assetsDir, file)}: ${name}`));
    });
    expect(reads).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { routeTable } from "#contract/portal-routes";

/** The path of a route module under `_app` ("_app.company_.$id.tsx" → "/company/:id"); null for others. */
function pathOf(file: string): string | null {
  const name = file.replace(/\.tsx?$/, "");
  if (!name.startsWith("_app.") || name === "_app.$") return null;
  const segments = name
    .slice("_app.".length)
    .split(".")
    .filter((s) => !s.startsWith("_"))
    .map((s) => s.replace(/_$/, "").replace(/^\$(.+)/, ":$1"));
  return `/${segments.join("/")}`;
}

const built = new Set(
  readdirSync(new URL("../../app/routes", import.meta.url))
    .map(pathOf)
    .filter((p): p is string => p !== null),
);
const notBuilt = routeTable.map((r) => r.pattern).filter((p) => !built.has(p));
const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const paragraph = /- \*\*Not built yet\*\*([\s\S]*?)\n\n/.exec(readme)?.[1] ?? "";
const listed = new Set([...paragraph.matchAll(/`(\/[a-z0-9-]+)`/g)].map((m) => m[1]));
const firstSegment = (pattern: string) => `/${pattern.split("/")[1]}`;

describe("the README's 'Not built yet' list", () => {
  it("names every route of the route table that has no screen yet", () => {
    expect(notBuilt.length).toBeGreaterThan(0);
    expect(notBuilt.filter((p) => !listed.has(p) && !listed.has(firstSegment(p)))).toEqual([]);
  });

  it("names nothing that is built", () => {
    expect([...listed].filter((path) => !notBuilt.some((p) => p === path || (firstSegment(p) === path && !built.has(path))))).toEqual([]);
  });
});

import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The proof of `npm run new:area`: in a copy of the repository (its tracked and new files, node_modules linked), a
 * fresh area is generated and its migration made by `npm run db:generate`; then the whole project typechecks, the
 * area's files pass ESLint and Prettier, and the unit tests, the area's own API test, the route matrix and the OpenAPI
 * test pass, and its no-JavaScript test passes against the copy's own built portal and servers.
 */
const root = path.resolve(import.meta.dirname, "../..");
const NAME = "generated-thing";
const PLURAL = "generated-things";
let copy: string;

function sh(command: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(command, args, { cwd: copy, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...env } });
  return { status: res.status, output: `${res.stdout}\n${res.stderr}` };
}
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), "new-area-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((f) => f && existsSync(path.join(root, f)));
  for (const f of files) cpSync(path.join(root, f), path.join(copy, f), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
});
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("npm run new:area", () => {
  let written: string[] = [];

  it("writes the area, then refuses to write it again", () => {
    const dry = sh(process.execPath, ["scripts/new-area.mjs", NAME, "--dry-run"]);
    expect(dry.status, dry.output).toBe(0);
    expect(existsSync(path.join(copy, `contract/${PLURAL}.ts`))).toBe(false);

    const res = sh(process.execPath, ["scripts/new-area.mjs", NAME]);
    expect(res.status, res.output).toBe(0);
    written = [...res.output.matchAll(/^ {2}(\S+\.(?:ts|tsx))$/gm)].map((m) => m[1]);
    expect(written).toContain(`tests/api/${PLURAL}.test.ts`);
    expect(written).toContain(`app/routes/_app.${PLURAL}.tsx`);
    expect(readFileSync(path.join(copy, "api/app.ts"), "utf8")).toContain('{ area: "Generated things" }');
    expect(readFileSync(path.join(copy, "contract/permissions.ts"), "utf8")).toContain('["generated_thing_view", "generated_thing_manage"]');

    const again = sh(process.execPath, ["scripts/new-area.mjs", NAME]);
    expect(again.status).toBe(1);
    expect(again.output).toContain("exists already");
  });

  it("makes its migration, typechecks, and passes ESLint and Prettier", () => {
    const migration = sh("npm", ["run", "db:generate", "--", "--name", "generated_things"]);
    expect(migration.status, migration.output).toBe(0);
    expect(migration.output).toMatch(/_generated_things\.sql/);

    const tsc = sh(bin("tsc"), ["--noEmit"]);
    expect(tsc.status, tsc.output).toBe(0);
    const lint = sh(bin("eslint"), ["--max-warnings", "0", ...written]);
    expect(lint.status, lint.output).toBe(0);
    const format = sh(bin("prettier"), ["--check", ...written]);
    expect(format.status, format.output).toBe(0);
  });

  it("keeps the unit tests passing (the route table's, the permissions')", () => {
    const res = sh(bin("vitest"), ["run", "--project", "unit"]);
    expect(res.status, res.output).toBe(0);
  });

  it("passes its own API test, the route matrix (its resolver) and the OpenAPI document's test", () => {
    const files = [`tests/api/${PLURAL}.test.ts`, "tests/api/openapi.test.ts", "tests/security/route-matrix.test.ts"];
    const res = sh(bin("vitest"), ["run", "--project", "api", "--project", "security", ...files], { TEST_DATABASE_URL: "" });
    expect(res.status, res.output).toBe(0);
    expect(res.output).toMatch(/Test Files\s+3 passed/);
    expect(res.output).toMatch(new RegExp(`tests/api/${PLURAL}\\.test\\.ts \\(6 tests\\)`));
  });

  it("passes its no-JavaScript test against the portal built from the copy", () => {
    // The nojs set-up builds the copy's portal and starts its portal + API pair (ports moved by E2E_PORT_OFFSET).
    const res = sh(bin("vitest"), ["run", "--project", "nojs", `tests/nojs/${PLURAL}.test.ts`], { E2E_PREBUILT: "" });
    expect(res.status, res.output).toBe(0);
    expect(res.output).toMatch(new RegExp(`tests/nojs/${PLURAL}\\.test\\.ts \\(4 tests\\)`));
  });
});

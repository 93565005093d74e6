import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = (folder: string) => fileURLToPath(new URL(`./${folder}`, import.meta.url));
/** The import aliases of tsconfig.json's paths (#app/…, #api/…, #bench/…, #common/…, #contract/…, #tests/…; ~/… is #app/…). */
const alias = {
  "#app": root("app"),
  "#api": root("api"),
  "#bench": root("bench"),
  "#common": root("common"),
  "#contract": root("contract"),
  "#tests": root("tests"),
  "~": root("app"),
};

/**
 * Vitest's own order (files that failed or took longest last time first; on a fresh clone, projects by name and the
 * largest files first), except that the hostile-input shares and the other guard-rail proofs start before everything
 * else: they are the longest files of the run, and one started last keeps a worker busy long after the other is done.
 */
class GuardRailsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => (/[/\\]tests[/\\]security[/\\]fuzz-/.test(file.moduleId) ? 0 : file.project.name === "security" ? 1 : 2);
    return (await super.sort(files))
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

/**
 * Five projects:
 * - unit: pure rules (common, app/lib, contract), fast, node environment;
 * - api: the Fastify app in-process through app.inject, one fresh database per test file
 *   (PGlite in memory, or a throw-away database on TEST_DATABASE_URL);
 * - security: the guard-rail proofs (route matrix, fuzzing, faults), same database set-up as api;
 * - generator: `npm run new:area` proved in a copy of the repository (tests/generator; it builds the copy's portal
 *   and starts its servers for the area's no-JavaScript test), a stage of its own in npm test;
 * - nojs: every screen as a browser with JavaScript off sees it, without a browser: tests/nojs/harness.ts
 *   drives the built portal over HTTP (links, forms, redirects, cookies) and reads its HTML. One portal + API
 *   pair (portal 3400, API 4400, moved by E2E_PORT_OFFSET) is started for the whole run by
 *   tests/nojs/global-setup.ts, which builds the portal unless E2E_PREBUILT=true and signs every demo user in
 *   once; the tests reuse those cookies. `npm run test:nojs`; `npm test` runs it as its own stage, so the
 *   plain `vitest run` of the unit and API stage names its projects.
 * Note: vitest sets process.env.BASE_URL itself; our settings never use that name.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // A 2-core machine: each API test file runs its own embedded Postgres.
    maxWorkers: 2,
    sequence: { sequencer: GuardRailsFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // See "isolate" under api: pure rules, nothing kept between files (4.8 s instead of 14.7 for the project here).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // A worker runs its files one after the other in one module graph instead of loading the API anew for each
          // (~1.5 s a file): each file builds its own app on its own database, and no test mocks a module, stubs a
          // global or changes process.env. 145 s instead of 225 s for the project on PGlite here.
          isolate: false,
          globalSetup: ["tests/helpers/api-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/api-global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "generator",
          include: ["tests/generator/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "nojs",
          include: ["tests/nojs/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/nojs/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

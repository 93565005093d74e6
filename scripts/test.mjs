#!/usr/bin/env node
// npm test: lint, format check, typecheck, unit and API tests, the area generator's proof (on PGlite, and again on PostgreSQL when TEST_DATABASE_URL
// is set), the portal built once, every screen without JavaScript over HTTP (tests/nojs), then the
// end-to-end tests in Chromium. Prints each stage's time; ends with one line: "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const results = path.join(root, ".test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const suiteStarted = Date.now();
const times = [];
let passed = 0;
let failed = 0;
const failures = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const res = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return finished(title, res.status, started);
}

/** Records a stage's time and outcome and prints its closing line; answers whether it passed. */
function finished(title, status, started) {
  const seconds = (Date.now() - started) / 1000;
  times.push([title, seconds]);
  console.log(`=== ${title}: ${status === 0 ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s`);
  if (status !== 0) failures.push(title);
  return status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
  failed += r.stats?.unexpected ?? 0;
}

const npx = (bin) => path.join(root, "node_modules/.bin", bin);
const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Runs stages side by side that each leave part of the two cores idle (single-threaded checks; the generator's steps
 * one after the other), each one's output printed whole when it ends; each keeps its own line in the stage times.
 */
async function runTogether(stages) {
  await Promise.all(
    stages.map(
      ([title, command, args, env = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("error", (error) => (output += `Could not run ${command}: ${error.message}\n`));
          child.on("close", (status) => {
            console.log(`\n=== ${title}`);
            if (output) process.stdout.write(output);
            resolve(finished(title, status, started));
          });
        }),
    ),
  );
}

await runTogether([
  ["Lint", npx("eslint"), ["--cache", "--cache-location", "node_modules/.cache/eslint/", "."]],
  ["Format check", npx("prettier"), ["--check", "--log-level", "warn", "."]],
  ["Typecheck", npx("tsc"), ["--noEmit"]],
]);
// The no-JavaScript layer is a stage of its own (it needs the built portal).
run(
  "Unit and API tests (embedded PGlite)",
  npx("vitest"),
  [
    "run",
    "--project",
    "unit",
    "--project",
    "api",
    "--project",
    "security",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${results}/vitest.json`,
  ],
  { TEST_DATABASE_URL: "" },
);
countVitest(`${results}/vitest.json`);
// npm run new:area: an area generated in a copy of the repository typechecks, lints and passes its own API and no-JavaScript
// tests. Its steps run one after the other, so it runs beside the API tests on PostgreSQL when those are run.
const generator = [
  "Generator (a new area: migration, typecheck, lint, format, its API and no-JavaScript tests)",
  npx("vitest"),
  ["run", "--project", "generator", "--reporter=default", "--reporter=json", `--outputFile.json=${results}/vitest-generator.json`],
  { TEST_DATABASE_URL: "" },
];
if (pgUrl) {
  await runTogether([
    [
      "API tests (PostgreSQL)",
      npx("vitest"),
      ["run", "--project", "api", "--reporter=default", "--reporter=json", `--outputFile.json=${results}/vitest-pg.json`],
      { TEST_DATABASE_URL: pgUrl },
    ],
    generator,
  ]);
  countVitest(`${results}/vitest-pg.json`);
} else {
  console.log("\n(API tests on PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to run them.)");
  run(...generator);
}
countVitest(`${results}/vitest-generator.json`);
// Built once: the no-JavaScript stage and both end-to-end instances run this build (E2E_PREBUILT).
const built = run("Build the portal", process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
  NODE_ENV: "production",
  VITE_CJS_IGNORE_WARNING: "true",
});
if (!built) {
  console.log("\n(The portal did not build: the no-JavaScript and end-to-end stages were not run.)");
} else {
  run(
    "No-JavaScript tests (the built portal over HTTP)",
    npx("vitest"),
    ["run", "--project", "nojs", "--reporter=default", "--reporter=json", `--outputFile.json=${results}/vitest-nojs.json`],
    {
      E2E_PREBUILT: "true",
    },
  );
  countVitest(`${results}/vitest-nojs.json`);
  if (process.env.SKIP_E2E !== "true") {
    run("End-to-end tests (Chromium: JavaScript on, and a smoke set with it off)", process.execPath, ["scripts/test-e2e.mjs", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json`,
      E2E_PREBUILT: "true",
    });
    countPlaywright(`${results}/playwright.json`);
  }
}

console.log(
  "\nStage times (lint, format check and typecheck side by side, and the generator beside the API tests on PostgreSQL; the total is the wall clock):",
);
for (const [title, seconds] of times) console.log(`  ${title.padEnd(72)} ${(seconds / 60).toFixed(1).padStart(5)} min`);
console.log(`  ${"Total".padEnd(72)} ${((Date.now() - suiteStarted) / 60000).toFixed(1).padStart(5)} min`);
if (failures.length) console.log(`\nFailed: ${failures.join("; ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);

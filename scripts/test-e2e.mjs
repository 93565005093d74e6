#!/usr/bin/env node
// npm run test:e2e: the end-to-end tests in Debian Chromium, with JavaScript on, and a smoke set with it off.
//   1. makes sure Debian's headless shell of Chromium exists (/usr/bin/chromium-headless-shell, or the browser E2E_CHROMIUM
//      names; installs the package with apt-get when running as root);
//   2. removes .data-e2e, so both test instances start on fresh demo data;
//   3. builds the portal once (both test instances then reuse build/), unless E2E_PREBUILT=true says it was
//      built for this run already (npm test);
//   4. runs `playwright test` with any extra arguments, e.g. `npm run test:e2e -- --project=nojs`.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CHROMIUM = process.env.E2E_CHROMIUM || "/usr/bin/chromium-headless-shell";
const PACKAGE = path.basename(CHROMIUM) === "chromium-headless-shell" ? "chromium-headless-shell" : "chromium";
const started = Date.now();

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) {
    console.error(`Could not run ${command}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log(`${CHROMIUM} is missing: installing ${PACKAGE} with apt-get …`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    if (run("apt-get", ["update"], { env }) !== 0 || run("apt-get", ["install", "-y", PACKAGE], { env }) !== 0 || !existsSync(CHROMIUM)) {
      console.error(`Installing ${PACKAGE} failed; install it with: apt-get update && apt-get install -y ${PACKAGE}`);
      process.exit(1);
    }
  } else {
    console.error(`The end-to-end tests need Debian's ${PACKAGE} at ${CHROMIUM}; install it with: sudo apt-get update && sudo apt-get install -y ${PACKAGE}`);
    process.exit(1);
  }
}

// Each instance clears its own data folder as it starts (playwright.config.ts); E2E_PORT_OFFSET keeps
// parallel runs on one machine apart.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
for (const name of ["main", "short"]) rmSync(path.join(root, ".data-e2e", `${name}${offset ? `-${offset}` : ""}`), { recursive: true, force: true });

// npm test builds once for its no-JavaScript stage and this one, and says so with E2E_PREBUILT=true.
const built = process.env.E2E_PREBUILT === "true" && existsSync(path.join(root, process.env.REMIX_BUILD_DIR || "build", "index.js")) ? 0 : build();
if (built !== 0) {
  console.error("The portal build failed; no end-to-end tests were run.");
  process.exit(built);
}

function build() {
  console.log("Building the portal …");
  return run(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    env: { ...process.env, NODE_ENV: "production", VITE_CJS_IGNORE_WARNING: "true" },
  });
}

const status = run(process.execPath, [path.join(root, "node_modules/@playwright/test/cli.js"), "test", ...process.argv.slice(2)], {
  env: { ...process.env, E2E_PREBUILT: "true" },
});
console.log(`End-to-end run finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit code ${status}).`);
process.exit(status);

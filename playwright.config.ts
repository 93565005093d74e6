import { defineConfig, devices } from "@playwright/test";
import { E2E, PORT_OFFSET } from "./tests/e2e/env";

/**
 * End-to-end tests of the portal in Debian Chromium, with JavaScript on (`js`: every spec) and off (`nojs`:
 * a smoke set; see NOJS_WHOLE_SPECS below).
 *
 * Run them with `npm run test:e2e` (scripts/test-e2e.mjs): it makes sure Chromium is there, clears the
 * test data, builds the portal once and then runs `playwright test` (extra arguments are passed on).
 *
 * Two portal + API pairs are started by `node scripts/start.mjs`, each on a fresh embedded database:
 *   main  (portal 3100, API 4100) — everything but session expiry;
 *   short (portal 3200, API 4200) — SESSION_IDLE_MINUTES=0.1 (6 s), for the inactivity sign-out.
 * The e-mailed sign-in codes are read from the API's sandbox outbox, as a developer would.
 */

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell, the same engine as /usr/bin/chromium without
 * its window system; what Playwright itself runs for headless tests). On a 2-core machine it ran the same specs in
 * about a fifth less time than /usr/bin/chromium in headless mode. E2E_CHROMIUM names another binary, e.g.
 * E2E_CHROMIUM=/usr/bin/chromium to watch a test with --headed.
 */
const executablePath = process.env.E2E_CHROMIUM || "/usr/bin/chromium-headless-shell";

const chromium = {
  ...devices["Desktop Chrome"],
  headless: true,
  launchOptions: {
    executablePath,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  },
};

/**
 * Without JavaScript every screen is tested over HTTP by the no-JavaScript layer (tests/nojs, vitest), which
 * needs no browser. The `nojs` project keeps only a smoke set of the main flows (tests tagged `@smoke`: sign-in,
 * a list with a filter, a create, a drawer), what only a browser shows without JavaScript (tagged
 * `@nojs-browser`: the CSS-only menu of narrow screens, layout), and any spec file named here (none now), which
 * would run whole in it until its behaviours without JavaScript move to tests/nojs.
 */
const NOJS_WHOLE_SPECS: string[] = [];
const nojsGrep = [/@smoke/, /@nojs-browser/, ...NOJS_WHOLE_SPECS.map((name) => new RegExp(`(^|[ /])${name.replace(/\./g, "\\.")}\\.spec\\.ts `))];

/** scripts/test-e2e.mjs builds once and sets E2E_PREBUILT; run directly, the main instance builds. */
const prebuilt = process.env.E2E_PREBUILT === "true";
const reuse = process.env.E2E_REUSE_SERVER === "true";

function server(name: "main" | "short", portalPort: number, apiPort: number, extraEnv: Record<string, string>) {
  const dataDir = `.data-e2e/${name}${PORT_OFFSET ? `-${PORT_OFFSET}` : ""}`;
  return {
    // The data directory is removed right before this instance starts, so every run seeds afresh.
    command: `node -e "require('node:fs').rmSync('${dataDir}', { recursive: true, force: true })" && node scripts/start.mjs`,
    url: `http://127.0.0.1:${portalPort}/login`,
    reuseExistingServer: reuse,
    timeout: 360_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
    env: {
      PORT: String(portalPort),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      START_QUIET: "true",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: "./tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: "list",
  outputDir: "test-results/e2e",
  use: {
    baseURL: E2E.main.flightdeck,
    // A trace records every action's screenshots and DOM; on a 2-core machine that costs about a quarter of a
    // test's time. CI retries a failure once and traces only that retry; a local run keeps a failing test's trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "nojs", use: { ...chromium, javaScriptEnabled: false }, grep: nojsGrep },
  ],
  // Started one after the other: the main instance first (it builds when not prebuilt), then the
  // short-session one, which always reuses that build.
  webServer: [
    server("main", E2E.main.portalPort, E2E.main.apiPort, { SKIP_BUILD: prebuilt ? "true" : "false" }),
    server("short", E2E.short.portalPort, E2E.short.apiPort, { SKIP_BUILD: "true", SESSION_IDLE_MINUTES: "0.1" }),
  ],
});

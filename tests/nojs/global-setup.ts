import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { NOJS, SIGNED_IN, USERS } from "./env";
import { NojsBrowser, outbox, signInCodesSince, type CookieJar } from "./harness";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function waitFor(url: string, until: number, server: ChildProcess) {
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The portal stopped while starting (exit code ${server.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

/** Signs a demo user in through the portal's own forms (the e-mailed code read from the sandbox outbox). */
async function signIn(key: (typeof SIGNED_IN)[number]): Promise<CookieJar> {
  const user = USERS[key];
  const browser = new NojsBrowser(NOJS[user.theme]);
  const before = key === "verify" ? ((await outbox(user.email))[0]?.id ?? 0) : 0;
  let page = await browser.signIn(user.email);
  if (key === "verify") {
    const [code] = await signInCodesSince(user.email, before);
    page = await page.form({ button: "Verify and sign in" }).fill("Sign-in code", code).submit("Verify and sign in");
  }
  if (page.path !== user.landing) throw new Error(`${user.email} signed in to ${page.path} (${page.status}), not ${user.landing}`);
  return browser.jar;
}

/**
 * The no-JavaScript layer's set-up: builds the portal unless it was built for this run already
 * (E2E_PREBUILT=true, as `npm test` and scripts/test-e2e.mjs do), starts one portal + API pair with
 * `node scripts/start.mjs` on a fresh data folder (tests/nojs/env.ts), signs every demo user in once and
 * hands their cookies to the tests, and stops the pair at the end. NOJS_REUSE_SERVER=true uses a pair
 * already running on those ports instead (it must have been started the same way).
 */
export default async function setup(project: TestProject) {
  let server: ChildProcess | undefined;
  if (process.env.NOJS_REUSE_SERVER !== "true") {
    if (process.env.E2E_PREBUILT !== "true" || !existsSync(path.join(root, "build/index.js"))) {
      const built = spawnSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, NODE_ENV: "production", VITE_CJS_IGNORE_WARNING: "true" },
      });
      if (built.status !== 0) throw new Error("The portal build failed");
    }
    rmSync(path.join(root, NOJS.dataDir), { recursive: true, force: true });
    server = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(NOJS.portalPort),
        API_PORT: String(NOJS.apiPort),
        API_BASE_URL: NOJS.api,
        DATA_DIR: NOJS.dataDir,
        SKIP_BUILD: "true",
        START_QUIET: "true",
        LOG_LEVEL: "warn",
      },
    });
  }
  const stop = async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  };
  try {
    const until = Date.now() + 360_000;
    if (server) await waitFor(`${NOJS.api}/health`, until, server);
    await waitFor(`http://127.0.0.1:${NOJS.portalPort}/login`, until, server ?? ({ exitCode: null } as ChildProcess));
    const jars: Partial<Record<(typeof SIGNED_IN)[number], CookieJar>> = {};
    for (const key of SIGNED_IN) jars[key] = await signIn(key);
    project.provide("nojsSignedIn", jars);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

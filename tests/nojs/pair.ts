import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NOJS, PORT_OFFSET } from "./env";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function waitFor(url: string, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
}

/**
 * A portal + API pair of a test file's own (the built portal, a fresh data folder), for what the shared pair cannot
 * show: the API stopped and started again while the portal runs, a short session. `shift` (1, 2 …) moves it past
 * the shared pair's ports.
 */
export async function startPair(name: string, shift: number, extraEnv: Record<string, string> = {}) {
  const portalPort = NOJS.portalPort + shift;
  const apiPort = NOJS.apiPort + shift;
  const dataDir = path.join(root, ".data-nojs", `${name}${PORT_OFFSET ? `-${PORT_OFFSET}` : ""}`);
  rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production" as const,
    PORT: String(portalPort),
    API_PORT: String(apiPort),
    API_BASE_URL: `http://127.0.0.1:${apiPort}`,
    DATA_DIR: dataDir,
    PORTAL_URL: `http://localhost:${portalPort}`,
    SEED_DEMO: "if-empty",
    SECURE_COOKIES: "false",
    LOG_LEVEL: "warn",
    ...extraEnv,
  };
  let api: ChildProcess | undefined;
  const pair = {
    flightdeck: `http://flightdeck.localhost:${portalPort}`,
    api: `http://127.0.0.1:${apiPort}`,
    portal: undefined as ChildProcess | undefined,
    async startApi() {
      api = spawn(process.execPath, ["--import", "tsx", path.join(root, "api/main.ts")], { cwd: root, env, stdio: "ignore" });
      await waitFor(`${pair.api}/health`);
    },
    stopApi: () => stop(api),
    async stop() {
      await stop(api);
      await stop(pair.portal);
    },
  };
  await pair.startApi();
  pair.portal = spawn(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), path.join(root, process.env.REMIX_BUILD_DIR || "build", "index.js")],
    {
      cwd: root,
      env,
      stdio: "ignore",
    },
  );
  await waitFor(`http://127.0.0.1:${portalPort}/login`);
  return pair;
}

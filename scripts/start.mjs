#!/usr/bin/env node
// npm start: builds the portal, starts the API (which migrates the database and seeds the demo tenants
// on first run) and the portal, and prints where to open it and how to sign in. Both processes are supervised:
// one that stops is started again (with a growing wait, logged) while the other keeps serving.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { supervise } from "./supervisor.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env };
const portalPort = Number(env.PORT ?? 3000);
const apiPort = Number(env.API_PORT ?? 4000);
env.PORT = String(portalPort);
env.API_PORT = String(apiPort);
env.API_BASE_URL ??= `http://127.0.0.1:${apiPort}`;
env.DATA_DIR = path.resolve(root, env.DATA_DIR ?? ".data");
env.PORTAL_URL ??= `http://localhost:${portalPort}`;
env.SEED_DEMO ??= "if-empty";
env.NODE_ENV ??= "production";
// The local start serves plain HTTP; set SECURE_COOKIES=true behind HTTPS.
env.SECURE_COOKIES ??= "false";
env.VITE_CJS_IGNORE_WARNING = "true";
const quiet = env.START_QUIET === "true";

// REMIX_BUILD_DIR (remix.config.js) builds and serves from another folder, so runs side by side keep their assets.
const serverBuild = path.join(root, env.REMIX_BUILD_DIR || "build", "index.js");
if (env.SKIP_BUILD !== "true" || !existsSync(serverBuild)) {
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: root,
    env,
    stdio: quiet ? "ignore" : "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const supervised = [];
function launch(name, args) {
  const s = supervise({ name, start: () => spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"] }) });
  supervised.push(s);
  return s;
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  setTimeout(() => process.exit(code), 5000).unref();
  await Promise.all(supervised.map((s) => s.stop()));
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

/** How long each process may take to answer (a loaded machine migrates and seeds slowly). */
const START_TIMEOUT_MS = Number(env.START_TIMEOUT_SECONDS ?? 300) * 1000;

async function waitFor(url, what, timeoutMs = START_TIMEOUT_MS) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.error(`${what} did not start within ${timeoutMs / 1000} s.`);
  stop(1);
  // Never go on to start the next process without this one.
  await new Promise(() => {});
}

launch("API", ["--import", "tsx", path.join(root, "api/main.ts")]);
await waitFor(`${env.API_BASE_URL}/health`, "The API");
launch("Portal", [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), serverBuild]);
await waitFor(`http://127.0.0.1:${portalPort}/login`, "The portal");

console.log(`
  The portal is running.
    flightDeck:     http://flightdeck.localhost:${portalPort}
    smallBusiness:  http://smallbusiness.localhost:${portalPort}
    default:        http://localhost:${portalPort}  (${env.DEFAULT_VARIANT ?? "flightdeck"})
    API:            ${env.API_BASE_URL}   (database: ${env.DATABASE_URL ? "PostgreSQL" : `embedded, ${path.join(env.DATA_DIR, "pglite")}`})

  Demo sign-ins (password for all: demo-pass-2026):
    admin@harbour.test     Harbour Brokers, flightDeck parent tenant, every permission
    viewer@harbour.test    Harbour Brokers, may only view tasks
    verify@harbour.test    Harbour Brokers, passes an e-mail code step (code in the sandbox outbox: ${env.API_BASE_URL}/sandbox/outbox)
    ops@harbour.test       not a front-end user: refused by the portal
    adviser@northgate.test Northgate Advisers, flightDeck, lands on the dashboard
    owner@bloom.test       Bloom Bakery Ltd, smallBusiness

  Press Ctrl+C to stop.
`);

#!/usr/bin/env node
// npm run screenshots: signs in to both editions and screenshots every built screen (the side menu's pages, plus a
// task, the board and the sign-in pages) at 1440×900 and 390×844, with JavaScript on and off, into screenshots/
// (ignored by git). It starts its own portal + API pair on a fresh data folder (SCREENSHOTS_PORT, default 3900,
// API +1000) with Debian Chromium (/usr/bin/chromium), or uses one already running at SCREENSHOTS_BASE_PORT.
// SCREENSHOTS_ONLY=/tasks,/roles takes only the screens whose path starts with one of those (and the sign-in pages
// only when /login is named), e.g. after a change to a few screens.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "screenshots");
const reuse = process.env.SCREENSHOTS_BASE_PORT;
const port = Number(reuse ?? process.env.SCREENSHOTS_PORT ?? 3900);
const PASSWORD = "demo-pass-2026";
const only = process.env.SCREENSHOTS_ONLY?.split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const wanted = (p) => !only || only.some((prefix) => p.startsWith(prefix));
const EDITIONS = [
  { name: "flightdeck", email: "admin@harbour.test" },
  { name: "smallbusiness", email: "owner@bloom.test" },
];
const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
];

let server;
async function up(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer`);
}

if (!reuse) {
  const dataDir = ".data-screenshots";
  rmSync(path.join(root, dataDir), { recursive: true, force: true });
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(port + 1000),
      DATA_DIR: dataDir,
      REMIX_BUILD_DIR: ".screenshots-build",
      START_QUIET: "true",
      LOG_LEVEL: "warn",
    },
  });
}
const stop = () => server?.exitCode === null && server.kill("SIGTERM");
process.on("exit", stop);

const origin = (edition) => `http://${edition}.localhost:${port}`;
const slug = (p) =>
  (p === "/"
    ? "home"
    : p
        .replace(/^\//, "")
        .replace(/[^a-z0-9]+/gi, "-")
        .replace(/-$/, "")) || "home";

async function signIn(page, edition, email) {
  await page.goto(`${origin(edition)}/login`);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", PASSWORD);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith("/login")), page.click("button[type=submit]")]);
}

/** The built screens: the side menu's own pages (not external, not a page that is not built yet), a task, the board. */
async function screensOf(page, edition) {
  await page.goto(`${origin(edition)}/dashboard`);
  const links = await page.$$eval("aside#side-menu a[href^='/']", (as) => as.map((a) => a.getAttribute("href")));
  const screens = new Set(["/dashboard"]);
  for (const href of links) {
    if (!href || href.startsWith("//") || !wanted(href)) continue;
    const res = await page.goto(`${origin(edition)}${href}`);
    if (res?.status() === 200 && !(await page.$("[data-not-built]"))) screens.add(new URL(page.url()).pathname);
  }
  await page.goto(`${origin(edition)}/tasks?page=1`);
  const task = await page.$eval("tbody a[href^='/tasks/']", (a) => a.getAttribute("href")).catch(() => null);
  if (task) screens.add(task);
  screens.add("/tasks/board");
  screens.add("/tasks/new");
  return [...screens].filter(wanted);
}

try {
  await up(`http://localhost:${port}/login`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  let count = 0;
  for (const { name: edition, email } of EDITIONS) {
    // The pages before sign-in.
    for (const js of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled: js });
      const page = await context.newPage();
      for (const vp of VIEWPORTS) {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        for (const p of !only || only.includes("/login") ? ["/login", "/forgot-password"] : []) {
          await page.goto(`${origin(edition)}${p}`);
          await page.screenshot({ path: path.join(out, `${edition}-${slug(p)}-${vp.name}-${js ? "js" : "nojs"}.png`), fullPage: true });
          count++;
        }
      }
      await context.close();
    }
    const discover = await browser.newContext();
    const discoverPage = await discover.newPage();
    await signIn(discoverPage, edition, email);
    const screens = await screensOf(discoverPage, edition);
    await discover.close();
    for (const js of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled: js });
      const page = await context.newPage();
      await signIn(page, edition, email);
      for (const vp of VIEWPORTS) {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        for (const p of screens) {
          await page.goto(`${origin(edition)}${p}`, { waitUntil: "load" });
          if (js) await page.waitForLoadState("networkidle").catch(() => {});
          const file = path.join(out, `${edition}-${slug(p)}-${vp.name}-${js ? "js" : "nojs"}.png`);
          await page.screenshot({ path: file, fullPage: true });
          count++;
        }
      }
      await context.close();
    }
  }
  await browser.close();
  console.log(`${count} screenshots in ${path.relative(process.cwd(), out) || out}`);
} finally {
  stop();
}

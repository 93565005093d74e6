import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E, PORT_OFFSET, instance, type Instance } from "./env";
import { USERS, expectHydrated, signIn } from "./helpers";
import { uniqueToken } from "./lists";
import { taskApi } from "./task-api";

/**
 * The API stopped while the portal runs. This spec starts a portal of its own (port 3300 + E2E_PORT_OFFSET, one
 * more for the nojs project) whose API address is a TCP relay (port 4300 + …) to the main instance's API. Stopping
 * the API closes the relay: its port refuses connections and the connections open through it are cut, as when the
 * API's process ends; starting it listens again. (Starting and stopping the API process itself is the supervisor's
 * and the database restart test's; here the portal's side is under test, and a relay answers at once where a
 * restarted process takes seconds to load.)
 * - pages answer a friendly 503 inside a frame, with no stack;
 * - a form submitted during the outage keeps what was typed (with JavaScript: the drawer stays open with
 *   the value and a message; without it the page answers the friendly 503, saying that what was sent has not
 *   been saved, showing it and keeping it in a form that sends it again);
 * - once the API is back, everything works again without restarting the portal.
 */

const root = process.cwd();
let portal: ChildProcess | undefined;
let pair: Instance;

async function waitFor(url: string, ms = 120_000) {
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

/** The API as this spec's portal reaches it: a relay to the main instance's API that can be stopped and started. */
const relay = {
  server: undefined as net.Server | undefined,
  open: new Set<net.Socket>(),
};

async function startApi() {
  const target = new URL(E2E.main.api);
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      relay.open.add(socket);
      socket.on("close", () => relay.open.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(pair.apiPort, "127.0.0.1", () => resolve()));
  relay.server = server;
  await waitFor(`${pair.api}/health`);
}

async function stopApi() {
  const server = relay.server;
  if (!server) return;
  relay.server = undefined;
  const closed = new Promise((resolve) => server.close(resolve));
  for (const socket of relay.open) socket.destroy();
  await closed;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  const shift = testInfo.project.name === "nojs" ? 1 : 0;
  pair = instance(3300 + PORT_OFFSET + shift, 4300 + PORT_OFFSET + shift);
  const dataDir = path.join(root, ".data-e2e", `faults-${PORT_OFFSET}-${testInfo.project.name}`);
  rmSync(dataDir, { recursive: true, force: true });
  await startApi();
  portal = spawn(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), path.join(root, process.env.REMIX_BUILD_DIR || "build", "index.js")],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(pair.portalPort),
        API_BASE_URL: pair.api,
        DATA_DIR: dataDir,
        SECURE_COOKIES: "false",
      },
      stdio: "ignore",
    },
  );
  await waitFor(`http://127.0.0.1:${pair.portalPort}/login`);
});

test.afterAll(async () => {
  await stopApi();
  if (portal && portal.exitCode === null) portal.kill("SIGTERM");
});

test("the API stopped: a friendly 503 in the frame, the typed form kept, and all well again once it is back", async ({ page }, testInfo) => {
  testInfo.setTimeout(120_000);
  const js = testInfo.project.name === "js";
  await signIn(page, USERS.admin, { instance: pair });
  const name = `Typed during the outage ${Date.now()}`;
  await page.goto(`${pair.flightdeck}/roles/new?search=outage`);
  const input = page.getByLabel("Role name");
  await input.fill(name);

  await stopApi();

  // The form sent during the outage.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  if (js) {
    await expect(page.getByText("The service is not answering right now.", { exact: false }).first()).toBeVisible();
    await expect(page.getByLabel("Role name")).toHaveValue(name);
  } else {
    await expect(page.getByRole("heading", { name: "Service unavailable" })).toBeVisible();
    const main = page.locator("main");
    await expect(main).toContainText("what you sent has not been saved yet");
    await expect(main).not.toContainText("has not been lost");
    await expect(main.locator("[data-unsaved]")).toContainText(name);
    await expect(page.getByRole("button", { name: "Send again" })).toBeVisible();
  }

  // A page opened during the outage: 503, inside a frame, no stack (without JavaScript in another tab, so that
  // the first keeps what was sent, to send it again).
  const other = js ? page : await page.context().newPage();
  const res = await other.goto(`${pair.flightdeck}/roles?search=outage`);
  expect(res?.status()).toBe(503);
  await expect(other.getByRole("heading", { name: "Service unavailable" })).toBeVisible();
  await expect(other.locator("[data-frame]")).toBeVisible();
  await expect(other.locator("main")).toContainText("What you were doing has not been lost");
  await expect(other.locator("[data-unsaved]")).toHaveCount(0);
  const html = await other.content();
  expect(html).not.toMatch(/\bat [\w$.<>]+ \(|\.ts:\d+|\.js:\d+|ECONNREFUSED|Error:/);
  if (other !== page) await other.close();

  // The API comes back; the same portal process serves again, and the form can be sent (without JavaScript, as
  // kept on the 503 page, without typing it again).
  await startApi();
  if (js) {
    await page.goto(`${pair.flightdeck}/roles/new?search=outage`);
    await page.getByLabel("Role name").fill(name);
    await page.getByRole("button", { name: "Save", exact: true }).click();
  } else {
    await page.getByRole("button", { name: "Send again" }).click();
  }
  await expect(page.getByText("Role created.")).toBeVisible();
  await page.goto(`${pair.flightdeck}/roles?search=${encodeURIComponent(name)}`);
  await expect(page.locator("table tbody")).toContainText(name);
  expect(portal?.exitCode).toBeNull();
});

test("the provider and task drawers keep what was typed during an outage too", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "without JavaScript the form's page needs the API to be drawn again: the friendly 503 of the test above");
  testInfo.setTimeout(120_000);
  await signIn(page, USERS.admin, { instance: pair });
  const provider = `Provider typed during the outage ${Date.now()}`;
  const task = `Task typed during the outage ${Date.now()}`;
  await page.goto(`${pair.flightdeck}/providers/new`);
  const form = page.locator("[data-drawer]");
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(provider);
  await form.getByRole("textbox", { name: "Nominal code", exact: true }).fill("OUT-1");
  await stopApi();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("The service is not answering right now.", { exact: false }).first()).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(provider);
  await expect(form.getByRole("textbox", { name: "Nominal code", exact: true })).toHaveValue("OUT-1");
  await startApi();

  await page.goto(`${pair.flightdeck}/tasks/new`);
  const name = form.getByRole("textbox", { name: "Name", exact: true });
  await name.fill(task);
  await stopApi();
  await form.getByRole("button", { name: /^Create/ }).click();
  await expect(page.getByText("The service is not answering right now.", { exact: false }).first()).toBeVisible();
  await expect(name).toHaveValue(task);
  await startApi();
});

test("a client's drawer and a task's note keep what was typed during an outage", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "without JavaScript the form's page needs the API to be drawn again: the friendly 503 of the first test");
  testInfo.setTimeout(120_000);
  await signIn(page, USERS.admin, { instance: pair });
  const outage = page.getByText("The service is not answering right now.", { exact: false }).first();

  await page.goto(`${pair.flightdeck}/individuals/new`);
  const drawer = page.locator("[data-drawer]");
  await expectHydrated(drawer.getByLabel("First name"));
  await drawer.getByLabel("First name").fill("Typed");
  await drawer.getByLabel("Last name").fill(`During the outage ${Date.now()}`);
  await stopApi();
  await drawer.getByRole("button", { name: /^Create/ }).click();
  await expect(outage).toBeVisible();
  await expect(drawer.getByLabel("First name")).toHaveValue("Typed");
  await startApi();

  // A task of this test's own, opened from the list.
  const token = uniqueToken(testInfo);
  const tasks = await taskApi(request);
  const [pipeline] = await tasks.pipelines();
  const id = await tasks.createTask(`Outage note ${token}`, pipeline.id, pipeline.stages[0].id);
  try {
    await page.goto(`${pair.flightdeck}/tasks?search=${token}`);
    await page.getByRole("link", { name: `Outage note ${token}`, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/tasks/${id}`);
    const note = `A note typed during the outage ${Date.now()}`;
    await expectHydrated(page.locator("#note-body"));
    await page.locator("#note-body").fill(note);
    await stopApi();
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(outage).toBeVisible();
    await expect(page.locator("#note-body")).toHaveValue(note);
    await startApi();
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Note added.", { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Notes" })).toContainText(note);
  } finally {
    await tasks.removeTask(id);
  }
});

/** The API token inside the portal's signed session cookie (base64 JSON, then "." and the signature). */
async function sessionToken(page: import("@playwright/test").Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "__session" || c.name === "__Host-session");
  const signed = decodeURIComponent(cookie!.value);
  const data = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as { token: string };
  return data.token;
}

test("signing out while the API is down: the cookie goes at once, and the token is revoked once the API is back", async ({ page }, testInfo) => {
  testInfo.setTimeout(120_000);
  await signIn(page, USERS.admin, { instance: pair });
  const token = await sessionToken(page);
  const me = () => fetch(`${pair.api}/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
  expect(await me()).toBe(200);

  await stopApi();
  await page.goto(`${pair.flightdeck}/logout`);
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name.endsWith("session") && c.value)).toBe(false);
  await startApi();
  // The portal sends the revoke again until the API has done it.
  await expect.poll(me, { timeout: 30_000 }).toBe(401);
});

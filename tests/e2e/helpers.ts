import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { exchange, parseSetCookie, type SetCookie } from "../helpers/portal-http";
import { E2E, type Instance } from "./env";

export { E2E };

/** The one password of every demo user (api/db/seed.ts). */
export const PASSWORD = "demo-pass-2026";

export type Theme = "flightdeck" | "smallbusiness";

export interface DemoUser {
  email: string;
  name: string;
  lastName: string;
  /** The host (theme) the user signs in on. */
  theme: Theme;
  /** Where the spec sends the user after signing in. */
  landing: string;
  /** The title of the page the user lands on. */
  landingTitle: string;
}

export const USERS = {
  /** Harbour Brokers: flightDeck, parent tenant, internal, every permission. */
  admin: { email: "admin@harbour.test", name: "Amelia", lastName: "Hart", theme: "flightdeck", landing: "/dashboard", landingTitle: "Dashboard" },
  /** Harbour Brokers, only task_view. */
  viewer: { email: "viewer@harbour.test", name: "Victor", lastName: "Lane", theme: "flightdeck", landing: "/dashboard", landingTitle: "Dashboard" },
  /** Harbour Brokers, not a front-end user: refused by the portal. */
  ops: { email: "ops@harbour.test", name: "Olive", lastName: "Price", theme: "flightdeck", landing: "/login", landingTitle: "Sign in" },
  /** Harbour Brokers, passes an e-mailed code step. */
  verify: { email: "verify@harbour.test", name: "Vera", lastName: "Mills", theme: "flightdeck", landing: "/dashboard", landingTitle: "Dashboard" },
  /** Northgate Advisers: flightDeck, neither internal nor small business, not a parent tenant. */
  adviser: {
    email: "adviser@northgate.test",
    name: "Aisha",
    lastName: "Khan",
    theme: "flightdeck",
    landing: "/dashboard",
    landingTitle: "Dashboard",
  },
  /** Bloom Bakery Ltd: smallBusiness. */
  owner: { email: "owner@bloom.test", name: "Olivia", lastName: "Bloom", theme: "smallbusiness", landing: "/dashboard", landingTitle: "Home" },
} satisfies Record<string, DemoUser>;

export const BAD_CREDENTIALS = "These credentials do not match our records.";
export const INACTIVITY_NOTICE = "You were signed out after a period of inactivity. Please sign in again.";

/** The portal address of a theme on an instance. */
export function origin(theme: Theme, instance: Instance = E2E.main) {
  return instance[theme];
}

/** Opens the sign-in page of a theme and submits the form (does not wait for the outcome). */
export async function submitSignIn(page: Page, email: string, password: string, { theme = "flightdeck" as Theme, instance = E2E.main } = {}) {
  await page.goto(`${origin(theme, instance)}/login`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sign in to");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Signs a demo user in through the sign-in page, as they would: opens it, types, presses "Sign in", and waits until
 * they land where the spec says. For the tests of signing in itself; the others use `signIn`.
 */
export async function signInThroughPage(page: Page, user: DemoUser, { instance = E2E.main } = {}) {
  await submitSignIn(page, user.email, PASSWORD, { theme: user.theme, instance });
  await expectPath(page, user.landing);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(user.landingTitle);
}

/**
 * Gives the page's browser a session of its own for a demo user, without drawing the sign-in page: the test runner
 * sends the portal's own sign-in form (its fields, from the portal's origin, to the theme's host) and hands the
 * browser the cookies the answer sets. The browser opens nothing; the test's next `goto` is its first page. Every
 * test signs in afresh (a test that signs out ends only its own session); signing in through the page is tested in
 * sign-in.spec.ts.
 */
export async function startSession(page: Page, user: DemoUser, { instance = E2E.main } = {}) {
  const url = new URL("/login", origin(user.theme, instance));
  const body = new URLSearchParams({ email: user.email, password: PASSWORD }).toString();
  const answer = await exchange(
    "POST",
    url,
    { origin: url.origin, "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) },
    body,
  );
  expect(answer.status, `${user.email} signs in (the sign-in form's answer)`).toBe(302);
  expect(answer.headers.location, "the sign-in form sends the user to their landing page").toBe(user.landing);
  const cookies = (answer.headers["set-cookie"] ?? []).map(parseSetCookie).filter((c): c is SetCookie => c !== null && !c.removes);
  await page
    .context()
    .addCookies(cookies.map(({ name, value, attributes }) => ({ name, value, url: url.origin, httpOnly: "httponly" in attributes, sameSite: "Lax" as const })));
}

/** Signs a demo user in (a session of their own, see `startSession`) and opens their landing page, as the spec says. */
export async function signIn(page: Page, user: DemoUser, { instance = E2E.main } = {}) {
  await startSession(page, user, { instance });
  await page.goto(`${origin(user.theme, instance)}${user.landing}`);
  await expectPath(page, user.landing);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(user.landingTitle);
}

/** The page's path is exactly `path` (any query). */
export async function expectPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** The side menu of the page frame. */
export function sideMenu(page: Page) {
  return page.locator("aside#side-menu");
}

/** A link of the side menu, by its exact label. */
export function menuLink(page: Page, label: string) {
  return sideMenu(page).getByRole("link", { name: label, exact: true });
}

/** The account menu (a native <details>): opens it by its summary and returns it. */
export async function openAccountMenu(page: Page) {
  const menu = page.locator("details[data-account-menu]");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  return menu;
}

interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The sandbox outbox of an instance's API for one address, newest first. */
export async function outbox(request: APIRequestContext, to: string, instance: Instance = E2E.main): Promise<OutboxMessage[]> {
  const res = await request.get(`${instance.api}/sandbox/outbox`, { params: { to } });
  expect(res.status(), "the API's sandbox outbox answers").toBe(200);
  return ((await res.json()) as { data: OutboxMessage[] }).data;
}

/** The newest outbox message id for an address (0 when there is none). */
export async function latestOutboxId(request: APIRequestContext, to: string, instance: Instance = E2E.main) {
  return (await outbox(request, to, instance))[0]?.id ?? 0;
}

/**
 * The sign-in codes e-mailed to an address after message `afterId`, newest first. Waits until at least
 * one arrived. (The `js` and `nojs` runs of a test may sign the same user in at the same time, so more
 * than one code can show up; the caller tries them newest first.)
 */
export async function signInCodesSince(request: APIRequestContext, to: string, afterId: number, instance: Instance = E2E.main): Promise<string[]> {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        codes = (await outbox(request, to, instance))
          .filter((m) => m.id > afterId)
          .map((m) => /Your sign-in code is (\d{6})/.exec(m.text)?.[1])
          .filter((c): c is string => Boolean(c));
        return codes.length;
      },
      { message: `a sign-in code e-mailed to ${to}`, timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  return codes;
}

/** Signs in through the API directly (not the portal) to read the user's and company's uuids. */
export async function apiSignIn(request: APIRequestContext, email: string, instance: Instance = E2E.main) {
  const res = await request.post(`${instance.api}/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `API sign-in of ${email}`).toBeTruthy();
  const body = (await res.json()) as { token: string; user: { uuid: string }; tenant: { company: { uuid: string } } };
  return { token: body.token, userUuid: body.user.uuid, companyUuid: body.tenant.company.uuid };
}

/**
 * Waits until React has taken an element over (hydrated or client-rendered), not left it as server HTML. Parts of
 * pages are islands (app/lib/island.ts) hydrated once their own chunk has arrived, after the page's load: a test
 * of what JavaScript adds to them (grouping a sort code as it is typed, a pipeline's stages offered for it) waits
 * for this first; without JavaScript it returns at once.
 */
export async function expectHydrated(element: Locator) {
  // Remix's inline script sets window.__remixContext: absent, the page runs no JavaScript.
  if (!(await element.page().evaluate(() => "__remixContext" in window))) return;
  await expect.poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))), { message: "hydrated by React" }).toBe(true);
}

/**
 * Holds the page's scripts back (a slow connection) until the returned function is called: what the test does before
 * that happens on the server's HTML alone. Open the page with `waitUntil: "commit"` (its load waits for the scripts).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.*\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

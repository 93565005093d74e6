import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { E2E, USERS, apiSignIn, signIn } from "./helpers";
import { rangeText, toast, uniqueToken } from "./lists";

/**
 * Guard rails seen from the browser, with JavaScript on and off:
 * - HTML that users wrote (a role, provider and team name, a note) is shown as text, and no stored script
 *   runs (a `window.__xss` flag the payload would set stays undefined, no dialog opens);
 * - the security headers of a page, a data request, a resource route, a redirect, the route manifest and static files (CSP
 *   with a nonce and no 'unsafe-inline' script, frame-ancestors 'none', nosniff, referrer policy; HSTS only
 *   behind HTTPS);
 * - the session cookie is HttpOnly and SameSite=Lax;
 * - a form posted from another origin is refused with 403 and changes nothing;
 * - an address holding control characters (U+0000, which the API refuses) shows its page, not an error;
 * - a list address with a filter the API refuses (an id that is not one) shows the list without it, and does not
 *   bring the filter back on the next visit.
 */

/** Markup that would set window.__xss if it ever ran, plus the token so the row can be found. */
// It starts with a word so that it sorts mid-list by name: specs running at the same time check the first
// rows of the providers, roles and teams lists in both orders ('<' would sort first).
const payload = (token: string) => `Mid-list <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>${token}`;

async function api(request: APIRequestContext, method: "post" | "get", path: string, token: string, data?: unknown) {
  const res = await request[method](`${E2E.main.api}${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/**
 * A request to the portal from the test runner with the page's cookies. (Node cannot resolve
 * flightdeck.localhost, which Chromium resolves itself, so the portal is reached on 127.0.0.1.)
 */
async function portal(
  page: Page,
  method: "get" | "post",
  path: string,
  options: { headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<APIResponse> {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  return page.request[method](`http://127.0.0.1:${E2E.main.portalPort}${path}`, {
    headers: { cookie, ...options.headers },
    form: options.form,
    maxRedirects: 0,
  });
}

async function expectNothingRan(page: Page, path: string, text: string, jsEnabled: boolean) {
  await page.goto(path);
  await expect(page.locator("body")).toContainText(text);
  // The markup is text, not elements: no image with the payload's src.
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  if (jsEnabled) expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  // The server's HTML carries it escaped only (as text, and inside the hydration data as an escaped string).
  const html = await (await portal(page, "get", path)).text();
  expect(html).toContain(text.split(">").pop()!);
  expect(html).not.toContain("<script>window.__xss");
  expect(html).not.toContain('<img src=x onerror="window.__xss');
}

test.describe("Stored HTML", () => {
  test("a role, provider and team name and a note holding markup are shown as text, and nothing runs", async ({ page, request }, testInfo) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const js = testInfo.project.name === "js";
    const token = uniqueToken(testInfo);
    const text = payload(token);
    const { token: bearer } = await apiSignIn(request, USERS.admin.email);

    const role = await api(request, "post", "/role", bearer, { name: text, permissions: ["task_view"] });
    const provider = await api(request, "post", "/providers", bearer, { name: text });
    const team = await api(request, "post", "/api/v1/teams", bearer, { name: text });
    // Other specs read these lists: remove what this test made when it ends.
    const remove = (path: string) => request.delete(`${E2E.main.api}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
    const cleanUp = async () => {
      await remove(`/role/${role.data.id}`);
      await remove(`/providers/${provider.data.uuid}`);
      await remove(`/team/${team.data.id}`);
    };
    const individuals = await api(request, "get", "/individual?page[size]=1", bearer);
    const individualId = individuals.data[0].id as number;
    await api(request, "post", "/note", bearer, { notable_type: "individual", notable_id: individualId, body: text });

    try {
      await signIn(page, USERS.admin);
      for (const path of [`/roles?search=${token}`, `/providers?search=${token}`, `/team?search=${token}`, `/individual/${individualId}?tab=notes`]) {
        await expectNothingRan(page, path, text, js);
      }
      expect(dialogs).toEqual([]);
    } finally {
      await cleanUp();
    }
  });
});

test.describe("Headers and cookies", () => {
  test("a page, a data request, a resource route, a redirect, the route manifest and static files carry the security headers; HSTS only behind HTTPS; the session cookie is HttpOnly and SameSite=Lax", async ({
    page,
    context,
  }) => {
    await signIn(page, USERS.admin);
    const res = await page.goto("/roles");
    expect(res?.status()).toBe(200);
    const headers = res!.headers();
    const csp = headers["content-security-policy"];
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"], "no HSTS over plain HTTP").toBeUndefined();

    // The document's inline scripts carry the nonce of its own header (read from the raw HTML: browsers hide nonces from the DOM).
    const raw = await portal(page, "get", "/dashboard");
    expect(raw.status()).toBe(200);
    const html = await raw.text();
    const rawNonce = /'nonce-([^']+)'/.exec(raw.headers()["content-security-policy"])?.[1];
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline) expect(m[1]).toContain(`nonce="${rawNonce}"`);

    // A data request (what the browser fetches on client-side navigation).
    const data = await portal(page, "get", "/dashboard.data");
    expect(data.status()).toBe(200);
    const dh = data.headers();
    expect(dh["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(dh["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(dh["x-content-type-options"]).toBe("nosniff");
    expect(dh["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    // A resource route's JSON (the bell's count, polled by the page) carries them too.
    const resource = await portal(page, "get", "/resources/notification-count");
    expect(resource.status()).toBe(200);
    const rh = resource.headers();
    expect(rh["content-type"]).toContain("application/json");
    expect(rh["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(rh["x-content-type-options"]).toBe("nosniff");
    expect(rh["cache-control"]).toBe("no-store");

    // A loader's redirect (a signed-in user opening the sign-in page) and the route manifest the browser fetches
    // as it discovers links carry them too: every answer passes one hook (entry.server.tsx's handleResponse).
    const redirect = await portal(page, "get", "/login");
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()["location"]).toBe("/dashboard");
    for (const other of [redirect, await portal(page, "get", "/__manifest?version=stale&p=%2Ftasks")]) {
      const oh = other.headers();
      expect(oh["content-security-policy"], other.url()).toContain("frame-ancestors 'none'");
      expect(oh["x-frame-options"], other.url()).toBe("DENY");
      expect(oh["x-content-type-options"], other.url()).toBe("nosniff");
    }

    // A hashed script and the stylesheet remix-serve sends as static files carry them too (the patch's hook,
    // entry.server.tsx's assetHeaders), as does a file of public/.
    const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))].slice(0, 2);
    expect(assets.length, "the page references its scripts and styles").toBe(2);
    for (const asset of [...assets, "/favicon.ico"]) {
      const file = await portal(page, "get", asset);
      expect(file.status(), asset).toBe(200);
      const fh = file.headers();
      expect(fh["x-content-type-options"], asset).toBe("nosniff");
      expect(fh["content-security-policy"], asset).toContain("frame-ancestors 'none'");
      expect(fh["strict-transport-security"], asset).toBeUndefined();
    }
    const assetBehindTls = await page.request.get(`http://127.0.0.1:${E2E.main.portalPort}${assets[0]}`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(assetBehindTls.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);

    // Behind an HTTPS proxy, HSTS is sent.
    // (Signed out: a signed-in /login is a redirect to the dashboard.)
    const behindTls = await page.request.get(`http://127.0.0.1:${E2E.main.portalPort}/login`, { headers: { "X-Forwarded-Proto": "https" }, maxRedirects: 0 });
    expect(behindTls.status()).toBe(200);
    expect(behindTls.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "__session" || c.name === "__Host-session");
    expect(session, cookies.map((c) => c.name).join(", ")).toBeTruthy();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe("Lax");
  });

  test("a form posted from another origin is refused with 403 and changes nothing", async ({ page, request }, testInfo) => {
    await signIn(page, USERS.admin);
    const name = `Cross-origin role ${uniqueToken(testInfo)}`;
    // Another site's Origin: Remix's own guard stops the request before any route code runs (answering 403
    // with a message: patches/@remix-run+server-runtime), never the action.
    for (const [path, form] of [
      ["/roles/new", { name }],
      ["/logout", {}],
      ["/login", { email: USERS.admin.email, password: "x" }],
    ] as const) {
      const evil = await portal(page, "post", path, { headers: { Origin: "https://evil.example" }, form });
      expect(evil.status(), `${path} from another origin`).toBe(403);
      expect(await evil.text()).toBe("This form was sent from another site, so it was refused.");
    }
    // No Origin, but the browser says the request came from another site: the portal's guard answers 403.
    for (const [path, form] of [
      ["/roles/new", { name }],
      ["/logout", {}],
      ["/login", { email: USERS.admin.email, password: "x" }],
    ] as const) {
      const crossSite = await portal(page, "post", path, { headers: { "Sec-Fetch-Site": "cross-site" }, form });
      expect(crossSite.status(), `${path} from another site`).toBe(403);
    }

    const { token } = await apiSignIn(request, USERS.admin.email);
    const roles = await request.get(`${E2E.main.api}/role`, { headers: { authorization: `Bearer ${token}` }, params: { "filter[search]": name } });
    expect(((await roles.json()) as { data: { name: string }[] }).data.map((r) => r.name)).not.toContain(name);
    // Still signed in: the refused sign-out did nothing.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");

    // The same form from the portal's own origin works.
    const own = await portal(page, "post", "/roles/new", { headers: { Origin: `http://127.0.0.1:${E2E.main.portalPort}` }, form: { name } });
    expect([200, 204, 302, 303]).toContain(own.status());
    const after = await request.get(`${E2E.main.api}/role`, { headers: { authorization: `Bearer ${token}` }, params: { "filter[search]": name } });
    expect(((await after.json()) as { data: { name: string }[] }).data.map((r) => r.name)).toContain(name);
  });
});

test.describe("Addresses holding control characters", () => {
  test("a list's search, filter and find field holding U+0000 or a line break show the list, and the dropdowns' options answer 404 for an id that is not one", async ({
    page,
  }) => {
    await signIn(page, USERS.admin);
    // The API refuses U+0000 in any text (PostgreSQL cannot store it): the portal sends the text without it.
    // A list's address is put right by a redirect (its canonical address: the text without the character).
    for (const [path, to] of [
      ["/tasks?page=1&search=a%00b", "search=a+b"],
      ["/individuals?page=1&search=%0D%0Asmith", "search=smith"],
      ["/companies?page=1&filter[type_id]=%00", "/companies?page=1"],
      ["/search?q=a%00b", null],
    ] as const) {
      let res = await portal(page, "get", path);
      if (to) {
        expect(res.status(), path).toBe(302);
        const location = res.headers()["location"];
        expect(location, path).toContain(to);
        res = await portal(page, "get", location);
      }
      expect(res.status(), path).toBe(200);
      expect(await res.text(), path).not.toContain("Something went wrong");
    }
    await page.goto("/tasks?page=1&search=a%00b");
    await expect(page.locator("#list-search")).toHaveValue("a b");
    // A find field beside the assignee filter: the name typed, less the character, finds nobody and says so.
    const find = await portal(page, "get", "/tasks?page=1&find[team_member_id]=zz%00zz");
    expect(find.status()).toBe(200);
    expect(await find.text()).toContain("No results found for “zz zz”.");
    for (const path of ["/resources/company-users?value=%00", "/resources/company-users?notInTeam=abc"]) {
      expect((await portal(page, "get", path)).status(), path).toBe(404);
    }
  });
});

test.describe("List addresses with a filter that is not valid", () => {
  test("the list opens without the refused filter, says so, and the bare list does not bring it back", async ({ page }) => {
    await signIn(page, USERS.admin);
    for (const [path, list, kept] of [
      ["/individuals?page=1&filter[company_id]=abc", "/individuals", null],
      ["/tasks?page=1&filter[team_member_id]=0&filter[priority]=3", "/tasks", "filter[priority]"],
      ["/companies?page=1&filter[individuals.id]=1e3", "/companies", null],
    ] as const) {
      await page.goto(path);
      await expect(toast(page, "A filter of this address was not valid and has been removed.")).toBeVisible();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === list &&
          ![...url.searchParams.keys()].some((k) => ["filter[company_id]", "filter[team_member_id]", "filter[individuals.id]"].includes(k)),
      );
      if (kept) await expect(page).toHaveURL((url) => url.searchParams.get(kept) === "3");
      await expect(rangeText(page)).toBeVisible();
      // The menu's bare address brings back the remembered list: the cleaned one.
      const bare = await portal(page, "get", list);
      if (bare.status() === 302) {
        const location = bare.headers()["location"];
        expect(location, list).not.toMatch(/company_id|team_member_id|individuals\.id/);
        expect((await portal(page, "get", location)).status(), location).toBe(200);
      } else expect(bare.status(), list).toBe(200);
    }
  });
});

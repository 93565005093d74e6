import { expect, test, type Page } from "@playwright/test";
import { routeTable } from "#contract/portal-routes";
import { E2E, PASSWORD, USERS, apiSignIn, expectPath, signIn } from "./helpers";

/**
 * The portal under hostile requests, through the built portal:
 * - a return path after sign-in that a browser would read as another site lands on the default page, and odd
 *   characters in it never break the sign-in;
 * - a change with an Origin that is not a URL is refused with 403; a form in JSON, text/plain or multipart without a
 *   boundary with 415/400 and a message;
 * - a dropdown resource with page=1e400 answers;
 * - signed-in pages and data answers are not cached;
 * - the API hears the visitor's address as the portal saw it, never the visitor's own X-Forwarded-For.
 */

const portalUrl = (path: string) => `http://127.0.0.1:${E2E.main.portalPort}${path}`;
const cookieOf = async (page: Page) => (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

async function signInWithReturn(page: Page, redirectTo: string) {
  await page.goto(`${E2E.main.flightdeck}/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.locator("input[name=email]").fill(USERS.admin.email);
  await page.locator("input[name=password]").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test.describe("The return path after sign-in", () => {
  for (const hostile of ["/\t/evil.example", "/\n/evil.example", "/\\evil.example", "//evil.example"]) {
    test(`${JSON.stringify(hostile)} lands on the dashboard of this site`, async ({ page }) => {
      await signInWithReturn(page, hostile);
      await expectPath(page, "/dashboard");
      expect(new URL(page.url()).hostname).toBe("flightdeck.localhost");
    });
  }

  test("non-Latin text in it is followed, encoded, without an error", async ({ page }) => {
    await signInWithReturn(page, "/tasks?search=Zoë 日本");
    await expectPath(page, "/tasks");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The tasks list remembers its last search for the user: forget it, so that no other test finds it.
    await page.goto("/tasks?reset=1");
  });
});

test.describe("Hostile requests to the portal", () => {
  test("an Origin that is not a URL is refused with 403, not a 500", async ({ request }) => {
    for (const origin of ["garbage", "http://", "::::"]) {
      const res = await request.post(portalUrl("/login"), { headers: { Origin: origin }, form: { email: "a@b.test", password: "x" }, maxRedirects: 0 });
      expect(res.status(), origin).toBe(403);
    }
  });

  test("a form sent as JSON, text/plain or multipart without a boundary: 415 or 400 with a message", async ({ page, request }) => {
    await signIn(page, USERS.admin);
    const cookie = await cookieOf(page);
    for (const path of ["/login", "/roles/new", "/profile", "/logout", "/tasks?index"]) {
      for (const [type, expected] of [
        ["application/json", 415],
        ["text/plain", 415],
        ["multipart/form-data", 400],
      ] as const) {
        const res = await request.post(portalUrl(path), {
          headers: { cookie, "content-type": type },
          data: type === "application/json" ? '{"name":"x"}' : "name=x",
          maxRedirects: 0,
        });
        expect(res.status(), `${path} as ${type}`).toBe(expected);
        expect(await res.text()).toMatch(/form|boundary/i);
      }
    }
  });

  test("a dropdown resource with page=1e400 answers", async ({ page, request }) => {
    await signIn(page, USERS.admin);
    const cookie = await cookieOf(page);
    for (const path of ["/resources/client-companies", "/resources/client-individuals", "/resources/company-users"]) {
      for (const q of ["page=1e400", "page=1.5&perPage=1e400", "page=-3&perPage=abc"]) {
        const res = await request.get(portalUrl(`${path}?${q}`), { headers: { cookie } });
        expect(res.status(), `${path}?${q}`).toBe(200);
      }
    }
  });

  test("signed-in pages and data answers carry Cache-Control: no-store", async ({ page, request }) => {
    await signIn(page, USERS.admin);
    const cookie = await cookieOf(page);
    for (const path of ["/dashboard", "/tasks", "/dashboard.data", "/resources/client-companies", "/profile"]) {
      const res = await request.get(portalUrl(path), { headers: { cookie }, maxRedirects: 0 });
      expect(res.headers()["cache-control"], path).toBe("no-store");
    }
  });

  test("the API hears the visitor's address as the portal saw it, not the X-Forwarded-For the visitor sent", async ({ request }) => {
    const email = "george.hughes@harbour.test";
    const res = await request.post(portalUrl("/login"), {
      headers: { "X-Forwarded-For": "203.0.113.77", "X-Portal-Client-Address": "203.0.113.78" },
      form: { email, password: "not-the-password" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(422);
    const { token } = await apiSignIn(request, USERS.admin.email);
    const log = await request.get(`${E2E.main.api}/audit-log?filter[type]=sign_in.failed&page[size]=100`, { headers: { authorization: `Bearer ${token}` } });
    const events = ((await log.json()) as { data: { subject: string; ip: string }[] }).data.filter((e) => e.subject === email);
    expect(events.length).toBeGreaterThan(0);
    expect(events[0].ip).toBe("127.0.0.1");
  });
});

test.describe("Every route of the portal under the hostile values", () => {
  test("no 500 from surrogates, page=1e400, an odd Origin or an odd content type, signed in or not", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "requests only: once is enough");
    testInfo.setTimeout(240_000);
    await signIn(page, USERS.admin);
    const cookie = await cookieOf(page);
    const paths = [
      ...new Set([
        ...routeTable.map((r) => r.pattern.replace(/:[A-Za-z]+\??/g, "1")),
        "/login",
        "/logout",
        "/login-email-verification-send",
        "/user-setup/00000000-0000-0000-0000-000000000000/x",
        "/confirm-email/x",
        "/resources/client-companies",
        "/resources/client-individuals",
        "/resources/company-users",
        "/resources/notifications",
        "/resources/notification-count",
        "/resources/search",
      ]),
    ];
    const failures: string[] = [];
    for (const path of paths) {
      for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
        const get = await request.get(portalUrl(`${path}?page=1e400&perPage=1e400&search=%ED%A0%80&filter[x]=%ED%B0%80&redirectTo=%2F%09%2Fevil.example`), {
          headers,
          maxRedirects: 0,
        });
        if (get.status() >= 500) failures.push(`GET ${path}: ${get.status()}`);
        for (const [type, body, origin] of [
          ["application/x-www-form-urlencoded", "name=%ED%A0%80&page=1e400", "garbage"],
          ["application/json", '{"name":"\\ud800"}', undefined],
          ["text/plain", "name=x", undefined],
          ["multipart/form-data", "--x\r\n", undefined],
        ] as const) {
          const res = await request.post(portalUrl(path), {
            headers: { ...headers, "content-type": type, ...(origin ? { origin } : {}) },
            data: body,
            maxRedirects: 0,
          });
          if (res.status() >= 500) failures.push(`POST ${path} as ${type}${origin ? ` from ${origin}` : ""}: ${res.status()}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

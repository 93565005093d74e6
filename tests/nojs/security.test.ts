import { expect, test } from "vitest";
import { NOJS, USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/**
 * Guard rails as a browser without JavaScript sees them: stored markup shown as text; a form from another
 * origin refused with 403 and changing nothing; addresses holding control characters; list addresses with a
 * filter the API refuses. (The security headers are the same whatever the browser runs: the js project's.)
 */

const payload = (token: string) => `Mid-list <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>${token}`;

test("a role, provider and team name and a note holding markup are shown as text", async () => {
  const token = uniqueToken();
  const text = payload(token);
  const api = await apiAs(USERS.admin.email);
  const role = await api.call<{ data: { id: number } }>("POST", "/role", { name: text, permissions: ["task_view"] });
  const provider = await api.call<{ data: { uuid: string } }>("POST", "/providers", { name: text });
  const team = await api.call<{ data: { id: number } }>("POST", "/api/v1/teams", { name: text });
  const individualId = (await api.call<{ data: { id: number }[] }>("GET", "/individual?page%5Bsize%5D=1")).data[0].id;
  await api.call("POST", "/note", { notable_type: "individual", notable_id: individualId, body: text });
  try {
    const browser = NojsBrowser.as("admin");
    for (const path of [`/roles?search=${token}`, `/providers?search=${token}`, `/team?search=${token}`, `/individual/${individualId}?tab=notes`]) {
      const page = await browser.goto(path);
      expect(page.text(), path).toContain(text);
      expect(page.$$('img[src="x"]'), path).toHaveLength(0);
      expect(page.html, path).not.toContain("<script>window.__xss");
      expect(page.html, path).not.toContain('<img src=x onerror="window.__xss');
    }
  } finally {
    await api.call("DELETE", `/role/${role.data.id}`).catch(() => undefined);
    await api.call("DELETE", `/providers/${provider.data.uuid}`).catch(() => undefined);
    await api.call("DELETE", `/team/${team.data.id}`).catch(() => undefined);
  }
});

test("a form posted from another origin is refused with 403 and changes nothing; from the portal's own origin it works", async () => {
  const name = `Cross-origin role ${uniqueToken()}`;
  const browser = NojsBrowser.as("admin");
  const post = (path: string, form: Record<string, string>, headers: Record<string, string>) =>
    browser.raw("POST", new URL(path, NOJS.flightdeck), { data: new URLSearchParams(form).toString(), type: "application/x-www-form-urlencoded" }, headers);
  for (const [path, form] of [
    ["/roles/new", { name }],
    ["/logout", {}],
    ["/login", { email: USERS.admin.email, password: "x" }],
  ] as const) {
    const evil = await post(path, form, { origin: "https://evil.example" });
    expect(evil.status, `${path} from another origin`).toBe(403);
    expect(evil.body).toBe("This form was sent from another site, so it was refused.");
    const crossSite = await post(path, form, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status, `${path} from another site`).toBe(403);
  }
  const api = await apiAs(USERS.admin.email);
  const search = `/role?filter%5Bsearch%5D=${encodeURIComponent(name)}`;
  expect((await api.call<{ data: { name: string }[] }>("GET", search)).data.map((r) => r.name)).not.toContain(name);
  expect((await browser.goto("/dashboard")).h1).toBe("Dashboard");
  // The drawer's own form, from the portal's own origin.
  const drawer = await browser.goto("/roles/new");
  const saved = await drawer.form({ button: "Save", within: drawer.drawer() }).fill("Role name", name).submit("Save");
  expect(saved.toasts()).toContain("Role created.");
  expect((await api.call<{ data: { name: string }[] }>("GET", search)).data.map((r) => r.name)).toContain(name);
});

test("a list's search, filter and find field holding U+0000 or a line break show the list, and the dropdowns' options answer 404 for an id that is not one", async () => {
  const browser = NojsBrowser.as("admin");
  for (const [path, to] of [
    ["/tasks?page=1&search=a%00b", "search=a+b"],
    ["/individuals?page=1&search=%0D%0Asmith", "search=smith"],
    ["/companies?page=1&filter[type_id]=%00", "/companies?page=1"],
    ["/search?q=a%00b", null],
  ] as const) {
    let res = await browser.raw("GET", new URL(path, NOJS.flightdeck));
    if (to) {
      expect(res.status, path).toBe(302);
      expect(res.headers.location, path).toContain(to);
      res = await browser.raw("GET", new URL(res.headers.location!, NOJS.flightdeck));
    }
    expect(res.status, path).toBe(200);
    expect(res.body, path).not.toContain("Something went wrong");
  }
  const page = await browser.goto("/tasks?page=1&search=a%00b");
  expect(page.form(page.control("#list-search").closest("form")!).value("#list-search")).toBe("a b");
  const find = await browser.goto("/tasks?page=1&find[team_member_id]=zz%00zz");
  expect(find.status).toBe(200);
  expect(find.text()).toContain("No results found for “zz zz”.");
  for (const path of ["/resources/company-users?value=%00", "/resources/company-users?notInTeam=abc"]) {
    expect((await browser.raw("GET", new URL(path, NOJS.flightdeck))).status, path).toBe(404);
  }
});

test("a list address with a filter that is not valid opens without it, says so, and the bare list does not bring it back", async () => {
  const browser = NojsBrowser.as("admin");
  for (const [path, list, kept] of [
    ["/individuals?page=1&filter[company_id]=abc", "/individuals", null],
    ["/tasks?page=1&filter[team_member_id]=0&filter[priority]=3", "/tasks", "filter[priority]"],
    ["/companies?page=1&filter[individuals.id]=1e3", "/companies", null],
  ] as const) {
    const page = await browser.goto(path);
    expect(page.toasts(), path).toContain("A filter of this address was not valid and has been removed.");
    expect(page.path).toBe(list);
    expect([...page.url.searchParams.keys()].some((k) => ["filter[company_id]", "filter[team_member_id]", "filter[individuals.id]"].includes(k))).toBe(false);
    if (kept) expect(page.param(kept)).toBe("3");
    expect(page.$("[data-range]")).not.toBeNull();
    const bare = await browser.raw("GET", new URL(list, NOJS.flightdeck));
    if (bare.status === 302) {
      expect(bare.headers.location, list).not.toMatch(/company_id|team_member_id|individuals\.id/);
      expect((await browser.raw("GET", new URL(bare.headers.location!, NOJS.flightdeck))).status).toBe(200);
    } else expect(bare.status, list).toBe(200);
  }
});

import { beforeAll, describe, expect, test } from "vitest";
import { NOJS, PASSWORD, USERS } from "./env";
import { NojsBrowser, apiAs, type NojsPage, uniqueToken } from "./harness";

/**
 * The Providers screen (parent tenants only) without JavaScript: add, edit with a server field error,
 * search, sort, paging and page size, row and bulk delete with confirmation, a shared list URL, and the
 * redirect of a tenant that is not a parent. (The search applied 2 s after typing is the js project's.)
 *
 * The seeded Harbour Brokers providers are only read; every provider a test changes or deletes is its own,
 * named with a random token.
 */

const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const UNDERWRITERS = ["Coversure Underwriting", "Geo Underwriting", "Pen Underwriting"];

let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

async function createProvider(name: string, code: string) {
  await api.call("POST", "/providers", { name, nominal_code: code, functions: ["insurer"], roles: ["lead"] }, 201);
}

/** Follows the link of a column header (its sort cycle). */
function sortBy(page: NojsPage, header: "Name" | "Nominal code") {
  const th = page.$$("th").find((t) => t.text.trim().startsWith(header));
  return page.click({ css: "a" }, th);
}

const admin = () => NojsBrowser.as("admin");

describe("Providers: add and edit in the drawer", () => {
  test("ADD PROVIDER opens 'Add provider'; saving adds the provider with its logo and shows 'Provider created.'", async () => {
    const token = uniqueToken();
    const name = `Nojs Prov ${token}`;
    const code = `NJ-${token}`;
    const list = await admin().goto(`/providers?search=${token}`);
    expect(list.h1).toBe("Providers");
    expect(list.text()).toContain("No providers found");

    const add = await list.click("ADD PROVIDER");
    expect(add.path).toBe("/providers/new");
    expect(add.param("search")).toBe(token);
    expect(add.text("[data-drawer]")).toContain("Add provider");
    const saved = await add
      .form()
      .fill("Name", name)
      .fill("Nominal code", code)
      .fill("Claims e-mail", `claims-${token}@example.com`)
      .fill("Claims telephone", "020 7946 0123")
      .check("Insurer")
      .check("Lead")
      .attach("Logo", { name: "logo.png", type: "image/png", content: PNG_1X1 })
      .submit("Save");

    expect(saved.toasts()).toContain("Provider created.");
    expect(saved.path).toBe("/providers");
    expect(saved.param("search")).toBe(token);
    expect(saved.drawer()).toBeNull();
    const rows = saved.rowsWith(name);
    expect(rows).toHaveLength(1);
    expect(rows[0].text).toContain(code);
    expect(rows[0].querySelector("img")?.getAttribute("src")).toMatch(/^\/files\//);
    expect(saved.range()).toBe("Showing 1–1 of 1");

    const edit = await saved.click(`Edit ${name}`);
    expect(edit.text("[data-drawer]")).toContain("Edit provider");
    const form = edit.form();
    expect(form.value("Name")).toBe(name);
    expect(form.value("Claims e-mail")).toBe(`claims-${token}@example.com`);
    expect(form.value("Claims telephone")).toBe("020 7946 0123");
    expect(form.checked("Insurer")).toBe(true);
    expect(form.checked("Lead")).toBe(true);
    expect(form.checked("Follow")).toBe(false);
    expect(edit.$(`[data-drawer] img[alt="${name} logo"]`)).not.toBeNull();
  });

  test("editing with a name that is taken shows the server's error under Name and keeps what was typed; fixed, it saves", async () => {
    const token = uniqueToken();
    const original = `Nojs Edit ${token}`;
    await createProvider(original, `NJ-${token}`);

    const list = await admin().goto(`/providers?search=${token}`);
    const edit = await list.click(`Edit ${original}`);
    expect(edit.path).toMatch(/^\/providers\/[0-9a-f-]{36}\/edit$/);
    expect(edit.param("search")).toBe(token);
    expect(edit.form().value("Name")).toBe(original);

    // 'aviva' is a seeded provider (names are unique whatever their case).
    const refused = await edit
      .form()
      .fill("Name", "aviva")
      .fill("Nominal code", `NEW-${token}`)
      .fill("Support telephone", "0161 496 0555")
      .check("Follow")
      .submit("Save");
    expect(refused.fieldError("Name", refused.drawer()!)).toBe("A provider with this name already exists.");
    expect(refused.control("Name").getAttribute("aria-invalid")).toBe("true");
    expect(refused.alerts()).toContain("Failed to update provider.");
    expect(refused.path).toMatch(/\/edit$/);
    const kept = refused.form();
    expect(kept.value("Name")).toBe("aviva");
    expect(kept.value("Nominal code")).toBe(`NEW-${token}`);
    expect(kept.value("Support telephone")).toBe("0161 496 0555");
    expect(kept.checked("Follow")).toBe(true);
    expect(kept.checked("Lead")).toBe(true);
    expect(kept.checked("Insurer")).toBe(true);

    const fixed = `Nojs Fixed ${token}`;
    const saved = await kept.fill("Name", fixed).submit("Save");
    expect(saved.toasts()).toContain("Provider updated.");
    expect(saved.path).toBe("/providers");
    expect(saved.param("search")).toBe(token);
    expect(saved.drawer()).toBeNull();
    expect(saved.rowsWith(fixed)[0].text).toContain(`NEW-${token}`);
    expect(saved.rowsWith(original)).toHaveLength(0);
    expect(saved.rows()).toHaveLength(1);

    const again = await saved.click(`Edit ${fixed}`);
    expect(again.form().value("Support telephone")).toBe("0161 496 0555");
    expect(again.form().checked("Follow")).toBe(true);
  });
});

describe("Providers: search, sort and pages", () => {
  test("Search filters the list, back on page 1 keeping the sort; it matches codes too; no match shows 'No providers found'", async () => {
    const list = await admin().goto("/providers?sort=-name&page=2");
    expect(list.range()).toMatch(/^Showing 11–20 of \d+$/);

    const found = await list.form({ button: "Search" }).fill("search", "underwriting").submit("Search");
    expect(found.param("search")).toBe("underwriting");
    expect(found.param("page")).toBeNull();
    expect(found.param("sort")).toBe("-name");
    expect(found.range()).toBe("Showing 1–3 of 3");
    expect(found.column()).toEqual([...UNDERWRITERS].reverse());
    expect(found.form({ button: "Search" }).value("search")).toBe("underwriting");

    const byCode = await found.form({ button: "Search" }).fill("search", "PRV-1035").submit("Search");
    expect(byCode.param("search")).toBe("PRV-1035");
    expect(byCode.column()).toEqual(["Close Brothers Premium Finance"]);

    const none = await byCode.form({ button: "Search" }).fill("search", `nothing-${uniqueToken()}`).submit("Search");
    expect(none.text()).toContain("No providers found");
  });

  test("a sortable header cycles ascending → descending → unsorted, and back to ascending", async () => {
    const list = await admin().goto("/providers?perPage=25");
    expect(list.sortOf("Name")).toBe("ascending");
    expect(list.sortOf("Nominal code")).toBe("none");
    expect(list.column()[0]).toContain("Ageas");

    const desc = await sortBy(list, "Name");
    expect(desc.param("sort")).toBe("-name");
    expect(desc.param("perPage")).toBe("25");
    expect(desc.sortOf("Name")).toBe("descending");
    expect(desc.column().slice(0, 3)).toEqual(["Zurich", "Travelers", "Tokio Marine HCC"]);

    const unsorted = await sortBy(desc, "Name");
    expect(unsorted.param("sort")).toBe("none");
    expect(unsorted.sortOf("Name")).toBe("none");
    expect(unsorted.sortOf("Nominal code")).toBe("none");
    expect(unsorted.rows()).toHaveLength(25);

    const asc = await sortBy(unsorted, "Name");
    expect(asc.param("sort")).toBeNull();
    expect(asc.param("perPage")).toBe("25");
    expect(asc.sortOf("Name")).toBe("ascending");
    expect(asc.column()[0]).toContain("Ageas");
  });

  test("from the unsorted list, the Name header returns to ascending (a link to the default order is never the bare list URL)", async () => {
    const list = await admin().goto("/providers?sort=none");
    expect(list.sortOf("Name")).toBe("none");
    const asc = await sortBy(list, "Name");
    expect(asc.sortOf("Name")).toBe("ascending");
    expect(asc.param("sort")).toBeNull();
  });

  test("sorting by Nominal code descending puts the highest code first and returns to page 1", async () => {
    const list = await admin().goto("/providers?sort=-name&page=2");
    const asc = await sortBy(list, "Nominal code");
    expect(asc.param("sort")).toBe("nominal_code");
    expect(asc.param("page")).toBeNull();
    expect(asc.sortOf("Nominal code")).toBe("ascending");
    expect(asc.sortOf("Name")).toBe("none");
    const desc = await sortBy(asc, "Nominal code");
    expect(desc.param("sort")).toBe("-nominal_code");
    expect(desc.sortOf("Nominal code")).toBe("descending");
    expect(desc.column(3).slice(0, 3)).toEqual(["PRV-1035", "PRV-1034", "PRV-1033"]);
  });

  test("the pager pages through and a new page size (Apply) returns to page 1 keeping the sort", async () => {
    const list = await admin().goto("/providers?search=PRV-&sort=-name");
    expect(list.range()).toMatch(/^Showing 1–10 of \d+$/);
    expect(list.rows()).toHaveLength(10);
    const pager = list.one('nav[aria-label="Pagination"]');
    expect(list.text('nav[aria-label="Pagination"] [aria-current="page"]')).toBe("1");
    const first = list.column();

    const second = await list.click("Next page", pager);
    expect(second.param("page")).toBe("2");
    expect(second.param("sort")).toBe("-name");
    expect(second.range()).toMatch(/^Showing 11–20 of \d+$/);
    expect(second.text('nav[aria-label="Pagination"] [aria-current="page"]')).toBe("2");
    const secondRows = second.column();
    expect(secondRows).toHaveLength(10);
    expect(secondRows.filter((n) => first.includes(n))).toEqual([]);

    const back = await second.click("Page 1", second.one('nav[aria-label="Pagination"]'));
    expect(back.param("page")).toBeNull();
    expect(back.column()).toEqual(first);
    const two = await back.click("Page 2", back.one('nav[aria-label="Pagination"]'));
    expect(two.column()).toEqual(secondRows);

    const last = await two.click("Last page", two.one('nav[aria-label="Pagination"]'));
    expect(Number(last.param("page"))).toBeGreaterThanOrEqual(4);
    expect(last.links("Next page", last.one('nav[aria-label="Pagination"]'))).toHaveLength(0);
    expect(last.links("Previous page", last.one('nav[aria-label="Pagination"]'))).toHaveLength(1);
    const firstAgain = await last.click("First page", last.one('nav[aria-label="Pagination"]'));
    expect(firstAgain.param("page")).toBeNull();
    expect(firstAgain.column()).toEqual(first);
    const page2 = await firstAgain.click("Page 2", firstAgain.one('nav[aria-label="Pagination"]'));

    const perPageForm = page2.form({ button: "Apply" });
    expect(perPageForm.value("items per page")).toBe("10");
    const wide = await perPageForm.select("items per page", "25").submit("Apply");
    expect(wide.param("perPage")).toBe("25");
    expect(wide.param("page")).toBeNull();
    expect(wide.param("sort")).toBe("-name");
    expect(wide.range()).toMatch(/^Showing 1–25 of \d+$/);
    expect(wide.rows()).toHaveLength(25);
    expect(wide.column().slice(0, 20)).toEqual([...first, ...secondRows]);
    expect(wide.form({ button: "Apply" }).value("items per page")).toBe("25");
  });

  test("a filtered, sorted, paged list URL opened in a fresh browser asks for sign-in, then shows the same rows in the same order", async () => {
    const shared = "/providers?search=a&sort=-name&perPage=10&page=2";
    const page = await admin().goto(shared);
    expect(page.range()).toMatch(/^Showing 11–\d+ of \d+$/);
    const rows = page.column();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((n) => /a/i.test(n))).toBe(true);
    expect([...rows].sort((x, y) => y.toLowerCase().localeCompare(x.toLowerCase()))).toEqual(rows);

    const fresh = new NojsBrowser(NOJS.flightdeck);
    const login = await fresh.goto(shared);
    expect(login.path).toBe("/login");
    const opened = await login.form().fill("email", USERS.admin.email).fill("password", PASSWORD).submit("Sign in");
    expect(opened.path).toBe("/providers");
    expect(opened.param("search")).toBe("a");
    expect(opened.param("sort")).toBe("-name");
    expect(opened.param("page")).toBe("2");
    expect(opened.range()).toBe(page.range());
    expect(opened.column()).toEqual(rows);
    expect(opened.form({ button: "Search" }).value("search")).toBe("a");
    expect(opened.sortOf("Name")).toBe("descending");
    expect(opened.text('nav[aria-label="Pagination"] [aria-current="page"]')).toBe("2");
  });
});

describe("Providers: delete", () => {
  test("a row's Delete asks 'Are you sure you want to delete this provider?'; Cancel keeps it, Remove deletes it", async () => {
    const token = uniqueToken();
    const name = `Nojs Del ${token}`;
    await createProvider(name, `NJ-${token}`);
    const list = await admin().goto(`/providers?search=${token}`);
    expect(list.rowsWith(name)).toHaveLength(1);

    const ask = await list.click(`Delete ${name}`);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this provider?");
    const cancelled = await ask.click("Cancel", ask.confirmation()!);
    expect(cancelled.confirmation()).toBeNull();
    expect(cancelled.path).toBe("/providers");
    expect(cancelled.rowsWith(name)).toHaveLength(1);

    const again = await cancelled.click(`Delete ${name}`);
    const done = await again.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Provider deleted.");
    expect(done.path).toBe("/providers");
    expect(done.param("search")).toBe(token);
    expect(done.text()).toContain("No providers found");
  });

  test("bulk: two selected rows, 'Delete provider(s)', Remove → 'Providers deleted.' and only they are gone", async () => {
    const token = uniqueToken();
    const names = [1, 2, 3].map((n) => `Nojs Bulk ${n} ${token}`);
    for (const [i, n] of names.entries()) await createProvider(n, `NJ-${i + 1}-${token}`);
    const list = await admin().goto(`/providers?search=${token}`);
    expect(list.rows()).toHaveLength(3);
    const ask = await list.form({ button: "Delete provider(s)" }).check(`Select ${names[0]}`).check(`Select ${names[2]}`).submit("Delete provider(s)");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete these 2 providers?");
    expect(ask.path).toBe("/providers/delete");
    const done = await ask.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Providers deleted.");
    expect(done.path).toBe("/providers");
    expect(done.param("search")).toBe(token);
    expect(done.param("ids")).toBeNull();
    expect(done.column()).toEqual([names[1]]);
  });

  test("bulk: select-all on the page deletes every row of it", async () => {
    const token = uniqueToken();
    for (const n of [1, 2]) await createProvider(`Nojs Every ${n} ${token}`, `NJ-${n}-${token}`);
    const list = await admin().goto(`/providers?search=${token}`);
    expect(list.rows()).toHaveLength(2);
    const form = list.form({ button: "Delete provider(s)" });
    // Without JavaScript, "select all" is a submit of its own or a box sent with the form: tick every row's box.
    const all = form.controls().find((c) => c.getAttribute("aria-label") === "Select all rows on this page");
    expect(all, "the select-all box").toBeTruthy();
    form.check("Select all rows on this page");
    const ask = await form.submit("Delete provider(s)");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete these 2 providers?");
    const done = await ask.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Providers deleted.");
    expect(done.text()).toContain("No providers found");
  });

  test("bulk with nothing selected answers 'No items selected' and deletes nothing", async () => {
    const list = await admin().goto("/providers?search=underwriting");
    expect(list.rows()).toHaveLength(3);
    const answer = await list.form({ button: "Delete provider(s)" }).submit("Delete provider(s)");
    expect(answer.alerts().some((a) => a.includes("No items selected"))).toBe(true);
    expect(answer.confirmation()).toBeNull();
    expect(answer.path).toBe("/providers");
    expect(answer.column()).toEqual(UNDERWRITERS);
  });
});

describe("Providers: who may open it", () => {
  test("a tenant that is not a parent is sent to /dashboard from the list and the drawer", async () => {
    const adviser = NojsBrowser.as("adviser");
    for (const path of ["/providers", "/providers/new", "/providers?search=a&page=2"]) {
      const page = await adviser.goto(path);
      expect(page.path).toBe("/dashboard");
      expect(page.h1).toBe("Dashboard");
    }
  });
});

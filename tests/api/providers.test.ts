import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, permissions, providers, rolePermissions, roles } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";
import { pngBytes, sendMultipart, TINY_PNG } from "../helpers/multipart";

let api: TestApi;
let admin: string;
let viewer: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  viewer = await api.login("viewer@harbour.test");
});
afterAll(async () => {
  await api?.close();
});

const list = (query: Record<string, unknown> = {}, token = admin) => api.request("GET", "/providers", { token, query });
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((p) => p.name);

async function companyId(name: string) {
  const [c] = await api.database.db.select().from(companies).where(eq(companies.name, name));
  return c.id;
}

/** Gives a tenant's role a permission straight in the database (the demo roles lack provider_manage). */
async function grant(companyName: string, roleName: string, permission: string) {
  const tenantId = await companyId(companyName);
  const [role] = await api.database.db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.name, roleName)));
  const [perm] = await api.database.db.select().from(permissions).where(eq(permissions.name, permission));
  await api.database.db.insert(rolePermissions).values({ roleId: role.id, permissionId: perm.id }).onConflictDoNothing();
}

async function providerCount(tenantId?: number) {
  const rows = await api.database.db
    .select({ id: providers.id })
    .from(providers)
    .where(tenantId ? eq(providers.tenantId, tenantId) : undefined);
  return rows.length;
}

describe("listing the demo providers of Harbour Brokers", () => {
  it("pages at 10 by default, sorted by name: 35 providers on 4 pages", async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, per_page: 10, total: 35, last_page: 4 });
    expect(first.body.data).toHaveLength(10);
    expect(first.body.links.first).toContain("page[number]=1");
    expect(first.body.links.next).toContain("page[number]=2");
    expect(first.body.links.prev).toBeNull();

    const all: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await list({ page: { number: page, size: 10 } });
      expect(res.body.data.length).toBe(page === 4 ? 5 : 10);
      all.push(...names(res));
    }
    expect(new Set(all).size).toBe(35);
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await list({ page: { number: 4 } })).body.links.next).toBeNull();
    expect((await list({ page: { number: 5 } })).body.data).toEqual([]);
  });

  it("answers every field of a provider", async () => {
    const res = await list({ filter: { search: "Aviva" } });
    expect(res.body.data).toEqual([
      {
        id: expect.any(Number),
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: "Aviva",
        nominal_code: "PRV-1001",
        claims_email: "claims@aviva.example",
        claims_telephone: expect.stringMatching(/^0[0-9 ]+$/),
        support_email: "broker.support@aviva.example",
        support_telephone: expect.stringMatching(/^0[0-9 ]+$/),
        complaints_email: "complaints@aviva.example",
        logo_url: null,
        functions: ["insurer"],
        roles: ["lead", "follow"],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
  });

  it("searches name or nominal code, case-insensitively, with LIKE wildcards taken literally", async () => {
    expect(names(await list({ filter: { search: "zUrI" } }))).toEqual(["Zurich"]);
    expect(names(await list({ filter: { search: "prv-1003" } }))).toEqual(["AXA"]);
    expect(names(await list({ filter: { search: "underwriting" } }))).toEqual(["Coversure Underwriting", "Geo Underwriting", "Pen Underwriting"]);
    expect((await list({ filter: { search: "%" } })).body.meta.total).toBe(0);
    expect((await list({ filter: { search: "_" } })).body.meta.total).toBe(0);
    const nothing = await list({ filter: { search: "no such provider" } });
    expect(nothing.body.data).toEqual([]);
    expect(nothing.body.meta.total).toBe(0);
  });

  it("filters by nominal code", async () => {
    expect(names(await list({ filter: { nominal_code: "PRV-1010" } }))).toEqual(["Ecclesiastical"]);
    const range = await list({ filter: { nominal_code: "PRV-102" }, page: { size: 100 } });
    expect(range.body.meta.total).toBe(10); // PRV-1020 … PRV-1029
  });

  it("sorts by name, nominal code or creation date, '-' for descending", async () => {
    const byName = names(await list({ page: { size: 100 } }));
    expect(names(await list({ sort: "-name", page: { size: 100 } }))).toEqual([...byName].reverse());
    const byCode = (await list({ sort: "nominal_code", page: { size: 3 } })).body.data.map((p: { nominal_code: string }) => p.nominal_code);
    expect(byCode).toEqual(["PRV-1001", "PRV-1002", "PRV-1003"]);
    const codesDesc = (await list({ sort: "-nominal_code", page: { size: 2 } })).body.data.map((p: { nominal_code: string }) => p.nominal_code);
    expect(codesDesc).toEqual(["PRV-1035", "PRV-1034"]);
    expect(names(await list({ sort: "-created_at", page: { size: 2 } }))).toEqual(["Close Brothers Premium Finance", "Premium Credit"]);
    expect(names(await list({ sort: "created_at", page: { size: 2 } }))).toEqual(["Aviva", "Allianz"]);
  });

  it("a provider without a nominal code comes last when sorting by code, in either direction", async () => {
    const blank = await api.request("POST", "/providers", { token: admin, body: { name: "Uncoded Mutual" } });
    expect(blank.status).toBe(201);
    const codes = async (sort: string) =>
      (await list({ sort, page: { size: 100 } })).body.data.map((p: { name: string; nominal_code: string | null }) => p.nominal_code ?? p.name);
    for (const sort of ["nominal_code", "-nominal_code"]) {
      const column = await codes(sort);
      expect(column.at(-1), sort).toBe("Uncoded Mutual");
      expect(column[0], sort).toBe(sort.startsWith("-") ? "PRV-1035" : "PRV-1001");
    }
    expect((await api.request("DELETE", `/providers/${blank.body.data.uuid}`, { token: admin })).status).toBeLessThan(300);
  });

  it("refuses a bad page with 422 and an errors map", async () => {
    const res = await list({ page: { size: 100000 } });
    expect(res.status).toBe(422);
    expect(res.body.errors["page.size"]).toBeDefined();
    expect((await list({ page: { number: 0 } })).status).toBe(422);
  });

  it("lists the functions and roles of provider forms", async () => {
    const functions = await api.request("GET", "/providers/functions", { token: admin });
    expect(functions.status).toBe(200);
    expect(functions.body.data.map((o: { label: string }) => o.label)).toEqual([
      "Insurer",
      "Managing general agent",
      "Wholesale broker",
      "Claims handler",
      "Premium finance",
    ]);
    expect(functions.body.data[0]).toEqual({ value: "insurer", label: "Insurer" });
    const rolesRes = await api.request("GET", "/providers/roles", { token: admin });
    expect(rolesRes.body.data.map((o: { label: string }) => o.label)).toEqual(["Lead", "Follow", "Capacity provider", "Administrator"]);
  });
});

describe("creating, reading, updating and deleting a provider (JSON)", () => {
  const full = {
    name: "Acme Mutual",
    claims_email: "Claims@Acme.example",
    claims_telephone: "+44 (0)20 7946 0999",
    support_email: "support@acme.example",
    support_telephone: "0161 496 0999",
    complaints_email: "complaints@acme.example",
    nominal_code: "PRV-9001",
    functions: ["insurer", "claims_handler"],
    roles: ["lead"],
  };

  it("creates (201), reads, updates (PUT and POST with _method=PUT), deletes (204)", async () => {
    const created = await api.request("POST", "/providers", { token: admin, body: full });
    expect(created.status).toBe(201);
    const p = created.body.data;
    expect(p).toMatchObject({ ...full, claims_email: "claims@acme.example", logo_url: null });
    expect((await list()).body.meta.total).toBe(36);

    const read = await api.request("GET", `/providers/${p.uuid}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(p);

    const put = await api.request("PUT", `/providers/${p.uuid}`, {
      token: admin,
      body: { ...full, name: "Acme Mutual Ltd", functions: [], complaints_email: "" },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ uuid: p.uuid, id: p.id, name: "Acme Mutual Ltd", functions: [], complaints_email: null, roles: ["lead"] });
    expect(new Date(put.body.data.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(p.updated_at).getTime());

    const override = await api.request("POST", `/providers/${p.uuid}`, { token: admin, body: { ...full, _method: "PUT", nominal_code: "PRV-9002" } });
    expect(override.status).toBe(200);
    expect(override.body.data).toMatchObject({ name: "Acme Mutual", nominal_code: "PRV-9002" });

    const overrideByQuery = await api.request("POST", `/providers/${p.uuid}?_method=PUT`, { token: admin, body: { name: "Acme" } });
    expect(overrideByQuery.status).toBe(200);
    expect(overrideByQuery.body.data).toMatchObject({ name: "Acme", nominal_code: null, functions: [], roles: [] });

    const del = await api.request("DELETE", `/providers/${p.uuid}`, { token: admin });
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expect((await api.request("GET", `/providers/${p.uuid}`, { token: admin })).status).toBe(404);
    expect((await api.request("DELETE", `/providers/${p.uuid}`, { token: admin })).status).toBe(404);
    expect((await list()).body.meta.total).toBe(35);
  });

  it("a POST to a provider without a method override is refused (405) and changes nothing", async () => {
    const aviva = (await list({ filter: { search: "Aviva" } })).body.data[0];
    const res = await api.request("POST", `/providers/${aviva.uuid}`, { token: admin, body: { name: "Renamed" } });
    expect(res.status).toBe(405);
    expect(res.body.message).toMatch(/_method=PUT/);
    expect((await api.request("GET", `/providers/${aviva.uuid}`, { token: admin })).body.data.name).toBe("Aviva");
  });

  it("answers 422 with the errors map: name required, e-mails, telephones, nominal code, functions, roles", async () => {
    const before = await providerCount();
    const res = await api.request("POST", "/providers", {
      token: admin,
      body: {
        name: "  ",
        claims_email: "not-an-email",
        claims_telephone: "call us",
        support_telephone: "123",
        support_email: "a@b",
        nominal_code: "X".repeat(21),
        functions: ["insurer", "astrologer"],
        roles: "boss",
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The name field is required.");
    expect(res.body.errors).toEqual({
      name: ["The name field is required."],
      claims_email: ["Enter a valid e-mail address."],
      claims_telephone: ["Enter a valid telephone number: digits, spaces, brackets and a leading +."],
      support_telephone: ["The telephone number must be 7 to 20 characters."],
      support_email: ["Enter a valid e-mail address."],
      nominal_code: ["The nominal code may not be longer than 20 characters."],
      functions: ["Unknown function: astrologer. Choose from the list."],
      roles: ["Unknown role: boss. Choose from the list."],
    });
    expect((await api.request("POST", "/providers", { token: admin, body: {} })).body.errors).toEqual({ name: ["The name field is required."] });
    expect(await providerCount()).toBe(before);
  });

  it("a name is unique per tenant, case-insensitively, on create and on update", async () => {
    const dup = await api.request("POST", "/providers", { token: admin, body: { name: "aviva" } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ name: ["A provider with this name already exists."] });
    const axa = (await list({ filter: { search: "AXA" } })).body.data[0];
    const rename = await api.request("PUT", `/providers/${axa.uuid}`, { token: admin, body: { name: "ZURICH" } });
    expect(rename.status).toBe(422);
    expect(rename.body.errors).toEqual({ name: ["A provider with this name already exists."] });
    // Keeping its own name is fine.
    const same = await api.request("PUT", `/providers/${axa.uuid}`, {
      token: admin,
      body: { name: "AXA", nominal_code: axa.nominal_code, functions: axa.functions, roles: axa.roles },
    });
    expect(same.status).toBe(200);
  });

  it("an unknown or malformed uuid answers 404", async () => {
    for (const uuid of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1"]) {
      expect((await api.request("GET", `/providers/${uuid}`, { token: admin })).status, uuid).toBe(404);
      expect((await api.request("PUT", `/providers/${uuid}`, { token: admin, body: { name: "X" } })).status, uuid).toBe(404);
      expect((await api.request("DELETE", `/providers/${uuid}`, { token: admin })).status, uuid).toBe(404);
    }
  });
});

describe("logos (multipart)", () => {
  it("creates with a logo, serves it at logo_url with nosniff, replaces it, removes it", async () => {
    const created = await sendMultipart(
      api.app,
      "POST",
      "/providers",
      {
        name: "Logo Ltd",
        "functions[]": ["insurer", "premium_finance"],
        roles: "follow",
        claims_email: "",
        logo: { file: TINY_PNG, filename: "my logo.png", type: "image/png" },
      },
      admin,
    );
    expect(created.status).toBe(201);
    const p = created.body.data;
    expect(p).toMatchObject({ name: "Logo Ltd", functions: ["insurer", "premium_finance"], roles: ["follow"], claims_email: null });
    expect(p.logo_url).toMatch(/^\/files\/[a-f0-9]{32}\.png$/);
    expect(p.logo_url).not.toContain("my logo");

    const served = await api.app.inject({ method: "GET", url: p.logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    // Update through a POST with _method=PUT and a new logo: the old file is gone.
    const bigger = pngBytes(4, 4);
    const updated = await sendMultipart(
      api.app,
      "POST",
      `/providers/${p.uuid}`,
      { _method: "PUT", name: "Logo Ltd", logo: { file: bigger, filename: "x.png" } },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.logo_url).not.toBe(p.logo_url);
    expect(updated.body.data.functions).toEqual([]);
    expect((await api.app.inject({ method: "GET", url: p.logo_url })).statusCode).toBe(404);
    expect((await api.app.inject({ method: "GET", url: updated.body.data.logo_url })).rawPayload.equals(bigger)).toBe(true);

    // An update without a file keeps the logo; an empty file input counts as no file.
    const kept = await sendMultipart(
      api.app,
      "POST",
      `/providers/${p.uuid}`,
      { _method: "PUT", name: "Logo Ltd", logo: { file: Buffer.alloc(0), filename: "" } },
      admin,
    );
    expect(kept.status).toBe(200);
    expect(kept.body.data.logo_url).toBe(updated.body.data.logo_url);

    const removed = await sendMultipart(api.app, "POST", `/providers/${p.uuid}`, { _method: "PUT", name: "Logo Ltd", remove_logo: "1" }, admin);
    expect(removed.body.data.logo_url).toBeNull();
    expect((await api.app.inject({ method: "GET", url: updated.body.data.logo_url })).statusCode).toBe(404);

    // Deleting the provider deletes its logo.
    const again = await sendMultipart(api.app, "PUT", `/providers/${p.uuid}`, { name: "Logo Ltd", logo: { file: TINY_PNG, filename: "a.png" } }, admin);
    expect(again.status).toBe(200);
    expect((await api.request("DELETE", `/providers/${p.uuid}`, { token: admin })).status).toBe(204);
    expect((await api.app.inject({ method: "GET", url: again.body.data.logo_url })).statusCode).toBe(404);
  });

  it("a .png that is really text, or an SVG, answers 422 on logo and creates nothing", async () => {
    const before = await providerCount();
    for (const file of [Buffer.from("just some text"), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')]) {
      const res = await sendMultipart(api.app, "POST", "/providers", { name: "Fake Logo Ltd", logo: { file, filename: "logo.png", type: "image/png" } }, admin);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ logo: ["The logo must be an image: PNG, JPEG, GIF or WebP."] });
    }
    expect(await providerCount()).toBe(before);
  });

  it("field errors and a bad logo come back together", async () => {
    const res = await sendMultipart(
      api.app,
      "POST",
      "/providers",
      { name: "", claims_email: "nope", logo: { file: Buffer.from("text"), filename: "l.png" } },
      admin,
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["claims_email", "logo", "name"]);
  });

  it("a logo over 2 MB is refused with a clear message and creates nothing", async () => {
    const before = await providerCount();
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await sendMultipart(
      api.app,
      "POST",
      "/providers",
      { name: "Huge Logo Ltd", logo: { file: big, filename: "huge.png", type: "image/png" } },
      admin,
    );
    expect([413, 422]).toContain(res.status);
    expect(res.body.errors).toEqual({ logo: ["The logo may not be larger than 2 MB."] });
    expect(await providerCount()).toBe(before);
    expect((api.app.storage as unknown as { files: Map<string, unknown> }).files.size).toBeLessThan(5);
  });
});

describe("access", () => {
  const endpoints = (uuid: string) =>
    [
      ["GET", "/providers"],
      ["GET", "/providers/functions"],
      ["GET", "/providers/roles"],
      ["GET", `/providers/${uuid}`],
      ["POST", "/providers"],
      ["POST", `/providers/${uuid}`],
      ["PUT", `/providers/${uuid}`],
      ["DELETE", `/providers/${uuid}`],
    ] as const;

  it("401 without a token", async () => {
    for (const [method, url] of endpoints("00000000-0000-4000-8000-000000000000")) {
      const res = await api.request(method, url, { body: method === "GET" || method === "DELETE" ? undefined : { name: "X", _method: "PUT" } });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it("403 without provider_manage (viewer@harbour, adviser@northgate), and nothing changes", async () => {
    const aviva = (await list({ filter: { search: "Aviva" } })).body.data[0];
    const adviser = await api.login("adviser@northgate.test");
    for (const token of [viewer, adviser]) {
      for (const [method, url] of endpoints(aviva.uuid)) {
        const res = await api.request(method, url, { token, body: method === "GET" || method === "DELETE" ? undefined : { name: "Hacked", _method: "PUT" } });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toEqual({ message: "This action is unauthorized." });
      }
    }
    expect((await api.request("GET", `/providers/${aviva.uuid}`, { token: admin })).body.data.name).toBe("Aviva");
  });

  it("403 for a tenant that is not a parent, even holding provider_manage (owner@bloom)", async () => {
    await grant("Bloom Bakery Ltd", "Owner", "provider_manage");
    const owner = await api.login("owner@bloom.test");
    const me = await api.request("GET", "/me", { token: owner });
    expect(me.body.data.permissions).toContain("provider_manage");
    const bloomBefore = await providerCount(await companyId("Bloom Bakery Ltd"));
    for (const [method, url] of endpoints("00000000-0000-4000-8000-000000000000")) {
      const res = await api.request(method, url, {
        token: owner,
        body: method === "GET" || method === "DELETE" ? undefined : { name: "Sourdough Insurers", _method: "PUT" },
      });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message).toBe("Providers are available to parent companies only.");
    }
    expect(await providerCount(await companyId("Bloom Bakery Ltd"))).toBe(bloomBefore);
  });

  it("another parent tenant's provider answers 404 to every call and stays as it was", async () => {
    // Make Northgate a parent tenant whose adviser manages its own providers.
    const northgateId = await companyId("Northgate Advisers");
    await api.database.db.update(companies).set({ tenantIsSegParent: true }).where(eq(companies.id, northgateId));
    await grant("Northgate Advisers", "Adviser", "provider_manage");
    const adviser = await api.login("adviser@northgate.test");
    const theirs = await api.request("POST", "/providers", { token: adviser, body: { name: "Northgate Only Re", nominal_code: "NG-1" } });
    expect(theirs.status).toBe(201);
    const uuid = theirs.body.data.uuid;
    // Each tenant sees its own list only.
    expect((await list({}, adviser)).body.meta.total).toBe(1);
    expect((await list({ filter: { search: "Northgate" } })).body.meta.total).toBe(0);

    expect((await api.request("GET", `/providers/${uuid}`, { token: admin })).status).toBe(404);
    expect((await api.request("PUT", `/providers/${uuid}`, { token: admin, body: { name: "Taken over" } })).status).toBe(404);
    expect((await api.request("POST", `/providers/${uuid}`, { token: admin, body: { name: "Taken over", _method: "PUT" } })).status).toBe(404);
    expect(
      (await sendMultipart(api.app, "POST", `/providers/${uuid}`, { _method: "PUT", name: "Taken over", logo: { file: TINY_PNG, filename: "a.png" } }, admin))
        .status,
    ).toBe(404);
    expect((await api.request("DELETE", `/providers/${uuid}`, { token: admin })).status).toBe(404);

    const after = await api.request("GET", `/providers/${uuid}`, { token: adviser });
    expect(after.body.data).toEqual(theirs.body.data);
    // The same name may exist in another tenant.
    expect((await api.request("POST", "/providers", { token: adviser, body: { name: "Aviva" } })).status).toBe(201);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_TEMPLATE_MESSAGES } from "#contract/document-templates";
import { roles, userRoles, users, documentTemplates } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";

/** /document-templates through HTTP: access, tenancy, validation, and each call's happy path. Each test makes its own document templates. */
let api: TestApi;
let admin: string;
let viewer: string;
let foreignAdmin: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  viewer = await api.login("viewer@harbour.test");
  // Another company's user with every permission (its Administrator role): its document templates are not Harbour's.
  const { db } = api.database;
  const [adviser] = await db.select().from(users).where(eq(users.email, "adviser@northgate.test"));
  const [administrator] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, adviser.tenantId), eq(roles.name, "Administrator")));
  await db.insert(userRoles).values({ userId: adviser.id, roleId: administrator.id }).onConflictDoNothing();
  foreignAdmin = await api.login("adviser@northgate.test");
});
afterAll(async () => {
  await api?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);
const create = (body: Record<string, unknown>, token = admin) => api.request("POST", "/document-templates", { token, body });

describe("/document-templates: access", () => {
  it("answers 401 without a token", async () => {
    expect((await api.request("GET", "/document-templates")).status).toBe(401);
    expect((await api.request("POST", "/document-templates", { body: { name: "x" } })).status).toBe(401);
  });

  it("answers 403 without document_template_view or document_template_manage", async () => {
    expect((await api.request("GET", "/document-templates", { token: viewer })).status).toBe(403);
    expect((await create({ name: `Refused ${unique()}` }, viewer)).status).toBe(403);
  });

  it("answers 404 for another company's document template, and leaves it as it was", async () => {
    const name = `Foreign ${unique()}`;
    const own = await create({ name }, foreignAdmin);
    expect(own.status).toBe(201);
    const id = own.body.data.id;
    expect((await api.request("GET", `/document-templates/${id}`, { token: admin })).status).toBe(404);
    expect((await api.request("PUT", `/document-templates/${id}`, { token: admin, body: { name: "Taken over" } })).status).toBe(404);
    expect((await api.request("DELETE", "/document-templates", { token: admin, body: { ids: [id] } })).status).toBe(404);
    const [row] = await api.database.db.select().from(documentTemplates).where(eq(documentTemplates.id, id));
    expect(row.name).toBe(name);
    const list = await api.request("GET", "/document-templates", { token: admin, query: { filter: { search: name } } });
    expect(list.body.data).toEqual([]);
  });
});

describe("/document-templates: validation", () => {
  it("answers 422 with an errors map, and stores nothing", async () => {
    const before = (await api.database.db.select().from(documentTemplates)).length;
    const res = await create({ name: "  ", notes: "n".repeat(2001) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: [DOCUMENT_TEMPLATE_MESSAGES.nameRequired], notes: [DOCUMENT_TEMPLATE_MESSAGES.notesTooLong] });
    expect((await api.database.db.select().from(documentTemplates)).length).toBe(before);
  });

  it("answers 422 for a bulk delete without ids and 404 for an id that is not a number", async () => {
    const res = await api.request("DELETE", "/document-templates", { token: admin, body: { ids: [] } });
    expect(res.status).toBe(422);
    expect(res.body.errors.ids).toEqual([DOCUMENT_TEMPLATE_MESSAGES.idsRequired]);
    expect((await api.request("GET", "/document-templates/abc", { token: admin })).status).toBe(404);
  });
});

describe("/document-templates: create, list, update, delete", () => {
  it("creates a document template, lists it by search and sort with paging, updates it and deletes it", async () => {
    const token = unique();
    const created = await create({ name: `B ${token}`, notes: " First notes " });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: `B ${token}`, notes: "First notes" });
    const second = await create({ name: `a ${token}` });
    expect(second.body.data.notes).toBeNull();

    const list = (query: Record<string, unknown>) => api.request("GET", "/document-templates", { token: admin, query: { filter: { search: token }, ...query } });
    const byName = await list({});
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((r: { name: string }) => r.name)).toEqual([`a ${token}`, `B ${token}`]);
    expect(byName.body.meta).toMatchObject({ current_page: 1, total: 2 });
    expect((await list({ sort: "-name" })).body.data.map((r: { name: string }) => r.name)).toEqual([`B ${token}`, `a ${token}`]);
    const paged = await list({ page: { number: 2, size: 1 } });
    expect(paged.body.data.map((r: { name: string }) => r.name)).toEqual([`B ${token}`]);
    expect(paged.body.meta).toMatchObject({ current_page: 2, per_page: 1, total: 2, last_page: 2 });

    const id = created.body.data.id;
    const updated = await api.request("PUT", `/document-templates/${id}`, { token: admin, body: { name: `C ${token}`, notes: "" } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, name: `C ${token}`, notes: null });
    expect((await api.request("GET", `/document-templates/${id}`, { token: admin })).body.data.name).toBe(`C ${token}`);

    const deleted = await api.request("DELETE", "/document-templates", { token: admin, body: { ids: [id, second.body.data.id] } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: 2 });
    expect((await list({})).body.data).toEqual([]);
  });
});

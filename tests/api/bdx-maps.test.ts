import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BDX_MESSAGES } from "#contract/bdx";
import { bdxImports, bdxMaps, companies } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, userWith } from "../helpers/crm";

/** Saved bordereau maps renamed and deleted (/mapper/mapper/{id}): access, tenancy, names, a map an import is using. */
let api: TestApi;
let admin: string;
let uuid: string;
let viewer: string;
let foreign: { token: string; tenantId: number };
let foreignUuid: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  const { db } = api.database;
  [{ uuid }] = await db.select({ uuid: companies.uuid }).from(companies).where(eq(companies.name, "Harbour Brokers"));
  viewer = (await userWith(api, "Harbour Brokers", ["policy_view"])).token;
  foreign = await emptyTenant(api, ["policy_view", "policy_manage"]);
  [{ uuid: foreignUuid }] = await db.select({ uuid: companies.uuid }).from(companies).where(eq(companies.id, foreign.tenantId));
});
afterAll(async () => {
  await api?.close();
});

const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();
async function saveMap(name: string) {
  const res = await api.request("POST", `/mapper/mapper?company_uuid=${uuid}`, {
    token: admin,
    body: { name, map: { policy_number: "Policy No", client_name: "Insured" }, selectedProducts: [] },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { mapId: number; name: string };
}
const rename = (id: number, name: unknown, token = admin, company = uuid) =>
  api.request("PUT", `/mapper/mapper/${id}?company_uuid=${company}`, { token, body: { name } });
const remove = (id: number, token = admin, company = uuid) => api.request("DELETE", `/mapper/mapper/${id}?company_uuid=${company}`, { token });
const names = async () =>
  ((await api.request("GET", `/mapper/mapper?company_uuid=${uuid}`, { token: admin })).body.data as { name: string }[]).map((m) => m.name);

describe("renaming a saved map", () => {
  it("renames it; a blank or taken name (any case) is a 422 naming the field; nothing changes then", async () => {
    const map = await saveMap(`Monthly ${unique()}`);
    const other = await saveMap(`Quarterly ${unique()}`);
    const renamed = await rename(map.mapId, `  Renamed ${map.name}  `);
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ mapId: map.mapId, name: `Renamed ${map.name}`, map: { policy_number: "Policy No" } });
    expect(await names()).toContain(`Renamed ${map.name}`);

    const taken = await rename(map.mapId, other.name.toUpperCase());
    expect(taken.status).toBe(422);
    expect(taken.body.errors.name).toEqual([BDX_MESSAGES.mapNameTaken]);
    const blank = await rename(map.mapId, "   ");
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toEqual([BDX_MESSAGES.mapName]);
    expect((await rename(map.mapId, "x".repeat(101))).status).toBe(422);
    expect((await rename(map.mapId, { nested: true })).status).toBe(422);
    // Its own name in another case is no clash.
    expect((await rename(map.mapId, `renamed ${map.name}`.toUpperCase())).status).toBe(200);
  });
});

describe("deleting a saved map", () => {
  it("deletes it; an import that has not finished keeps it (409 with the reason); a finished one loses only the link", async () => {
    const map = await saveMap(`Delete me ${unique()}`);
    const [{ tenantId }] = await api.database.db.select({ tenantId: bdxMaps.tenantId }).from(bdxMaps).where(eq(bdxMaps.id, map.mapId));
    const [running] = await api.database.db
      .insert(bdxImports)
      .values({
        tenantId,
        fileName: "running.csv",
        fileType: "csv",
        content: Buffer.from("Policy No\nA-1"),
        headers: ["Policy No"],
        rowCount: 1,
        mapId: map.mapId,
        map: { policy_number: "Policy No" },
        status: "running",
      })
      .returning({ id: bdxImports.id });

    const refused = await remove(map.mapId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BDX_MESSAGES.mapInUse);
    expect(await names()).toContain(map.name);

    await api.database.db.update(bdxImports).set({ status: "done" }).where(eq(bdxImports.id, running.id));
    expect((await remove(map.mapId)).status).toBe(204);
    expect(await names()).not.toContain(map.name);
    const [after] = await api.database.db.select().from(bdxImports).where(eq(bdxImports.id, running.id));
    expect(after.mapId).toBeNull();
    expect(after.map).toEqual({ policy_number: "Policy No" });
    // Gone: a second delete or a rename is not found.
    expect((await remove(map.mapId)).status).toBe(404);
    expect((await rename(map.mapId, "Again")).status).toBe(404);
  });
});

describe("guards", () => {
  it("401 without a token, 403 without policy_manage, 404 for another company's map, the company's uuid checked", async () => {
    const map = await saveMap(`Guarded ${unique()}`);
    expect((await api.request("PUT", `/mapper/mapper/${map.mapId}?company_uuid=${uuid}`, { body: { name: "x" } })).status).toBe(401);
    expect((await api.request("DELETE", `/mapper/mapper/${map.mapId}?company_uuid=${uuid}`)).status).toBe(401);
    expect((await rename(map.mapId, "Viewer", viewer)).status).toBe(403);
    expect((await remove(map.mapId, viewer)).status).toBe(403);
    // Another company's user, with its own uuid or Harbour's: not found, and the map is untouched.
    expect((await rename(map.mapId, "Theirs", foreign.token, foreignUuid)).status).toBe(404);
    expect((await remove(map.mapId, foreign.token, foreignUuid)).status).toBe(404);
    expect((await remove(map.mapId, foreign.token, uuid)).status).toBe(404);
    // Harbour's own map with another company's uuid, or none: the mapper's message.
    const wrongUuid = await remove(map.mapId, admin, foreignUuid);
    expect(wrongUuid.status).toBe(404);
    expect(wrongUuid.body.message).toBe(BDX_MESSAGES.companyUuid);
    expect((await api.request("DELETE", `/mapper/mapper/${map.mapId}`, { token: admin })).status).toBe(422);
    expect((await api.request("DELETE", `/mapper/mapper/abc?company_uuid=${uuid}`, { token: admin })).status).toBeGreaterThanOrEqual(400);
    expect(await names()).toContain(map.name);
  });
});

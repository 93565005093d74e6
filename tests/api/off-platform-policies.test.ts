import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFF_PLATFORM_POLICY_MESSAGES as M } from "#contract/off-platform-policies";
import { offPlatformPolicies } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, userWith } from "../helpers/crm";

/** /off-platform-policy through HTTP: access, tenancy, stage validation, and each call's happy path. Each test makes its own policies. */
let api: TestApi;
let admin: string;
let viewer: string;
let manager: string;
let foreign: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  viewer = (await userWith(api, "Harbour Brokers", ["off_platform_policy_view"])).token;
  manager = (await userWith(api, "Harbour Brokers", ["off_platform_policy_view", "off_platform_policy_manage"])).token;
  foreign = (await emptyTenant(api, ["off_platform_policy_view", "off_platform_policy_manage", "off_platform_policy_delete"])).token;
});
afterAll(async () => {
  await api?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);
const body = (over: Record<string, unknown> = {}) => ({
  policy_number: `OPP-${unique()}`,
  product_name: "Commercial Combined",
  insurer: "Aviva",
  class_of_business: "Property",
  state: "BOUND",
  client_type: "company",
  client_name: `Client ${unique()}`,
  client_email: "office@client.test",
  inception_date: "2026-01-01",
  renewal_date: "2027-01-01",
  premium_pence: 125050,
  ipt_rate: 12,
  fees_pence: 5000,
  ...over,
});
const create = (b: Record<string, unknown>, token = admin) => api.request("POST", "/off-platform-policy", { token, body: b });
const validate = (stage: string, b: unknown, token = admin, id?: number) =>
  api.request("POST", `/off-platform-policy/validate?stage=${stage}${id ? `&id=${id}` : ""}`, { token, body: b });

describe("/off-platform-policy: access", () => {
  it("answers 401 without a token", async () => {
    expect((await api.request("GET", "/off-platform-policy")).status).toBe(401);
    expect((await create(body(), "")).status).toBe(401);
    expect((await validate("policy", {}, "")).status).toBe(401);
    expect((await api.request("DELETE", "/off-platform-policy?off_platform_policy_ids=1")).status).toBe(401);
  });

  it("answers 403 without the permission each call needs", async () => {
    const seeded = await create(body());
    expect((await api.request("GET", "/off-platform-policy", { token: viewer })).status).toBe(200);
    expect((await create(body(), viewer)).status).toBe(403);
    expect((await validate("policy", body(), viewer)).status).toBe(403);
    expect((await api.request("PUT", `/off-platform-policy/${seeded.body.data.id}`, { token: viewer, body: body() })).status).toBe(403);
    // Managing is not deleting: off_platform_policy_delete is its own permission.
    expect((await api.request("DELETE", `/off-platform-policy?off_platform_policy_ids=${seeded.body.data.id}`, { token: manager })).status).toBe(403);
    const noPerm = (await userWith(api, "Harbour Brokers", [])).token;
    expect((await api.request("GET", "/off-platform-policy", { token: noPerm })).status).toBe(403);
  });

  it("answers 404 for another company's off-platform policy, and leaves it as it was", async () => {
    const own = await create(body({ insurer: "Foreign insurer" }), foreign);
    expect(own.status).toBe(201);
    const id = own.body.data.id;
    expect((await api.request("GET", `/off-platform-policy/${id}`, { token: admin })).status).toBe(404);
    expect((await api.request("PUT", `/off-platform-policy/${id}`, { token: admin, body: body() })).status).toBe(404);
    expect((await validate("policy", body(), admin, id)).status).toBe(404);
    expect((await api.request("DELETE", `/off-platform-policy?off_platform_policy_ids=${id}`, { token: admin })).status).toBe(404);
    const [row] = await api.database.db.select().from(offPlatformPolicies).where(eq(offPlatformPolicies.id, id));
    expect(row.insurer).toBe("Foreign insurer");
    // The same policy number is free in another company.
    expect((await create(body({ policy_number: own.body.data.policy_number }))).status).toBe(201);
  });
});

describe("/off-platform-policy/validate: stage by stage", () => {
  it("checks each stage's own fields only, and names the next stage", async () => {
    const policy = await validate("policy", { policy_number: "P-1", product_name: "Fleet", insurer: "Zurich", state: "QUOTE" });
    expect(policy.status).toBe(200);
    expect(policy.body.data).toEqual({ stage: "policy", valid: true, next_stage: "client" });
    const client = await validate("client", { client_type: "individual", client_name: "Ann Lee" });
    expect(client.body.data.next_stage).toBe("cover");
    const cover = await validate("cover", { inception_date: "2026-02-01", renewal_date: "2027-02-01", premium_pence: "1000", ipt_rate: "20" });
    expect(cover.status).toBe(200);
    expect(cover.body.data.next_stage).toBeNull();
  });

  it("answers 422 with the stage's field errors", async () => {
    const policy = await validate("policy", { policy_number: " ", state: "LOST" });
    expect(policy.status).toBe(422);
    expect(policy.body.errors).toEqual({ policy_number: [M.policyNumber], product_name: [M.productName], insurer: [M.insurer], state: [M.state] });
    const client = await validate("client", { client_type: "trust", client_name: "", client_email: "not-an-email" });
    expect(client.body.errors).toEqual({ client_type: [M.clientType], client_name: [M.clientName], client_email: [M.clientEmail] });
    const cover = await validate("cover", { inception_date: "2026-02-30", renewal_date: "2026-01-01", premium_pence: "12.50", ipt_rate: 5, fees_pence: -1 });
    expect(cover.body.errors).toEqual({
      inception_date: ["Enter a real date."],
      premium_pence: [M.premium],
      ipt_rate: [M.iptRate],
      fees_pence: [M.fees],
    });
    const order = await validate("cover", { inception_date: "2026-02-01", renewal_date: "2026-02-01", premium_pence: 1, ipt_rate: 12 });
    expect(order.body.errors).toEqual({ renewal_date: [M.renewalAfterInception] });
  });

  it("refuses an unknown stage and a policy number the company uses already (except the policy's own)", async () => {
    const bad = await validate("payment", {});
    expect(bad.status).toBe(422);
    expect(bad.body.errors.stage).toEqual([M.stage]);
    const existing = await create(body());
    const number = existing.body.data.policy_number as string;
    const taken = await validate("policy", { policy_number: number.toLowerCase(), product_name: "X", insurer: "Y", state: "BOUND" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ policy_number: [M.policyNumberTaken] });
    const own = await validate("policy", { policy_number: number, product_name: "X", insurer: "Y", state: "BOUND" }, admin, existing.body.data.id);
    expect(own.status).toBe(200);
  });
});

describe("/off-platform-policy: create, show, list, update, delete many", () => {
  it("validates the whole body on create and stores nothing on refusal", async () => {
    const before = (await api.database.db.select().from(offPlatformPolicies)).length;
    const res = await create({ ...body(), client_name: "", premium_pence: "lots" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ client_name: [M.clientName], premium_pence: [M.premium] });
    expect((await api.database.db.select().from(offPlatformPolicies)).length).toBe(before);
  });

  it("creates, shows, lists with search, filter, sort and paging, updates and deletes many", async () => {
    const token = unique();
    const a = await create(
      body({ policy_number: `A-${token}`, client_name: `Zed ${token}`, renewal_date: "2027-03-01", premium_pence: 100000, state: "QUOTE" }),
    );
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ policy_number: `A-${token}`, premium_pence: 100000, ipt_rate: 12, ipt_pence: 12000, fees_pence: 5000 });
    const b = await create(body({ policy_number: `B-${token}`, client_name: `Amy ${token}`, renewal_date: "2027-02-01", fees_pence: "", ipt_rate: 20 }));
    expect(b.body.data.fees_pence).toBeNull();
    expect((await create(body({ policy_number: `a-${token}` }))).body.errors).toEqual({ policy_number: [M.policyNumberTaken] });

    const list = (query: Record<string, unknown>) =>
      api.request("GET", "/off-platform-policy", { token: admin, query: { filter: { search: token }, ...query } });
    const numbers = async (query: Record<string, unknown>) => (await list(query)).body.data.map((r: { policy_number: string }) => r.policy_number);
    expect(await numbers({})).toEqual([`B-${token}`, `A-${token}`]); // renewal date first
    expect(await numbers({ sort: "client_name" })).toEqual([`B-${token}`, `A-${token}`]);
    expect(await numbers({ sort: "-premium_pence" })).toEqual([`B-${token}`, `A-${token}`]);
    expect(await numbers({ filter: { search: token, state: "QUOTE" } })).toEqual([`A-${token}`]);
    expect((await list({ filter: { state: "LOST" } })).status).toBe(422);
    const paged = await list({ page: { number: 2, size: 1 } });
    expect(paged.body.meta).toMatchObject({ current_page: 2, per_page: 1, total: 2, last_page: 2 });

    const id = a.body.data.id;
    expect((await api.request("GET", `/off-platform-policy/${id}`, { token: viewer })).body.data.client_name).toBe(`Zed ${token}`);
    const updated = await api.request("PUT", `/off-platform-policy/${id}`, {
      token: manager,
      body: body({ policy_number: `A-${token}`, insurer: "Hiscox", notes: " n " }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, insurer: "Hiscox", notes: "n" });
    const clash = await api.request("PUT", `/off-platform-policy/${id}`, { token: admin, body: body({ policy_number: `B-${token}` }) });
    expect(clash.body.errors).toEqual({ policy_number: [M.policyNumberTaken] });

    expect((await api.request("DELETE", "/off-platform-policy?off_platform_policy_ids=", { token: admin })).body.errors.off_platform_policy_ids).toEqual([
      M.idsRequired,
    ]);
    expect((await api.request("DELETE", "/off-platform-policy?off_platform_policy_ids=x", { token: admin })).status).toBe(422);
    const deleted = await api.request("DELETE", `/off-platform-policy?off_platform_policy_ids=${id},${b.body.data.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: 2 });
    expect((await list({})).body.data).toEqual([]);
    expect((await api.request("GET", "/off-platform-policy/abc", { token: admin })).status).toBe(404);
  });
});

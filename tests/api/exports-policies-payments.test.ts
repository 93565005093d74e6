import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "#api/db/schema";
import { moneyCell } from "#api/modules/exports/cells";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, makeIndividual, userWith } from "../helpers/crm";
import { unique } from "../helpers/sales";

/** The policies, off-platform policies and transactions lists' exports: their filters honoured, tenancy, permission, money. */
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function exported(token: string, type: string, body: Record<string, unknown>) {
  const res = await api.request("POST", `/export/${type}`, { token, body });
  expect(res.status, res.text).toBe(201);
  const file = await api.request("GET", `/export/download/${res.body.data.id}`, { token });
  expect(file.status, file.text).toBe(200);
  const records = parse(file.text, { bom: true }) as string[][];
  return { data: res.body.data, header: records[0], rows: records.slice(1).map((r) => Object.fromEntries(records[0].map((h, i) => [h, r[i]]))) };
}

/** The ids the list endpoint answers for a query, in its order. */
async function listIds(token: string, path: string, query: Record<string, unknown>) {
  const res = await api.request("GET", path, { token, query: { ...query, page: { size: 100 } } });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { id: number }[]).map((r) => String(r.id));
}

describe("money cells", () => {
  it("pounds with two decimals from integer pence, without floating-point drift", () => {
    expect(moneyCell(125_050)).toBe("1250.50");
    expect(moneyCell(1990)).toBe("19.90");
    expect(moneyCell(7)).toBe("0.07");
    expect(moneyCell(0)).toBe("0.00");
    expect(moneyCell(-1501)).toBe("-15.01");
    expect(moneyCell(90_071_992_547_409)).toBe("900719925474.09");
    expect(moneyCell(null)).toBe("");
  });
});

describe("POST /export/policies", () => {
  it("exports exactly the filtered list in its order, the company's own policies only, behind the list's permission", async () => {
    const perms = ["policy_view", "policy_manage"] as const;
    const me = await emptyTenant(api, [...perms]);
    const other = await emptyTenant(api, [...perms]);
    const tag = unique("Exp").replace(/\s+/g, "-");
    const client = await makeIndividual(api, me.tenantId, "Petra", unique("Policyholder"), "petra@example.test");
    const foreignClient = await makeIndividual(api, other.tenantId, "Otto", unique("Other"));
    const make = async (token: string, individual: number, over: Record<string, unknown>) => {
      const res = await api.request("POST", "/policies", {
        token,
        body: {
          number: `${tag}-${unique("n").replace(/\s+/g, "")}`,
          product_name: "Fleet Motor",
          class_of_business: "Motor",
          insurer: "AXA",
          main_broker_name: "Harbour Brokers",
          individual_id: individual,
          premium_pence: 100_001,
          ipt_rate: 12,
          fees_pence: 1_990,
          inception_date: "2026-03-01",
          renewal_date: "2027-03-01",
          ...over,
        },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data as { id: number; number: string; ipt_pence: number; total_pence: number };
    };
    const a = await make(me.token, client, { premium_pence: 30 });
    const b = await make(me.token, client, { premium_pence: 45_670 });
    await make(me.token, client, { product_name: "Cyber Liability", premium_pence: 99 });
    await make(other.token, foreignClient, { premium_pence: 12_345 });

    const query = { filter: { policyNumber: tag, productName: "Fleet" }, sort: "premium" };
    const file = await exported(me.token, "policies", query);
    expect(file.data).toMatchObject({ type: "policies", label: "Policies", state: "done", total_rows: 2 });
    expect(file.rows.map((r) => r.ID)).toEqual(await listIds(me.token, "/policies", query));
    expect(file.rows.map((r) => r.ID)).toEqual([String(a.id), String(b.id)]);
    expect(file.header).toContain("Premium (GBP)");
    expect(file.rows[0]).toMatchObject({
      "Policy number": a.number,
      Product: "Fleet Motor",
      Client: expect.stringContaining("Petra"),
      "Client e-mail": "petra@example.test",
      State: expect.any(String),
      "Inception date": "01/03/2026",
      "Renewal date": "01/03/2027",
      "Premium (GBP)": "0.30",
      "Fees (GBP)": "19.90",
      "IPT (GBP)": moneyCell(a.ipt_pence),
      "Total (GBP)": moneyCell(a.total_pence),
    });
    expect(file.rows[1]["Premium (GBP)"]).toBe("456.70");

    // Another company's export of the same filter holds its own policy only.
    const theirs = await exported(other.token, "policies", { filter: { policyNumber: tag } });
    expect(theirs.rows).toHaveLength(1);
    expect(theirs.rows[0]["Premium (GBP)"]).toBe("123.45");
    // The list's permission: none, 403; another company's download, 404.
    const noPolicies = await userWith(api, me.tenantId, ["task_view"]);
    expect((await api.request("POST", "/export/policies", { token: noPolicies.token, body: {} })).status).toBe(403);
    expect((await api.request("GET", `/export/download/${file.data.id}`, { token: other.token })).status).toBe(404);
    // A bad sort is the list's 422.
    expect((await api.request("POST", "/export/policies", { token: me.token, body: { sort: "premium; drop" } })).status).toBe(422);
  });
});

describe("POST /export/off-platform-policies", () => {
  it("exports the filtered list (search, state) in its order, the company's own only, behind the list's permission", async () => {
    const me = await emptyTenant(api, ["off_platform_policy_view", "off_platform_policy_manage"]);
    const other = await emptyTenant(api, ["off_platform_policy_view", "off_platform_policy_manage"]);
    const tag = unique("OPX").replace(/\s+/g, "-");
    const make = async (token: string, over: Record<string, unknown>) => {
      const res = await api.request("POST", "/off-platform-policy", {
        token,
        body: {
          policy_number: `${tag}-${Math.random().toString(36).slice(2, 8)}`,
          product_name: "Commercial Combined",
          insurer: "Aviva",
          class_of_business: "Property",
          state: "BOUND",
          client_type: "company",
          client_name: "Anchor Ltd",
          client_email: "office@anchor.test",
          inception_date: "2026-01-01",
          renewal_date: "2027-01-01",
          premium_pence: 125_050,
          ipt_rate: 12,
          fees_pence: 5_000,
          ...over,
        },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data as { id: number };
    };
    const early = await make(me.token, { renewal_date: "2026-12-01" });
    const late = await make(me.token, { renewal_date: "2027-02-01", premium_pence: 10 });
    await make(me.token, { state: "CANCELLED" });
    await make(other.token, {});

    const query = { filter: { search: tag, state: "BOUND" } };
    const file = await exported(me.token, "off-platform-policies", query);
    expect(file.rows.map((r) => r.ID)).toEqual(await listIds(me.token, "/off-platform-policy", query));
    expect(file.rows.map((r) => r.ID)).toEqual([String(early.id), String(late.id)]);
    expect(file.rows[0]).toMatchObject({
      Client: "Anchor Ltd",
      "Client type": "Company",
      "Renewal date": "01/12/2026",
      "Premium (GBP)": "1250.50",
      "Fees (GBP)": "50.00",
    });
    expect(file.rows[1]["Premium (GBP)"]).toBe("0.10");

    const theirs = await exported(other.token, "off-platform-policies", { filter: { search: tag } });
    expect(theirs.rows).toHaveLength(1);
    const none = await userWith(api, me.tenantId, ["policy_view"]);
    expect((await api.request("POST", "/export/off-platform-policies", { token: none.token, body: {} })).status).toBe(403);
    expect((await api.request("POST", "/export/off-platform-policies", { token: me.token, body: { filter: { state: "SIDEWAYS" } } })).status).toBe(422);
  });
});

describe("POST /export/payments", () => {
  it("exports the filtered transactions (status, amount) in the list's order, the company's own only, behind the list's permission", async () => {
    const me = await emptyTenant(api, ["payment_view", "payment_manage"]);
    const other = await emptyTenant(api, ["payment_view", "payment_manage"]);
    const client = await makeIndividual(api, me.tenantId, "Paula", unique("Payer"));
    const row = (tenantId: number, amountPence: number, status: "succeeded" | "failed" | "refunded", description: string, minutesAgo: number) => ({
      tenantId,
      individualId: tenantId === me.tenantId ? client : null,
      payerName: "Paula Payer",
      description,
      status,
      amountPence,
      refundedPence: status === "refunded" ? amountPence : 0,
      provider: "sandbox" as const,
      providerPaymentId: `sandbox_${Math.random().toString(36).slice(2)}`,
      cardBrand: "visa",
      cardLast4: "4242",
      idempotencyKey: `export-test-${Math.random()}`,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    const inserted = await api.database.db
      .insert(payments)
      .values([
        row(me.tenantId, 12_005, "succeeded", "Premium May", 3),
        row(me.tenantId, 30, "succeeded", "Premium June", 2),
        row(me.tenantId, 99_999, "succeeded", "Too big", 1),
        row(me.tenantId, 500, "failed", "Declined", 4),
        row(other.tenantId, 1_000, "succeeded", "Not theirs", 1),
      ])
      .returning({ id: payments.id });

    const query = { filter: { status: "succeeded", amount: { from: "0.10", to: "500.00" } } };
    const file = await exported(me.token, "payments", query);
    expect(file.data).toMatchObject({ type: "payments", label: "Transactions", total_rows: 2 });
    expect(file.rows.map((r) => r.ID)).toEqual(await listIds(me.token, "/payment", query));
    // Newest first, as the list.
    expect(file.rows.map((r) => r.ID)).toEqual([String(inserted[1].id), String(inserted[0].id)]);
    expect(file.rows[1]).toMatchObject({
      Description: "Premium May",
      Client: expect.stringContaining("Paula"),
      "Amount (GBP)": "120.05",
      "Refunded (GBP)": "0.00",
      Currency: "GBP",
      Card: "visa ending 4242",
    });
    expect(file.rows[1].Date).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(file.rows[0]["Amount (GBP)"]).toBe("0.30");

    const theirs = await exported(other.token, "payments", {});
    expect(theirs.rows.map((r) => r.Description)).toEqual(["Not theirs"]);
    const none = await userWith(api, me.tenantId, ["invoice_view"]);
    expect((await api.request("POST", "/export/payments", { token: none.token, body: {} })).status).toBe(403);
    expect((await api.request("POST", "/export/payments", { token: me.token, body: { filter: { status: "stolen" } } })).status).toBe(422);
  });
});

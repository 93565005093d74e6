import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientCompanies, companyIndividuals, companyLines, companyLineSplits, emailThreads, individuals, notes } from "#api/db/schema";
import { ruleFor } from "#contract/portal-routes";
import type { Permission } from "#contract/permissions";
import { COMPANY_READ } from "#api/modules/clients/records";
import { createTestApi, type TestApi } from "../helpers/api";
import { lookupId, makeCompany, makeIndividual, marker, outbox, tenantId, userId, userWith } from "../helpers/clients";
import { countQueries } from "../helpers/crm";
import { pngBytes, sendMultipart, TINY_PNG } from "../helpers/multipart";

let api: TestApi;
let admin: string;
let viewer: string;
let adviser: string;
let owner: string;
let harbour: number;
let northgate: number;

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, adviser, owner] = await Promise.all([
    api.login("admin@harbour.test"),
    api.login("viewer@harbour.test"),
    api.login("adviser@northgate.test"),
    api.login("owner@bloom.test"),
  ]);
  harbour = await tenantId(api, "Harbour Brokers");
  northgate = await tenantId(api, "Northgate Advisers");
});
afterAll(async () => {
  await api?.close();
});

const get = (url: string, query: Record<string, unknown> = {}, token = admin) => api.request("GET", url, { token, query });
const post = (url: string, body: unknown, token = admin) => api.request("POST", url, { token, body });
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((c) => c.name);

async function companyCount(tenant: number) {
  const [{ n }] = await api.database.db.select({ n: count() }).from(clientCompanies).where(eq(clientCompanies.tenantId, tenant));
  return n;
}
async function theirCompany() {
  const [row] = await api.database.db.select().from(clientCompanies).where(eq(clientCompanies.tenantId, northgate)).limit(1);
  return row;
}
async function primaries(companyId: number) {
  return api.database.db
    .select({ individualId: companyIndividuals.individualId })
    .from(companyIndividuals)
    .where(and(eq(companyIndividuals.companyId, companyId), eq(companyIndividuals.isPrimary, true)));
}

describe("the demo book", () => {
  it("pages Harbour's companies by name on /company and /companies alike", async () => {
    const total = await companyCount(harbour);
    expect(total).toBeGreaterThanOrEqual(300);
    const res = await get("/company");
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 10, total, last_page: Math.ceil(total / 10) });
    const alias = await get("/companies");
    expect(alias.body.data).toEqual(res.body.data);
    const page3 = await get("/companies", { page: { number: 3, size: 25 } });
    expect(page3.body.data).toHaveLength(25);
    expect(page3.body.meta.current_page).toBe(3);
  });

  it("answers every field of a company, with its primary contact and the count of contacts", async () => {
    const [link] = await api.database.db
      .select()
      .from(companyIndividuals)
      .where(and(eq(companyIndividuals.tenantId, harbour), eq(companyIndividuals.isPrimary, true)))
      .limit(1);
    const res = await get(`/company/${link.companyId}`);
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(Object.keys(c).sort()).toEqual(
      [
        "id",
        "name",
        "type_id",
        "type",
        "employee_size_id",
        "employee_size",
        "industry_id",
        "industry",
        "trade_id",
        "trade",
        "registration_number",
        "website",
        "email",
        "telephone",
        "address_line_1",
        "address_line_2",
        "town",
        "county",
        "postcode",
        "owner",
        "company_branding_colour",
        "logo_url",
        "icon_url",
        "bank_account",
        "broker_data",
        "communication_details",
        "primary_contact",
        "individuals_count",
        "individuals",
        "created_at",
        "updated_at",
      ].sort(),
    );
    expect(c.type).toEqual({ id: c.type_id, name: expect.any(String) });
    expect(c.trade).toEqual({ id: c.trade_id, name: expect.any(String) });
    expect(Object.keys(c.bank_account).sort()).toEqual(["account_name", "account_number", "sort_code"]);
    expect(Object.keys(c.broker_data).sort()).toEqual(["appointed_representative", "fca_number", "network", "principal_firm"]);
    expect(Object.keys(c.communication_details).sort()).toEqual([
      "consent_updated_at",
      "marketing_email",
      "marketing_post",
      "marketing_sms",
      "marketing_telephone",
      "preferred_channel",
    ]);
    expect(c.primary_contact).toEqual({
      id: link.individualId,
      full_name: expect.any(String),
      email: expect.anything(),
      telephone: expect.anything(),
      job_title: expect.any(String),
    });
    expect(c.individuals_count).toBe(c.individuals.length);
    expect(c.individuals[0]).toMatchObject({ individual_id: link.individualId, is_primary: true });
    expect((await get(`/companies/${link.companyId}`)).body.data).toEqual(c);
    // The list carries the same fields, without the contact list.
    const listed = (await get("/company", { filter: { search: c.name } })).body.data.find((x: { id: number }) => x.id === c.id);
    const { individuals: _, ...rest } = c;
    expect(listed).toEqual(rest);
  });
});

describe("search, filters and sorting", () => {
  let tag: string;
  let ltd: number;
  let llp: number;
  let small: number;
  let large: number;
  let made: { id: number; name: string }[];

  beforeAll(async () => {
    tag = marker("Wv");
    ltd = await lookupId(api, admin, "/type", "Private limited company");
    llp = await lookupId(api, admin, "/type", "Limited liability partnership");
    small = await lookupId(api, admin, "/employee-size", "2-9");
    large = await lookupId(api, admin, "/employee-size", "250-999");
    made = [
      await makeCompany(api, admin, {
        name: `Bravo ${tag} Ltd`,
        type_id: ltd,
        employee_size_id: small,
        postcode: "LS1 4AP",
        email: `office@bravo-${tag}.example`,
      }),
      await makeCompany(api, admin, { name: `Alpha ${tag} LLP`, type_id: llp, employee_size_id: large, registration_number: "OC123456" }),
      await makeCompany(api, admin, { name: `Charlie ${tag} Ltd`, type_id: ltd, employee_size_id: large }),
    ];
  });

  it("searches name, e-mail, registration number and postcode", async () => {
    expect(names(await get("/company", { filter: { search: tag } }))).toEqual([`Alpha ${tag} LLP`, `Bravo ${tag} Ltd`, `Charlie ${tag} Ltd`]);
    expect(names(await get("/company", { filter: { search: `office@bravo-${tag}` } }))).toEqual([`Bravo ${tag} Ltd`]);
    expect(names(await get("/company", { filter: { search: "oc123456" } }))).toContain(`Alpha ${tag} LLP`);
  });

  it("filters by type and employee size", async () => {
    expect(names(await get("/company", { filter: { search: tag, type_id: String(ltd) } }))).toEqual([`Bravo ${tag} Ltd`, `Charlie ${tag} Ltd`]);
    expect(names(await get("/company", { filter: { search: tag, employee_size_id: String(large) } }))).toEqual([`Alpha ${tag} LLP`, `Charlie ${tag} Ltd`]);
    expect(names(await get("/company", { filter: { search: tag, type_id: String(ltd), employee_size_id: String(large) } }))).toEqual([`Charlie ${tag} Ltd`]);
    // Over the whole book: every company answered has the type asked for.
    const all = await get("/company", { filter: { type_id: String(llp) }, page: { size: 999 } });
    expect(all.body.data.length).toBeGreaterThan(1);
    for (const c of all.body.data) expect(c.type_id).toBe(llp);
  });

  it("filters by a linked individual (filter[individuals.id])", async () => {
    const person = await makeIndividual(api, admin, { company_id: made[2].id });
    await post(`/companies/${made[0].id}/individuals`, { individual_id: person.id });
    expect(names(await get("/company", { filter: { "individuals.id": String(person.id) } }))).toEqual([`Bravo ${tag} Ltd`, `Charlie ${tag} Ltd`]);
    expect(names(await get("/company", { filter: { individual_id: String(person.id) } }))).toEqual([`Bravo ${tag} Ltd`, `Charlie ${tag} Ltd`]);
  });

  it("sorts by name, creation and postcode, either way", async () => {
    const q = (sort: string) => get("/company", { filter: { search: tag }, sort });
    expect(names(await q("-name"))).toEqual([`Charlie ${tag} Ltd`, `Bravo ${tag} Ltd`, `Alpha ${tag} LLP`]);
    expect(names(await q("created_at"))).toEqual(made.map((m) => m.name));
    expect(names(await q("-created_at"))).toEqual(made.map((m) => m.name).reverse());
    expect(names(await q("postcode"))[0]).toBe(`Bravo ${tag} Ltd`);
  });

  it("answers 422 for a bad filter and sort", async () => {
    expect((await get("/company", { filter: { type_id: "ltd" } })).status).toBe(422);
    expect((await get("/company", { filter: { "individuals.id": "-1" } })).status).toBe(422);
    expect((await get("/company", { sort: "name desc" })).status).toBe(422);
  });
});

describe("access", () => {
  it("401 without a session; 403 without company permissions; company_view reads but cannot change", async () => {
    expect((await api.request("GET", "/company")).status).toBe(401);
    expect((await get("/company", {}, viewer)).status).toBe(403);
    expect((await get("/companies", {}, viewer)).status).toBe(403);
    const reader = await userWith(api, "Harbour Brokers", "company.reader@harbour.test", ["company_view"]);
    const [one] = (await get("/company", {}, reader)).body.data;
    expect(one).toBeDefined();
    expect((await post(`/company/${one.id}`, { name: "Changed" }, reader)).status).toBe(403);
    expect((await post("/company", { name: "New Co" }, reader)).status).toBe(403);
    expect((await post(`/company/${one.id}/bank-account-details`, {}, reader)).status).toBe(403);
    expect((await api.request("DELETE", "/company-bulk-delete", { token: reader, body: { ids: [one.id] } })).status).toBe(403);
  });

  it("company_create may create", async () => {
    const creator = await userWith(api, "Harbour Brokers", "company.creator@harbour.test", ["company_create"]);
    expect((await post("/company", { name: `${marker()} Created Ltd` }, creator)).status).toBe(201);
  });

  it("another tenant's company answers 404 on every path", async () => {
    const theirs = await theirCompany();
    const lineId = 1;
    for (const [method, url, body] of [
      ["GET", `/company/${theirs.id}`],
      ["GET", `/companies/${theirs.id}`],
      ["POST", `/company/${theirs.id}`, { name: "Hacked" }],
      ["POST", `/company/${theirs.id}/bank-account-details`, { account_name: "A", account_number: "12345678", sort_code: "12-34-56" }],
      ["POST", `/company/${theirs.id}/broker-data`, {}],
      ["POST", `/company/${theirs.id}/communication-details`, {}],
      ["POST", `/company/${theirs.id}/individual`, { individual_id: 1 }],
      ["GET", `/company/${theirs.id}/compliance-information`],
      ["POST", `/company/${theirs.id}/compliance-information`, {}],
      ["GET", `/company/${theirs.id}/email`],
      ["GET", `/companies/${theirs.id}/lines`],
      ["GET", `/companies/${theirs.id}/lines-split`],
      ["POST", `/companies/${theirs.id}/lines`, { line_type: "Cyber", premium: 100 }],
      ["POST", `/companies/${theirs.id}/lines/${lineId}`, { line_type: "Cyber", premium: 100 }],
      ["DELETE", `/companies/${theirs.id}/lines/${lineId}`],
      ["POST", `/companies/${theirs.id}/individuals`, { individual_id: 1 }],
      ["PUT", `/companies/${theirs.id}/individuals/1`, {}],
      ["DELETE", `/companies/${theirs.id}/individuals/1`],
      ["POST", "/company/email", { company_id: theirs.id, subject: "S", body: "B" }],
    ] as [string, string, unknown?][]) {
      const res = await api.request(method as "GET", url, { token: admin, body });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(404);
    }
    const [after] = await api.database.db.select().from(clientCompanies).where(eq(clientCompanies.id, theirs.id));
    expect(after).toEqual(theirs);
  });
});

describe("create and update", () => {
  it("creates with normalised fields and lookups; the owner defaults to the creator", async () => {
    const industry = await lookupId(api, admin, "/api/v1/get-industries", "Food and drink");
    const trades = await get("/trade", { filter: { industry_id: String(industry) } });
    const bakery = trades.body.data.find((t: { name: string }) => t.name === "Bakery");
    const res = await post("/company", {
      name: "  Crumb & Co Bakers Ltd ",
      registration_number: "sc 123456",
      website: "crumb.example",
      email: "Hello@Crumb.Example",
      telephone: "0117 496 0123",
      trade_id: bakery.id,
      postcode: "bs8 1tq",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "Crumb & Co Bakers Ltd",
      registration_number: "SC123456",
      website: "https://crumb.example/",
      email: "hello@crumb.example",
      postcode: "BS8 1TQ",
      trade: { id: bakery.id, name: "Bakery" },
      // The industry comes from the trade.
      industry: { id: industry, name: "Food and drink" },
      owner: { id: await userId(api, "admin@harbour.test"), name: "Amelia Hart" },
      primary_contact: null,
      individuals_count: 0,
      logo_url: null,
    });
  });

  it("answers 422 for bad fields and for lookups that are not the tenant's", async () => {
    const res = await post("/company", { name: "", registration_number: "12", website: "javascript:alert(1)", email: "x", postcode: "nowhere" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      name: ["Enter the company name."],
      registration_number: ["Enter a Companies House number of 8 characters, like 01234567 or SC123456."],
      website: ["Enter a web address, like https://example.co.uk."],
      email: ["Enter a valid e-mail address."],
      postcode: ["Enter a real UK postcode, like SW1A 1AA."],
    });
    const theirType = await post("/type", { name: `Northgate special ${marker()}` }, adviser);
    const industry = await lookupId(api, admin, "/api/v1/get-industries", "Retail");
    const bakery = (await get("/trade", { filter: { search: "Bakery" } })).body.data[0];
    const refs = await post("/company", {
      name: "Refs Ltd",
      type_id: theirType.body.data.id,
      employee_size_id: 9999,
      industry_id: industry,
      trade_id: bakery.id,
    });
    expect(refs.status).toBe(422);
    expect(refs.body.errors).toEqual({
      type_id: ["Choose a company type from the list."],
      employee_size_id: ["Choose an employee size from the list."],
      trade_id: ["Choose a trade of the chosen industry."],
    });
  });

  it("POST /company/{id} changes the fields sent; without an id: 'Company ID is required'", async () => {
    const c = await makeCompany(api, admin, { email: "keep@co.example", telephone: "0161 496 0000" });
    const res = await post(`/company/${c.id}`, { name: "Renamed Ltd", telephone: "" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Renamed Ltd", email: "keep@co.example", telephone: null, individuals: [] });
    const missing = await post("/company/", { name: "X" });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: "Company ID is required", errors: { id: ["Company ID is required"] } });
    expect((await post("/company/abc", { name: "X" })).status).toBe(404);
    const bad = await post(`/company/${c.id}`, { name: " " });
    expect(bad.body.errors).toEqual({ name: ["Enter the company name."] });
  });
});

describe("bank account details", () => {
  const validate = (query: Record<string, string>) => get("/company/validate-bank-account-details", query);

  it.each([
    [{ account_name: "Crumb & Co Bakers Ltd", account_number: "12345678", sort_code: "12-34-56" }, true, {}],
    [{ account_name: "J O'Neill", account_number: "1234 5678", sort_code: "123456" }, true, {}],
    [{ account_name: "Café Rouge (Leeds)", account_number: "00012345", sort_code: "12 34 56" }, true, {}],
    [
      { account_name: "", account_number: "1234567", sort_code: "12-34-5" },
      false,
      { account_name: ["Enter the account name."], account_number: ["Enter an 8-digit account number."], sort_code: ["Enter a 6-digit sort code."] },
    ],
    [
      { account_name: "A".repeat(71), account_number: "123456789", sort_code: "1-23456" },
      false,
      {
        account_name: ["The account name may not be longer than 70 characters."],
        account_number: ["Enter an 8-digit account number."],
        sort_code: ["Enter a 6-digit sort code."],
      },
    ],
    [
      { account_name: "Name <script>", account_number: "abcdefgh", sort_code: "12-34-5a" },
      false,
      {
        account_name: ["The account name may only contain letters, numbers, spaces and & ' - . , / ( )."],
        account_number: ["Enter an 8-digit account number."],
        sort_code: ["Enter a 6-digit sort code."],
      },
    ],
    [
      { account_name: "Zero", account_number: "00000000", sort_code: "00-00-00" },
      false,
      { account_number: ["Enter a real account number."], sort_code: ["Enter a real sort code."] },
    ],
    [{ account_name: "Mixed", account_number: "12345678", sort_code: "1234-56" }, false, { sort_code: ["Enter a 6-digit sort code."] }],
  ])("validate %j → valid %s", async (query, valid, errors) => {
    const res = await validate(query);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid, errors });
  });

  it("validation without any parameter lists every missing field; it needs a company permission", async () => {
    const res = await validate({});
    expect(res.body.valid).toBe(false);
    expect(Object.keys(res.body.errors).sort()).toEqual(["account_name", "account_number", "sort_code"]);
    expect((await validate({}).then(() => get("/company/validate-bank-account-details", {}, viewer))).status).toBe(403);
  });

  it("stores normalised details, or answers 422 with every error", async () => {
    const c = await makeCompany(api, admin);
    const res = await post(`/company/${c.id}/bank-account-details`, { account_name: " Crumb Ltd ", account_number: "1234-5678", sort_code: "123456" });
    expect(res.status).toBe(200);
    expect(res.body.data.bank_account).toEqual({ account_name: "Crumb Ltd", account_number: "12345678", sort_code: "12-34-56" });
    const bad = await post(`/company/${c.id}/bank-account-details`, { account_name: "Crumb Ltd", account_number: "123", sort_code: "12" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ account_number: ["Enter an 8-digit account number."], sort_code: ["Enter a 6-digit sort code."] });
    expect((await get(`/company/${c.id}`)).body.data.bank_account.account_number).toBe("12345678");
  });
});

describe("broker data, communication details and branding", () => {
  it("broker data: FCA number of 6 or 7 digits; an appointed representative needs its principal firm", async () => {
    const c = await makeCompany(api, admin);
    const res = await post(`/company/${c.id}/broker-data`, {
      fca_number: "123456",
      network: "Brokerbility",
      appointed_representative: false,
      principal_firm: "Ignored Ltd",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.broker_data).toEqual({ fca_number: "123456", network: "Brokerbility", appointed_representative: false, principal_firm: null });
    const bad = await post(`/company/${c.id}/broker-data`, { fca_number: "12AB", appointed_representative: "1" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      fca_number: ["The FCA reference number is 6 or 7 digits."],
      principal_firm: ["Enter the principal firm of the appointed representative."],
    });
    const ar = await post(`/company/${c.id}/broker-data`, { fca_number: 1234567, appointed_representative: true, principal_firm: "Wessex Compliance Ltd" });
    expect(ar.body.data.broker_data).toEqual({ fca_number: "1234567", network: null, appointed_representative: true, principal_firm: "Wessex Compliance Ltd" });
  });

  it("communication details: the preferred channel and consents; the consent date moves only when a consent changes", async () => {
    const c = await makeCompany(api, admin);
    const first = await post(`/company/${c.id}/communication-details`, { preferred_channel: "email", marketing_email: true, marketing_post: "on" });
    expect(first.status).toBe(200);
    const details = first.body.data.communication_details;
    expect(details).toEqual({
      preferred_channel: "email",
      marketing_email: true,
      marketing_sms: false,
      marketing_telephone: false,
      marketing_post: true,
      consent_updated_at: expect.any(String),
    });
    const same = await post(`/company/${c.id}/communication-details`, { preferred_channel: "post", marketing_email: true, marketing_post: true });
    expect(same.body.data.communication_details.consent_updated_at).toBe(details.consent_updated_at);
    const bad = await post(`/company/${c.id}/communication-details`, { preferred_channel: "pigeon" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ preferred_channel: ["Choose an option."] });
  });

  it("branding: logo and icon images checked by their bytes, a #rrggbb colour, and removal", async () => {
    const c = await makeCompany(api, admin);
    const url = `/company/${c.id}/branding`;
    const res = await sendMultipart(
      api.app,
      "POST",
      url,
      {
        company_branding_colour: "#0F4C81",
        logo: { file: pngBytes(4, 4), filename: "logo.png", type: "image/png" },
        icon: { file: TINY_PNG, filename: "icon.png", type: "image/png" },
      },
      admin,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.company_branding_colour).toBe("#0f4c81");
    expect(res.body.data.logo_url).toMatch(/^\/files\/.+/);
    expect(res.body.data.icon_url).toMatch(/^\/files\/.+/);
    const file = await api.request("GET", res.body.data.logo_url);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");

    const fake = await sendMultipart(
      api.app,
      "POST",
      url,
      { logo: { file: Buffer.from("<svg onload=alert(1)>"), filename: "logo.png", type: "image/png" }, company_branding_colour: "blue" },
      admin,
    );
    expect(fake.status).toBe(422);
    expect(fake.body.errors).toEqual({
      company_branding_colour: ["Enter a colour as #rrggbb, like #0f4c81."],
      logo: ["The logo must be an image: PNG, JPEG, GIF or WebP."],
    });

    const removed = await sendMultipart(api.app, "POST", url, { remove_logo: "1" }, admin);
    expect(removed.body.data.logo_url).toBeNull();
    expect(removed.body.data.icon_url).toBe(res.body.data.icon_url);
    expect(removed.body.data.company_branding_colour).toBe("#0f4c81");
    expect((await api.request("GET", res.body.data.logo_url)).status).toBe(404);
  });
});

describe("compliance information", () => {
  it("is empty until saved, then holds the checks, risk rating and review date", async () => {
    const c = await makeCompany(api, admin);
    const empty = await get(`/company/${c.id}/compliance-information`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      company_id: c.id,
      aml_checked_at: null,
      sanctions_checked_at: null,
      risk_rating: null,
      politically_exposed: false,
      next_review_at: null,
      review_overdue: false,
      notes: null,
      updated_by: null,
      updated_at: null,
    });
    const saved = await post(`/company/${c.id}/compliance-information`, {
      aml_checked_at: "2025-03-01",
      sanctions_checked_at: "2025-03-02",
      risk_rating: "high",
      politically_exposed: true,
      next_review_at: "2025-09-01",
      notes: "EDD done.",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      aml_checked_at: "2025-03-01",
      risk_rating: "high",
      politically_exposed: true,
      review_overdue: true,
      notes: "EDD done.",
      updated_by: { name: "Amelia Hart" },
    });
    expect((await get(`/company/${c.id}/compliance-information`)).body.data).toEqual(saved.body.data);
    const bad = await post(`/company/${c.id}/compliance-information`, { aml_checked_at: "2100-01-01", risk_rating: "extreme", next_review_at: "01/02/2026" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      aml_checked_at: ["The date may not be in the future."],
      risk_rating: ["Choose an option."],
      next_review_at: ["Enter a date as year-month-day."],
    });
    expect((await get(`/company/${c.id}/compliance-information`, {}, viewer)).status).toBe(403);
  });
});

describe("lines and commission splits", () => {
  it("creates, lists, updates (splits replaced when sent) and deletes lines; splits add up to 100% at most", async () => {
    const c = await makeCompany(api, admin);
    const base = `/companies/${c.id}/lines`;
    const created = await post(base, {
      line_type: "Employers' liability",
      insurer: "Aviva",
      premium: "1,250.50",
      renewal_date: "2026-04-01",
      splits: [
        { party: "Harbour Brokers", party_type: "broker", percentage: 70 },
        { party: "Fairweather Accountants", party_type: "introducer", percentage: "30" },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      company_id: c.id,
      line_type: "Employers' liability",
      insurer: "Aviva",
      premium: "1250.50",
      renewal_date: "2026-04-01",
      splits: [
        { id: expect.any(Number), party: "Harbour Brokers", party_type: "broker", percentage: "70.00", amount: "875.35" },
        { id: expect.any(Number), party: "Fairweather Accountants", party_type: "introducer", percentage: "30.00", amount: "375.15" },
      ],
      allocated_percentage: "100.00",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const second = await post(base, { line_type: "Cyber", premium: 400, splits: [{ party: "Harbour Brokers", percentage: 50 }] });
    expect(second.status).toBe(201);

    const listed = await get(base);
    expect(listed.body.data.map((l: { line_type: string }) => l.line_type)).toEqual(["Employers' liability", "Cyber"]);

    const summary = await get(`/companies/${c.id}/lines-split`);
    expect(summary.status).toBe(200);
    expect(summary.body.data).toMatchObject({
      total_premium: "1650.50",
      unallocated_amount: "200.00",
      parties: [
        { party: "Harbour Brokers", party_type: "broker", amount: "1075.35" },
        { party: "Fairweather Accountants", party_type: "introducer", amount: "375.15" },
      ],
    });

    const lineId = created.body.data.id;
    const kept = await post(`${base}/${lineId}`, { line_type: "Employers' liability", insurer: "Allianz", premium: 1300 });
    expect(kept.status).toBe(200);
    expect(kept.body.data.splits).toHaveLength(2);
    expect(kept.body.data.splits[0].amount).toBe("910.00");
    const replaced = await post(`${base}/${lineId}`, { line_type: "Employers' liability", premium: 1300, splits: [] });
    expect(replaced.body.data).toMatchObject({ insurer: null, splits: [], allocated_percentage: "0.00" });

    const tooMuch = await post(base, {
      line_type: "Cyber",
      premium: 1,
      splits: [
        { party: "A", percentage: 60 },
        { party: "B", percentage: 40.01 },
      ],
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({ splits: ["The shares of a line may add up to 100% at most."] });
    const bad = await post(base, {
      line_type: "Pet insurance",
      premium: -1,
      splits: [
        { party: "", percentage: 0 },
        { party: "a", percentage: 10 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["line_type", "premium", "splits.0.party", "splits.0.percentage"]);

    expect((await api.request("DELETE", `${base}/${lineId}`, { token: admin })).status).toBe(204);
    expect((await api.request("DELETE", `${base}/${lineId}`, { token: admin })).status).toBe(404);
    expect(await api.database.db.select().from(companyLineSplits).where(eq(companyLineSplits.lineId, lineId))).toEqual([]);
  });

  it("a line of another company (or tenant) answers 404", async () => {
    const a = await makeCompany(api, admin);
    const b = await makeCompany(api, admin);
    const line = await post(`/companies/${a.id}/lines`, { line_type: "Cyber", premium: 10 });
    expect((await post(`/companies/${b.id}/lines/${line.body.data.id}`, { line_type: "Cyber", premium: 20 })).status).toBe(404);
    expect((await api.request("DELETE", `/companies/${b.id}/lines/${line.body.data.id}`, { token: admin })).status).toBe(404);
    const [theirLine] = await api.database.db.select().from(companyLines).where(eq(companyLines.tenantId, northgate)).limit(1);
    expect((await post(`/companies/${a.id}/lines/${theirLine.id}`, { line_type: "Cyber", premium: 20 })).status).toBe(404);
    expect((await post(`/companies/${theirLine.companyId}/lines/${theirLine.id}`, { line_type: "Cyber", premium: 20 })).status).toBe(404);
  });
});

describe("remembered totals", () => {
  it("counts the companies and individuals lists once while their rows and links are unchanged, and again after any write", async () => {
    const person = await makeIndividual(api, admin);
    const [a, b] = [await makeCompany(api, admin), await makeCompany(api, admin)];
    const companiesOf = (page = 1) => get("/company", { filter: { "individuals.id": person.id }, page: { size: 1, number: page } });
    const peopleOf = (companyId: number, page = 1) => get("/individual", { filter: { company_id: companyId }, page: { size: 1, number: page } });
    expect((await companiesOf()).body.meta.total).toBe(0);
    // A link counts in both lists.
    expect((await post(`/companies/${a.id}/individuals`, { individual_id: person.id })).status).toBe(201);
    expect((await companiesOf()).body.meta.total).toBe(1);
    expect((await peopleOf(a.id)).body.meta.total).toBe(1);
    expect((await post(`/companies/${b.id}/individuals`, { individual_id: person.id })).status).toBe(201);
    // Page 2 of the same list reuses the count: one query fewer than the first view.
    const first = await countQueries(api, () => companiesOf());
    const second = await countQueries(api, () => companiesOf(2));
    expect(second).toBe(first - 1);
    expect((await companiesOf(2)).body.meta).toMatchObject({ total: 2, last_page: 2 });
    // A change straight in the database (the link removed) and a deletion through the API each count again.
    await api.database.db.delete(companyIndividuals).where(and(eq(companyIndividuals.companyId, a.id), eq(companyIndividuals.individualId, person.id)));
    expect((await companiesOf()).body.meta.total).toBe(1);
    expect((await peopleOf(a.id)).body.meta.total).toBe(0);
    expect((await peopleOf(b.id)).body.meta.total).toBe(1);
    expect((await api.request("DELETE", "/company-bulk-delete", { token: admin, body: { ids: [b.id] } })).status).toBeLessThan(300);
    expect((await companiesOf()).body.meta.total).toBe(0);
    // An individual renamed to match a search is found at once.
    const search = () => get("/individual", { filter: { search: `Renamed${person.id}` } });
    expect((await search()).body.meta.total).toBe(0);
    await api.database.db
      .update(individuals)
      .set({ firstName: `Renamed${person.id}` })
      .where(eq(individuals.id, person.id));
    expect((await search()).body.meta.total).toBe(1);
  });
});

describe("contacts: individuals linked to a company", () => {
  it("links with a job title; a new primary contact replaces the previous one (one primary per company)", async () => {
    const c = await makeCompany(api, admin);
    const [a, b] = [await makeIndividual(api, admin), await makeIndividual(api, admin)];
    const director = await lookupId(api, admin, "/job-title", "Director");
    const hr = await lookupId(api, admin, "/job-title", "HR manager");

    const first = await post(`/companies/${c.id}/individuals`, { individual_id: a.id, is_primary: true, job_title_id: director });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      company_id: c.id,
      company_name: c.name,
      individual_id: a.id,
      full_name: a.full_name,
      email: null,
      telephone: null,
      is_primary: true,
      job_title_id: director,
      job_title: "Director",
    });
    const second = await post(`/companies/${c.id}/individuals`, { individual_id: b.id, is_primary: true, job_title_id: hr });
    expect(second.body.data.is_primary).toBe(true);
    expect(await primaries(c.id)).toEqual([{ individualId: b.id }]);

    const detail = await get(`/company/${c.id}`);
    expect(detail.body.data.primary_contact).toMatchObject({ id: b.id, job_title: "HR manager" });
    expect(detail.body.data.individuals.map((l: { individual_id: number; is_primary: boolean }) => [l.individual_id, l.is_primary])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    // The individual's page shows the company with the flag and the title.
    expect((await get(`/individual/${a.id}`)).body.data.companies).toEqual([
      expect.objectContaining({ company_id: c.id, is_primary: false, job_title: "Director" }),
    ]);

    const again = await post(`/companies/${c.id}/individuals`, { individual_id: a.id });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ individual_id: ["This individual is already linked to the company."] });

    const put = await api.request("PUT", `/companies/${c.id}/individuals/${a.id}`, { token: admin, body: { is_primary: true, job_title_id: null } });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ is_primary: true, job_title_id: null, job_title: null });
    expect(await primaries(c.id)).toEqual([{ individualId: a.id }]);

    expect((await api.request("DELETE", `/companies/${c.id}/individuals/${a.id}`, { token: admin })).status).toBe(204);
    expect(await primaries(c.id)).toEqual([]);
    expect((await api.request("DELETE", `/companies/${c.id}/individuals/${a.id}`, { token: admin })).status).toBe(404);
    expect((await api.request("PUT", `/companies/${c.id}/individuals/${a.id}`, { token: admin, body: { is_primary: true } })).status).toBe(404);
  });

  it("POST /company/{id}/individual links or re-links (primary flag and job title)", async () => {
    const c = await makeCompany(api, admin);
    const p = await makeIndividual(api, admin);
    const owner = await lookupId(api, admin, "/job-title", "Owner");
    const linked = await post(`/company/${c.id}/individual`, { individual_id: p.id, is_primary: "on", job_title_id: String(owner) });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ is_primary: true, job_title: "Owner" });
    const relinked = await post(`/company/${c.id}/individual`, { individual_id: p.id, is_primary: false });
    expect(relinked.body.data).toMatchObject({ is_primary: false, job_title: "Owner" });
  });

  it("refuses another tenant's individual (422) and bad job titles (422)", async () => {
    const c = await makeCompany(api, admin);
    const [theirs] = await api.database.db.select().from(individuals).where(eq(individuals.tenantId, northgate)).limit(1);
    const res = await post(`/companies/${c.id}/individuals`, { individual_id: theirs.id, is_primary: true });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ individual_id: ["Choose an individual."] });
    const p = await makeIndividual(api, admin);
    expect((await post(`/companies/${c.id}/individuals`, { individual_id: p.id, job_title_id: 99999 })).body.errors).toEqual({
      job_title_id: ["Choose a job title from the list."],
    });
    expect(await primaries(c.id)).toEqual([]);
  });

  it("the database itself refuses a second primary contact", async () => {
    const c = await makeCompany(api, admin);
    const [a, b] = [await makeIndividual(api, admin), await makeIndividual(api, admin)];
    await post(`/companies/${c.id}/individuals`, { individual_id: a.id, is_primary: true });
    await expect(
      api.database.db.insert(companyIndividuals).values({ tenantId: harbour, companyId: c.id, individualId: b.id, isPrimary: true }),
    ).rejects.toThrow();
  });

  it("every seeded company has at most one primary contact", async () => {
    const rows = await api.database.db
      .select({ companyId: companyIndividuals.companyId, n: count() })
      .from(companyIndividuals)
      .where(eq(companyIndividuals.isPrimary, true))
      .groupBy(companyIndividuals.companyId);
    expect(rows.length).toBeGreaterThan(400);
    expect(rows.filter((r) => r.n > 1)).toEqual([]);
  });
});

describe("bulk delete", () => {
  it("deletes only the caller's own companies, with contacts, lines, notes and threads; another tenant's id: 404, nothing deleted", async () => {
    const a = await makeCompany(api, admin, { email: "bulk@co.example" });
    const b = await makeCompany(api, admin);
    const p = await makeIndividual(api, admin, { company_id: a.id, is_primary: true });
    await post(`/companies/${a.id}/lines`, { line_type: "Cyber", premium: 10, splits: [{ party: "X", percentage: 10 }] });
    await post("/note", { notable_type: "company", notable_id: a.id, body: "Company note" });
    await post("/company/email", { company_id: a.id, subject: "S", body: "B" });
    await sendMultipart(api.app, "POST", `/company/${a.id}/branding`, { logo: { file: TINY_PNG, filename: "l.png", type: "image/png" } }, admin);
    const logo = (await get(`/company/${a.id}`)).body.data.logo_url;
    const theirs = await theirCompany();
    const before = await companyCount(northgate);

    expect((await api.request("DELETE", "/company-bulk-delete", { token: admin, body: { ids: [a.id, theirs.id] } })).status).toBe(404);
    expect((await get(`/company/${a.id}`)).status).toBe(200);
    expect(await companyCount(northgate)).toBe(before);

    const res = await api.request("DELETE", "/company-bulk-delete", { token: admin, body: { ids: [a.id, b.id] } });
    expect(res.status).toBe(204);
    expect((await get(`/company/${a.id}`)).status).toBe(404);
    expect((await get(`/company/${b.id}`)).status).toBe(404);
    expect((await get(`/individual/${p.id}`)).body.data.companies).toEqual([]);
    expect(await api.database.db.select().from(companyLines).where(eq(companyLines.companyId, a.id))).toEqual([]);
    expect(
      await api.database.db
        .select()
        .from(notes)
        .where(and(eq(notes.notableType, "company"), eq(notes.notableId, a.id))),
    ).toEqual([]);
    expect(
      await api.database.db
        .select()
        .from(emailThreads)
        .where(and(eq(emailThreads.relatedType, "company"), eq(emailThreads.relatedId, a.id))),
    ).toEqual([]);
    expect((await api.request("GET", logo)).status).toBe(404);
    expect(await companyCount(northgate)).toBe(before);
    expect((await api.request("DELETE", "/company-bulk-delete", { token: admin, body: { ids: [theirs.id] } })).status).toBe(404);
    expect((await api.request("DELETE", "/company-bulk-delete", { token: admin, body: {} })).body.errors).toEqual({ ids: ["No items selected"] });
  });
});

describe("company e-mail", () => {
  it("goes to the given address, else the company's, else the primary contact's; recorded and listed", async () => {
    const address = `accounts.${marker()}@co.example`.toLowerCase();
    const c = await makeCompany(api, admin, { email: address });
    const res = await post("/company/email", { company_id: c.id, subject: "Renewal", body: "Please confirm your turnover." });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ related_type: "company", related_id: c.id, messages: [{ to: address, subject: "Renewal" }] });
    expect((await outbox(api, address))[0]).toMatchObject({ subject: "Renewal", text: "Please confirm your turnover." });
    const listed = await get(`/company/${c.id}/email`);
    expect(listed.body.data).toEqual([expect.objectContaining({ to: address, thread_id: res.body.data.id })]);

    const contactAddress = `boss.${marker()}@mail.example`.toLowerCase();
    const noEmail = await makeCompany(api, admin);
    const nothing = await post("/company/email", { company_id: noEmail.id, subject: "S", body: "B" });
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors.to).toHaveLength(1);
    await makeIndividual(api, admin, { company_id: noEmail.id, is_primary: true, email: contactAddress });
    const toContact = await post("/company/email", { company_id: noEmail.id, subject: "S", body: "B" });
    expect(toContact.body.data.messages[0].to).toBe(contactAddress);
    const explicit = await post("/company/email", { company_id: noEmail.id, to: "Someone@Else.Example", subject: "S", body: "B" });
    expect(explicit.body.data.messages[0].to).toBe("someone@else.example");
    expect((await post("/company/email", { company_id: c.id, subject: "S", body: "B" }, viewer)).status).toBe(403);
  });
});

describe("the tenant's own company and subscription", () => {
  it("GET /company/details answers the caller's company, for any signed-in user", async () => {
    const res = await get("/company/details", {}, viewer);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: harbour, name: "Harbour Brokers", is_small_business: false, tenant_is_seg_parent: true, main_color: "#0f4c81" });
    expect(res.body.data.users_count).toBeGreaterThan(10);
    expect((await get("/company/details", {}, owner)).body.data).toMatchObject({ name: "Bloom Bakery Ltd", is_small_business: true });
    expect((await api.request("GET", "/company/details")).status).toBe(401);
  });

  it("GET /company/subscription: no plan is stored, so none", async () => {
    const res = await get("/company/subscription", {}, owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { plan: null, status: "none", started_at: null, ends_at: null } });
  });
});

describe("the spec's calls", () => {
  it("every Companies call is served", () => {
    const declared = new Set(api.app.routeDeclarations.map((d) => `${d.method} ${d.url}`));
    for (const r of [
      "GET /company",
      "POST /company",
      "GET /company/:id",
      "GET /company/details",
      "GET /company/subscription",
      "POST /company/:id",
      "POST /company/:id/bank-account-details",
      "POST /company/:id/broker-data",
      "POST /company/:id/individual",
      "POST /company/:id/communication-details",
      "POST /company/:id/branding",
      "GET /company/:id/compliance-information",
      "POST /company/:id/compliance-information",
      "GET /companies",
      "GET /companies/:id",
      "GET /companies/:id/lines",
      "POST /companies/:id/lines",
      "GET /companies/:id/lines-split",
      "POST /companies/:id/lines/:lineId",
      "DELETE /companies/:id/lines/:lineId",
      "GET /company/validate-bank-account-details",
      "POST /company/email",
      "GET /company/:id/email",
      "DELETE /company-bulk-delete",
      "POST /companies/:id/individuals",
      "PUT /companies/:id/individuals/:individualId",
      "DELETE /companies/:id/individuals/:individualId",
    ])
      expect(declared.has(r), r).toBe(true);
  });
});

describe("who may read client companies: the route table's permissions", () => {
  const letIn = [...new Set([...ruleFor("/companies").permissions!, ...ruleFor("/company/:id").permissions!])] as Permission[];

  it("the API reads companies for exactly the permissions the route table lets into the pages", () => {
    expect([...COMPANY_READ].sort()).toEqual([...letIn].sort());
  });

  it.each(letIn)("a user holding only %s reads the list, a company and its tabs", async (permission) => {
    const company = await makeCompany(api, admin);
    const token = await userWith(api, "Harbour Brokers", `only.${permission}.${Date.now()}@harbour.test`, [permission]);
    for (const [url, query] of [
      ["/companies", {}],
      [`/company/${company.id}`, {}],
      [`/companies/${company.id}/lines-split`, {}],
      [`/company/${company.id}/email`, {}],
      [`/company/${company.id}/compliance-information`, {}],
      ["/note", { filter: { notable_type: "company", notable_id: company.id } }],
    ] as const) {
      const res = await get(url, query, token);
      expect(res.status, `${permission}: GET ${url} ${res.text.slice(0, 200)}`).toBe(200);
    }
  });
});

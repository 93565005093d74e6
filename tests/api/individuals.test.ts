import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientCompanies, companyIndividuals, emailThreads, individuals, notes } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";
import { lookupId, makeCompany, makeIndividual, marker, outbox, tenantId, userId, userWith } from "../helpers/clients";

let api: TestApi;
let admin: string;
let viewer: string;
let adviser: string;
let harbour: number;
let northgate: number;

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, adviser] = await Promise.all([api.login("admin@harbour.test"), api.login("viewer@harbour.test"), api.login("adviser@northgate.test")]);
  harbour = await tenantId(api, "Harbour Brokers");
  northgate = await tenantId(api, "Northgate Advisers");
});
afterAll(async () => {
  await api?.close();
});

const list = (query: Record<string, unknown> = {}, token = admin, url = "/individual") => api.request("GET", url, { token, query });
const fullNames = (res: { body: { data: { full_name: string }[] } }) => res.body.data.map((i) => i.full_name);

async function countWhere(tenant: number, archived?: boolean) {
  const [{ n }] = await api.database.db
    .select({ n: count() })
    .from(individuals)
    .where(and(eq(individuals.tenantId, tenant), archived === undefined ? undefined : archived ? undefined : isNull(individuals.archivedAt)));
  return n;
}

/** A Northgate individual, for the other-tenant checks. */
async function northgateIndividual() {
  const [row] = await api.database.db.select().from(individuals).where(eq(individuals.tenantId, northgate)).limit(1);
  return row;
}

describe("the demo book", () => {
  it("pages the active individuals of Harbour Brokers by name, 10 by default", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const active = await countWhere(harbour, false);
    expect(active).toBeGreaterThan(250);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 10, total: active, last_page: Math.ceil(active / 10) });
    expect(res.body.data).toHaveLength(10);
    expect(res.body.links.next).toContain("page[number]=2");
    expect(res.body.links.prev).toBeNull();
    const second = await list({ page: { number: 2 } });
    expect(second.body.links.prev).toContain("page[number]=1");
    const ids = new Set([...res.body.data, ...second.body.data].map((i: { id: number }) => i.id));
    expect(ids.size).toBe(20);
    const last = await list({ page: { number: Math.ceil(active / 10) } });
    expect(last.body.links.next).toBeNull();
  });

  it("answers every field, with the companies an individual is linked to", async () => {
    const [link] = await api.database.db
      .select()
      .from(companyIndividuals)
      .where(and(eq(companyIndividuals.tenantId, harbour), eq(companyIndividuals.isPrimary, true)))
      .limit(1);
    const res = await api.request("GET", `/individual/${link.individualId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        "id",
        "first_name",
        "last_name",
        "full_name",
        "email",
        "telephone",
        "date_of_birth",
        "address_line_1",
        "address_line_2",
        "town",
        "county",
        "postcode",
        "owner",
        "archived",
        "archived_at",
        "portal_invited_at",
        "companies",
        "created_at",
        "updated_at",
      ].sort(),
    );
    const data = res.body.data;
    expect(data.full_name).toBe(`${data.first_name} ${data.last_name}`);
    expect(data.owner).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(data.companies).toContainEqual({
      company_id: link.companyId,
      company_name: expect.any(String),
      individual_id: link.individualId,
      full_name: data.full_name,
      email: data.email,
      telephone: data.telephone,
      is_primary: true,
      job_title_id: expect.any(Number),
      job_title: expect.any(String),
    });
  });

  it("keeps tenants apart: Northgate sees its own 100 clients minus the archived ones", async () => {
    const res = await list({}, adviser);
    expect(res.body.meta.total).toBe(await countWhere(northgate, false));
    const mine = await api.database.db.select({ id: individuals.id }).from(individuals).where(eq(individuals.tenantId, northgate));
    const ids = new Set(mine.map((m) => m.id));
    for (const i of res.body.data) expect(ids.has(i.id)).toBe(true);
  });
});

describe("search, filters and sorting", () => {
  let tag: string;
  let company: { id: number };
  let made: { id: number; full_name: string }[];

  beforeAll(async () => {
    tag = marker("Qx");
    company = await makeCompany(api, admin);
    made = [
      await makeIndividual(api, admin, { first_name: "Carla", last_name: tag, email: `carla.${tag}@mail.example`, company_id: company.id }),
      await makeIndividual(api, admin, { first_name: "Abel", last_name: tag, company_id: company.id, is_primary: true }),
      await makeIndividual(api, admin, { first_name: "Bea", last_name: tag, telephone: "07700 900123" }),
    ];
  });

  it("searches names and e-mail addresses, case-insensitively, with LIKE characters taken literally", async () => {
    expect(fullNames(await list({ filter: { search: tag.toLowerCase() } }))).toEqual([`Abel ${tag}`, `Bea ${tag}`, `Carla ${tag}`]);
    expect(fullNames(await list({ filter: { search: `carla.${tag}@` } }))).toEqual([`Carla ${tag}`]);
    expect(fullNames(await list({ filter: { search: `bea ${tag}` } }))).toEqual([`Bea ${tag}`]);
    expect((await list({ filter: { search: "%" } })).body.data).toEqual([]);
  });

  it("sorts by name either way, by first or last name and by creation", async () => {
    const q = (sort: string) => list({ filter: { search: tag }, sort });
    expect(fullNames(await q("-full_name"))).toEqual([`Carla ${tag}`, `Bea ${tag}`, `Abel ${tag}`]);
    expect(fullNames(await q("first_name"))).toEqual([`Abel ${tag}`, `Bea ${tag}`, `Carla ${tag}`]);
    expect(fullNames(await q("created_at"))).toEqual(made.map((m) => m.full_name));
    expect(fullNames(await q("-created_at"))).toEqual(made.map((m) => m.full_name).reverse());
    // An unknown sort field falls back to the name order.
    expect(fullNames(await q("shoe_size"))).toEqual([`Abel ${tag}`, `Bea ${tag}`, `Carla ${tag}`]);
  });

  it("filters by company (filter[company_id] or filter[companies.id]) and lists those not yet linked to a company", async () => {
    expect(fullNames(await list({ filter: { company_id: String(company.id) } }))).toEqual([`Abel ${tag}`, `Carla ${tag}`]);
    expect(fullNames(await list({ filter: { "companies.id": String(company.id) } }))).toEqual([`Abel ${tag}`, `Carla ${tag}`]);
    expect(fullNames(await list({ filter: { search: tag }, for_linking_to_company_id: company.id }))).toEqual([`Bea ${tag}`]);
    expect(fullNames(await list({ filter: { search: tag, for_linking_to_company_id: String(company.id) } }))).toEqual([`Bea ${tag}`]);
  });

  it("filters archived (active by default, 1 for archived only, all for both) and portal-invited individuals", async () => {
    await api.request("PATCH", `/individual/${made[2].id}`, { token: admin, body: { archived: true } });
    expect(fullNames(await list({ filter: { search: tag } }))).toEqual([`Abel ${tag}`, `Carla ${tag}`]);
    expect(fullNames(await list({ filter: { search: tag, archived: "1" } }))).toEqual([`Bea ${tag}`]);
    expect(fullNames(await list({ filter: { search: tag, archived: "all" } }))).toHaveLength(3);
    await api.request("POST", "/individual/portal-invite", { token: admin, body: { ids: [made[0].id] } });
    expect(fullNames(await list({ filter: { search: tag, portal_invited: "1" } }))).toEqual([`Carla ${tag}`]);
    expect(fullNames(await list({ filter: { search: tag, portal_invited: "0" } }))).toEqual([`Abel ${tag}`]);
    await api.request("PATCH", `/individual/${made[2].id}`, { token: admin, body: { archived: false } });
  });

  it("filters by owner", async () => {
    const me = await userId(api, "admin@harbour.test");
    const res = await list({ filter: { owner_user_id: String(me) }, page: { size: 999 } });
    expect(res.body.data.length).toBeGreaterThan(3);
    for (const i of res.body.data) expect(i.owner.id).toBe(me);
  });

  it("answers 422 for a bad filter, sort or page", async () => {
    for (const query of [
      { filter: { company_id: "abc" } },
      { filter: { archived: "maybe" } },
      { sort: "name; drop table" },
      { page: { size: 1000 } },
      { page: { number: 0 } },
      { for_linking_to_company_id: "x" },
    ]) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body.errors).toBeDefined();
    }
  });
});

describe("access", () => {
  it("needs a session (401), and individual_view or individual_manage to read (403)", async () => {
    expect((await api.request("GET", "/individual")).status).toBe(401);
    expect((await list({}, viewer)).status).toBe(403);
    const onlyView = await userWith(api, "Harbour Brokers", "only.view@harbour.test", ["individual_view"]);
    expect((await list({}, onlyView)).status).toBe(200);
    expect((await api.request("POST", "/individual", { token: onlyView, body: { first_name: "A", last_name: "B" } })).status).toBe(403);
  });

  it("lets individual_create create but not change", async () => {
    const creator = await userWith(api, "Harbour Brokers", "only.create@harbour.test", ["individual_create"]);
    const res = await api.request("POST", "/individual", { token: creator, body: { first_name: "Made", last_name: "ByCreator" } });
    expect(res.status).toBe(201);
    expect((await api.request("PATCH", `/individual/${res.body.data.id}`, { token: creator, body: { first_name: "X" } })).status).toBe(403);
    expect((await api.request("DELETE", "/individual-bulk-delete", { token: creator, body: { ids: [res.body.data.id] } })).status).toBe(403);
  });

  it("answers 404 for another tenant's individual and for a path that names none", async () => {
    const theirs = await northgateIndividual();
    expect((await api.request("GET", `/individual/${theirs.id}`, { token: admin })).status).toBe(404);
    expect((await api.request("PATCH", `/individual/${theirs.id}`, { token: admin, body: { first_name: "Hacked" } })).status).toBe(404);
    expect((await api.request("GET", `/individual/${theirs.id}/email`, { token: admin })).status).toBe(404);
    expect((await api.request("GET", "/individual/abc", { token: admin })).status).toBe(404);
    expect((await api.request("GET", "/individual/99999999", { token: admin })).status).toBe(404);
    const [unchanged] = await api.database.db.select().from(individuals).where(eq(individuals.id, theirs.id));
    expect(unchanged.firstName).toBe(theirs.firstName);
  });
});

describe("creating and changing an individual", () => {
  it("creates with normalised fields; the owner defaults to the creator", async () => {
    const res = await api.request("POST", "/individual", {
      token: admin,
      body: {
        first_name: "  Imogen ",
        last_name: "Hale",
        email: "Imogen.Hale@Mail.Example",
        telephone: "07700 900456",
        date_of_birth: "1984-02-29",
        address_line_1: "12 Quay Street",
        town: "Bristol",
        county: "",
        postcode: "bs1  4ab",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      first_name: "Imogen",
      last_name: "Hale",
      full_name: "Imogen Hale",
      email: "imogen.hale@mail.example",
      date_of_birth: "1984-02-29",
      county: null,
      postcode: "BS1 4AB",
      archived: false,
      portal_invited_at: null,
      companies: [],
      owner: { id: await userId(api, "admin@harbour.test"), name: "Amelia Hart" },
    });
  });

  it("creates and links to a company as its primary contact with a job title", async () => {
    const company = await makeCompany(api, admin);
    const director = await lookupId(api, admin, "/job-title", "Director");
    const person = await makeIndividual(api, admin, { company_id: company.id, is_primary: true, job_title_id: director });
    expect(person.companies).toEqual([expect.objectContaining({ company_id: company.id, is_primary: true, job_title_id: director, job_title: "Director" })]);
  });

  it("answers 422 with every field error at once", async () => {
    const res = await api.request("POST", "/individual", {
      token: admin,
      body: { first_name: " ", email: "not-an-address", postcode: "12345", date_of_birth: "2199-01-01", telephone: "abc" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      first_name: ["Enter a first name."],
      last_name: ["Enter a last name."],
      email: ["Enter a valid e-mail address."],
      postcode: ["Enter a real UK postcode, like SW1A 1AA."],
      date_of_birth: ["The date of birth must be in the past."],
    });
    expect(res.body.errors.telephone).toHaveLength(1);
    const badDate = await api.request("POST", "/individual", { token: admin, body: { first_name: "A", last_name: "B", date_of_birth: "2001-02-30" } });
    expect(badDate.body.errors).toEqual({ date_of_birth: ["Enter a real date."] });
  });

  it("refuses a company, owner or job title that is not the tenant's (422)", async () => {
    const [theirCompany] = await api.database.db
      .select({ id: clientCompanies.id })
      .from(clientCompanies)
      .where(eq(clientCompanies.tenantId, northgate))
      .limit(1);
    const res = await api.request("POST", "/individual", { token: admin, body: { first_name: "A", last_name: "B", company_id: theirCompany.id } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ company_id: ["Choose a company."] });
    const theirUser = await userId(api, "adviser@northgate.test");
    const owner = await api.request("POST", "/individual", { token: admin, body: { first_name: "A", last_name: "B", owner_user_id: theirUser } });
    expect(owner.body.errors).toEqual({ owner_user_id: ["Choose a user of your company."] });
    const title = await api.request("POST", "/individual", { token: admin, body: { first_name: "A", last_name: "B", job_title_id: 999999 } });
    expect(title.body.errors).toEqual({ job_title_id: ["Choose a job title from the list."] });
    // Nothing was created by the refused requests.
    const [{ n }] = await api.database.db
      .select({ n: count() })
      .from(individuals)
      .where(and(eq(individuals.tenantId, harbour), eq(individuals.firstName, "A"), eq(individuals.lastName, "B")));
    expect(n).toBe(0);
  });

  it("PATCH changes only the fields sent; an empty text clears; archived archives and restores", async () => {
    const person = await makeIndividual(api, admin, { email: "keep.me@mail.example", telephone: "07700 900999" });
    const res = await api.request("PATCH", `/individual/${person.id}`, { token: admin, body: { last_name: "Renamed", telephone: "" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ last_name: "Renamed", full_name: "Test Renamed", email: "keep.me@mail.example", telephone: null });
    const archived = await api.request("PATCH", `/individual/${person.id}`, { token: admin, body: { archived: true } });
    expect(archived.body.data.archived).toBe(true);
    expect(archived.body.data.archived_at).toEqual(expect.any(String));
    const restored = await api.request("PATCH", `/individual/${person.id}`, { token: admin, body: { archived: "false" } });
    expect(restored.body.data).toMatchObject({ archived: false, archived_at: null });
    const bad = await api.request("PATCH", `/individual/${person.id}`, { token: admin, body: { first_name: "" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ first_name: ["Enter a first name."] });
  });
});

describe("bulk actions", () => {
  it("bulk delete removes only the caller's own rows, with their links, notes and e-mail threads (204)", async () => {
    const company = await makeCompany(api, admin);
    const a = await makeIndividual(api, admin, { company_id: company.id, email: "bulk.a@mail.example" });
    const b = await makeIndividual(api, admin);
    await api.request("POST", "/note", { token: admin, body: { notable_type: "individual", notable_id: a.id, body: "A note" } });
    await api.request("POST", "/individual/email", { token: admin, body: { individual_id: a.id, subject: "Hello", body: "Hi" } });
    const theirs = await northgateIndividual();
    const before = await countWhere(northgate);

    // One id of another tenant: 404 and nothing at all is deleted.
    const mixed = await api.request("DELETE", "/individual-bulk-delete", { token: admin, body: { ids: [a.id, b.id, theirs.id] } });
    expect(mixed.status).toBe(404);
    expect((await api.request("GET", `/individual/${a.id}`, { token: admin })).status).toBe(200);
    expect((await api.request("GET", `/individual/${b.id}`, { token: admin })).status).toBe(200);
    expect(await countWhere(northgate)).toBe(before);

    const res = await api.request("DELETE", "/individual-bulk-delete", { token: admin, body: { ids: [a.id, b.id, a.id] } });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await api.request("GET", `/individual/${a.id}`, { token: admin })).status).toBe(404);
    expect(await api.database.db.select().from(companyIndividuals).where(eq(companyIndividuals.individualId, a.id))).toEqual([]);
    expect(
      await api.database.db
        .select()
        .from(notes)
        .where(and(eq(notes.notableType, "individual"), eq(notes.notableId, a.id))),
    ).toEqual([]);
    expect(
      await api.database.db
        .select()
        .from(emailThreads)
        .where(and(eq(emailThreads.relatedType, "individual"), eq(emailThreads.relatedId, a.id))),
    ).toEqual([]);
    // The company stays.
    expect((await api.request("GET", `/company/${company.id}`, { token: admin })).status).toBe(200);
    expect(await countWhere(northgate)).toBe(before);
  });

  it("bulk delete of another tenant's ids only: 404, theirs untouched; no ids: 422", async () => {
    const theirs = await northgateIndividual();
    expect((await api.request("DELETE", "/individual-bulk-delete", { token: admin, body: { ids: [theirs.id] } })).status).toBe(404);
    expect((await api.request("GET", `/individual/${theirs.id}`, { token: adviser })).status).toBe(200);
    const none = await api.request("DELETE", "/individual-bulk-delete", { token: admin, body: { ids: [] } });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ ids: ["No items selected"] });
    expect((await api.request("DELETE", "/individual-bulk-delete", { token: viewer, body: { ids: [theirs.id] } })).status).toBe(403);
  });

  it("bulk archive archives and restores the caller's own rows; another tenant's id: 404, nothing changes", async () => {
    const a = await makeIndividual(api, admin);
    const b = await makeIndividual(api, admin);
    const theirs = await northgateIndividual();
    expect((await api.request("POST", "/individual/archive", { token: admin, body: { ids: [a.id, theirs.id] } })).status).toBe(404);
    expect((await api.request("GET", `/individual/${a.id}`, { token: admin })).body.data.archived).toBe(false);
    expect((await api.request("POST", "/individual/archive", { token: admin, body: { ids: [a.id, b.id] } })).status).toBe(204);
    expect((await api.request("GET", `/individual/${a.id}`, { token: admin })).body.data.archived).toBe(true);
    expect((await api.request("POST", "/individual/archive", { token: admin, body: { ids: [a.id], archived: false } })).status).toBe(204);
    expect((await api.request("GET", `/individual/${a.id}`, { token: admin })).body.data.archived).toBe(false);
    expect((await api.request("GET", `/individual/${b.id}`, { token: admin })).body.data.archived).toBe(true);
  });

  it("portal invite marks and e-mails those with an address; archived ones and those without are skipped", async () => {
    const withEmail = await makeIndividual(api, admin, { email: `invite.${marker()}@mail.example`.toLowerCase() });
    const withoutEmail = await makeIndividual(api, admin);
    const archived = await makeIndividual(api, admin, { email: "archived.invite@mail.example" });
    await api.request("PATCH", `/individual/${archived.id}`, { token: admin, body: { archived: true } });
    const res = await api.request("POST", "/individual/portal-invite", { token: admin, body: { ids: [withEmail.id, withoutEmail.id, archived.id] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      invited: [withEmail.id],
      skipped: [
        { id: withoutEmail.id, reason: "This individual has no e-mail address." },
        { id: archived.id, reason: "Archived individuals cannot be invited." },
      ].sort((x, y) => x.id - y.id),
    });
    const [mail] = await outbox(api, withEmail.email!);
    expect(mail.subject).toBe("Harbour Brokers has invited you to its client portal");
    expect(mail.text).toContain(`Dear ${withEmail.full_name},`);
    expect((await api.request("GET", `/individual/${withEmail.id}`, { token: admin })).body.data.portal_invited_at).toEqual(expect.any(String));
    expect((await api.request("GET", `/individual/${withoutEmail.id}`, { token: admin })).body.data.portal_invited_at).toBeNull();
    const theirs = await northgateIndividual();
    expect((await api.request("POST", "/individual/portal-invite", { token: admin, body: { ids: [theirs.id] } })).status).toBe(404);
  });
});

describe("e-mails to an individual", () => {
  it("sends through the sandbox mail, records a thread and lists it on the individual", async () => {
    const address = `mail.${marker()}@mail.example`.toLowerCase();
    const person = await makeIndividual(api, admin, { email: address });
    const res = await api.request("POST", "/individual/email", {
      token: admin,
      body: { individual_id: person.id, subject: "Your policy", body: "Dear client,\n<b>not bold</b>" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      subject: "Your policy",
      related_type: "individual",
      related_id: person.id,
      created_at: expect.any(String),
      last_message_at: expect.any(String),
      messages: [
        {
          id: expect.any(Number),
          thread_id: res.body.data.id,
          to: address,
          subject: "Your policy",
          body: "Dear client,\n<b>not bold</b>",
          sender: { id: await userId(api, "admin@harbour.test"), name: "Amelia Hart" },
          sent_at: expect.any(String),
        },
      ],
    });
    const [mail] = await outbox(api, address);
    expect(mail).toMatchObject({ subject: "Your policy", text: "Dear client,\n<b>not bold</b>" });
    const listed = await api.request("GET", `/individual/${person.id}/email`, { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.meta.total).toBe(1);
    expect(listed.body.data[0]).toMatchObject({ thread_id: res.body.data.id, to: address, subject: "Your policy" });
  });

  it("refuses an individual without an address (422), another tenant's (404), a viewer (403) and an empty message (422)", async () => {
    const person = await makeIndividual(api, admin);
    const none = await api.request("POST", "/individual/email", { token: admin, body: { individual_id: person.id, subject: "S", body: "B" } });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ individual_id: ["This individual has no e-mail address."] });
    const theirs = await northgateIndividual();
    expect((await api.request("POST", "/individual/email", { token: admin, body: { individual_id: theirs.id, subject: "S", body: "B" } })).status).toBe(404);
    expect((await api.request("POST", "/individual/email", { token: viewer, body: { individual_id: person.id, subject: "S", body: "B" } })).status).toBe(403);
    const empty = await api.request("POST", "/individual/email", { token: admin, body: { individual_id: person.id, subject: "", body: " " } });
    expect(empty.body.errors).toEqual({ subject: ["Enter a subject."], body: ["Enter a message."] });
  });

  it("the seeded e-mail history is listed newest first", async () => {
    const [thread] = await api.database.db
      .select()
      .from(emailThreads)
      .where(and(eq(emailThreads.tenantId, harbour), eq(emailThreads.relatedType, "individual")))
      .limit(1);
    const res = await api.request("GET", `/individual/${thread.relatedId}/email`, { token: admin });
    expect(res.body.data.length).toBeGreaterThan(0);
    const times = res.body.data.map((m: { sent_at: string }) => m.sent_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe("my clients", () => {
  it("/me/client lists the individuals I look after; /me/client/external those of them invited to the portal", async () => {
    const me = await userId(api, "adviser@northgate.test");
    const mine = await api.request("GET", "/me/client", { token: adviser, query: { page: { size: 999 } } });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    for (const i of mine.body.data) expect(i.owner.id).toBe(me);
    const external = await api.request("GET", "/me/client/external", { token: adviser, query: { page: { size: 999 } } });
    expect(external.body.data.length).toBeGreaterThan(0);
    expect(external.body.data.length).toBeLessThan(mine.body.data.length);
    for (const i of external.body.data) expect(i.portal_invited_at).not.toBeNull();
    expect((await api.request("GET", "/me/client", { token: viewer })).status).toBe(403);
    expect((await api.request("GET", "/me/client")).status).toBe(401);
  });
});

describe("the spec's calls", () => {
  it("every Individuals call is served", () => {
    const declared = new Set(api.app.routeDeclarations.map((d) => `${d.method} ${d.url}`));
    for (const r of [
      "GET /individual",
      "POST /individual",
      "GET /individual/:id",
      "PATCH /individual/:id",
      "POST /individual/email",
      "DELETE /individual-bulk-delete",
      "POST /individual/portal-invite",
      "POST /individual/archive",
      "GET /individual/:id/email",
      "GET /me/client",
      "GET /me/client/external",
    ])
      expect(declared.has(r), r).toBe(true);
  });
});

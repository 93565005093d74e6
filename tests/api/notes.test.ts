import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientCompanies, individuals, notes, tasks } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";
import { makeCompany, makeIndividual, marker, outbox, tenantId, userId, userWith } from "../helpers/clients";

let api: TestApi;
let admin: string;
let viewer: string;
let adviser: string;
let northgate: number;
let harbour: number;

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer, adviser] = await Promise.all([api.login("admin@harbour.test"), api.login("viewer@harbour.test"), api.login("adviser@northgate.test")]);
  harbour = await tenantId(api, "Harbour Brokers");
  northgate = await tenantId(api, "Northgate Advisers");
});
afterAll(async () => {
  await api?.close();
});

const listNotes = (type: string, id: number | string, token = admin, query: Record<string, unknown> = {}) =>
  api.request("GET", "/note", { token, query: { ...query, filter: { notable_type: type, notable_id: String(id) } } });
const addNote = (type: string, id: number, body: string, token = admin) =>
  api.request("POST", "/note", { token, body: { notable_type: type, notable_id: id, body } });

describe("notes", () => {
  it("adds plain-text notes (kept exactly as written) and lists them newest first, paged", async () => {
    const person = await makeIndividual(api, admin);
    const first = await addNote("individual", person.id, "First call: <script>alert(1)</script> & more");
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      id: expect.any(Number),
      notable_type: "individual",
      notable_id: person.id,
      body: "First call: <script>alert(1)</script> & more",
      author: { id: await userId(api, "admin@harbour.test"), name: "Amelia Hart" },
      can_delete: true,
      created_at: expect.any(String),
    });
    await addNote("individual", person.id, "Second");
    await addNote("individual", person.id, "Third");
    const res = await listNotes("individual", person.id);
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: { body: string }) => n.body)).toEqual(["Third", "Second", "First call: <script>alert(1)</script> & more"]);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 10, total: 3, last_page: 1 });
    const oldest = await listNotes("individual", person.id, admin, { sort: "created_at", page: { size: 2 } });
    expect(oldest.body.data.map((n: { body: string }) => n.body)).toEqual(["First call: <script>alert(1)</script> & more", "Second"]);
    expect(oldest.body.meta.last_page).toBe(2);
  });

  it("notes on companies, and the seeded notes", async () => {
    const company = await makeCompany(api, admin);
    expect((await addNote("company", company.id, "Renewal in May")).status).toBe(201);
    expect((await listNotes("company", company.id)).body.data).toHaveLength(1);
    const [seeded] = await api.database.db
      .select()
      .from(notes)
      .where(and(eq(notes.tenantId, harbour), eq(notes.notableType, "company")))
      .limit(1);
    expect((await listNotes("company", seeded.notableId)).body.meta.total).toBeGreaterThan(0);
  });

  it("notes on tasks follow the task permissions", async () => {
    const [task] = await api.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.tenantId, harbour)).limit(1);
    expect(task).toBeDefined();
    const res = await addNote("task", task.id, "Chased the insurer");
    expect(res.status).toBe(201);
    // viewer@harbour.test holds task_view only: reads task notes, cannot add one.
    expect((await listNotes("task", task.id, viewer)).body.data[0]).toMatchObject({ body: "Chased the insurer", can_delete: false });
    expect((await addNote("task", task.id, "Nope", viewer)).status).toBe(403);
    expect((await api.request("DELETE", `/note/${res.body.data.id}`, { token: viewer })).status).toBe(403);
  });

  it("answers 422 for a missing or bad filter or body, 403 without the record's permission, 404 for another tenant's record", async () => {
    const person = await makeIndividual(api, admin);
    const missing = await api.request("GET", "/note", { token: admin });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["filter.notable_id", "filter.notable_type"]);
    expect((await listNotes("policy", person.id)).status).toBe(422);
    expect((await listNotes("individual", "abc")).status).toBe(422);
    const empty = await addNote("individual", person.id, "   ");
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ body: ["Enter the note."] });
    expect((await addNote("individual", person.id, "x".repeat(10_001))).status).toBe(422);
    expect((await api.request("POST", "/note", { token: admin, body: { notable_type: "invoice", notable_id: 1, body: "x" } })).status).toBe(422);

    expect((await listNotes("individual", person.id, viewer)).status).toBe(403);
    expect((await addNote("individual", person.id, "x", viewer)).status).toBe(403);
    expect((await api.request("GET", "/note")).status).toBe(401);

    const [theirs] = await api.database.db.select().from(individuals).where(eq(individuals.tenantId, northgate)).limit(1);
    expect((await listNotes("individual", theirs.id)).status).toBe(404);
    expect((await addNote("individual", theirs.id, "Sneaky")).status).toBe(404);
    const [theirCompany] = await api.database.db.select().from(clientCompanies).where(eq(clientCompanies.tenantId, northgate)).limit(1);
    expect((await addNote("company", theirCompany.id, "Sneaky")).status).toBe(404);
    expect(await api.database.db.select().from(notes).where(eq(notes.body, "Sneaky"))).toEqual([]);
  });

  it("the author or a manager may delete a note; others may not; another tenant's note is 404", async () => {
    const person = await makeIndividual(api, admin);
    const viewerAndWriter = await userWith(api, "Harbour Brokers", `notes.${marker().toLowerCase()}@harbour.test`, ["individual_view"]);
    // Written by the admin: the view-only user sees it but cannot delete it.
    const byAdmin = await addNote("individual", person.id, "Admin's note");
    const seen = await listNotes("individual", person.id, viewerAndWriter);
    expect(seen.body.data[0]).toMatchObject({ body: "Admin's note", can_delete: false });
    expect((await api.request("DELETE", `/note/${byAdmin.body.data.id}`, { token: viewerAndWriter })).status).toBe(403);

    // Written by a manager user, deleted by its author.
    const manager = await userWith(api, "Harbour Brokers", `manager.${marker().toLowerCase()}@harbour.test`, ["individual_manage"]);
    const own = await addNote("individual", person.id, "Mine", manager);
    expect((await api.request("DELETE", `/note/${own.body.data.id}`, { token: manager })).status).toBe(204);
    // A manager deletes someone else's note.
    expect((await api.request("DELETE", `/note/${byAdmin.body.data.id}`, { token: manager })).status).toBe(204);
    expect((await listNotes("individual", person.id)).body.data).toEqual([]);
    expect((await api.request("DELETE", `/note/${byAdmin.body.data.id}`, { token: admin })).status).toBe(404);

    const [theirNote] = await api.database.db.select().from(notes).where(eq(notes.tenantId, northgate)).limit(1);
    expect((await api.request("DELETE", `/note/${theirNote.id}`, { token: admin })).status).toBe(404);
    expect((await listNotes(theirNote.notableType, theirNote.notableId, adviser)).body.data.map((n: { id: number }) => n.id)).toContain(theirNote.id);
  });
});

describe("e-mail threads", () => {
  it("POST email/send starts a thread through the sandbox mail; a reply in thread_id joins it; GET email/threads/{id} shows both", async () => {
    const person = await makeIndividual(api, admin, { email: `thread.${marker()}@mail.example`.toLowerCase() });
    const to = person.email!;
    const sent = await api.request("POST", "/email/send", {
      token: admin,
      body: { to, subject: "Quote", body: "Here is your quote.", related_type: "individual", related_id: person.id },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      subject: "Quote",
      related_type: "individual",
      related_id: person.id,
      messages: [{ to, subject: "Quote", body: "Here is your quote." }],
    });
    const reply = await api.request("POST", "/email/send", {
      token: admin,
      body: { to, subject: "Re: Quote", body: "Any questions?", thread_id: sent.body.data.id },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.id).toBe(sent.body.data.id);
    expect(reply.body.data.messages.map((m: { subject: string }) => m.subject)).toEqual(["Quote", "Re: Quote"]);

    const thread = await api.request("GET", `/email/threads/${sent.body.data.id}`, { token: admin });
    expect(thread.status).toBe(200);
    expect(thread.body.data).toEqual(reply.body.data);
    expect((await outbox(api, to)).map((m) => m.subject)).toEqual(["Re: Quote", "Quote"]);
    expect((await api.request("GET", `/individual/${person.id}/email`, { token: admin })).body.meta.total).toBe(2);
  });

  it("an e-mail about nothing in particular", async () => {
    const res = await api.request("POST", "/email/send", { token: admin, body: { to: "someone@else.example", subject: "Hello", body: "Hi" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ related_type: null, related_id: null });
  });

  it("answers 422 for bad input, 404 for another tenant's thread or record, 403 without the record's permission", async () => {
    const person = await makeIndividual(api, admin, { email: "perm.check@mail.example" });
    const bad = await api.request("POST", "/email/send", { token: admin, body: { to: "nope", subject: "", body: "", related_type: "individual" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["body", "related_id", "subject", "to"]);
    const noId = await api.request("POST", "/email/send", { token: admin, body: { to: "a@b.example", subject: "S", body: "B", related_type: "individual" } });
    expect(noId.body.errors).toEqual({ related_id: ["Choose what the e-mail is about."] });

    const [theirs] = await api.database.db.select().from(individuals).where(eq(individuals.tenantId, northgate)).limit(1);
    expect(
      (
        await api.request("POST", "/email/send", {
          token: admin,
          body: { to: "a@b.example", subject: "S", body: "B", related_type: "individual", related_id: theirs.id },
        })
      ).status,
    ).toBe(404);
    const theirThread = await api.request("POST", "/email/send", {
      token: adviser,
      body: { to: "a@b.example", subject: "Northgate only", body: "B", related_type: "individual", related_id: theirs.id },
    });
    expect(theirThread.status).toBe(201);
    expect((await api.request("GET", `/email/threads/${theirThread.body.data.id}`, { token: admin })).status).toBe(404);
    expect(
      (await api.request("POST", "/email/send", { token: admin, body: { to: "a@b.example", subject: "S", body: "B", thread_id: theirThread.body.data.id } }))
        .status,
    ).toBe(404);
    expect((await api.request("GET", "/email/threads/abc", { token: admin })).status).toBe(404);

    // viewer@harbour.test holds task_view only: no e-mails about individuals.
    const mine = await api.request("POST", "/email/send", {
      token: admin,
      body: { to: person.email, subject: "S", body: "B", related_type: "individual", related_id: person.id },
    });
    expect((await api.request("GET", `/email/threads/${mine.body.data.id}`, { token: viewer })).status).toBe(403);
    expect((await api.request("POST", "/email/send", { token: viewer, body: { to: "a@b.example", subject: "S", body: "B" } })).status).toBe(403);
    expect((await api.request("POST", "/email/send", { body: { to: "a@b.example", subject: "S", body: "B" } })).status).toBe(401);
  });
});

describe("the spec's calls", () => {
  it("notes and e-mail threads are served", () => {
    const declared = new Set(api.app.routeDeclarations.map((d) => `${d.method} ${d.url}`));
    for (const r of ["GET /note", "POST /note", "DELETE /note/:id", "POST /email/send", "GET /email/threads/:id"]) expect(declared.has(r), r).toBe(true);
  });
});

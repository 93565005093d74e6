import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, notes, submissions } from "#api/db/schema";
import { requestFingerprint } from "#api/http/submissions";
import { createTestApi, type TestApi } from "../helpers/api";
import { makeIndividual, marker, outbox, tenantId, userId } from "../helpers/clients";

let api: TestApi;
let admin: string; // Harbour administrator
let ops: string; // Harbour, another administrator of the same company
let bloom: string; // Bloom Bakery owner, another company
let harbour: number;

beforeAll(async () => {
  api = await createTestApi();
  [admin, ops, bloom] = await Promise.all([api.login("admin@harbour.test"), api.login("ops@harbour.test"), api.login("owner@bloom.test")]);
  harbour = await tenantId(api, "Harbour Brokers");
});
afterAll(async () => {
  await api?.close();
});

const key = () => `form-${marker("k")}-${Math.random().toString(36).slice(2)}`;

async function notesOn(individualId: number) {
  return api.database.db
    .select()
    .from(notes)
    .where(and(eq(notes.notableType, "individual"), eq(notes.notableId, individualId)));
}

function addNote(individualId: number, body: string, idempotencyKey?: string, token = admin) {
  return api.request("POST", "/note", {
    token,
    body: { notable_type: "individual", notable_id: individualId, body },
    headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
  });
}

describe("Idempotency-Key: a change sent twice acts once", () => {
  it("answers the same request sent again with the first answer, and makes one note", async () => {
    const person = await makeIndividual(api, admin);
    const k = key();
    const first = await addNote(person.id, "Called about the renewal", k);
    const again = await addNote(person.id, "Called about the renewal", k);
    expect(first.status).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toMatch(/application\/json/);
    expect(again.body).toEqual(first.body);
    expect(await notesOn(person.id)).toHaveLength(1);
  });

  it("without a key, or with another key, the same request acts again", async () => {
    const person = await makeIndividual(api, admin);
    await addNote(person.id, "Same words");
    await addNote(person.id, "Same words");
    await addNote(person.id, "Same words", key());
    await addNote(person.id, "Same words", key());
    expect(await notesOn(person.id)).toHaveLength(4);
  });

  it("two requests with one key at the same moment make one note: the second waits for the first one's answer", async () => {
    const person = await makeIndividual(api, admin);
    const k = key();
    const answers = await Promise.all([
      addNote(person.id, "Sent twice at once", k),
      addNote(person.id, "Sent twice at once", k),
      addNote(person.id, "Sent twice at once", k),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(2);
    expect(await notesOn(person.id)).toHaveLength(1);
  });

  it("sends an e-mail once when the same send is asked twice", async () => {
    const address = `twice.${marker()}@mail.example`.toLowerCase();
    const person = await makeIndividual(api, admin, { email: address });
    const k = key();
    const subject = `Your renewal ${marker()}`;
    const send = () =>
      api.request("POST", "/individual/email", { token: admin, body: { individual_id: person.id, subject, body: "Hello" }, headers: { "idempotency-key": k } });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(201);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect((await outbox(api, address)).filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it("refuses the same key for another request (422, under the header's name), and acts on nothing", async () => {
    const person = await makeIndividual(api, admin);
    const k = key();
    await addNote(person.id, "First words", k);
    const other = await addNote(person.id, "Other words", k);
    expect(other.status).toBe(422);
    expect(other.body.errors["Idempotency-Key"]).toEqual(["This Idempotency-Key was already used for a different request."]);
    expect((await notesOn(person.id)).map((n) => n.body)).toEqual(["First words"]);
  });

  it("does not keep a refusal: the key is let go, so the corrected request acts", async () => {
    const person = await makeIndividual(api, admin);
    const k = key();
    const empty = await addNote(person.id, "", k);
    expect(empty.status).toBe(422);
    const emptyAgain = await addNote(person.id, "", k);
    expect(emptyAgain.status).toBe(422);
    expect(emptyAgain.headers["idempotent-replayed"]).toBeUndefined();
    expect((await addNote(person.id, "Now with words", k)).status).toBe(201);
    expect(await notesOn(person.id)).toHaveLength(1);
  });

  it("keeps keys apart per user and per company", async () => {
    const person = await makeIndividual(api, admin);
    const k = key();
    expect((await addNote(person.id, "Mine", k, admin)).status).toBe(201);
    const byOps = await addNote(person.id, "Mine", k, ops);
    expect(byOps.status).toBe(201);
    expect(byOps.headers["idempotent-replayed"]).toBeUndefined();
    // Another company's user with the same key does not get Harbour's answer: the note is not theirs to see.
    const fromBloom = await addNote(person.id, "Mine", k, bloom);
    expect(fromBloom.status).toBe(404);
    expect(fromBloom.text).not.toContain("Mine");
    expect(await notesOn(person.id)).toHaveLength(2);
  });

  it("refuses a malformed key", async () => {
    const person = await makeIndividual(api, admin);
    for (const bad of ["short", "has spaces in it", "x".repeat(256)]) {
      const res = await addNote(person.id, "Words", bad);
      expect(res.status).toBe(422);
      expect(res.body.errors["Idempotency-Key"][0]).toMatch(/8 to 255 printable characters/);
    }
    expect(await notesOn(person.id)).toHaveLength(0);
  });

  it("a deletion sent twice answers 204 twice and is recorded once", async () => {
    const person = await makeIndividual(api, admin);
    const note = (await addNote(person.id, "To delete")).body.data;
    const k = key();
    const del = () => api.request("DELETE", `/note/${note.id}`, { token: admin, headers: { "idempotency-key": k } });
    expect((await del()).status).toBe(204);
    const again = await del();
    expect(again.status).toBe(204);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const recorded = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, "record.deleted"), eq(auditEvents.subject, `note:${note.id}`)));
    expect(recorded).toHaveLength(1);
    // Without the key the second deletion finds nothing.
    expect((await api.request("DELETE", `/note/${note.id}`, { token: admin })).status).toBe(404);
  });

  it("a claim whose answer never came (its process stopped) is taken over after a minute; a fresh one is waited for", async () => {
    const person = await makeIndividual(api, admin);
    const adminId = await userId(api, "admin@harbour.test");
    const noteRequest = (words: string) => requestFingerprint("POST", "/note", { notable_type: "individual", notable_id: person.id, body: words });

    // A claim two minutes old with no answer: the request runs.
    const abandoned = key();
    const fingerprint = noteRequest("Taken over");
    await api.database.db
      .insert(submissions)
      .values({ tenantId: harbour, userId: adminId, key: abandoned, request: fingerprint, startedAt: new Date(Date.now() - 120_000) });
    const taken = await addNote(person.id, "Taken over", abandoned);
    expect(taken.status).toBe(201);
    expect(taken.headers["idempotent-replayed"]).toBeUndefined();

    // A claim still running: the request waits, then answers what the first answered.
    const running = key();
    await api.database.db.insert(submissions).values({ tenantId: harbour, userId: adminId, key: running, request: noteRequest("Waited for") });
    const waiting = addNote(person.id, "Waited for", running);
    await new Promise((r) => setTimeout(r, 300));
    await api.database.db
      .update(submissions)
      .set({ status: 201, contentType: "application/json; charset=utf-8", body: JSON.stringify({ data: { id: -1, note: "first answer" } }) })
      .where(eq(submissions.key, running));
    const waited = await waiting;
    expect(waited.status).toBe(201);
    expect(waited.body).toEqual({ data: { id: -1, note: "first answer" } });
    expect((await notesOn(person.id)).map((n) => n.body).sort()).toEqual(["Taken over"]);
  });

  it("an answer older than a day is forgotten: the request acts again", async () => {
    const person = await makeIndividual(api, admin);
    const k = key();
    await addNote(person.id, "Yesterday's", k);
    await api.database.db
      .update(submissions)
      .set({ startedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(submissions.key, k));
    const later = await addNote(person.id, "Yesterday's", k);
    expect(later.status).toBe(201);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(await notesOn(person.id)).toHaveLength(2);
  });
});

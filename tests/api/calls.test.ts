import { eq, sql } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientCompanies, individuals, phoneCalls, users } from "#api/db/schema";
import { CALL_MESSAGES } from "#contract/calls";
import type { Permission } from "#contract/permissions";
import { createTestApi, type TestApi, type TestApiApp } from "../helpers/api";
import { emptyTenant, makePipeline, makeTask, userWith } from "../helpers/crm";

let api: TestApi;
const PERMS: Permission[] = ["individual_view", "company_view", "task_view", "task_manage", "pipeline_view", "pipeline_manage", "pipeline_access"];
let n = 0;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** A fresh company whose user may make calls (unless told otherwise), with an individual who has `telephone`. */
async function caller(options: { canCall?: boolean; perms?: Permission[]; telephone?: string | null } = {}) {
  const me = await emptyTenant(api, options.perms ?? PERMS);
  await api.database.db
    .update(users)
    .set({ canMakePhoneCalls: options.canCall ?? true })
    .where(eq(users.id, me.id));
  const [person] = await api.database.db
    .insert(individuals)
    .values({
      tenantId: me.tenantId,
      firstName: "Cara",
      lastName: `Callee ${++n}`,
      telephone: options.telephone === undefined ? "+44 20 7946 0999" : options.telephone,
    })
    .returning({ id: individuals.id });
  return { ...me, personId: person.id };
}

const initiate = (token: string, entity_type: string, entity_id: number) => api.request("POST", "/calls/initiate", { token, body: { entity_type, entity_id } });

/** Moves a call's start back by `ms`, as if that much time had passed. */
const age = (id: number, ms: number) =>
  api.database.db
    .update(phoneCalls)
    .set({ startedAt: sql`${phoneCalls.startedAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(phoneCalls.id, id));

async function setPhone(id: number, telephone: string) {
  await api.database.db.update(individuals).set({ telephone }).where(eq(individuals.id, id));
}

describe("starting a call", () => {
  it("401 without a token; 403 with the spec's message when the user may not make calls; 403 without the record's view permission", async () => {
    const me = await caller({ canCall: false });
    expect((await api.request("POST", "/calls/initiate", { body: { entity_type: "individual", entity_id: me.personId } })).status).toBe(401);
    const refused = await initiate(me.token, "individual", me.personId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: CALL_MESSAGES.noPermission, error: CALL_MESSAGES.noPermission });

    const taskOnly = await userWith(api, me.tenantId, ["task_view"]);
    await api.database.db.update(users).set({ canMakePhoneCalls: true }).where(eq(users.id, taskOnly.id));
    expect((await initiate(taskOnly.token, "individual", me.personId)).status).toBe(403);
  });

  it("another company's record is 404; a record without a number and a wrong entity type are 422 with errors", async () => {
    const me = await caller();
    const other = await caller();
    expect((await initiate(me.token, "individual", other.personId)).status).toBe(404);

    const silent = await caller({ telephone: null });
    const noNumber = await initiate(silent.token, "individual", silent.personId);
    expect(noNumber.status).toBe(422);
    expect(noNumber.body.errors.entity_id).toEqual([CALL_MESSAGES.noNumber("individual")]);

    const wrong = await initiate(me.token, "vessel", me.personId);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.entity_type).toEqual([CALL_MESSAGES.entityType]);
    expect((await initiate(me.token, "individual", -3)).status).toBe(422);
  });

  it("answers a sandbox access token and the call (id, name, to); one call at a time until it is hung up", async () => {
    const me = await caller();
    const first = await initiate(me.token, "individual", me.personId);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ provider: "sandbox", phone_call: { name: expect.stringContaining("Cara Callee"), to: "+44 20 7946 0999" } });
    expect(typeof first.body.data.access_token).toBe("string");

    const second = await initiate(me.token, "individual", me.personId);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(CALL_MESSAGES.alreadyOnCall);

    const ended = await api.request("POST", `/calls/${first.body.data.phone_call.id}/terminate`, { token: me.token });
    expect(ended.body.data).toMatchObject({ outcome: "canceled", duration_seconds: 0 });
    expect((await initiate(me.token, "individual", me.personId)).status).toBe(201);
  });

  it("the /phone/{type}/{id} wrapper starts the same call; a task calls its client; a company its own number", async () => {
    const me = await caller();
    const wrapped = await api.request("POST", `/phone/individual/${me.personId}`, { token: me.token });
    expect(wrapped.status).toBe(201);
    await api.request("POST", `/calls/${wrapped.body.data.phone_call.id}/terminate`, { token: me.token });

    const pipeline = await makePipeline(api, me.token);
    const task = await makeTask(api, me.token, { name: `Call task ${++n}`, pipeline_id: pipeline.id, source_individual_id: me.personId });
    const viaTask = await initiate(me.token, "task", task.id);
    expect(viaTask.status).toBe(201);
    expect(viaTask.body.data.phone_call.to).toBe("+44 20 7946 0999");
    await api.request("POST", `/calls/${viaTask.body.data.phone_call.id}/terminate`, { token: me.token });

    const [company] = await api.database.db
      .insert(clientCompanies)
      .values({ tenantId: me.tenantId, name: `Dial Co ${n}`, telephone: "0161 496 0000" })
      .returning({ id: clientCompanies.id });
    const viaCompany = await initiate(me.token, "company", company.id);
    expect(viaCompany.body.data.phone_call).toMatchObject({ name: `Dial Co ${n}`, to: "0161 496 0000" });
  });
});

describe("the sandbox's calls", () => {
  it("an ordinary number rings after 1 s and is answered after 3 s; hanging up records the duration", async () => {
    const me = await caller();
    const id = (await initiate(me.token, "individual", me.personId)).body.data.phone_call.id;
    await age(id, 1500);
    let state = await api.request("GET", `/calls/${id}/sandbox-events`, { token: me.token });
    expect(state.body.data.events.map((e: { type: string }) => e.type)).toEqual(["accept"]);
    await age(id, 10_000);
    state = await api.request("GET", `/calls/${id}/sandbox-events`, { token: me.token });
    expect(state.body.data).toMatchObject({ ended: false });
    expect(state.body.data.events.map((e: { type: string }) => e.type)).toEqual(["accept", "connect"]);
    const ended = await api.request("POST", `/calls/${id}/terminate`, { token: me.token });
    expect(ended.body.data.outcome).toBe("completed");
    expect(ended.body.data.duration_seconds).toBeGreaterThanOrEqual(8);
    state = await api.request("GET", `/calls/${id}/sandbox-events`, { token: me.token });
    expect(state.body.data.ended).toBe(true);
  });

  it.each([
    ["07700 900010", ["accept", "connect", "disconnect"], "completed", null],
    ["07700 900486", ["error"], "busy", 31486],
    ["07700 900603", ["accept", "reject"], "rejected", null],
    ["07700 900480", ["accept", "cancel"], "no-answer", null],
    ["07700 900205", ["error"], "failed", 31205],
    ["07700 900003", ["accept", "connect", "error"], "failed", 31003],
  ])("%s plays %j and ends %s", async (number, types, outcome, code) => {
    const me = await caller();
    await setPhone(me.personId, number);
    const id = (await initiate(me.token, "individual", me.personId)).body.data.phone_call.id;
    await age(id, 20_000);
    const state = await api.request("GET", `/calls/${id}/sandbox-events`, { token: me.token });
    expect(state.body.data.ended).toBe(true);
    expect(state.body.data.events.map((e: { type: string }) => e.type)).toEqual(types);
    const call = await api.request("GET", `/calls/${id}`, { token: me.token });
    expect(call.body.data).toMatchObject({ outcome, error_code: code });
    const log = await api.request("GET", "/calls", { token: me.token, query: { filter: { entity_type: "individual", entity_id: me.personId } } });
    expect(log.body.data[0]).toMatchObject({ id, outcome, error_code: code });
    // Reading the call and the log wrote nothing: the row is settled by the next write (here, the next call).
    const [row] = await api.database.db.select().from(phoneCalls).where(eq(phoneCalls.id, id));
    expect(row.endedAt).toBeNull();
    // The call is over: the next one may start.
    expect((await initiate(me.token, "individual", me.personId)).status).toBe(201);
  });
});

describe("the call log, feedback and another user's calls", () => {
  it("lists a record's calls newest first with who made them; feedback after the end only, score 1-5", async () => {
    const me = await caller();
    const id = (await initiate(me.token, "individual", me.personId)).body.data.phone_call.id;
    const early = await api.request("POST", `/calls/${id}/feedback`, { token: me.token, body: { score: 4 } });
    expect(early.status).toBe(422);
    await api.request("POST", `/calls/${id}/terminate`, { token: me.token });
    expect((await api.request("POST", `/calls/${id}/feedback`, { token: me.token, body: { score: 6 } })).body.errors.score).toEqual([CALL_MESSAGES.score]);
    expect((await api.request("POST", `/calls/${id}/feedback`, { token: me.token, body: { score: 3, issue: "static" } })).body.errors.issue).toEqual([
      CALL_MESSAGES.issue,
    ]);
    const fed = await api.request("POST", `/calls/${id}/feedback`, { token: me.token, body: { score: 3, issue: "echo" } });
    expect(fed.body.data).toMatchObject({ feedback_score: 3, feedback_issue: "echo" });

    const recorded = await api.request("POST", "/calls/record", { token: me.token, body: { entity_type: "individual", entity_id: me.personId } });
    expect(recorded.status).toBe(201);
    expect(recorded.body.data.via).toBe("phone");

    const log = await api.request("GET", "/calls", { token: me.token, query: { filter: { entity_type: "individual", entity_id: me.personId } } });
    expect(log.status).toBe(200);
    expect(log.body.data.map((c: { via: string }) => c.via)).toEqual(["phone", "browser"]);
    expect(log.body.data[1].caller.name).toContain("Test");
    expect(log.body.meta.total).toBe(2);

    const bad = await api.request("GET", "/calls", { token: me.token, query: { filter: { entity_type: "ship" } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["filter.entity_type", "filter.entity_id"]);
  });

  it("another user's or company's call is 404; another company's record's log is 404", async () => {
    const me = await caller();
    const id = (await initiate(me.token, "individual", me.personId)).body.data.phone_call.id;
    const colleague = await userWith(api, me.tenantId, PERMS);
    expect((await api.request("GET", `/calls/${id}`, { token: colleague.token })).status).toBe(404);
    expect((await api.request("POST", `/calls/${id}/terminate`, { token: colleague.token })).status).toBe(404);
    const stranger = await caller();
    expect((await api.request("GET", `/calls/${id}/sandbox-events`, { token: stranger.token })).status).toBe(404);
    expect(
      (await api.request("GET", "/calls", { token: stranger.token, query: { filter: { entity_type: "individual", entity_id: me.personId } } })).status,
    ).toBe(404);
  });
});

describe("Twilio Voice (the real provider, no network)", () => {
  const settings = {
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000001",
    TWILIO_AUTH_TOKEN: "test-auth-token",
    TWILIO_API_KEY: "SK00000000000000000000000000000001",
    TWILIO_API_SECRET: "test-api-secret",
    TWILIO_TWIML_APP_SID: "AP00000000000000000000000000000001",
    TWILIO_CALLER_ID: "+442079460000",
    API_PUBLIC_URL: "https://api.portal.example",
  };
  let real: TestApiApp;
  beforeAll(async () => {
    real = await api.buildApp(settings);
  });

  const signed = (path: string, params: Record<string, string>) => {
    const signature = twilio.getExpectedTwilioSignature(settings.TWILIO_AUTH_TOKEN, `${settings.API_PUBLIC_URL}${path}`, params);
    return {
      rawBody: new URLSearchParams(params).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    };
  };

  it("issues a Twilio access token with a voice grant; the signed webhooks dial the number and record the call's end", async () => {
    const me = await caller();
    const token = await real.login(me.email);
    const started = await real.request("POST", "/calls/initiate", { token, body: { entity_type: "individual", entity_id: me.personId } });
    expect(started.status).toBe(201);
    expect(started.body.data.provider).toBe("twilio");
    const claims = JSON.parse(Buffer.from(started.body.data.access_token.split(".")[1], "base64url").toString());
    expect(claims.grants).toMatchObject({ identity: `user-${me.id}`, voice: { outgoing: { application_sid: settings.TWILIO_TWIML_APP_SID } } });
    const id = started.body.data.phone_call.id;

    const twimlPath = `/voice/twilio/twiml?phone_call_id=${id}`;
    const params = { CallSid: "CA0000000000000000000000000000abcd", To: "+442079460999" };
    const forged = await real.request("POST", twimlPath, {
      ...signed(twimlPath, params),
      headers: { ...signed(twimlPath, params).headers, "x-twilio-signature": "forged" },
    });
    expect(forged.status).toBe(404);
    const twiml = await real.request("POST", twimlPath, signed(twimlPath, params));
    expect(twiml.status).toBe(200);
    expect(twiml.text).toContain("<Number");
    expect(twiml.text).toContain("+44 20 7946 0999</Number>");
    expect(twiml.text).toContain('callerId="+442079460000"');

    const statusPath = `/voice/twilio/status?phone_call_id=${id}`;
    expect((await real.request("POST", statusPath, signed(statusPath, { CallSid: params.CallSid, CallStatus: "in-progress" }))).status).toBe(204);
    expect((await real.request("POST", statusPath, signed(statusPath, { CallSid: params.CallSid, CallStatus: "completed", CallDuration: "42" }))).status).toBe(
      204,
    );
    const call = await real.request("GET", `/calls/${id}`, { token });
    expect(call.body.data).toMatchObject({ provider: "twilio", outcome: "completed", duration_seconds: 42 });
    expect(call.body.data.answered_at).not.toBeNull();
  });

  it("the sandbox answers no webhooks", async () => {
    const path = "/voice/twilio/status?phone_call_id=1";
    expect((await api.request("POST", path, signed(path, { CallStatus: "completed" }))).status).toBe(404);
  });
});

/**
 * Phone calls: starting one (a voice access token and a row in the call log), following the sandbox's script,
 * ending one, feedback, the log of a record, and the real provider's webhooks.
 */
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { CALL_MESSAGES, type CallEntityType, type CallOutcome, type CallVia, type PhoneCall } from "#contract/calls";
import { hasAnyPermission } from "#contract/permissions";
import type { Db } from "#api/db/client";
import { clientCompanies, individuals, phoneCalls, tasks, users } from "#api/db/schema";
import { HttpError, forbidden, invalid, notFound } from "#api/http/errors";
import { offsetOf } from "#api/http/paging";
import { isUniqueViolation } from "#api/lib/db-errors";
import type { VoiceProvider } from "#api/integrations/voice";
import { sandboxEventsAt, sandboxScriptFor, type SandboxScript } from "#api/integrations/voice/sandbox-script";
import { iso, userNames } from "../clients/common";
import { LABELS, VIEW_PERMISSIONS } from "../clients/records";

type Row = typeof phoneCalls.$inferSelect;

export interface Caller {
  tenantId: number;
  userId: number;
  permissions: Set<string>;
}

/** A call that no status callback closed within this time is closed as failed when it is next looked at. */
const STALE_CALL_MS = 6 * 60 * 60_000;

function assertCanView(caller: Caller, type: CallEntityType) {
  if (!hasAnyPermission(caller.permissions, VIEW_PERMISSIONS[type])) throw forbidden();
}

/** The callee of a record: an individual or a company by its own telephone, a task by its client's. Not found: the same answer as an unknown path (POST /phone/{type}/{id}). */
export async function calleeOf(db: Db, tenantId: number, type: CallEntityType, id: number): Promise<{ name: string; telephone: string | null }> {
  if (type === "individual") {
    const [row] = await db
      .select({ name: individuals.fullName, telephone: individuals.telephone })
      .from(individuals)
      .where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, id)));
    if (!row) throw notFound();
    return row;
  }
  if (type === "company") {
    const [row] = await db
      .select({ name: clientCompanies.name, telephone: clientCompanies.telephone })
      .from(clientCompanies)
      .where(and(eq(clientCompanies.tenantId, tenantId), eq(clientCompanies.id, id)));
    if (!row) throw notFound();
    return row;
  }
  const [task] = await db
    .select({ individualId: tasks.sourceIndividualId, companyId: tasks.companyId })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
  if (!task) throw notFound();
  // The task's client: its individual when it has one with a number, else its company.
  for (const [kind, clientId] of [
    ["individual", task.individualId],
    ["company", task.companyId],
  ] as const) {
    if (clientId === null) continue;
    const client = await calleeOf(db, tenantId, kind, clientId);
    if (client.telephone) return client;
  }
  return { name: "the task's client", telephone: null };
}

const scriptOf = (row: Row) => (row.script as SandboxScript | null) ?? sandboxScriptFor(row.toNumber);

/** What the row should say at `now`: for a sandbox call, how far its script has played; a forgotten call is closed. */
function settled(row: Row, now: Date): Partial<typeof phoneCalls.$inferInsert> | null {
  if (row.endedAt || row.via !== "browser") return null;
  const elapsed = now.getTime() - row.startedAt.getTime();
  if (row.provider === "sandbox") {
    const script = scriptOf(row);
    const answeredAt = script.answeredAtMs !== undefined && script.answeredAtMs <= elapsed ? new Date(row.startedAt.getTime() + script.answeredAtMs) : null;
    const played = sandboxEventsAt(script, elapsed);
    if (!played.ended) return answeredAt && !row.answeredAt ? { answeredAt } : null;
    const endedAt = new Date(row.startedAt.getTime() + played.endedAtMs!);
    const last = script.events[script.events.length - 1];
    return {
      answeredAt,
      endedAt,
      outcome: script.outcome,
      errorCode: last.type === "error" ? (last.code ?? null) : null,
      durationSeconds: answeredAt ? Math.round((endedAt.getTime() - answeredAt.getTime()) / 1000) : 0,
    };
  }
  return elapsed > STALE_CALL_MS ? { endedAt: now, outcome: "failed", durationSeconds: row.durationSeconds ?? 0 } : null;
}

/** What the row says now, without writing it down: reading a call or a log changes nothing. */
function viewOf(row: Row, now = new Date()): Row {
  const change = settled(row, now);
  return change ? ({ ...row, ...change } as Row) : row;
}

/**
 * Writes down what the row should say now. `endedOnly`: only when that ends the call — a request that is then refused
 * (a second call while one is going on, feedback on a call not over) changes nothing.
 */
async function settle(db: Db, row: Row, now = new Date(), endedOnly = false): Promise<Row> {
  const change = settled(row, now);
  if (!change || (endedOnly && !change.endedAt)) return row;
  const [updated] = await db
    .update(phoneCalls)
    .set(change)
    .where(and(eq(phoneCalls.id, row.id), isNull(phoneCalls.endedAt)))
    .returning();
  return updated ?? row;
}

async function toCall(db: Db, tenantId: number, rows: Row[]): Promise<PhoneCall[]> {
  const names = await userNames(
    db,
    tenantId,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    entity_type: r.entityType,
    entity_id: r.entityId,
    name: r.name,
    to: r.toNumber,
    via: r.via,
    provider: r.provider,
    started_at: r.startedAt.toISOString(),
    answered_at: iso(r.answeredAt),
    ended_at: iso(r.endedAt),
    duration_seconds: r.durationSeconds,
    outcome: r.outcome,
    error_code: r.errorCode,
    feedback_score: r.feedbackScore,
    feedback_issue: r.feedbackIssue as PhoneCall["feedback_issue"],
    caller: r.userId ? { id: r.userId, name: names.get(r.userId) ?? "A former user" } : null,
  }));
}

async function mayMakeCalls(db: Db, caller: Caller) {
  const [user] = await db
    .select({ can: users.canMakePhoneCalls })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.tenantId, caller.tenantId)));
  if (!user?.can) throw new HttpError(403, CALL_MESSAGES.noPermission, undefined, { error: CALL_MESSAGES.noPermission });
}

/** Who is called, checked: the caller may see the record (another company's is 404), may make calls, and it has a number. */
async function prepareCall(db: Db, caller: Caller, type: CallEntityType, id: number) {
  assertCanView(caller, type);
  const callee = await calleeOf(db, caller.tenantId, type, id);
  await mayMakeCalls(db, caller);
  if (!callee.telephone?.trim()) throw invalid({ entity_id: [CALL_MESSAGES.noNumber(type === "task" ? "task's client" : LABELS[type].toLowerCase())] });
  return { name: callee.name, to: callee.telephone.trim() };
}

/** Starts a call from the browser: one at a time per user (the database's partial unique index decides). */
export async function initiateCall(db: Db, voice: VoiceProvider, ttlSeconds: number, caller: Caller, type: CallEntityType, id: number) {
  const callee = await prepareCall(db, caller, type, id);
  const open = await db
    .select()
    .from(phoneCalls)
    .where(and(eq(phoneCalls.userId, caller.userId), isNull(phoneCalls.endedAt), eq(phoneCalls.via, "browser")));
  for (const row of open) {
    if (!(await settle(db, row, new Date(), true)).endedAt)
      throw new HttpError(409, CALL_MESSAGES.alreadyOnCall, undefined, { error: CALL_MESSAGES.alreadyOnCall });
  }
  let row: Row;
  try {
    [row] = await db
      .insert(phoneCalls)
      .values({
        tenantId: caller.tenantId,
        userId: caller.userId,
        entityType: type,
        entityId: id,
        name: callee.name,
        toNumber: callee.to,
        via: "browser" satisfies CallVia,
        provider: voice.kind,
        script: voice.kind === "sandbox" ? (sandboxScriptFor(callee.to) as unknown as Record<string, unknown>) : null,
      })
      .returning();
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(409, CALL_MESSAGES.alreadyOnCall, undefined, { error: CALL_MESSAGES.alreadyOnCall });
    throw e;
  }
  if (voice.kind === "sandbox")
    await db
      .update(phoneCalls)
      .set({ callSid: `SBX${row.id.toString().padStart(8, "0")}` })
      .where(eq(phoneCalls.id, row.id));
  const { token, expiresAt } = voice.issueToken(`user-${caller.userId}`, ttlSeconds);
  return { access_token: token, provider: voice.kind, expires_at: expiresAt.toISOString(), phone_call: { id: row.id, name: row.name, to: row.toNumber } };
}

/** A fresh access token for the caller's device, before the old one expires. */
export async function refreshToken(db: Db, voice: VoiceProvider, ttlSeconds: number, caller: Caller) {
  await mayMakeCalls(db, caller);
  const { token, expiresAt } = voice.issueToken(`user-${caller.userId}`, ttlSeconds);
  return { access_token: token, provider: voice.kind, expires_at: expiresAt.toISOString() };
}

/** A call started with the device's own dialler (the tel: link without JavaScript): recorded, ended at once. */
export async function recordPhoneCall(db: Db, caller: Caller, type: CallEntityType, id: number) {
  const callee = await prepareCall(db, caller, type, id);
  const [row] = await db
    .insert(phoneCalls)
    .values({
      tenantId: caller.tenantId,
      userId: caller.userId,
      entityType: type,
      entityId: id,
      name: callee.name,
      toNumber: callee.to,
      via: "phone",
      provider: "phone",
    })
    .returning();
  return (await toCall(db, caller.tenantId, [row]))[0];
}

/** One of the caller's own calls (another user's or company's: 404). */
async function ownCall(db: Db, caller: Caller, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(phoneCalls)
    .where(and(eq(phoneCalls.id, id), eq(phoneCalls.tenantId, caller.tenantId), eq(phoneCalls.userId, caller.userId)));
  if (!row) throw notFound("Call");
  return row;
}

export async function getCall(db: Db, caller: Caller, id: number) {
  const row = viewOf(await ownCall(db, caller, id));
  return (await toCall(db, caller.tenantId, [row]))[0];
}

/** The sandbox's events of the call so far, which the sandbox device turns into the device's events. */
export async function sandboxState(db: Db, caller: Caller, id: number, now = new Date()) {
  const row = viewOf(await ownCall(db, caller, id), now);
  if (row.provider !== "sandbox") throw notFound("Call");
  const elapsed = now.getTime() - row.startedAt.getTime();
  const played = sandboxEventsAt(scriptOf(row), elapsed);
  if (row.endedAt && !played.ended) {
    // Ended by the caller: nothing after the hang-up plays.
    const at = row.endedAt.getTime() - row.startedAt.getTime();
    return { events: played.events.filter((e) => e.at_ms <= at), ended: true, elapsed_ms: elapsed };
  }
  return { events: played.events, ended: played.ended || Boolean(row.endedAt), elapsed_ms: elapsed };
}

/** The caller hangs up (or cancels before an answer). Ending an ended call changes nothing. */
export async function terminateCall(db: Db, caller: Caller, id: number, now = new Date()) {
  const row = await settle(db, await ownCall(db, caller, id), now);
  if (row.endedAt) return (await toCall(db, caller.tenantId, [row]))[0];
  const outcome: CallOutcome = row.answeredAt ? "completed" : "canceled";
  const [updated] = await db
    .update(phoneCalls)
    .set({ endedAt: now, outcome, durationSeconds: row.answeredAt ? Math.max(0, Math.round((now.getTime() - row.answeredAt.getTime()) / 1000)) : 0 })
    .where(and(eq(phoneCalls.id, row.id), isNull(phoneCalls.endedAt)))
    .returning();
  return (await toCall(db, caller.tenantId, [updated ?? row]))[0];
}

export async function callFeedback(db: Db, caller: Caller, id: number, score: number, issue: string | undefined) {
  const row = await settle(db, await ownCall(db, caller, id), new Date(), true);
  if (!row.endedAt) throw invalid({ score: ["Feedback can be given once the call has ended."] });
  const [updated] = await db
    .update(phoneCalls)
    .set({ feedbackScore: score, feedbackIssue: issue ?? null })
    .where(eq(phoneCalls.id, row.id))
    .returning();
  return (await toCall(db, caller.tenantId, [updated]))[0];
}

/** The call log of one record, newest first. */
export async function listCalls(db: Db, caller: Caller, type: CallEntityType, id: number, query: ListQuery) {
  assertCanView(caller, type);
  await calleeOf(db, caller.tenantId, type, id);
  const where = and(eq(phoneCalls.tenantId, caller.tenantId), eq(phoneCalls.entityType, type), eq(phoneCalls.entityId, id));
  const now = new Date();
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(phoneCalls).where(where).orderBy(desc(phoneCalls.startedAt), desc(phoneCalls.id)).limit(query.page.size).offset(offsetOf(query)),
    db.select({ total: count() }).from(phoneCalls).where(where),
  ]);
  return {
    rows: await toCall(
      db,
      caller.tenantId,
      rows.map((row) => viewOf(row, now)),
    ),
    total,
  };
}

const TWILIO_OUTCOMES: Record<string, CallOutcome> = {
  completed: "completed",
  busy: "busy",
  "no-answer": "no-answer",
  canceled: "canceled",
  failed: "failed",
};

/** Twilio's status callback of a call placed by a device (checked by the route): answered, ended and how. */
export async function applyTwilioStatus(db: Db, callId: number, params: Record<string, string>, now = new Date()) {
  const [row] = await db.select().from(phoneCalls).where(eq(phoneCalls.id, callId));
  if (!row || row.provider !== "twilio") throw notFound("Call");
  const status = params.CallStatus;
  const change: Partial<typeof phoneCalls.$inferInsert> = {};
  if (params.CallSid && !row.callSid) change.callSid = params.CallSid;
  if (status === "in-progress" && !row.answeredAt) change.answeredAt = now;
  const outcome = TWILIO_OUTCOMES[status];
  if (outcome && !row.endedAt) {
    change.endedAt = now;
    change.outcome = outcome;
    change.durationSeconds = Number.parseInt(params.CallDuration ?? params.DialCallDuration ?? "0", 10) || 0;
  }
  if (Object.keys(change).length) await db.update(phoneCalls).set(change).where(eq(phoneCalls.id, row.id));
}

/** The call a Twilio device placed (its `phone_call_id` parameter), for the TwiML that dials its number. */
export async function twilioCallToDial(db: Db, callId: number) {
  const [row] = await db.select().from(phoneCalls).where(eq(phoneCalls.id, callId));
  if (!row || row.provider !== "twilio" || row.endedAt) throw notFound("Call");
  return row;
}

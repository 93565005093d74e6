import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { submissions } from "../db/schema";
import { hashToken } from "../lib/tokens";
import type { AuthContext } from "../modules/auth/authenticate";
import { HttpError, invalid } from "./errors";

/**
 * `Idempotency-Key` on a change (POST, PUT, PATCH, DELETE) by a signed-in user: the first request with a key
 * claims it and its answer is kept for a day; the same request sent again with that key (a second click, a form
 * sent again after its answer was lost) gets that answer again, marked `Idempotent-Replayed: true`, instead of
 * acting twice. While the first still runs, the second waits for its answer. A refusal (4xx) or a failure is not
 * kept: the key is let go, so the request can be corrected or tried again. The same key with another method, URL
 * or body is refused (422). The portal sends one key per rendered form and call (app/services/api.server.ts).
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";

/** Printable ASCII, no spaces. */
const KEY = /^[\x21-\x7e]{8,255}$/;
/** How long an answer is kept. */
export const KEPT_MS = 24 * 3_600_000;
/** How long a second request waits for the first one's answer. */
const WAIT_MS = 10_000;
const POLL_MS = 100;
/** A claim with no answer after this long was left by a process that stopped: the next request takes it over. */
const ABANDONED_MS = 60_000;
/** How often a process deletes answers older than KEPT_MS. */
const PURGE_EVERY_MS = 3_600_000;

export interface Claim {
  tenantId: number;
  userId: number;
  key: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The key this request claimed; its answer is kept when it is sent (keepAnswer). */
    submission?: Claim;
  }
}

let lastPurge = 0;

/**
 * Claims the request's key; answers true when the request was answered here instead (the kept answer of the same
 * request sent earlier). No key, or a GET: nothing to do.
 */
export async function claimSubmission(request: FastifyRequest, reply: FastifyReply, auth: AuthContext): Promise<boolean> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || request.method === "GET" || request.method === "HEAD") return false;
  if (typeof header !== "string" || !KEY.test(header)) {
    throw invalid({ "Idempotency-Key": ["The Idempotency-Key header must be 8 to 255 printable characters without spaces."] });
  }
  const { db } = request.server.database;
  purgeNow(request);
  const claim: Claim = { tenantId: auth.tenantId, userId: auth.userId, key: header };
  const asked = fingerprint(request);
  const mine = and(eq(submissions.tenantId, claim.tenantId), eq(submissions.userId, claim.userId), eq(submissions.key, claim.key));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (Date.now() > deadline) {
      throw new HttpError(409, "This was sent a moment ago and is still being saved. Please wait a moment, then check before sending it again.");
    }
    const claimed = await db
      .insert(submissions)
      .values({ ...claim, request: asked })
      .onConflictDoNothing()
      .returning({ key: submissions.key });
    if (claimed.length) {
      request.submission = claim;
      return false;
    }
    const [kept] = await db.select().from(submissions).where(mine);
    if (!kept) continue; // the first request was refused or failed and let the key go: this one runs
    const age = Date.now() - kept.startedAt.getTime();
    if (age > KEPT_MS) {
      await db.delete(submissions).where(and(mine, eq(submissions.startedAt, kept.startedAt)));
      continue;
    }
    if (kept.request !== asked) {
      throw invalid({ "Idempotency-Key": ["This Idempotency-Key was already used for a different request."] });
    }
    if (kept.status !== null) {
      reply.code(kept.status).header("idempotent-replayed", "true");
      if (kept.contentType) reply.header("content-type", kept.contentType);
      await reply.send(kept.body ?? undefined);
      return true;
    }
    if (age > ABANDONED_MS) {
      const taken = await db
        .update(submissions)
        .set({ startedAt: sql`now()` })
        .where(and(mine, isNull(submissions.status), eq(submissions.startedAt, kept.startedAt)))
        .returning({ key: submissions.key });
      if (taken.length) {
        request.submission = claim;
        return false;
      }
      continue;
    }
    await sleep(POLL_MS);
  }
}

/**
 * The answer of a request that claimed a key (an onSend hook): kept when the change was made (2xx), the key let go
 * when it was refused or failed (or the answer is a stream that cannot be kept).
 */
export async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const claim = request.submission;
  if (!claim) return payload;
  request.submission = undefined;
  const { db } = request.server.database;
  const mine = and(eq(submissions.tenantId, claim.tenantId), eq(submissions.userId, claim.userId), eq(submissions.key, claim.key));
  const body = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : payload == null ? null : undefined;
  try {
    if (reply.statusCode >= 200 && reply.statusCode < 300 && body !== undefined) {
      const type = reply.getHeader("content-type");
      await db
        .update(submissions)
        .set({ status: reply.statusCode, contentType: typeof type === "string" ? type : null, body })
        .where(mine);
    } else {
      await db.delete(submissions).where(mine);
    }
  } catch (error) {
    // The change itself is done: its answer still goes out. Sent again, the key is taken over once abandoned.
    request.log.warn({ err: error }, "could not keep the answer of an idempotent request");
  }
  return payload;
}

/** What a key is used for: the method, the URL (query included) and the JSON body; a multipart body is not read here. */
const fingerprint = (request: FastifyRequest) => requestFingerprint(request.method, request.url, request.isMultipart() ? undefined : request.body);

/** The hash kept with a key of what it was used for. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return hashToken(`${method} ${url}\n${body === undefined ? "" : JSON.stringify(body)}`);
}

/** Answers older than a day are deleted now and then, by whichever request comes (never waited for). */
function purgeNow(request: FastifyRequest) {
  if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = Date.now();
  request.server.database.db
    .delete(submissions)
    .where(lt(submissions.startedAt, new Date(Date.now() - KEPT_MS)))
    .catch((error: unknown) => request.log.warn({ err: error }, "could not delete old idempotent answers"));
}

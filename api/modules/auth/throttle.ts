import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "#api/db/client";
import { signInAttempts } from "#api/db/schema";
import { HttpError } from "#api/http/errors";

export const THROTTLE_WINDOW_MINUTES = 15;
/** Failed attempts allowed per account, then per address, within the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

export const THROTTLED_MESSAGE = `Too many failed sign-in attempts. Please wait ${THROTTLE_WINDOW_MINUTES} minutes and try again.`;

/** Loopback is the portal itself when no proxy sets X-Forwarded-For: it is not one visitor. */
const isLoopback = (ip: string) => ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1";

async function failuresSince(db: Db, column: typeof signInAttempts.email | typeof signInAttempts.ip, value: string, since: Date) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(column, value), eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)));
  return n;
}

/** Refuses a sign-in (429) while the account or the address has too many recent failures. */
export async function assertNotThrottled(db: Db, email: string, ip: string) {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MINUTES * 60_000);
  const [byAccount, byAddress] = await Promise.all([
    failuresSince(db, signInAttempts.email, email.toLowerCase(), since),
    isLoopback(ip) ? 0 : failuresSince(db, signInAttempts.ip, ip, since),
  ]);
  if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byAddress >= MAX_FAILURES_PER_ADDRESS) {
    throw new HttpError(429, THROTTLED_MESSAGE, { email: [THROTTLED_MESSAGE] });
  }
}

export async function recordAttempt(db: Db, email: string, ip: string, succeeded: boolean) {
  await db.insert(signInAttempts).values({ email: email.toLowerCase(), ip, succeeded });
}

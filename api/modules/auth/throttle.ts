import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "#api/db/client";
import { signInAttempts, signInThrottles } from "#api/db/schema";
import { HttpError } from "#api/http/errors";

/**
 * Sign-in throttling (docs/decisions/013-sign-in-throttling-and-trust.md). Before a password is checked, one
 * check is taken from the account-and-address pair and from the address by a single conditional statement, so
 * that no more than the limit are ever checked, however many guesses arrive at once. A pair that uses up its
 * checks waits THROTTLE_WINDOW_MINUTES, and twice as long each time it uses them up again. There is no lock of
 * the account as such: guesses from other addresses never refuse the right password from an address the
 * account signed in from before; from an unknown address, once the account has many recent failures, the
 * right password is only a first step and the code e-mailed to the user finishes the sign-in.
 */
export const THROTTLE_WINDOW_MINUTES = 15;
/** Password checks per account and address pair within the window. */
export const MAX_CHECKS_PER_PAIR = 5;
/** Failed checks per address, across accounts, within the window. */
export const MAX_FAILURES_PER_ADDRESS = 30;
/** Failures of an account from any address after which an unknown address must also pass the e-mailed code. */
export const ACCOUNT_STEP_UP_AFTER = 10;
/** An address the account signed in from within this many days is known. */
export const KNOWN_ADDRESS_DAYS = 90;
/** The longest wait: the window doubled at most this many times. */
const MAX_DOUBLINGS = 6;

export const THROTTLED_MESSAGE = "Too many failed sign-in attempts. Please wait a while and try again.";

/** Loopback is the portal itself when it could not tell its visitor's address: it is not one visitor. */
export const isLoopback = (ip: string) => ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1";

const pairKey = (email: string, ip: string) => `pair:${email.toLowerCase()}|${ip}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Takes one check from a key, atomically: a new window when the last one is over (its length doubling with
 * every lockout), otherwise one more check while fewer than `limit` were taken. Null when none is left.
 */
async function take(db: Db, key: string, limit: number): Promise<number | null> {
  const t = signInThrottles;
  const over = sql`${t.windowStartedAt} <= now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES}::int * (1 << least(greatest(${t.lockouts} - 1, 0), ${MAX_DOUBLINGS})))`;
  const rows = await db
    .insert(t)
    .values({ key, checks: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        checks: sql`case when ${over} then 1 else ${t.checks} + 1 end`,
        windowStartedAt: sql`case when ${over} then now() else ${t.windowStartedAt} end`,
      },
      setWhere: sql`${over} or ${t.checks} < ${limit}`,
    })
    .returning({ checks: t.checks });
  return rows[0]?.checks ?? null;
}

/** Gives a check back (a right password does not count against an address). */
async function giveBack(db: Db, key: string) {
  await db
    .update(signInThrottles)
    .set({ checks: sql`greatest(${signInThrottles.checks} - 1, 0)` })
    .where(eq(signInThrottles.key, key));
}

export interface Checkpoint {
  /** Records the outcome of the password check this checkpoint allowed. */
  settle(succeeded: boolean): Promise<void>;
}

function throttled() {
  return new HttpError(429, THROTTLED_MESSAGE, { email: [THROTTLED_MESSAGE] });
}

/**
 * Allows one password check for this account from this address, or refuses (429) when the pair or the address
 * has used up its checks. Call `settle` with the outcome once the password was checked.
 */
export async function takeCheck(db: Db, email: string, ip: string): Promise<Checkpoint> {
  const byAddress = !isLoopback(ip);
  if (byAddress && (await take(db, addressKey(ip), MAX_FAILURES_PER_ADDRESS)) === null) throw throttled();
  const pair = await take(db, pairKey(email, ip), MAX_CHECKS_PER_PAIR);
  if (pair === null) {
    if (byAddress) await giveBack(db, addressKey(ip));
    throw throttled();
  }
  return {
    async settle(succeeded) {
      if (succeeded) {
        // The pair starts afresh; the address keeps only its failures.
        await db.delete(signInThrottles).where(eq(signInThrottles.key, pairKey(email, ip)));
        if (byAddress) await giveBack(db, addressKey(ip));
      } else if (pair >= MAX_CHECKS_PER_PAIR) {
        // This pair's checks are used up: its next wait is twice as long.
        await db
          .update(signInThrottles)
          .set({ lockouts: sql`${signInThrottles.lockouts} + 1` })
          .where(eq(signInThrottles.key, pairKey(email, ip)));
      }
    },
  };
}

export async function recordAttempt(db: Db, email: string, ip: string, succeeded: boolean) {
  await db.insert(signInAttempts).values({ email: email.toLowerCase(), ip, succeeded });
}

/**
 * Whether the right password from this address must also pass the e-mailed code: the account has had many
 * failures lately and has never signed in from this address (within KNOWN_ADDRESS_DAYS).
 */
export async function needsSecondStep(db: Db, email: string, ip: string): Promise<boolean> {
  const address = email.toLowerCase();
  const since = new Date(Date.now() - THROTTLE_WINDOW_MINUTES * 60_000);
  const [{ failures }] = await db
    .select({ failures: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, address), eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)));
  if (failures < ACCOUNT_STEP_UP_AFTER) return false;
  const [{ known }] = await db
    .select({ known: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, address),
        eq(signInAttempts.ip, ip),
        eq(signInAttempts.succeeded, true),
        gt(signInAttempts.createdAt, new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000)),
      ),
    );
  return known === 0;
}

export const RESET_THROTTLED_MESSAGE = "Too many password reset requests. Please wait a while and try again.";

/**
 * Allows one "Forgot password?" request for this address from this client, limited like sign-in: at most
 * MAX_CHECKS_PER_PAIR per address and client, and MAX_FAILURES_PER_ADDRESS per client, in the same window.
 */
export async function takeResetRequest(db: Db, email: string, ip: string): Promise<void> {
  const refused = () => new HttpError(429, RESET_THROTTLED_MESSAGE, { email: [RESET_THROTTLED_MESSAGE] });
  const byAddress = !isLoopback(ip);
  if (byAddress && (await take(db, `reset-address:${ip}`, MAX_FAILURES_PER_ADDRESS)) === null) throw refused();
  if ((await take(db, `reset:${email.toLowerCase()}|${ip}`, MAX_CHECKS_PER_PAIR)) === null) throw refused();
}

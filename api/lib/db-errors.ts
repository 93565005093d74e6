/** True for a Postgres unique violation (23505), as thrown by drizzle on PGlite and on node-postgres. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const candidates = [e, (e as { cause?: unknown } | null)?.cause];
  return candidates.some((c) => {
    const err = c as { code?: string; constraint?: string } | null | undefined;
    return err?.code === "23505" && (!constraint || err.constraint === undefined || err.constraint === constraint);
  });
}

/** True for a Postgres foreign-key violation (23503): a row still used by another table. */
export function isForeignKeyViolation(e: unknown): boolean {
  return hasCode(e, "23503");
}

/**
 * True for a Postgres deadlock (40P01): two transactions waited on each other and PostgreSQL cancelled one (PGlite,
 * one connection, never deadlocks). The cancelled one may simply run again.
 */
export function isDeadlock(e: unknown): boolean {
  return hasCode(e, "40P01");
}

/** Whether an error as drizzle throws it carries a Postgres error code: on itself, or on its cause (a DrizzleQueryError). */
const hasCode = (e: unknown, code: string) =>
  [e, (e as { cause?: unknown } | null)?.cause].some((c) => (c as { code?: unknown } | null | undefined)?.code === code);

/**
 * True when the database cannot be reached or cut the connection (a restart, a failover, a full pool):
 * connection refused or reset, a connection ended mid-query, Postgres' shutdown and start-up codes
 * (57P01–57P03) and connection exceptions (08xxx). The API answers those with 503, not 500.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  const seen = new Set<unknown>();
  for (let c: unknown = e; c && typeof c === "object" && !seen.has(c); c = (c as { cause?: unknown }).cause) {
    seen.add(c);
    const err = c as { code?: string; message?: string };
    if (typeof err.code === "string" && (/^57P0[123]$/.test(err.code) || /^08/.test(err.code))) return true;
    if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN"].includes(err.code ?? "")) return true;
    if (
      /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end|the database system is (starting up|shutting down)/i.test(
        err.message ?? "",
      )
    )
      return true;
  }
  return false;
}

/**
 * Runs a transaction again when PostgreSQL chose it as a deadlock's victim (attempts at once on one invoice), after a
 * short random pause; `run` must be safe to repeat (it is rolled back whole before each try).
 */
export async function againOnDeadlock<T>(run: () => Promise<T>, times = 8): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || tries >= times) throw error;
      await new Promise((done) => setTimeout(done, 5 + Math.random() * 20 * (tries + 1)));
    }
  }
}

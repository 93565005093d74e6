/** True for a Postgres unique violation (23505), as thrown by drizzle on PGlite and on node-postgres. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const candidates = [e, (e as { cause?: unknown } | null)?.cause];
  return candidates.some((c) => {
    const err = c as { code?: string; constraint?: string } | null | undefined;
    return err?.code === "23505" && (!constraint || err.constraint === undefined || err.constraint === constraint);
  });
}

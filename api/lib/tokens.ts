import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A random, URL-safe secret token (256 bits). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored as their SHA-256 only. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newNumericCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A document's link token (a quote's approval link, an invoice's summary and card form): random, URL-safe. */
export const newAccessToken = newToken;

/** Whether a link token given by a client is the row's own (compared in constant time; a missing one never is). */
export function tokenMatches(row: { accessToken: string }, token: string | undefined): boolean {
  if (!token) return false;
  const a = Buffer.from(row.accessToken);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

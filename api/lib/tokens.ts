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

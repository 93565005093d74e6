import type { z } from "zod";
import { invalid } from "./errors";

/** Turns zod issues into the `errors` map of a 422: one key per field path (dot-joined). */
export function zodErrors(error: z.ZodError): Record<string, string[]> {
  // A Map, not an object: a field named "constructor" or "__proto__" is a field like any other.
  const errors = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    errors.set(key, [...(errors.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(errors);
}

export function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(zodErrors(result.error));
  return result.data;
}

/**
 * PostgreSQL text cannot hold U+0000, and its JSON cannot hold half of a UTF-16 surrogate pair ("\ud800"): inputs
 * carrying either are refused with this message.
 */
export const NUL_MESSAGE = "This text contains a character that is not allowed.";

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character no text field accepts: U+0000 or an unpaired surrogate. */
export function hasForbiddenCharacter(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}

/** The dot path of the first string (or key) holding a forbidden character (U+0000, a lone surrogate), or undefined. */
export function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return hasForbiddenCharacter(value) ? path : undefined;
  if (depth > 64 || value === null || typeof value !== "object") return undefined;
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (hasForbiddenCharacter(k)) return p;
    const found = nulPath(v, p, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

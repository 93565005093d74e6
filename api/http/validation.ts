import type { z } from "zod";
import { invalid } from "./errors";

/** Turns zod issues into the `errors` map of a 422: one key per field path (dot-joined). */
export function zodErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(zodErrors(result.error));
  return result.data;
}

/** PostgreSQL text cannot hold U+0000: inputs carrying it are refused with this message. */
export const NUL_MESSAGE = "This text contains a character that is not allowed.";

/** The dot path of the first string (or key) holding U+0000, or undefined. */
export function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (depth > 64 || value === null || typeof value !== "object") return undefined;
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (k.includes("\u0000")) return p;
    const found = nulPath(v, p, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}


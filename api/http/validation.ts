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

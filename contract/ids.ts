import { z } from "zod";
import { MAX_ID } from "#common/ids";

/** A required id (JSON number or form text); anything else fails with the message. */
export function idField(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}

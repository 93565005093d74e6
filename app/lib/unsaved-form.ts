import { SUBMISSION_FIELD } from "./submission";

/**
 * What a form sent when the API did not answer. Every outage answer of a form's action carries it under
 * `unsaved` (outage.server.ts), beside the form's own state: with JavaScript the page keeps its form, filled in;
 * without it the page cannot be drawn (the frame needs the API too), so the 503 page shows what was sent and keeps
 * it in a form of its own to send again (ErrorPage in app/components/error-page.tsx). Pure: the server makes it, the page reads it.
 */

/** Fields never kept: passwords, secrets, tokens, PINs. */
const SECRET_FIELD = /(^|[_-])(password|secret|token|pin)([_-]|$)/i;

/** What a form sent, as an outage answer carries it under `unsaved`. */
export interface UnsavedForm {
  /** Its text fields in the order sent (a repeated name once per value): never a secret, never a file. */
  fields: [name: string, value: string][];
  /** A secret or a file was filled in and is not kept: it has to be given again. */
  left: boolean;
}

/** The form as sent, secrets and files left out. */
export function unsavedForm(form: FormData): UnsavedForm {
  const fields: [string, string][] = [];
  let left = false;
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") left ||= value.size > 0;
    else if (SECRET_FIELD.test(name)) left ||= value !== "";
    else fields.push([name, value]);
  }
  return { fields, left };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isField = (f: unknown): f is [string, string] => Array.isArray(f) && f.length === 2 && typeof f[0] === "string" && typeof f[1] === "string";

/**
 * The form sent with this request, when the action that ran answered the outage: `actionData` is the router's
 * (by route id; only the route whose action ran has any). Undefined for any other answer.
 */
export function unsavedFormOf(actionData: Record<string, unknown> | null | undefined): UnsavedForm | undefined {
  for (const answer of Object.values(actionData ?? {})) {
    const unsaved = isRecord(answer) ? answer.unsaved : undefined;
    if (!isRecord(unsaved) || !Array.isArray(unsaved.fields) || !unsaved.fields.every(isField)) continue;
    return { fields: unsaved.fields.filter(([name]) => !SECRET_FIELD.test(name)), left: unsaved.left === true };
  }
  return undefined;
}

/** A field's name made readable: `first_name` → "First name", `confidenceInClientId` → "Confidence in client id". */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/[\W_]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : name;
}

/** What the page shows of it: each field once, with its values as typed; not the form's `intent` or submission key, not the empty ones. */
export function shownFields(unsaved: UnsavedForm): { name: string; label: string; values: string[] }[] {
  const byName = new Map<string, string[]>();
  for (const [name, value] of unsaved.fields) {
    if (name === "intent" || name === SUBMISSION_FIELD || value.trim() === "") continue;
    byName.set(name, [...(byName.get(name) ?? []), value]);
  }
  return [...byName].map(([name, values]) => ({ name, label: fieldLabel(name), values }));
}

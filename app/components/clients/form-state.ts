import type { ChoiceFinds } from "#app/lib/choice-find";
import type { FormAnswer } from "../form/form-answer";

export interface FormState {
  /** The form was refused (its top line). */
  message: string | null;
  /** The messages under one field. */
  errors: (name: string) => string[] | undefined;
  /** What was typed into a field, else the saved value ("" for none). */
  value: (name: string, saved: unknown) => string;
  /** A checkbox: as sent when the form was refused, else as saved. */
  checked: (name: string, saved: boolean) => boolean;
  /** Messages of fields the form has no place for (shown at the top). */
  others: (known: readonly string[]) => string[];
  /** What names typed beside the form's dropdowns found, when it was refused. */
  found: ChoiceFinds | undefined;
}

/** The accessors of a form's state: what was sent (when `own`, the form was refused) or else the saved values. */
export function readState(
  own: boolean,
  message: string | null,
  errors: Record<string, string[]>,
  values: Record<string, unknown>,
  found: ChoiceFinds | undefined,
): FormState {
  // A repeated field (a hidden "0" before its checkbox) reads as its last value, as the form sent it.
  const sent = (name: string) => {
    const v = values[name];
    return Array.isArray(v) ? v[v.length - 1] : v;
  };
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return {
    message: own ? message : null,
    errors: (name) => errors[name],
    value: (name, saved) => (own ? text(sent(name)) : text(saved)),
    checked: (name, saved) => (own ? ["on", "1", "true"].includes(text(sent(name))) : saved),
    others: (known) =>
      Object.entries(errors)
        .filter(([k]) => !known.includes(k))
        .flatMap(([, m]) => m),
    found,
  };
}

/**
 * The state of the form `intent` from the action's answer (the form protocol's, app/components/form/form-result.ts;
 * only when that form was the one refused), read field by field by the client screens' plain forms.
 */
export function formState(actionData: unknown, intent: string): FormState {
  const answer = actionData as Partial<FormAnswer> | null | undefined;
  const own = answer?.form?.intent === intent ? answer.form.result : undefined;
  const error = own?.error ?? {};
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(error)) if (name !== "" && messages?.length) errors[name] = messages;
  return readState(own !== undefined, error[""]?.[0] ?? null, errors, (own?.initialValue ?? {}) as Record<string, unknown>, own ? answer?.found : undefined);
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

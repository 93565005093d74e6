import type { ChoiceFinds } from "#app/lib/choice-find";

/** The refusal of one form of a page (see app/services/clients.server.ts `refused`), read by its fields. */
export interface FormFailure {
  intent: string;
  errors: Record<string, string[]>;
  values: Record<string, string>;
  message: string;
  /** What names typed beside the form's dropdowns found (without JavaScript). */
  found?: ChoiceFinds;
}

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

/** The state of the form `intent` from the action's answer (only when that form was the one refused). */
export function formState(actionData: { failure?: FormFailure } | null | undefined, intent: string): FormState {
  const failure = actionData?.failure?.intent === intent ? actionData.failure : null;
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return {
    message: failure?.message ?? null,
    errors: (name) => (failure?.errors[name]?.length ? failure.errors[name] : undefined),
    value: (name, saved) => (failure ? text(failure.values[name]) : text(saved)),
    checked: (name, saved) => (failure ? ["on", "1", "true"].includes(failure.values[name] ?? "") : saved),
    others: (known) =>
      failure
        ? Object.entries(failure.errors)
            .filter(([k]) => !known.includes(k))
            .flatMap(([, m]) => m)
        : [],
    found: failure?.found,
  };
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

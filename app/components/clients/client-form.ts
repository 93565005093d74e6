import type { ChoiceFinds } from "#app/lib/choice-find";
import { useFormAnswer, type FormAnswer } from "../form/form-answer";

// Conform-free on purpose: the client forms are plain forms read field by field, so the pages that hold them (the
// individual's and the company's, whose sections are an island) need only the form protocol's answer, not
// conform's useForm (form-answer.ts; useFormResult in form-result.ts brings conform).

/** A client form's fields as the action's answer left them. */
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

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/**
 * A form's fields from the form protocol's answer to it (`FormAnswer`, app/services/form-action.server.ts makes
 * it): refused, what was typed, the messages by field and the top line; else (no answer, or another form's) the
 * saved values.
 */
export function answerState(answer: FormAnswer | undefined): FormState {
  const result = answer?.form.result;
  const own = result?.status === "error";
  const errors: Record<string, string[]> = {};
  if (own) for (const [name, messages] of Object.entries(result.error ?? {})) if (name !== "" && messages?.length) errors[name] = messages;
  const values = (own ? (result.initialValue ?? {}) : {}) as Record<string, unknown>;
  // A repeated field (a hidden "0" before its checkbox) reads as its last value, as the form sent it.
  const sent = (name: string) => {
    const v = values[name];
    return Array.isArray(v) ? v[v.length - 1] : v;
  };
  return {
    message: own ? (result.error?.[""]?.[0] ?? null) : null,
    errors: (name) => errors[name],
    value: (name, saved) => (own ? text(sent(name)) : text(saved)),
    checked: (name, saved) => (own ? ["on", "1", "true"].includes(text(sent(name))) : saved),
    others: (known) =>
      Object.entries(errors)
        .filter(([k]) => !known.includes(k))
        .flatMap(([, m]) => m),
    found: own ? answer?.found : undefined,
  };
}

/**
 * The one hook of the client forms (a company's or an individual's drawers, a line, compliance information, and
 * the forms of their pages: links, bank and broker data, communication, branding, notes, e-mails): the form
 * protocol's answer to the form `intent` (`useFormAnswer`), field by field. Only the form that was sent and
 * refused reads what was typed; every other form of the page keeps its saved values.
 */
export const useClientForm = (intent: string): FormState => answerState(useFormAnswer(intent));

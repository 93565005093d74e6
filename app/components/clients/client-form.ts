import { useFormAnswer, useFormResult, useLastResult } from "../form/form-result";
import { readState, type FormState } from "./form-state";

// A module of its own: it brings conform (useFormResult) to the drawers that read their form with it, and the
// client pages that import form-state.ts do not load it.

/**
 * The client drawers' forms (a company's or an individual's create and edit, a line, compliance information) read
 * through the form protocol's hook: conform's state of the form `intent` (`useFormResult`), field by field. Refused,
 * what was typed and the messages by field; else the saved values. `version` names the saved state (the record's
 * `updated_at`): once it changes, the form starts again from it.
 */
export function useClientForm(intent: string, version?: string | number | null): FormState {
  const [form] = useFormResult(intent, version === null || version === undefined ? {} : { version });
  const answer = useFormAnswer(intent);
  // The answer's own status: the form's is left out on purpose (form-result.ts moves focus itself).
  const refused = useLastResult(intent)?.status === "error";
  const own = answer !== undefined && refused;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(form.allErrors)) if (name !== "" && messages?.length) errors[name] = messages;
  return readState(own, form.errors?.[0] ?? null, errors, (form.initialValue ?? {}) as Record<string, unknown>, own ? answer?.found : undefined);
}

import { useForm, type SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import type { ChoiceFinds } from "#app/lib/choice-find";
import type { UnsavedForm } from "#app/lib/unsaved-form";

/**
 * The one shape of a form's answer (app/services/form-action.server.ts makes it): conform's submission result,
 * with the `intent` it answers, so several forms on one page each read only their own. An outage answer carries
 * what was sent as `unsaved` beside it (app/lib/unsaved-form.ts).
 */
export interface FormAnswer {
  form: { intent: string; result: SubmissionResult<string[]> };
  unsaved?: UnsavedForm;
  /** Without JavaScript, what the names typed beside the form's dropdowns found (app/lib/choice-find.ts). */
  found?: ChoiceFinds;
}

/** The intent of a page's only form (a drawer's): the forms that carry no `intent` field answer as this one. */
export const SAVE_INTENT = "save";

/** conform's "start again from the defaults" result: one object, so it resets the form once, when the answer goes. */
const NO_RESULT: SubmissionResult<string[]> = { initialValue: null };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UseFormOptions<Schema extends Record<string, any>> = Omit<Parameters<typeof useForm<Schema>>[0], "lastResult" | "id">;

/** The route's action answer, when the form `intent` was the one sent. */
export function useFormAnswer(intent: string = SAVE_INTENT): FormAnswer | undefined {
  const answer = useActionData() as Partial<FormAnswer> | null | undefined;
  return answer?.form?.intent === intent ? (answer as FormAnswer) : undefined;
}

/** The result of the form `intent` in the route's action answer, when that form was the one sent. */
export const useLastResult = (intent: string = SAVE_INTENT): SubmissionResult<string[]> | undefined => useFormAnswer(intent)?.form.result;

/**
 * The form `intent` of the route, read by conform: its fields' errors and values as the action answered them
 * (what was typed, after a refusal) or else `defaultValue`. `version` names the saved state the defaults come
 * from (e.g. the record's `updated_at`): when it changes (the form was saved), the form starts again from them.
 */
// conform types a form's fields as any record (an interface of fields has no index signature).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useFormResult<Schema extends Record<string, any> = Record<string, unknown>>(
  intent: string = SAVE_INTENT,
  options: UseFormOptions<Schema> & { version?: string | number } = {},
) {
  const { version, ...rest } = options;
  // No answer of its own (the page was loaded, or the form was saved and the page drawn again): the form starts
  // again from its defaults, so a refusal's messages do not outlive it.
  const lastResult = useLastResult(intent) ?? NO_RESULT;
  return useForm<Schema>({ ...rest, id: version === undefined ? `form-${intent}` : `form-${intent}-${version}`, lastResult });
}

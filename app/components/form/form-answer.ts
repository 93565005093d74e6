import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import type { ChoiceFinds } from "#app/lib/choice-find";
import type { UnsavedForm } from "#app/lib/unsaved-form";

// The form protocol's answer, read without conform: a page that only needs to know what its action answered
// imports this module, and so keeps conform out of its first-load JavaScript (useFormResult, in form-result.ts,
// brings conform's useForm).

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

/** An action's answer (`useActionData()`), when it answers the form `intent`. */
export function answerTo(actionData: unknown, intent: string = SAVE_INTENT): FormAnswer | undefined {
  const answer = actionData as Partial<FormAnswer> | null | undefined;
  return answer?.form?.intent === intent ? (answer as FormAnswer) : undefined;
}

/** The route's action answer, when the form `intent` was the one sent. */
export const useFormAnswer = (intent: string = SAVE_INTENT): FormAnswer | undefined => answerTo(useActionData(), intent);

/** The result of the form `intent` in the route's action answer, when that form was the one sent. */
export const useLastResult = (intent: string = SAVE_INTENT): SubmissionResult<string[]> | undefined => useFormAnswer(intent)?.form.result;

/** What a form shows: what was typed (after a refusal or a line added) or else the saved value; its field's errors. */
export function formReading(result: SubmissionResult<string[]> | undefined) {
  const typed = (result?.initialValue ?? {}) as Record<string, unknown>;
  const answered = result !== undefined && result.initialValue !== null && result.initialValue !== undefined;
  const errors = (result?.error ?? {}) as Record<string, string[] | null>;
  return {
    answered,
    typed,
    value: (name: string, saved: unknown) => {
      if (answered) {
        const v = typed[name];
        return typeof v === "string" ? v : Array.isArray(v) ? String(v[0] ?? "") : "";
      }
      return saved === null || saved === undefined ? "" : String(saved);
    },
    err: (name: string) => errors[name] ?? undefined,
    top: errors[""] ?? undefined,
  };
}
export type FormReading = ReturnType<typeof formReading>;

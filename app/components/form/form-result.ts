import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo } from "react";
import { focusFirstInvalid } from "./focus-invalid";
import { SAVE_INTENT, useLastResult } from "./form-answer";

export { SAVE_INTENT, useFormAnswer, useLastResult, type FormAnswer } from "./form-answer";

/** conform's "start again from the defaults" result: one object, so it resets the form once, when the answer goes. */
const NO_RESULT: SubmissionResult<string[]> = { initialValue: null };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UseFormOptions<Schema extends Record<string, any>> = Omit<Parameters<typeof useForm<Schema>>[0], "lastResult" | "id">;

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
  const answered = useLastResult(intent);
  // conform would focus the first element whose name has an error, and the form's own line is filed under the
  // name "" — so an unnamed control (a searchable dropdown's text box) took focus and opened its list. The form
  // moves focus itself instead (focus-invalid.ts): conform gets the answer without its status.
  const lastResult = useMemo(() => (answered ? { ...answered, status: undefined } : NO_RESULT), [answered]);
  const id = version === undefined ? `form-${intent}` : `form-${intent}-${version}`;
  useEffect(() => {
    if (answered?.status !== "error") return;
    // After conform has drawn the answer's messages (and so marked the invalid fields).
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => focusFirstInvalid(document.getElementById(id) as HTMLFormElement | null)));
    return () => cancelAnimationFrame(frame);
  }, [answered, id]);
  return useForm<Schema>({ ...rest, id, lastResult });
}

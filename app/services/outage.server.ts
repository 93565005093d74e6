import { data } from "@remix-run/node";
import { unsavedForm, type UnsavedForm } from "../lib/unsaved-form";
import { ApiValidationError } from "./api.server";

export const OUTAGE_MESSAGE = "The service is not answering right now. What you typed is still here; please try again in a moment.";

/**
 * Runs a form action; when the API does not answer at any step of it (the guard's `/me` included), `answer`
 * makes the form's refusal from what was sent instead of an error page, so what the user typed is not lost.
 * With JavaScript, a 503 from an action does not reload the page's data, so the page stays as it was, filled
 * in; without it the page needs the API to be drawn again, and the friendly 503 page shows what was sent, to send
 * again: so every outage answer carries `unsaved` (what `answer` is given) beside the form's own state.
 */
export async function answerOutage<T, A>(form: FormData, run: () => Promise<T>, answer: (unsaved: UnsavedForm) => A): Promise<T | A> {
  try {
    return await run();
  } catch (error) {
    if (isOutage(error)) return answer(unsavedForm(form));
    throw error;
  }
}

/**
 * `answerOutage` for a conform form (the form as the action read it, once): the answer has the shape of a
 * conform submission result (`result`), the form's own values (never a secret) with the message as the form
 * error, and `unsaved`.
 */
export function keepFormOnOutage<T>(form: FormData, run: () => Promise<T>) {
  return answerOutage(form, run, (unsaved) => {
    // The form's values as conform takes them back: one value, or a list for a repeated field.
    const initialValue: Record<string, string | string[]> = {};
    for (const [name, value] of unsaved.fields) {
      const known = initialValue[name];
      initialValue[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
    }
    return data({ result: { status: "error" as const, initialValue, error: { "": [OUTAGE_MESSAGE] } }, unsaved }, { status: 503 });
  });
}

/** The API did not answer: the 503 that api.server.ts makes of a refused or broken connection. */
export const isOutage = (error: unknown): error is Response => error instanceof Response && error.status === 503;

interface Refusal {
  status: 422 | 503;
  /** The API's messages by field (none when it did not answer). */
  errors: Record<string, string[]>;
  /** The form's top line: its own message, or the outage message. */
  message: string;
  /** When the API did not answer, what was sent: the answer carries it as `unsaved` (see answerOutage). */
  unsaved?: UnsavedForm;
}

/**
 * Why a save did not happen, for a form that sends back what was typed: the API refused it (a 422 or 409, its
 * messages by field under the form's own message, or a message made from the API's refusal), or the API did not answer (a 503 and the outage message, so
 * the form comes back filled in rather than as an error page, and what `form` sent for the answer's `unsaved`).
 * Anything else (sign-out redirects, 403, 404) is thrown on.
 */
export function refusalOf(
  error: unknown,
  form: FormData,
  message: string | ((refused: ApiValidationError) => string),
  fieldErrors = (refused: ApiValidationError) => refused.body.errors ?? {},
): Refusal {
  if (error instanceof ApiValidationError) return { status: 422, errors: fieldErrors(error), message: typeof message === "string" ? message : message(error) };
  if (isOutage(error)) return { status: 503, errors: {}, message: OUTAGE_MESSAGE, unsaved: unsavedForm(form) };
  throw error;
}

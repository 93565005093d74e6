import { data } from "@remix-run/node";
import { ApiValidationError } from "./api.server";

const SECRET_FIELD = /(^|[_-])(password|secret|token|pin)([_-]|$)/i;

export const OUTAGE_MESSAGE = "The service is not answering right now. What you typed is still here; please try again in a moment.";

/**
 * Runs a form action; when the API does not answer at any step of it (the guard's `/me` included), `answer`
 * makes the form's refusal from what was sent instead of an error page, so what the user typed is not lost.
 * With JavaScript, a 503 from an action does not reload the page's data, so the page stays as it was, filled
 * in; without it the page needs the API to be drawn again, and the friendly 503 page says so.
 */
export async function answerOutage<T, A>(run: () => Promise<T>, answer: (outage: Response) => A): Promise<T | A> {
  try {
    return await run();
  } catch (error) {
    if (isOutage(error)) return answer(error);
    throw error;
  }
}

/**
 * `answerOutage` for a conform form (the form as the action read it, once): the answer has the shape of a
 * conform submission result (`result`), the form's own values (never a secret) with the message as the form
 * error.
 */
export function keepFormOnOutage<T>(form: FormData, run: () => Promise<T>) {
  return answerOutage(run, () => {
    const initialValue: Record<string, string | string[]> = {};
    for (const key of new Set(form.keys())) {
      if (SECRET_FIELD.test(key)) continue;
      const values = form.getAll(key).filter((v): v is string => typeof v === "string");
      initialValue[key] = values.length > 1 ? values : (values[0] ?? "");
    }
    return data({ result: { status: "error" as const, initialValue, error: { "": [OUTAGE_MESSAGE] } } }, { status: 503 });
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
}

/**
 * Why a save did not happen, for a form that sends back what was typed: the API refused it (a 422 or 409, its
 * messages by field under the form's own message, or a message made from the API's refusal), or the API did not answer (a 503 and the outage message, so
 * the form comes back filled in rather than as an error page). Anything else (sign-out redirects, 403, 404) is
 * thrown on.
 */
export function refusalOf(
  error: unknown,
  message: string | ((refused: ApiValidationError) => string),
  fieldErrors = (refused: ApiValidationError) => refused.body.errors ?? {},
): Refusal {
  if (error instanceof ApiValidationError) return { status: 422, errors: fieldErrors(error), message: typeof message === "string" ? message : message(error) };
  if (isOutage(error)) return { status: 503, errors: {}, message: OUTAGE_MESSAGE };
  throw error;
}

import { unsavedForm, type UnsavedForm } from "../lib/unsaved-form";

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

/** The API did not answer: the 503 that api.server.ts makes of a refused or broken connection. */
export const isOutage = (error: unknown): error is Response => error instanceof Response && error.status === 503;

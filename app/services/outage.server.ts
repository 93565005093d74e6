import { data } from "@remix-run/node";

const SECRET_FIELD = /(^|[_-])(password|secret|token|pin)([_-]|$)/i;

export const OUTAGE_MESSAGE = "The service is not answering right now. What you typed is still here; please try again in a moment.";

/**
 * Runs a form action; when the API does not answer (the 503 that api.server.ts makes of a refused or
 * broken connection), the form's own values come back with a message instead of an error page, so what
 * the user typed is not lost. The answer has the shape of a conform submission result (`result`), with
 * the message as the form error. With JavaScript, a 503 from an action does not reload the page's data,
 * so the drawer stays open and filled in.
 */
export async function keepFormOnOutage<T>(request: Request, run: () => Promise<T>) {
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response && error.status === 503 && form) {
      const initialValue: Record<string, string | string[]> = {};
      for (const key of new Set(form.keys())) {
        // Never echo a secret back into the page.
        if (SECRET_FIELD.test(key)) continue;
        const values = form.getAll(key).filter((v): v is string => typeof v === "string");
        initialValue[key] = values.length > 1 ? values : (values[0] ?? "");
      }
      return data({ result: { status: "error" as const, initialValue, error: { "": [OUTAGE_MESSAGE] } } }, { status: 503 });
    }
    throw error;
  }
}

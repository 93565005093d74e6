import { createHash, randomUUID } from "node:crypto";
import { SUBMISSION_FIELD, SUBMISSION_KEY } from "../lib/submission";

/** The submission key a request's form carried, and how many changes its action has asked of the API so far. */
const submitted = new WeakMap<Request, { key: string; calls: number }>();

/** Reads a posted form (not multipart) and notes its submission key for the action's API calls. */
export async function formOf(request: Request): Promise<FormData> {
  return noteSubmission(request, await request.formData());
}

/** Reads a posted url-encoded form as search parameters (repeated `ids`) and notes its submission key. */
export async function paramsOf(request: Request): Promise<URLSearchParams> {
  return noteSubmission(request, new URLSearchParams(await request.text()));
}

/** Notes the submission key of a form read from `request` (by formOf, paramsOf, readForm or readUploadForm). */
export function noteSubmission<F extends FormData | URLSearchParams>(request: Request, form: F): F {
  const key = form.get(SUBMISSION_FIELD);
  if (typeof key === "string" && SUBMISSION_KEY.test(key)) submitted.set(request, { key, calls: 0 });
  return form;
}

/**
 * The `Idempotency-Key` of a change the action asks of the API: the form's submission key, the change's place
 * among the action's changes, its method, path and body. The same form sent again makes the same keys (the API
 * answers them as it did the first time); another form, another page load, or the form changed and sent again
 * make others. None when the form carried no key (sign-in pages, a script's own submission).
 */
export async function idempotencyKey(request: Request, method: string, url: URL, body: unknown): Promise<string | undefined> {
  // An action that did not read its form (a confirmation's Delete button): read here, for its key.
  if (!submitted.has(request) && !request.bodyUsed && request.body) noteSubmission(request, await request.formData().catch(() => new FormData()));
  const sent = submitted.get(request);
  if (!sent) return undefined;
  const hash = createHash("sha256").update(`${sent.key}\n${sent.calls++}\n${method} ${url.pathname}${url.search}\n`);
  if (body instanceof FormData) {
    // Entry by entry: the multipart encoding's boundary differs each time.
    for (const [name, value] of body.entries()) {
      hash.update(JSON.stringify([name, typeof value === "string" ? value : value.name]));
      if (typeof value !== "string") hash.update(new Uint8Array(await value.arrayBuffer()));
    }
  } else if (body !== undefined) {
    hash.update(JSON.stringify(body));
  }
  return hash.digest("base64url");
}

/** A new submission key for the forms of a page (the frame's data: a new one each time it is loaded, after every change). */
export const newSubmissionKey = () => randomUUID();

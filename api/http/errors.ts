/** Typed HTTP errors, rendered by the one error handler as `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Resource") => new HttpError(404, `${what} not found.`);
export const forbidden = () => new HttpError(403, "This action is unauthorized.");
export const unauthenticated = () => new HttpError(401, "Unauthenticated.");
export const sessionExpired = () => new HttpError(400, "Session expired", undefined, { error: "Session expired" });

/** 422 with a field errors map; the message is the first field's first error. */
export function invalid(errors: Record<string, string[]>, message?: string): HttpError {
  const first = Object.values(errors)[0]?.[0];
  return new HttpError(422, message ?? first ?? "The given data was invalid.", errors);
}

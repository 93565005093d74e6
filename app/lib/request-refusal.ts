/** The form encodings the portal's actions read (HTML forms and Remix's own submissions). */
export const FORM_TYPES_MESSAGE = "Forms are accepted as application/x-www-form-urlencoded or multipart/form-data only.";
export const NO_BOUNDARY_MESSAGE = "A multipart form needs a boundary in its Content-Type.";
export const FOREIGN_ORIGIN_MESSAGE = "This form was sent from another site, so it was refused.";

export interface Refusal {
  status: 400 | 403 | 415;
  message: string;
}

/**
 * Whether a request must be refused before any route sees it: a change (any method but GET, HEAD, OPTIONS) whose
 * Origin is not a URL (403, as from any other site), or whose body is not a form an action can read: no content
 * type, JSON, text/plain and the like (415), multipart without a boundary (400).
 */
export function refusalOf(method: string, headers: { get(name: string): string | null }): Refusal | null {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return null;
  const origin = headers.get("origin");
  if (origin !== null && origin !== "null" && !isUrl(origin)) return { status: 403, message: FOREIGN_ORIGIN_MESSAGE };
  const contentType = (headers.get("content-type") ?? "").toLowerCase();
  const [type, ...params] = contentType.split(";").map((p) => p.trim());
  if (type === "application/x-www-form-urlencoded") return null;
  if (type === "multipart/form-data") {
    const boundary = params
      .find((p) => p.startsWith("boundary="))
      ?.slice("boundary=".length)
      .replace(/^"|"$/g, "");
    return boundary && boundary.length <= 70 ? null : { status: 400, message: NO_BOUNDARY_MESSAGE };
  }
  return { status: 415, message: FORM_TYPES_MESSAGE };
}

function isUrl(text: string): boolean {
  try {
    return new URL(text).origin !== "null";
  } catch {
    return false;
  }
}

import type { FastifyReply, FastifyRequest } from "fastify";
import { invalid } from "./errors";

/**
 * The headers of a page the API serves to a browser itself (the sandboxes' hosted pages: an invoice's card form,
 * Connect onboarding, hosted checkout): HTML, never cached, no scripts, no framing. `redirectsTo`: where the page's
 * form may send the browser after it is posted (the portal's return address) — browsers apply `form-action` to a
 * form's redirects too, so that origin is allowed beside the page's own.
 */
export function hostedPageHeaders(reply: FastifyReply, redirectsTo?: string) {
  const origin = redirectsTo && URL.canParse(redirectsTo) ? new URL(redirectsTo).origin : null;
  const formAction = ["'self'", ...(origin && origin !== "null" ? [origin] : [])].join(" ");
  return reply
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Cache-Control", "private, no-store")
    .header("X-Content-Type-Options", "nosniff")
    .header("Referrer-Policy", "no-referrer")
    .header("Content-Security-Policy", `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`);
}

/** The API's public address (API_PUBLIC_URL, else the address the request came to), for links to its own pages. */
export const apiBaseOf = (request: FastifyRequest) => request.server.config.API_PUBLIC_URL?.replace(/\/+$/, "") ?? `${request.protocol}://${request.host}`;

/** A provider's link as the browser opens it: the sandbox's hosted pages answer a path on the API. */
export const hostedUrl = (request: FastifyRequest, url: string) => (url.startsWith("/") ? `${apiBaseOf(request)}${url}` : url);

/**
 * The portal's origin a hosted page returns to: that of `given` (the caller's own address of the portal page at
 * `path`), else PORTAL_URL's. Any other address is refused under `return_url` with `message`.
 */
export function portalOriginOf(request: FastifyRequest, given: string | undefined, path: string, message: string): string {
  if (!given) return request.server.config.PORTAL_URL.replace(/\/+$/, "");
  const url = URL.canParse(given) ? new URL(given) : null;
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== path || url.username || url.password) throw invalid({ return_url: [message] });
  return url.origin;
}

/** Text made safe for HTML, in an element or a quoted attribute. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A labelled field of a hosted page's form with its error under it (the field marked invalid and described by it). */
export function hostedField(name: string, label: string, attrs: string, value: string, error: string | undefined): string {
  const e = escapeHtml;
  return `<div class="field">
  <label for="${name}">${e(label)}</label>
  <input id="${name}" name="${name}" ${attrs} value="${e(value)}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""}>
  <p class="error" id="${name}-error">${error ? e(error) : ""}</p>
</div>`;
}

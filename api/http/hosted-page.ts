import type { FastifyReply } from "fastify";

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

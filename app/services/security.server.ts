/**
 * Security headers of every portal response. Scripts run only from this site or with the
 * document's nonce; the portal cannot be framed by another site.
 */
/**
 * The API's origin as browsers reach it (API_PUBLIC_URL, else API_BASE_URL, as config.server.ts reads them): the
 * quote and invoice summary pages frame its summaries. Read from the environment here, so this module stays free
 * of the configuration's start-up work.
 */
const apiFrameOrigin = () => {
  try {
    return new URL(process.env.API_PUBLIC_URL || process.env.API_BASE_URL || "http://127.0.0.1:4000").origin;
  } catch {
    return "";
  }
};

export function securityHeaders(headers: Headers, request: Request, nonce?: string) {
  const script = nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'";
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      script,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      `frame-src 'self' ${apiFrameOrigin()}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), geolocation=(), microphone=(self)");
  const proto = request.headers.get("X-Forwarded-Proto") ?? new URL(request.url).protocol.replace(":", "");
  if (proto === "https") headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/**
 * What the portal draws (pages, data answers, redirects, resource routes' JSON) is the signed-in user's and is
 * never kept by the browser's or a shared cache: `Cache-Control: no-store` unless the answer says otherwise (a
 * public image). Static files are served apart, with their own long-lived caching.
 */
export function noStore(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}

/**
 * Any response the portal sends (a resource route's JSON, a loader's redirect, a passed-on file) with the
 * security headers it does not already carry: a document's own nonce policy and a file's sandboxing policy
 * are kept. Called for every answer by our server-runtime patch (entry.server.tsx's handleResponse).
 */
export function withSecurityHeaders(response: Response, request: Request): Response {
  const wanted = new Headers();
  securityHeaders(wanted, request);
  if (!response.headers.has("Cache-Control")) wanted.set("Cache-Control", "no-store");
  let headers = response.headers;
  for (const [name, value] of wanted) {
    if (headers.has(name)) continue;
    try {
      headers.set(name, value);
    } catch {
      // A response whose headers are immutable (Response.redirect, a fetch's answer): copy it.
      response = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(headers) });
      headers = response.headers;
      headers.set(name, value);
    }
  }
  return response;
}

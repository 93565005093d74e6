/**
 * Security headers of every portal response. Scripts run only from this site or with the
 * document's nonce; the portal cannot be framed by another site.
 */
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
      "frame-src 'self'",
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
 * A resource route's JSON answer (the dropdowns' options, the bell's count) with the security headers a
 * document gets: Remix adds none to a resource route's own response.
 */
export function resourceJson(request: Request, data: unknown, init: ResponseInit = {}) {
  const response = Response.json(data, init);
  securityHeaders(response.headers, request);
  return response;
}

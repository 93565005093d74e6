import { describe, expect, it } from "vitest";
import { withSecurityHeaders } from "#app/services/security.server";

const request = new Request("http://portal.test/tasks");

describe("the security headers every portal answer gets", () => {
  it("adds them to a plain response, body and status untouched", async () => {
    const answer = withSecurityHeaders(Response.json({ new: 3 }, { status: 201, headers: { "Cache-Control": "no-store" } }), request);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ new: 3 });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("strict-transport-security")).toBeNull();
  });

  it("keeps a policy the response already has (a document's nonce, a file's sandbox)", () => {
    const file = new Response("png", { headers: { "Content-Security-Policy": "default-src 'none'; sandbox" } });
    const answer = withSecurityHeaders(file, request);
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
  });

  it("copies a response whose headers cannot be changed (Response.redirect) instead of failing", () => {
    const answer = withSecurityHeaders(Response.redirect("http://portal.test/login", 302), request);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("http://portal.test/login");
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("adds HSTS behind an HTTPS proxy", () => {
    const behindTls = new Request("http://portal.test/tasks", { headers: { "X-Forwarded-Proto": "https" } });
    expect(withSecurityHeaders(new Response(null, { status: 204 }), behindTls).headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });

  it("marks every answer no-store unless it says otherwise: a signed-in page or data is never cached", () => {
    expect(withSecurityHeaders(Response.json({ tasks: [] }), request).headers.get("cache-control")).toBe("no-store");
    expect(withSecurityHeaders(new Response(null, { status: 302, headers: { Location: "/dashboard" } }), request).headers.get("cache-control")).toBe(
      "no-store",
    );
    expect(withSecurityHeaders(Response.redirect("http://portal.test/login", 302), request).headers.get("cache-control")).toBe("no-store");
    const image = new Response("png", { headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
    expect(withSecurityHeaders(image, request).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

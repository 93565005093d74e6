import { describe, expect, it } from "vitest";
import { landingPathFor, safeRedirect } from "#app/lib/sign-in";

describe("sign-in outcome", () => {
  it.each([
    // The membership page is not built yet: nobody lands on it (the dashboard until it is).
    [{ is_internal: false, is_small_business: false }, "/dashboard"],
    [{ is_internal: true, is_small_business: false }, "/dashboard"],
    [{ is_internal: false, is_small_business: true }, "/dashboard"],
    [{ is_internal: true, is_small_business: true }, "/dashboard"],
  ])("%j lands on %s", (company, path) => {
    expect(landingPathFor(company)).toBe(path);
  });
});

describe("redirect after sign-in", () => {
  it.each([
    ["/tasks?filter[priority]=1", "/tasks?filter[priority]=1"],
    ["/roles", "/roles"],
    ["//evil.example/steal", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["https://evil.example", "/dashboard"],
    ["/login", "/dashboard"],
    ["/logout", "/dashboard"],
    ["/0b6d3f86-4f43-4a0c-9d8e-2b0f8b9f0a11/login", "/dashboard"],
    [null, "/dashboard"],
    // A TAB or newline is dropped by browsers: "/\t/evil.example" would be read as "//evil.example".
    ["/\t/evil.example", "/dashboard"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/\n/evil.example", "/dashboard"],
    ["/\r\nSet-Cookie: x=1", "/dashboard"],
    ["/\u0000", "/dashboard"],
    ["/\u0085x", "/dashboard"],
    ["\\\\evil.example", "/dashboard"],
    ["/tasks\\..\\evil", "/dashboard"],
    ["/.//evil.example", "/dashboard"],
    ["/..//evil.example", "/dashboard"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/LOGIN", "/dashboard"],
    ["/login#x", "/dashboard"],
    // Non-Latin text is percent-encoded: the Location header stays valid.
    ["/search?q=Zoë 日本", "/search?q=Zo%C3%AB%20%E6%97%A5%E6%9C%AC"],
    ["/tasks/ü", "/tasks/%C3%BC"],
    ["", "/dashboard"],
  ])("%s → %s", (to, expected) => {
    expect(safeRedirect(to, "/dashboard")).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { landingPathFor, safeRedirect } from "#app/lib/sign-in";

describe("sign-in outcome", () => {
  it.each([
    [{ is_internal: false, is_small_business: false }, "/flightdeck-passport"],
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
    ["", "/dashboard"],
  ])("%s → %s", (to, expected) => {
    expect(safeRedirect(to, "/dashboard")).toBe(expected);
  });
});

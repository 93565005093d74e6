import { describe, expect, it } from "vitest";
import { editionOf, resolveHost } from "../../app/lib/variant";

const settings = { flightdeckHost: "portal.flightdeck.example", smallbusinessHost: "app.smallbusiness.example", defaultVariant: "flightdeck" as const };

describe("variant by host", () => {
  it.each([
    ["portal.flightdeck.example", "flightdeck", true],
    ["PORTAL.flightdeck.example:443", "flightdeck", true],
    ["app.smallbusiness.example", "smallbusiness", true],
    ["flightdeck.localhost:3000", "flightdeck", false],
    ["smallbusiness.localhost:3000", "smallbusiness", false],
    ["localhost:3000", "flightdeck", false],
    ["127.0.0.1:3000", "flightdeck", false],
    ["staging.flightdeck.example", "flightdeck", false],
    ["", "flightdeck", false],
  ])("%s → %s (production: %s)", (host, variant, production) => {
    expect(resolveHost(host, settings)).toEqual({ variant, production });
  });

  it("uses DEFAULT_VARIANT on plain localhost", () => {
    expect(resolveHost("localhost", { ...settings, defaultVariant: "smallbusiness" }).variant).toBe("smallbusiness");
  });

  it("shows the banner everywhere but the two production hosts, even when they are unset", () => {
    expect(resolveHost("portal.flightdeck.example", { defaultVariant: "flightdeck" }).production).toBe(false);
  });

  it("follows the company's business type once signed in", () => {
    expect(editionOf({ is_small_business: true })).toBe("smallbusiness");
    expect(editionOf({ is_small_business: false })).toBe("flightdeck");
  });
});

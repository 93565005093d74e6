import { describe, expect, it } from "vitest";
import { brandStyle, editionOf, resolveHost } from "#app/lib/variant";

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

describe("a tenant's main colour", () => {
  it("becomes the brand colour, with white ink where white reads on it", () => {
    expect(brandStyle("#0f4c81")).toEqual({ "--brand": "15 76 129", "--brand-ink": "255 255 255" });
    expect(brandStyle("0F766E")).toEqual({ "--brand": "15 118 110", "--brand-ink": "255 255 255" });
  });

  it("gets dark ink when it is too light for white text (buttons stay readable)", () => {
    expect(brandStyle("#facc15")?.["--brand-ink"]).toBe("15 23 42"); // yellow
    expect(brandStyle("#ffffff")?.["--brand-ink"]).toBe("15 23 42");
    expect(brandStyle("#22c55e")?.["--brand-ink"]).toBe("15 23 42"); // a mid green: 2.3:1 with white
  });

  it("is ignored when it is not a #rrggbb colour", () => {
    for (const bad of [null, undefined, "", "red", "#fff", "#12345g", "url(x)"]) expect(brandStyle(bad)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodErrors } from "#api/http/validation";

describe("the errors map of a 422", () => {
  it("names a field called constructor or __proto__ like any other field (no 500 from a hostile body)", () => {
    const schema = z.record(z.string(), z.string());
    const parsed = schema.safeParse(JSON.parse('{"constructor": 1, "__proto__": 2, "toString": [], "name": 3}'));
    expect(parsed.success).toBe(false);
    const errors = zodErrors(parsed.error!);
    expect(Object.keys(errors).sort()).toEqual(["constructor", "name", "toString"]);
    expect(errors.constructor).toEqual([expect.any(String)]);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });
});

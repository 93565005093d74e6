import { describe, expect, it } from "vitest";
import { greetingFor, ukHour } from "#app/lib/greeting";

describe("greeting", () => {
  it.each([
    ["00:00", 0, "Good Morning"],
    ["11:59", 11, "Good Morning"],
    ["12:00", 12, "Good Morning"],
    ["12:59", 12, "Good Morning"],
    ["13:00", 13, "Good Afternoon"],
    ["17:59", 17, "Good Afternoon"],
    ["18:00", 18, "Good Evening"],
    ["23:59", 23, "Good Evening"],
  ])("at %s it says %s", (_label, hour, expected) => {
    expect(greetingFor(hour)).toBe(expected);
  });

  it("reads the hour on the UK clock, summer time included", () => {
    expect(ukHour(new Date("2026-01-15T11:59:00Z"))).toBe(11); // GMT
    expect(ukHour(new Date("2026-07-15T11:59:00Z"))).toBe(12); // BST
    expect(greetingFor(ukHour(new Date("2026-07-15T12:30:00Z")))).toBe("Good Afternoon");
  });
});

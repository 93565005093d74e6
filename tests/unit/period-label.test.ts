import { describe, expect, it } from "vitest";
import { addDays, periodLabel } from "#app/lib/period-label";

describe("period labels", () => {
  it.each([
    ["week", "2026-11-16", "Week of 16/11/26"],
    ["month", "2026-11-01", "November 2026"],
    ["month", "2027-01-01", "January 2027"],
    ["quarter", "2026-10-01", "Q4 2026"],
    ["quarter", "2026-01-01", "Q1 2026"],
    ["quarter", "2026-06-01", "Q2 2026"],
    ["year", "2026-01-01", "2026"],
  ] as const)("a %s starting %s reads %s", (kind, start, label) => {
    expect(periodLabel(kind, start)).toBe(label);
  });

  it("shows anything that is not a day as it is", () => {
    expect(periodLabel("month", "soon")).toBe("soon");
  });

  it("moves calendar days across months, years and leap days", () => {
    expect(addDays("2026-11-01", -1)).toBe("2026-10-31");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-29", 0)).toBe("2026-03-29");
    expect(addDays("nope", 3)).toBe("nope");
  });
});

import { describe, expect, it } from "vitest";
import * as dates from "#common/dates";
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime } from "#common/format";
import * as numbers from "#common/numbers";

// The formatting rules themselves are tested through dates.ts and numbers.ts (dates.test.ts, numbers.test.ts).
describe("format: showing dates and numbers, apart from the rules for typed ones", () => {
  it("is what dates.ts and numbers.ts export", () => {
    expect(dates.formatDate).toBe(formatDate);
    expect(dates.formatDateTime).toBe(formatDateTime);
    expect(dates.formatTime).toBe(formatTime);
    expect(numbers.formatMoney).toBe(formatMoney);
    expect(numbers.formatNumber).toBe(formatNumber);
  });

  it.each([
    ["2026-11-05", "05/11/26"],
    ["2026-11-05T23:30:00Z", "05/11/26"],
    [null, ""],
  ])("formatDate(%s) → %s", (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it.each([
    [1234.5, "£1,234.50"],
    [-3, "-£3.00"],
    ["", ""],
  ])("formatMoney(%s) → %s", (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { formatSortCode, isCompleteSortCode, sortCodeCaret, sortCodeDigits } from "#common/sort-code";

describe("sort code: non-digits stripped, digits in hyphen-separated pairs", () => {
  it.each([
    ["123456", "12-34-56"],
    ["12 3", "12-3"],
    ["12-34-56", "12-34-56"],
    ["12 34 56", "12-34-56"],
    ["1", "1"],
    ["12", "12"],
    ["123", "12-3"],
    ["12345", "12-34-5"],
    ["1234567", "12-34-56"],
    ["12-34-567", "12-34-56"],
    ["ab12cd34", "12-34"],
    ["--", ""],
    ["", ""],
  ])("%j → %j", (text, expected) => {
    expect(formatSortCode(text)).toBe(expected);
  });

  it.each([null, undefined])("%s → empty", (text) => {
    expect(formatSortCode(text)).toBe("");
  });
});

describe("the reverse: dashes removed before sending", () => {
  it.each([
    ["12-34-56", "123456"],
    ["12 34 56", "123456"],
    ["12-3", "123"],
    ["", ""],
  ])("%j → %j", (text, expected) => {
    expect(sortCodeDigits(text)).toBe(expected);
  });

  it.each([
    ["12-34-56", true],
    ["123456", true],
    ["12 34 56", true],
    ["12-34-5", false],
    ["1234567", false],
    ["", false],
  ])("%j complete: %s", (text, complete) => {
    expect(isCompleteSortCode(text)).toBe(complete);
  });
});

describe("caret after reformatting", () => {
  it.each([
    // typed, caret in typed text, formatted, expected caret
    ["123", 3, "12-3", 4],
    ["12-345", 6, "12-34-5", 7],
    ["1x2", 2, "12", 1],
    ["12-34", 0, "12-34", 0],
    ["912-34", 1, "91-23-4", 1],
    ["12-394", 5, "12-39-4", 5],
  ])("%j at %i → %j at %i", (raw, caret, formatted, expected) => {
    expect(formatSortCode(raw)).toBe(formatted);
    expect(sortCodeCaret(raw, caret, formatted)).toBe(expected);
  });
});

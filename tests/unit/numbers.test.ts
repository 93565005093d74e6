import { describe, expect, it } from "vitest";
import {
  formatMoney,
  formatNumber,
  hasRejectedPattern,
  normaliseNumericText,
  numberKeyAction,
  parseNumericText,
  roundTo,
  sanitiseNumericInput,
  type NumericOptions,
} from "#common/numbers";

describe("keystroke filter: digits, one leading minus, one decimal point", () => {
  it.each<[string, NumericOptions, string]>([
    ["123", {}, "123"],
    ["12a3", {}, "123"],
    ["-12.5", {}, "-12.5"],
    ["1-2", {}, "12"],
    ["--5", {}, "-5"],
    ["1.2.3", {}, "1.23"],
    ["1..2", {}, "1.2"],
    ["1e5", {}, "15"],
    ["£1,234.50", {}, "1234.50"],
    ["1 234", {}, "1234"],
    ["-", {}, "-"],
    [".", {}, "."],
    ["12.", {}, "12."],
    // Kept while typing where negatives are not allowed: refused with a message when read, not a silent 5.
    ["-5", { allowNegative: false }, "-5"],
    ["1.5", { decimals: 0 }, "15"],
    ["1,234.5", { thousands: true }, "1,234.5"],
    ["abc1,234", { thousands: true }, "1,234"],
    [",12", { thousands: true }, "12"],
    ["1.2,3", { thousands: true }, "1.23"],
  ])("%j with %j → %j", (text, options, expected) => {
    expect(sanitiseNumericInput(text, options)).toBe(expected);
  });
});

describe("rejected values: a double dot, or more than one dot, minus or slash", () => {
  it.each([
    ["1..2", true],
    ["1.2.3", true],
    ["--1", true],
    ["1-2-3", true],
    ["1/2/3", true],
    ["-1.5", false],
    ["1/2", false],
    ["12", false],
    ["", false],
  ])("%j → %s", (text, rejected) => {
    expect(hasRejectedPattern(text)).toBe(rejected);
  });

  it.each(["1..2", "1.2.3", "--1", "1/2/3", "1-2-3"])("%j is refused by the parser", (text) => {
    expect(parseNumericText(text)).toEqual({ kind: "invalid" });
    expect(normaliseNumericText(text)).toBeNull();
  });
});

describe("parsing and normalising", () => {
  it.each<[string, NumericOptions, string | null]>([
    // plain numbers
    ["12", {}, "12"],
    [" 12 ", {}, "12"],
    ["-12.5", {}, "-12.5"],
    ["12.", {}, "12"],
    [".5", {}, "0.5"],
    ["-0", {}, "0"],
    ["007", {}, "7"],
    ["", {}, ""],
    ["   ", {}, ""],
    // not numbers
    ["-", {}, null],
    [".", {}, null],
    ["1-2", {}, null],
    ["abc", {}, null],
    ["1e5", {}, null],
    ["1,234", {}, null],
    ["1/2", {}, null],
    // min / max clamping
    ["5", { min: 10 }, "10"],
    ["10", { min: 10 }, "10"],
    ["150", { max: 100 }, "100"],
    ["100", { max: 100 }, "100"],
    ["-3", { min: -2, max: 2 }, "-2"],
    ["50", { min: 0, max: 100 }, "50"],
    // negatives not allowed → refused (null), never a silent 0; a positive below min still clamps
    ["-5", { allowNegative: false }, null],
    ["-5", { allowNegative: false, min: 3 }, null],
    ["-5", { allowNegative: false, min: -10 }, null],
    ["1", { allowNegative: false, min: 3 }, "3"],
    // decimals limit exceeded → rounded to 2 decimals
    ["1.234", { decimals: 2 }, "1.23"],
    ["1.235", { decimals: 2 }, "1.24"],
    ["1.005", { decimals: 2 }, "1.01"],
    ["-1.005", { decimals: 2 }, "-1.01"],
    ["1.2", { decimals: 2 }, "1.2"],
    ["1.23456", { decimals: 3 }, "1.23"],
    ["1.234", { decimals: 3 }, "1.234"],
    ["1.999", { decimals: 2 }, "2"],
    ["1.5", { decimals: 0 }, "2"],
    ["1.23456", {}, "1.23456"],
    // rounding, then clamping
    ["99.999", { decimals: 2, max: 99.99 }, "99.99"],
    // thousands separators: letters and commas stripped
    ["1,234.56", { thousands: true }, "1234.56"],
    ["GBP 1,234", { thousands: true }, "1234"],
    ["1,234,567", { thousands: true }, "1234567"],
    ["abc", { thousands: true }, ""],
    ["1,2,3..4", { thousands: true }, null],
  ])("%j with %j → %j", (text, options, expected) => {
    expect(normaliseNumericText(text, options)).toBe(expected);
  });

  it.each<[string, NumericOptions, "min" | "max" | "rounded" | null]>([
    ["5", { min: 10 }, "min"],
    ["500", { max: 100 }, "max"],
    ["1.234", { decimals: 2 }, "rounded"],
    ["1.2", { decimals: 2 }, null],
  ])("%j with %j is reported as adjusted: %s", (text, options, adjusted) => {
    const parsed = parseNumericText(text, options);
    expect(parsed.kind === "ok" && parsed.adjusted).toBe(adjusted);
  });
});

describe("the letter e in a number field", () => {
  it.each<[{ key: string; ctrlKey?: boolean; metaKey?: boolean }, string, "allow" | "block" | "zero"]>([
    [{ key: "e" }, "", "zero"],
    [{ key: "E" }, "", "zero"],
    [{ key: "e" }, "12", "block"],
    [{ key: "E" }, "1.5", "block"],
    [{ key: "e", ctrlKey: true }, "", "allow"],
    [{ key: "e", metaKey: true }, "12", "allow"],
    [{ key: "5" }, "", "allow"],
    [{ key: "-" }, "", "allow"],
    [{ key: "Backspace" }, "12", "allow"],
  ])("%j on %j → %s", (event, value, action) => {
    expect(numberKeyAction(event, value)).toBe(action);
  });
});

describe("rounding half away from zero", () => {
  it.each([
    [1.005, 2, 1.01],
    [1.004, 2, 1],
    [2.675, 2, 2.68],
    [-2.675, 2, -2.68],
    [0.5, 0, 1],
    [-0.001, 2, 0],
  ])("roundTo(%s, %s) = %s", (value, places, expected) => {
    expect(roundTo(value, places)).toBe(expected);
  });
});

describe("display: en-GB, up to 2 decimals", () => {
  it.each<[number | string | null | undefined, string]>([
    [1234.567, "1,234.57"],
    [1234.5, "1,234.5"],
    [1000000, "1,000,000"],
    [-1234.5, "-1,234.5"],
    [0, "0"],
    ["1234.5", "1,234.5"],
    ["1,234.5", "1,234.5"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    ["abc", ""],
  ])("formatNumber(%j) = %j", (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it.each<[number | string | null, string]>([
    [1234.5, "£1,234.50"],
    [0, "£0.00"],
    [-3, "-£3.00"],
    [0.005, "£0.01"],
    ["99.999", "£100.00"],
    [null, ""],
  ])("formatMoney(%j) = %j", (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

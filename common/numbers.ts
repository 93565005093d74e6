/**
 * Numeric text inputs (spec §5): only digits, an optional leading minus and one decimal point; a
 * value below the minimum becomes the minimum and above the maximum becomes the maximum; past the
 * decimals limit the value is rounded to 2 decimals; the letter e is blocked and e on an empty field
 * gives 0; with thousands separators, letters and commas are stripped; a double dot, or more than one
 * dot, minus or slash, is rejected. Display: en-GB, up to 2 decimals. Money: GBP.
 * No change is silent: a field that may not be negative refuses a negative with a message, and a value the
 * browser clamps or rounds says so under the field (NUMBER_MESSAGES.adjusted).
 *
 * Pure and isomorphic: the browser uses these while typing and on blur, the server (contract/fields.ts)
 * uses the same functions to normalise what a form without JavaScript sent.
 */

export interface NumericOptions {
  /** A value below this becomes this. */
  min?: number;
  /** A value above this becomes this. */
  max?: number;
  /**
   * The decimals limit. More fraction digits than this and the value is rounded to 2 decimals (the
   * spec's rule). 0 means a whole-number field: the dot cannot be typed and the value is rounded to a
   * whole number.
   */
  decimals?: number;
  /**
   * Default true. When false a negative value is refused with `NUMBER_MESSAGES.negative` (never turned into 0
   * without a word), and a `min` below 0 counts as 0.
   */
  allowNegative?: boolean;
  /** The field shows thousands separators: letters and commas are stripped from what was typed. */
  thousands?: boolean;
}

export const NUMBER_MESSAGES = {
  required: "Enter a number.",
  invalid: "Enter a number using digits, one decimal point and an optional leading minus.",
  negative: "Enter 0 or more: this may not be negative.",
  /** The note under a field whose value the browser changed on leaving it: never a silent change. */
  adjusted: (kind: "min" | "max" | "rounded", text: string) =>
    kind === "min" ? `Changed to ${text}, the lowest allowed.` : kind === "max" ? `Changed to ${text}, the highest allowed.` : `Rounded to ${text}.`,
} as const;

export type NumericParse =
  { kind: "empty" } | { kind: "invalid" } | { kind: "negative" } | { kind: "ok"; value: number; text: string; adjusted: null | "min" | "max" | "rounded" };

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

/** A double dot, or more than one dot, minus or slash: the value is refused outright. */
export function hasRejectedPattern(text: string): boolean {
  return text.includes("..") || count(text, ".") > 1 || count(text, "-") > 1 || count(text, "/") > 1;
}

/**
 * The keystroke filter: what the field may hold while typing. Keeps digits, one leading minus and the first
 * decimal point (none when `decimals` is 0); letters and everything else are dropped, and commas too unless the
 * field shows thousands separators (they are stripped when the value is read). Partial values such as "-", "."
 * or "12." are kept so typing works. A minus is kept even where negatives are not allowed: "-5" is refused with a
 * message when the value is read (on blur, and by the server), never a silent 5 or 0.
 */
export function sanitiseNumericInput(text: string, options: NumericOptions = {}): string {
  const allowDot = options.decimals !== 0;
  let out = "";
  let seenDot = false;
  for (const c of text) {
    if (c >= "0" && c <= "9") out += c;
    else if (c === "-" && out === "") out += c;
    else if (c === "," && options.thousands && out.replace("-", "") !== "" && !seenDot) out += c;
    else if (c === "." && allowDot && !seenDot) {
      out += c;
      seenDot = true;
    }
  }
  return out;
}

/** Rounds half away from zero without binary floating-point surprises (1.005 → 1.01). */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e${places}`));
  const result = sign * Number(`${shifted}e-${places}`);
  return Object.is(result, -0) ? 0 : result;
}

function fractionDigits(numeric: string): number {
  const dot = numeric.indexOf(".");
  return dot === -1 ? 0 : numeric.length - dot - 1;
}

/** The plain text of a number as it is sent and stored: "1234.5", "-3", "0". */
export function numberToText(value: number): string {
  if (Object.is(value, -0)) return "0";
  // Avoid exponent notation for ordinary magnitudes.
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
}

/**
 * Parses what a numeric field holds (on blur in the browser, on the server for a submitted form):
 * empty, invalid (refused), or a number after the clamping and rounding rules.
 */
export function parseNumericText(raw: string | null | undefined, options: NumericOptions = {}): NumericParse {
  let text = (raw ?? "").trim();
  if (text === "") return { kind: "empty" };
  if (hasRejectedPattern(text)) return { kind: "invalid" };
  text = text.replace(/\s+/g, "");
  if (options.thousands) text = text.replace(/[A-Za-z,]/g, "");
  if (text === "") return { kind: "empty" };
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return { kind: "invalid" };

  let value = Number(text);
  if (!Number.isFinite(value)) return { kind: "invalid" };
  let adjusted: null | "min" | "max" | "rounded" = null;

  const { decimals } = options;
  if (decimals !== undefined && fractionDigits(text) > decimals) {
    value = roundTo(value, decimals === 0 ? 0 : 2);
    adjusted = "rounded";
  }
  const allowNegative = options.allowNegative !== false;
  // A negative where none is allowed is refused, not clamped: "-500" never becomes a silent 0.
  if (!allowNegative && value < 0) return { kind: "negative" };
  const floor = allowNegative ? options.min : Math.max(options.min ?? 0, 0);
  if (floor !== undefined && value < floor) {
    value = floor;
    adjusted = "min";
  }
  if (options.max !== undefined && value > options.max) {
    value = options.max;
    adjusted = "max";
  }
  if (Object.is(value, -0)) value = 0;
  return { kind: "ok", value, text: numberToText(value), adjusted };
}

/**
 * The normalised text of a numeric field: "" when empty, null when refused (invalid, or negative where not allowed), otherwise the number
 * after clamping and rounding ("1,234.567" with thousands and decimals 2 → "1234.57").
 */
export function normaliseNumericText(raw: string | null | undefined, options: NumericOptions = {}): string | null {
  const parsed = parseNumericText(raw, options);
  if (parsed.kind === "empty") return "";
  if (parsed.kind === "invalid" || parsed.kind === "negative") return null;
  return parsed.text;
}

export type NumberKeyAction = "allow" | "block" | "zero";

/**
 * What a keydown does in a number field: the letter e (either case) is blocked, and on an empty field
 * it sets the value to 0 instead. Shortcuts (Ctrl/Cmd+E) and every other key are left alone; the
 * keystroke filter (`sanitiseNumericInput`) deals with the rest, including pasted text.
 */
export function numberKeyAction(event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }, currentValue: string): NumberKeyAction {
  if (event.ctrlKey || event.metaKey || event.altKey) return "allow";
  if (event.key === "e" || event.key === "E") return currentValue === "" ? "zero" : "block";
  return "allow";
}

// Display (en-GB, GBP) lives in format.ts, which pages that only show numbers import.
export { formatMoney, formatNumber } from "./format";

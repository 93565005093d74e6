/**
 * Sort-code style input (spec §5): non-digits are stripped and the digits grouped in pairs separated
 * by hyphens. At most 6 digits: "123456" → "12-34-56", "12 3" → "12-3".
 */

export const SORT_CODE_DIGITS = 6;
export const SORT_CODE_MESSAGE = "Enter a 6-digit sort code.";

/** Only the digits, dashes and anything else removed (what is sent when the API wants digits). */
export function sortCodeDigits(text: string | null | undefined): string {
  return (text ?? "").replace(/\D/g, "");
}

/** What the field shows while typing: the first 6 digits in hyphen-separated pairs. */
export function formatSortCode(text: string | null | undefined): string {
  const digits = sortCodeDigits(text).slice(0, SORT_CODE_DIGITS);
  return digits.match(/\d{1,2}/g)?.join("-") ?? "";
}

/** True when the text holds exactly 6 digits (whatever separators were typed). */
export function isCompleteSortCode(text: string | null | undefined): boolean {
  return sortCodeDigits(text).length === SORT_CODE_DIGITS;
}

/**
 * Where the caret goes after reformatting: after the same number of digits as before it.
 * `rawCaret` is the caret position in the text as typed.
 */
export function sortCodeCaret(raw: string, rawCaret: number, formatted: string): number {
  const digitsBefore = Math.min(sortCodeDigits(raw.slice(0, rawCaret)).length, SORT_CODE_DIGITS);
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

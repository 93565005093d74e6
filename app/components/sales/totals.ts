import { documentTotals, lineAmounts, parseQuantity, parseVatRate, type DocumentTotals, type LineInput } from "#common/money";

/**
 * The editor's sums, from the lines as typed: the same money rules as the API (common/money.ts), so the totals
 * drawn by the server (without JavaScript, after each Add line / Remove / Save) and the live ones typed with
 * JavaScript are the pennies the API will store. A line that cannot be read yet counts as nothing.
 */

export const PRICE_MESSAGE = "Enter the unit price in pounds and pence, like 12.50.";

/** Pounds as typed ("12.5", "£1,200.00") as whole pence; null when it is not an amount of pounds and pence. */
export function poundsTextToPence(typed: string): number | null {
  const cleaned = typed.replace(/[£,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Pence as the price field shows them: 1250 → "12.50". */
export const penceToPoundsText = (pence: number) => `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;

/** A line as typed, read for the sums; null when it cannot be (yet). */
export function lineInput(line: { quantity: string; unit_price: string; vat_rate: string }): LineInput | null {
  const q = parseQuantity(line.quantity);
  const p = poundsTextToPence(line.unit_price);
  const r = parseVatRate(line.vat_rate || "20");
  if ("error" in q || p === null || "error" in r) return null;
  return { quantityMilli: q.milli, unitPricePence: p, vatRate: r.rate };
}

/** Each line's total (null when unreadable) and the document's totals. */
export function typedTotals(lines: readonly { quantity: string; unit_price: string; vat_rate: string }[]): {
  lines: (number | null)[];
  totals: DocumentTotals;
} {
  const inputs = lines.map(lineInput);
  return {
    lines: inputs.map((i) => (i ? lineAmounts(i).totalPence : null)),
    totals: documentTotals(inputs.filter((i): i is LineInput => i !== null)),
  };
}

/**
 * Money of quotes and invoices: exact, in integer pence. A line's net is its quantity (up to 3 decimals) times
 * its unit price, rounded half-up to the penny; its VAT is the net times the rate, rounded half-up to the penny;
 * a document's totals are the sums of its rounded lines, so every line shown adds up to the totals shown.
 * Pure and isomorphic: the API computes with it, the portal may show live totals with the same rules.
 * BigInt inside, so no product of a large quantity and price loses a penny to floating point.
 */

/** UK VAT rates a line may carry, in percent: zero-rated, reduced, standard. */
export const VAT_RATES = [0, 5, 20] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Decimals a quantity may have. */
export const QUANTITY_DECIMALS = 3;
const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);
/** The largest quantity of a line. */
export const MAX_QUANTITY_MILLI = 1_000_000 * 1000;
/** The largest unit price: £10,000,000.00. */
export const MAX_UNIT_PRICE_PENCE = 1_000_000_000;
/** The largest net of one line: £100,000,000.00 (so no document total comes near 2^53 pence). */
export const MAX_LINE_NET_PENCE = 10_000_000_000;
/** The most lines a document may have. */
export const MAX_LINES = 200;

export const MONEY_MESSAGES = {
  quantityFormat: "Enter a quantity as a number with up to 3 decimals, like 2 or 1.25.",
  quantityNegative: "The quantity may not be negative.",
  quantityZero: "The quantity must be more than 0.",
  quantityTooLarge: "The quantity may not be more than 1,000,000.",
  priceFormat: "Enter the unit price in whole pence (a whole number).",
  priceNegative: "The unit price may not be negative.",
  priceTooLarge: "The unit price may not be more than £10,000,000.00.",
  lineTooLarge: "The line total may not be more than £100,000,000.00.",
  vatRate: "Choose a VAT rate of 0%, 5% or 20%.",
} as const;

/** Divides a non-negative numerator, rounding half-up (0.5 → 1). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * A quantity as thousandths (an integer), from a number or text: "2" → 2000, "1.25" → 1250, 0.333 → 333.
 * Answers a message for anything else: more than 3 decimals, a negative, zero, above the limit, not a number.
 */
export function parseQuantity(value: unknown): { milli: number } | { error: string } {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : typeof value === "string" ? value.trim() : "";
  if (/^-\d/.test(text) || (typeof value === "number" && value < 0)) return { error: MONEY_MESSAGES.quantityNegative };
  const m = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return { error: MONEY_MESSAGES.quantityFormat };
  const milli = Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
  if (milli === 0) return { error: MONEY_MESSAGES.quantityZero };
  if (milli > MAX_QUANTITY_MILLI) return { error: MONEY_MESSAGES.quantityTooLarge };
  return { milli };
}

/** A unit price in whole pence: an integer from 0 to £10m. */
export function parseUnitPricePence(value: unknown): { pence: number } | { error: string } {
  const n = typeof value === "string" && /^-?\d{1,16}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n)) return { error: MONEY_MESSAGES.priceFormat };
  if (n < 0) return { error: MONEY_MESSAGES.priceNegative };
  if (n > MAX_UNIT_PRICE_PENCE) return { error: MONEY_MESSAGES.priceTooLarge };
  return { pence: n };
}

export function parseVatRate(value: unknown): { rate: VatRate } | { error: string } {
  const n = typeof value === "string" && /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : value;
  return (VAT_RATES as readonly unknown[]).includes(n) ? { rate: n as VatRate } : { error: MONEY_MESSAGES.vatRate };
}

export interface LineInput {
  /** Thousandths of a unit. */
  quantityMilli: number;
  unitPricePence: number;
  vatRate: VatRate;
}

export interface LineAmounts {
  netPence: number;
  vatPence: number;
  totalPence: number;
}

/** A line's net (quantity × unit price) and VAT (net × rate), each rounded half-up to the penny. */
export function lineAmounts(line: LineInput): LineAmounts {
  const net = divideHalfUp(BigInt(line.quantityMilli) * BigInt(line.unitPricePence), QUANTITY_SCALE);
  const vat = divideHalfUp(net * BigInt(line.vatRate), 100n);
  return { netPence: Number(net), vatPence: Number(vat), totalPence: Number(net + vat) };
}

/** Whether a line's net is within the limit (see MAX_LINE_NET_PENCE). */
export const lineWithinLimit = (line: LineInput) => lineAmounts(line).netPence <= MAX_LINE_NET_PENCE;

export interface DocumentTotals {
  subtotalPence: number;
  vatPence: number;
  totalPence: number;
  /** VAT by rate (only the rates used), for the summary's VAT analysis. */
  vatByRate: { rate: VatRate; netPence: number; vatPence: number }[];
}

/** A document's totals: the sums of its rounded lines. */
export function documentTotals(lines: readonly LineInput[]): DocumentTotals {
  let subtotal = 0;
  let vat = 0;
  const byRate = new Map<VatRate, { netPence: number; vatPence: number }>();
  for (const line of lines) {
    const a = lineAmounts(line);
    subtotal += a.netPence;
    vat += a.vatPence;
    const r = byRate.get(line.vatRate) ?? { netPence: 0, vatPence: 0 };
    byRate.set(line.vatRate, { netPence: r.netPence + a.netPence, vatPence: r.vatPence + a.vatPence });
  }
  const vatByRate = [...byRate.entries()].sort(([a], [b]) => b - a).map(([rate, v]) => ({ rate, ...v }));
  return { subtotalPence: subtotal, vatPence: vat, totalPence: subtotal + vat, vatByRate };
}

// Showing pence (formatPence) lives apart, in pence.ts, so a page that only shows amounts does not ship these rules.
export { formatPence } from "./pence";

/** A quantity of thousandths as the shortest text: 1500 → "1.5", 2000 → "2", 333 → "0.333". */
export function formatQuantity(milli: number): string {
  const whole = Math.trunc(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  documentTotals,
  formatPence,
  formatQuantity,
  lineAmounts,
  lineWithinLimit,
  MAX_LINE_NET_PENCE,
  MAX_QUANTITY_MILLI,
  MAX_UNIT_PRICE_PENCE,
  MONEY_MESSAGES,
  parseQuantity,
  parseUnitPricePence,
  parseVatRate,
  VAT_RATES,
  type VatRate,
} from "#common/money";

describe("a line's net and VAT, each rounded half-up to the penny", () => {
  it.each([
    // quantity (thousandths), unit price (pence), rate → net, VAT
    [1000, 1000, 20, 1000, 200],
    [1000, 1, 20, 1, 0], // 0.2p VAT rounds down
    [1000, 3, 20, 3, 1], // 0.6p rounds up
    [1000, 5, 10 as never, 5, 1], // (not a VAT rate, but the rounding rule) 0.5p rounds up
    [1000, 25, 20, 25, 5],
    [1000, 2, 5, 2, 0], // 0.1p
    [1000, 10, 5, 10, 1], // 0.5p → 1p (half-up, not to even)
    [1000, 30, 5, 30, 2], // 1.5p → 2p
    [1000, 50, 5, 50, 3], // 2.5p → 3p (banker's rounding would give 2p)
    [333, 100, 20, 33, 7], // 33.3p → 33p; 6.6p → 7p
    [1500, 999, 20, 1499, 300], // 1498.5p → 1499p; 299.8p → 300p
    [2500, 1, 20, 3, 1], // 2.5p → 3p; 0.6p → 1p
    [1, 1, 20, 0, 0], // 0.001p → 0p
    [500, 1, 0, 1, 0], // 0.5p → 1p
    [1234, 8765, 5, 10816, 541], // 10816.01p → 10816p; 540.8p → 541p
    [10_000_000, 1_000_000, 20, 10_000_000_000, 2_000_000_000], // 10,000 × £10,000: the largest line net
  ])("%i thousandths × %ip at %i percent: net %ip, VAT %ip", (quantityMilli, unitPricePence, vatRate, net, vat) => {
    expect(lineAmounts({ quantityMilli, unitPricePence, vatRate: vatRate as VatRate })).toEqual({ netPence: net, vatPence: vat, totalPence: net + vat });
  });

  it("a large quantity times a large price loses nothing to floating point", () => {
    // 999,999.999 × £9,999,999.99: 9,999,999,980,000,000.01p would not fit a double exactly.
    expect(lineAmounts({ quantityMilli: 999_999_999, unitPricePence: 999_999_999, vatRate: 0 }).netPence).toBe(Number((999_999_999n * 999_999_999n) / 1000n));
  });
});

describe("a document's totals come from its rounded lines", () => {
  it("three lines whose unrounded VAT would sum to another penny", () => {
    // Each line: 1 × 3p at 20% = 0.6p VAT → 1p. Rounded lines: 3p VAT; the VAT of the unrounded sum (9p × 20% = 1.8p) would be 2p.
    const lines = [1, 2, 3].map(() => ({ quantityMilli: 1000, unitPricePence: 3, vatRate: 20 as VatRate }));
    expect(documentTotals(lines)).toEqual({ subtotalPence: 9, vatPence: 3, totalPence: 12, vatByRate: [{ rate: 20, netPence: 9, vatPence: 3 }] });
  });

  it("VAT by rate, highest rate first", () => {
    const totals = documentTotals([
      { quantityMilli: 1000, unitPricePence: 100, vatRate: 0 },
      { quantityMilli: 2000, unitPricePence: 100, vatRate: 20 },
      { quantityMilli: 1000, unitPricePence: 100, vatRate: 5 },
    ]);
    expect(totals.vatByRate).toEqual([
      { rate: 20, netPence: 200, vatPence: 40 },
      { rate: 5, netPence: 100, vatPence: 5 },
      { rate: 0, netPence: 100, vatPence: 0 },
    ]);
    expect(totals).toMatchObject({ subtotalPence: 400, vatPence: 45, totalPence: 445 });
  });

  it("no lines: all zero", () => {
    expect(documentTotals([])).toEqual({ subtotalPence: 0, vatPence: 0, totalPence: 0, vatByRate: [] });
  });

  it("property: no penny drifts — totals equal the sums of the lines shown, and each line is its exact value rounded half-up", () => {
    // Lines within the limits by construction: a quantity, then a price that keeps the line's net within £100m.
    const line = fc.integer({ min: 1, max: MAX_QUANTITY_MILLI }).chain((quantityMilli) =>
      fc.record({
        quantityMilli: fc.constant(quantityMilli),
        unitPricePence: fc.integer({ min: 0, max: Math.min(MAX_UNIT_PRICE_PENCE, Math.floor((MAX_LINE_NET_PENCE * 1000) / quantityMilli)) }),
        vatRate: fc.constantFrom(...VAT_RATES),
      }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const totals = documentTotals(lines);
        let net = 0n;
        let vat = 0n;
        for (const l of lines) {
          const a = lineAmounts(l);
          // The exact value in thousandths of a penny; the rounded net is within half a penny of it, ties up.
          const exact = BigInt(l.quantityMilli) * BigInt(l.unitPricePence);
          const diff = BigInt(a.netPence) * 1000n - exact;
          expect(diff > -500n && diff <= 500n).toBe(true);
          const exactVat = BigInt(a.netPence) * BigInt(l.vatRate);
          const vatDiff = BigInt(a.vatPence) * 100n - exactVat;
          expect(vatDiff > -50n && vatDiff <= 50n).toBe(true);
          net += BigInt(a.netPence);
          vat += BigInt(a.vatPence);
        }
        expect(BigInt(totals.subtotalPence)).toBe(net);
        expect(BigInt(totals.vatPence)).toBe(vat);
        expect(totals.totalPence).toBe(totals.subtotalPence + totals.vatPence);
        expect(totals.vatByRate.reduce((s, r) => s + r.vatPence, 0)).toBe(totals.vatPence);
        expect(totals.vatByRate.reduce((s, r) => s + r.netPence, 0)).toBe(totals.subtotalPence);
        expect(lines.every(lineWithinLimit)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("property: formatting the pence shown and reading them back gives the same pence", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (pence) => {
        const text = formatPence(pence).replace(/[£,]/g, "");
        expect(BigInt(text.replace(".", ""))).toBe(BigInt(pence));
      }),
    );
  });
});

describe("limits", () => {
  it.each([
    ["2", { milli: 2000 }],
    [2, { milli: 2000 }],
    ["1.25", { milli: 1250 }],
    [0.333, { milli: 333 }],
    ["1000000", { milli: 1_000_000_000 }],
    ["-1", { error: MONEY_MESSAGES.quantityNegative }],
    [-0.5, { error: MONEY_MESSAGES.quantityNegative }],
    ["0", { error: MONEY_MESSAGES.quantityZero }],
    ["0.0001", { error: MONEY_MESSAGES.quantityFormat }],
    ["1000000.001", { error: MONEY_MESSAGES.quantityTooLarge }],
    ["1e3", { error: MONEY_MESSAGES.quantityFormat }],
    ["abc", { error: MONEY_MESSAGES.quantityFormat }],
    [null, { error: MONEY_MESSAGES.quantityFormat }],
    [Number.NaN, { error: MONEY_MESSAGES.quantityFormat }],
  ])("quantity %j → %j", (value, expected) => {
    expect(parseQuantity(value)).toEqual(expected);
  });

  it.each([
    [0, { pence: 0 }],
    [1999, { pence: 1999 }],
    ["1999", { pence: 1999 }],
    [1_000_000_000, { pence: 1_000_000_000 }],
    [1_000_000_001, { error: MONEY_MESSAGES.priceTooLarge }],
    [-1, { error: MONEY_MESSAGES.priceNegative }],
    ["-1", { error: MONEY_MESSAGES.priceNegative }],
    [12.5, { error: MONEY_MESSAGES.priceFormat }],
    ["12.50", { error: MONEY_MESSAGES.priceFormat }],
    [null, { error: MONEY_MESSAGES.priceFormat }],
  ])("unit price %j → %j", (value, expected) => {
    expect(parseUnitPricePence(value)).toEqual(expected);
  });

  it.each([
    [0, { rate: 0 }],
    [5, { rate: 5 }],
    [20, { rate: 20 }],
    ["20", { rate: 20 }],
    [17.5, { error: MONEY_MESSAGES.vatRate }],
    [15, { error: MONEY_MESSAGES.vatRate }],
    [-20, { error: MONEY_MESSAGES.vatRate }],
    [null, { error: MONEY_MESSAGES.vatRate }],
  ])("VAT rate %j → %j", (value, expected) => {
    expect(parseVatRate(value)).toEqual(expected);
  });
});

describe("showing money and quantities", () => {
  it.each([
    [0, "£0.00"],
    [5, "£0.05"],
    [123456, "£1,234.56"],
    [100000000000, "£1,000,000,000.00"],
    [-5, "-£0.05"],
  ])("%i pence → %s", (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });
  it.each([
    [1000, "1"],
    [1500, "1.5"],
    [333, "0.333"],
    [1_000_000_000, "1000000"],
  ])("%i thousandths → %s", (milli, text) => {
    expect(formatQuantity(milli)).toBe(text);
  });
});

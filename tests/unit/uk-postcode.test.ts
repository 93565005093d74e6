import { describe, expect, it } from "vitest";
import { normaliseUkPostcode, orderTotals } from "#common/terminal-orders";

describe("the UK postcode rule", () => {
  it.each([
    ["SW1A 1AA", "SW1A 1AA"],
    ["sw1a1aa", "SW1A 1AA"],
    ["  ls1 4ap ", "LS1 4AP"],
    ["M1 1AE", "M1 1AE"],
    ["B33 8TH", "B33 8TH"],
    ["CR2 6XH", "CR2 6XH"],
    ["DN55 1PT", "DN55 1PT"],
    ["W1A 0AX", "W1A 0AX"],
    ["EC1A 1BB", "EC1A 1BB"],
    ["GIR 0AA", "GIR 0AA"],
    ["bt1  5gs", "BT1 5GS"],
  ])("%s is %s", (typed, expected) => {
    expect(normaliseUkPostcode(typed)).toBe(expected);
  });

  it.each([
    "",
    "12345",
    "SW1A",
    "SW1A 1A",
    "SW1A 1AAA",
    "QA1 1AA", // Q never starts a postcode
    "SW1A 1CA", // C never in the inward code's letters
    "1AA 1AA",
    "SW1A-1AA",
    "ABCDEFGH",
  ])("%s is not a UK postcode", (typed) => {
    expect(normaliseUkPostcode(typed)).toBeNull();
  });
});

describe("order totals", () => {
  it("adds lines and shipping, VAT at 20% rounded half-up", () => {
    expect(
      orderTotals(
        [
          { unitAmountPence: 19900, quantity: 1 },
          { unitAmountPence: 5900, quantity: 2 },
        ],
        500,
      ),
    ).toEqual({
      subtotalPence: 31700,
      shippingPence: 500,
      taxPence: 6440,
      totalPence: 38640,
    });
    expect(orderTotals([{ unitAmountPence: 1, quantity: 3 }], 0).taxPence).toBe(1); // 0.6p → 1p
    expect(orderTotals([{ unitAmountPence: 2, quantity: 1 }], 0).taxPence).toBe(0); // 0.4p → 0p
  });
});

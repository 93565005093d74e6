import { describe, expect, it } from "vitest";
import { cancellable, penceToPoundsText, poundsToPence, refundablePence, statusAfterRefunds, type PaymentStatusValue } from "#common/payments";
import { cardDigits, cardExpired, luhnValid, testCardFor, TEST_CARDS } from "#api/integrations/payments/test-cards";

describe("what is left to refund", () => {
  it.each([
    ["succeeded", 12000, 0, 0, 12000],
    ["partially_refunded", 12000, 2050, 0, 9950],
    ["partially_refunded", 12000, 2050, 5000, 4950],
    ["succeeded", 12000, 0, 12000, 0],
    ["refunded", 12000, 12000, 0, 0],
    ["failed", 12000, 0, 0, 0],
    ["authorised", 12000, 0, 0, 0],
    ["cancelled", 12000, 0, 0, 0],
  ] as [PaymentStatusValue, number, number, number, number][])(
    "%s of %i, %i refunded, %i pending → %i",
    (status, amountPence, refundedPence, refundPendingPence, left) => {
      expect(refundablePence({ status, amountPence, refundedPence, refundPendingPence })).toBe(left);
    },
  );

  it.each([
    ["succeeded", 0, "succeeded"],
    ["succeeded", 1, "partially_refunded"],
    ["partially_refunded", 11999, "partially_refunded"],
    ["partially_refunded", 12000, "refunded"],
    ["failed", 0, "failed"],
    ["authorised", 0, "authorised"],
  ] as [PaymentStatusValue, number, PaymentStatusValue][])("%s with %i of 12000 refunded is %s", (status, refundedPence, after) => {
    expect(statusAfterRefunds({ status, amountPence: 12000, refundedPence })).toBe(after);
  });

  it("only an authorised payment can be cancelled", () => {
    expect(cancellable({ status: "authorised" })).toBe(true);
    for (const s of ["succeeded", "partially_refunded", "refunded", "failed", "cancelled"] as const) expect(cancellable({ status: s })).toBe(false);
  });
});

describe("amounts typed in pounds", () => {
  it.each([
    ["12.50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["£1,234.56", 123456],
    [" 0.01 ", 1],
    ["0", 0],
    ["1234567", 123456700],
  ])("%s → %i pence", (text, pence) => expect(poundsToPence(text)).toBe(pence));

  it.each(["", "ten", "-5", "1.234", "1,23", "12,50", "1.", ".5", "£", "1e3", "12.50.1"])("%s is not an amount", (text) =>
    expect(poundsToPence(text)).toBeNull(),
  );

  it.each([
    [1250, "12.50"],
    [1, "0.01"],
    [123456, "1234.56"],
    [100, "1.00"],
  ])("%i pence → %s", (pence, text) => {
    expect(penceToPoundsText(pence)).toBe(text);
    expect(poundsToPence(penceToPoundsText(pence))).toBe(pence);
  });
});

describe("the sandbox's test cards", () => {
  it("every listed card passes the Luhn check, and does what Stripe test mode documents", () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number), number).toBe(true);
    expect(testCardFor("4242424242424242")).toMatchObject({ outcome: "succeeds", refund: "succeeds", brand: "visa" });
    expect(testCardFor("4000000000000002")).toMatchObject({ outcome: "declined" });
    expect(testCardFor("4000000000007726")).toMatchObject({ outcome: "succeeds", refund: "pending" });
    expect(testCardFor("4111111111111111")).toMatchObject({ outcome: "declined", note: "Not a test card: declined" });
  });

  it.each([
    ["4242 4242 4242 4242", "4242424242424242"],
    ["4242-4242-4242-4242", "4242424242424242"],
    ["42424242", null],
    ["4242 4242 4242 424x", null],
  ])("card number %s → %s", (typed, digits) => expect(cardDigits(typed)).toBe(digits));

  it("a wrong digit fails the Luhn check", () => expect(luhnValid("4242424242424241")).toBe(false));

  it.each([
    [12, 2034, "2026-11-26", false],
    [11, 2026, "2026-11-26", false],
    [10, 2026, "2026-11-26", true],
    [1, 2025, "2026-11-26", true],
  ])("expiry %i/%i on %s expired: %s", (m, y, today, expired) => expect(cardExpired(m, y, today)).toBe(expired));
});

/**
 * The sandbox's test cards, as Stripe test mode documents them: what a card number does when paid with and when
 * refunded. Any other number that passes the Luhn check is declined as an unknown card would be in test mode.
 */

export interface TestCard {
  brand: string;
  /** What paying with it does. */
  outcome: "succeeds" | "declined" | "insufficient_funds" | "expired_card" | "incorrect_cvc";
  /** What a refund of its payment does: succeeds at once, pending then succeeded, or pending then failed. */
  refund: "succeeds" | "pending" | "fails";
  note: string;
}

export const TEST_CARDS: Record<string, TestCard> = {
  "4242424242424242": { brand: "visa", outcome: "succeeds", refund: "succeeds", note: "Succeeds" },
  "5555555555554444": { brand: "mastercard", outcome: "succeeds", refund: "succeeds", note: "Succeeds (Mastercard)" },
  "4000000000007726": { brand: "visa", outcome: "succeeds", refund: "pending", note: "Succeeds; its refunds are pending, then succeed" },
  "4000000000005126": { brand: "visa", outcome: "succeeds", refund: "fails", note: "Succeeds; its refunds are pending, then fail" },
  "4000000000000002": { brand: "visa", outcome: "declined", refund: "succeeds", note: "Declined (card_declined)" },
  "4000000000009995": { brand: "visa", outcome: "insufficient_funds", refund: "succeeds", note: "Declined: insufficient funds" },
  "4000000000000069": { brand: "visa", outcome: "expired_card", refund: "succeeds", note: "Declined: expired card" },
  "4000000000000127": { brand: "visa", outcome: "incorrect_cvc", refund: "succeeds", note: "Declined: incorrect CVC" },
};

export const DECLINE_MESSAGES: Record<Exclude<TestCard["outcome"], "succeeds">, { code: string; declineCode: string; message: string }> = {
  declined: { code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." },
  insufficient_funds: { code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
  expired_card: { code: "expired_card", declineCode: "expired_card", message: "Your card has expired." },
  incorrect_cvc: { code: "incorrect_cvc", declineCode: "incorrect_cvc", message: "Your card's security code is incorrect." },
};

/** The digits of a card number as typed ("4242 4242 4242 4242", "4242-4242…"), or null when not 12–19 digits. */
export function cardDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** What the sandbox does with a number: a listed test card, or an unknown one (declined, as in test mode). */
export function testCardFor(digits: string): TestCard {
  return (
    TEST_CARDS[digits] ?? {
      brand: digits.startsWith("4") ? "visa" : digits.startsWith("5") ? "mastercard" : digits.startsWith("3") ? "amex" : "unknown",
      outcome: "declined",
      refund: "succeeds",
      note: "Not a test card: declined",
    }
  );
}

/** Whether a card with this expiry (month 1–12, four-digit year) has expired on `today` (YYYY-MM-DD). */
export function cardExpired(expMonth: number, expYear: number, today: string): boolean {
  const [y, m] = today.split("-").map(Number);
  return expYear < y || (expYear === y && expMonth < m);
}

import { PAYMENT_MESSAGES } from "#contract/payments";

export type CardField = "holder" | "number" | "expiry" | "cvc";

/**
 * A sandbox hosted page's card form (an invoice's pay page, the hardware checkout page), checked as Stripe's page
 * would: the number as digits (spaces and dashes dropped), the expiry as MM/YY or MM/YYYY, the code as 3 or 4 digits.
 * `values`: what is shown again after a refusal (never the number or the code).
 */
export function readCardForm(body: Record<string, unknown>) {
  const text = (k: string) => (typeof body[k] === "string" ? (body[k] as string).trim() : "");
  const errors: Partial<Record<CardField, string>> = {};
  const holder = text("holder").slice(0, 100);
  if (!holder) errors.holder = PAYMENT_MESSAGES.cardHolder;
  const number = text("number").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) errors.number = PAYMENT_MESSAGES.cardNumber;
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text("expiry"));
  const expMonth = m ? Number(m[1]) : 0;
  const expYear = m ? (m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2])) : 0;
  if (!m || expMonth < 1 || expMonth > 12) errors.expiry = PAYMENT_MESSAGES.cardExpiry;
  const cvc = text("cvc");
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = PAYMENT_MESSAGES.cardCvc;
  return { card: { holder, number, expMonth, expYear, cvc }, errors, values: { holder, expiry: text("expiry").slice(0, 7) } };
}

/**
 * The pure rules of customer payments, used by the API and the portal: what is left to refund, what a payment's
 * status is after its refunds, and amounts typed in pounds read as integer pence.
 */

export type PaymentStatusValue = "processing" | "authorised" | "succeeded" | "partially_refunded" | "refunded" | "failed" | "cancelled";

export interface RefundablePayment {
  status: PaymentStatusValue;
  amountPence: number;
  refundedPence: number;
  refundPendingPence: number;
}

/** Statuses whose money was taken (and so may be refunded while some is left). */
export const TAKEN_STATUSES: readonly PaymentStatusValue[] = ["succeeded", "partially_refunded", "refunded"];

/** What may still be refunded: the amount less refunds completed and refunds under way; 0 for money not taken. */
export function refundablePence(p: RefundablePayment): number {
  if (!TAKEN_STATUSES.includes(p.status)) return 0;
  return Math.max(0, p.amountPence - p.refundedPence - p.refundPendingPence);
}

/** A taken payment's status from its completed refunds: all of it → refunded, some → partially refunded. */
export function statusAfterRefunds(p: Pick<RefundablePayment, "status" | "amountPence" | "refundedPence">): PaymentStatusValue {
  if (!TAKEN_STATUSES.includes(p.status)) return p.status;
  if (p.refundedPence >= p.amountPence) return "refunded";
  return p.refundedPence > 0 ? "partially_refunded" : "succeeded";
}

/** Only an authorised payment (held, not taken) can be cancelled; a taken one is refunded instead. */
export const cancellable = (p: Pick<RefundablePayment, "status">) => p.status === "authorised";

export const MAX_PAYMENT_PENCE = 1_000_000_000;

/**
 * An amount typed in pounds ("12.50", "£1,234.5", "7") as pence, or null when it is not one: at most 2 decimals,
 * no sign, commas only between thousands.
 */
export function poundsToPence(text: string): number | null {
  const t = text.trim().replace(/^£/, "");
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const pounds = Number(m[1].replace(/,/g, ""));
  const pence = pounds * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(pence) ? pence : null;
}

/** Pence as the plain pounds text of an input ("12.50"), no symbol, no thousands commas. */
export function penceToPoundsText(pence: number): string {
  return `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

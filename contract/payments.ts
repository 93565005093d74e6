/**
 * Customer payments (`/payment`): the list, a payment with its refunds and history, cancel and refund; and the
 * client's card form of an invoice. Money is integer pence (`*_pence`). Rules in common/payments.ts.
 */
import { z } from "zod";
import { formatPence } from "#common/money";
import { pagedSchema } from "./common";
export { PAYMENT_SORTS } from "./list-sorts";

export const PAYMENT_STATUS_VALUES = ["processing", "authorised", "succeeded", "partially_refunded", "refunded", "failed", "cancelled"] as const;
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  processing: "Processing",
  authorised: "Authorised",
  succeeded: "Succeeded",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
  failed: "Failed",
  cancelled: "Cancelled",
};
export const PAYMENT_METHOD_VALUES = ["card", "card_present"] as const;
export const PAYMENT_METHOD_LABELS: Record<string, string> = { card: "Card (online)", card_present: "Card terminal" };
export const REFUND_STATUS_LABELS: Record<string, string> = {
  requested: "Requested",
  pending: "Pending",
  succeeded: "Succeeded",
  failed: "Failed",
};

export const PAYMENT_MESSAGES = {
  amountFormat: "Enter an amount in pounds and pence, like 12.50.",
  amountZero: "The refund must be at least £0.01.",
  nothingLeft: "This payment has nothing left to refund.",
  notTaken: "Only a completed payment can be refunded.",
  tooMuch: (left: number) => `The refund may not be more than what is left to refund (${formatPence(left)}).`,
  keyReused: "This refund was already sent with another amount.",
  key: "The form has expired: open it again.",
  reason: "Use 500 characters or fewer.",
  cancelTaken: "A completed payment cannot be cancelled: refund it instead.",
  cancelFinished: "This payment can no longer be cancelled.",
  providerDown: "The payment provider did not answer. The refund is recorded and will be sent again; it will not be made twice.",
  // The client's card form.
  cardNumber: "Enter the card number (12 to 19 digits).",
  cardExpiry: "Enter the expiry date as MM/YY.",
  cardCvc: "Enter the 3 or 4 digit security code.",
  cardHolder: "Enter the name on the card.",
  invoicePaid: "This invoice is already paid.",
  invoiceNotPayable: "This invoice cannot be paid by card: only a sent invoice can.",
  invoiceInFlight: "A payment of this invoice is already under way. Wait a moment and open the invoice again: it will not be charged twice.",
  refundedToPayer: "This invoice was settled while your card was being charged: the payment was refunded to your card in full.",
  refundedPaidMeanwhile: "Refunded automatically: the invoice was marked paid while this card payment was being taken.",
  refundedClosedMeanwhile: "Refunded automatically: the invoice was cancelled while this card payment was being taken.",
} as const;

const idempotencyKey = z
  .string({ error: PAYMENT_MESSAGES.key })
  .trim()
  .min(8, PAYMENT_MESSAGES.key)
  .max(255, PAYMENT_MESSAGES.key)
  .regex(/^[\x21-\x7e]+$/, PAYMENT_MESSAGES.key);

/**
 * PUT /payment/{id}/refund. `amount_pence` absent: all that is left. `idempotency_key`: made when the form is
 * drawn; the same refund sent again with it refunds once.
 */
export const refundBodySchema = z.object({
  amount_pence: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\d{1,12}$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: PAYMENT_MESSAGES.amountFormat }).int(PAYMENT_MESSAGES.amountFormat).min(1, PAYMENT_MESSAGES.amountZero).optional(),
  ),
  reason: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(500, PAYMENT_MESSAGES.reason).optional()),
  idempotency_key: idempotencyKey,
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** PUT /payment/{id}/cancel: the key makes a cancel sent twice one call to the provider. */
export const cancelBodySchema = z.object({ idempotency_key: idempotencyKey.optional() });

/** The portal's refund form: the amount in pounds ("12.50"). */
export const refundFormSchema = z.object({
  amount: z.string({ error: PAYMENT_MESSAGES.amountFormat }).trim().min(1, PAYMENT_MESSAGES.amountFormat).max(20, PAYMENT_MESSAGES.amountFormat),
  reason: z.string().trim().max(500, PAYMENT_MESSAGES.reason).optional(),
  idempotency_key: idempotencyKey,
});

const client = z.object({ type: z.enum(["individual", "company"]), id: z.number().int(), name: z.string() }).nullable();

export const paymentRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(PAYMENT_STATUS_VALUES),
  status_label: z.string(),
  method: z.enum(PAYMENT_METHOD_VALUES),
  method_label: z.string(),
  description: z.string(),
  payer_name: z.string().nullable(),
  amount_pence: z.number().int(),
  refunded_pence: z.number().int(),
  refund_pending_pence: z.number().int(),
  refundable_pence: z.number().int(),
  currency: z.string(),
  client,
  invoice: z.object({ id: z.number().int(), number: z.string().nullable() }).nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  provider: z.enum(["sandbox", "stripe"]),
  /** True when no money moved (the sandbox, or Stripe's test mode): the portal labels it. */
  sandbox: z.boolean(),
  provider_label: z.string(),
  provider_payment_id: z.string().nullable(),
  can_refund: z.boolean(),
  can_cancel: z.boolean(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

export const refundSchema = z.object({
  id: z.number().int(),
  amount_pence: z.number().int(),
  status: z.enum(["requested", "pending", "succeeded", "failed"]),
  status_label: z.string(),
  reason: z.string().nullable(),
  failure_message: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const paymentEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  message: z.string(),
  amount_pence: z.number().int().nullable(),
  user: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

export const paymentSchema = paymentRowSchema.extend({ refunds: z.array(refundSchema), events: z.array(paymentEventSchema) });
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListSchema = pagedSchema(paymentRowSchema);
export const paymentResponseSchema = z.object({ data: paymentSchema });

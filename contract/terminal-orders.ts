/**
 * Card terminals (smallBusiness): the Stripe Connect account (`/stripe-connect`) and terminal hardware orders
 * (`/terminal-orders`). Money is integer pence (`*_pence`). Constants and rules: common/terminal-orders.ts.
 */
import { z } from "zod";
import {
  CONNECT_STATUSES,
  HARDWARE_TYPES,
  MAX_ORDER_LINES,
  MAX_QUANTITY,
  MIN_QUANTITY,
  normaliseUkPostcode,
  SHIPPING_COUNTRY,
  TERMINAL_MESSAGES as M,
  TERMINAL_ORDER_STATUSES,
} from "#common/terminal-orders";
import { pagedSchema } from "./common";

export { TERMINAL_ORDER_SORTS } from "#common/terminal-orders";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const required = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, M.tooLong(max));
const optional = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, M.tooLong(max)).optional());

// ------------------------------------------------------------------------------------------------ Connect

export const connectRequirementSchema = z.object({ code: z.string(), label: z.string() });
export const connectAccountSchema = z.object({
  status: z.enum(CONNECT_STATUSES),
  status_label: z.string(),
  account_id: z.string().nullable(),
  business_name: z.string().nullable(),
  /** What is still missing (Stripe's `requirements.currently_due`). */
  requirements: z.array(connectRequirementSchema),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  provider: z.enum(["sandbox", "stripe"]),
  sandbox: z.boolean(),
  provider_label: z.string(),
  updated_at: z.string().nullable(),
});
export type ConnectAccount = z.infer<typeof connectAccountSchema>;
export const connectAccountResponseSchema = z.object({ data: connectAccountSchema });

/** POST /stripe-connect/onboarding-link: where the onboarding returns to (the portal's /stripe-connect). */
export const onboardingLinkBodySchema = z.object({
  return_url: z.preprocess(blankToUndefined, z.string().trim().max(2000).url("Enter a web address.").optional()),
});
export const onboardingLinkResponseSchema = z.object({ data: z.object({ url: z.string(), expires_at: z.string() }) });

// ------------------------------------------------------------------------------------------------ catalogue

export const hardwareSkuSchema = z.object({
  id: z.string(),
  type: z.enum(HARDWARE_TYPES),
  name: z.string(),
  unit_amount_pence: z.number().int(),
  currency: z.string(),
  country: z.string(),
  max_per_order: z.number().int(),
});
export type HardwareSku = z.infer<typeof hardwareSkuSchema>;
export const hardwareSkuListSchema = z.object({ data: z.array(hardwareSkuSchema) });

export const shippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  amount_pence: z.number().int(),
  currency: z.string(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
export const shippingMethodListSchema = z.object({ data: z.array(shippingMethodSchema) });

// ------------------------------------------------------------------------------------------------ order input

const quantity = z.preprocess(
  (v) => (typeof v === "string" && /^-?\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number({ error: M.quantityFormat }).int(M.quantityFormat).min(MIN_QUANTITY, M.quantityMin).max(MAX_QUANTITY, M.quantityMax),
);

export const hardwareOrderItemSchema = z.object({
  terminal_hardware_sku: z.string({ error: M.sku }).trim().min(1, M.sku).max(100, M.sku),
  quantity,
});

export const shippingAddressSchema = z.object({
  line1: required(200, M.line1),
  line2: optional(200),
  city: required(100, M.city),
  /** The county. */
  state: optional(100),
  postal_code: z
    .string({ error: M.postcode })
    .max(20, M.postcode)
    .transform((v, ctx) => {
      const p = normaliseUkPostcode(v);
      if (!p) ctx.addIssue({ code: "custom", message: M.postcode });
      return p ?? v;
    }),
  country: z.preprocess(
    (v) => (v === undefined || v === "" ? SHIPPING_COUNTRY : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.literal(SHIPPING_COUNTRY, { error: M.country }),
  ),
});

export const shippingSchema = z.object({
  name: required(200, M.name),
  company: optional(200),
  email: z.string({ error: M.email }).trim().max(254, M.email).email(M.email),
  phone: z
    .string({ error: M.phone })
    .trim()
    .regex(/^\+?[\d ()-]{7,20}$/, M.phone),
  address: shippingAddressSchema,
});

/** What every order body holds: the shipping method and address, and its lines (1 to MAX_ORDER_LINES). */
const orderFields = {
  shipping_method: z.string({ error: M.shippingMethod }).trim().min(1, M.shippingMethod).max(100, M.shippingMethod),
  shipping: shippingSchema,
  items: z.array(hardwareOrderItemSchema, { error: M.noItems }).min(1, M.noItems).max(MAX_ORDER_LINES, M.tooManyLines),
};

/** The preview's total in pence as the user saw it (a form sends it as text). */
const previewTotal = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,12}$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: M.amount }).int(M.amount).min(1, M.amount).max(100_000_000, M.amount),
);

/** A SKU on two lines is refused on the second. */
function noSkuTwice(v: { items: { terminal_hardware_sku: string }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  v.items.forEach((item, i) => {
    if (seen.has(item.terminal_hardware_sku)) ctx.addIssue({ code: "custom", path: ["items", i, "terminal_hardware_sku"], message: M.duplicateSku });
    seen.add(item.terminal_hardware_sku);
  });
}

/** POST /terminal-orders/preview: what the order would cost (the provider's prices, shipping and VAT). */
export const hardwareOrderPreviewBodySchema = z.object(orderFields).superRefine(noSkuTwice);
export type HardwareOrderPreviewBody = z.infer<typeof hardwareOrderPreviewBodySchema>;

const idempotencyKey = z
  .string({ error: M.key })
  .trim()
  .min(8, M.key)
  .max(200, M.key)
  .regex(/^[\w:.-]+$/, M.key);

/** Card details for the payments sandbox only (test cards); a real provider takes `payment_method_id` from Stripe Elements. */
export const sandboxCardSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[\d -]{12,23}$/, "Enter the card number (12 to 19 digits)."),
  exp_month: z.coerce
    .number({ error: "Enter the expiry date as MM/YY." })
    .int()
    .min(1, "Enter the expiry date as MM/YY.")
    .max(12, "Enter the expiry date as MM/YY."),
  exp_year: z.coerce
    .number({ error: "Enter the expiry date as MM/YY." })
    .int()
    .min(2000, "Enter the expiry date as MM/YY.")
    .max(2100, "Enter the expiry date as MM/YY."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Enter the 3 or 4 digit security code."),
  holder: z.string().trim().min(1, "Enter the name on the card.").max(100, M.tooLong(100)),
});

/**
 * POST /terminal-orders/checkout: the previewed order, to be paid on the provider's hosted page (Stripe Checkout, or
 * the sandbox's). `amount` is the preview's total; `idempotency_key` names the attempt (the same key again answers
 * the same session). `return_url`: the portal's `/terminal-orders/checkout`, where the browser comes back.
 */
export const hardwareCheckoutBodySchema = z
  .object({
    ...orderFields,
    amount: previewTotal,
    idempotency_key: idempotencyKey,
    return_url: z.preprocess(blankToUndefined, z.string().trim().url(M.checkoutReturnUrl).max(2000, M.checkoutReturnUrl).optional()),
  })
  .superRefine(noSkuTwice);
export type HardwareCheckoutBody = z.infer<typeof hardwareCheckoutBodySchema>;

/** The hosted page to send the browser to (303), until `expires_at`. */
export const hardwareCheckoutResponseSchema = z.object({
  data: z.object({ id: z.string(), url: z.string(), expires_at: z.string(), sandbox: z.boolean() }),
});

export const checkoutSessionParams = z.object({ session: z.string().regex(/^[\w-]{1,255}$/, "No such checkout session.") });

/**
 * POST /terminal-orders: the previewed order, paid by card. `amount` is the total of the preview (pence): a total
 * that has changed since is refused. `idempotency_key` names the attempt: sent again, it orders and charges once.
 */
export const hardwareOrderBodySchema = z
  .object({
    ...orderFields,
    amount: previewTotal,
    payment_method_id: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(255)
        .regex(/^pm_\w+$/, M.paymentMethod)
        .optional(),
    ),
    card: sandboxCardSchema.optional(),
    idempotency_key: idempotencyKey,
  })
  .superRefine((v, ctx) => {
    if (!v.payment_method_id && !v.card) ctx.addIssue({ code: "custom", path: ["payment_method_id"], message: M.paymentMethod });
    noSkuTwice(v, ctx);
  });
export type HardwareOrderBody = z.infer<typeof hardwareOrderBodySchema>;

// ------------------------------------------------------------------------------------------------ answers

export const orderLineSchema = z.object({
  terminal_hardware_sku: z.string(),
  type: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit_amount_pence: z.number().int(),
  amount_pence: z.number().int(),
});

export const hardwareOrderPreviewSchema = z.object({
  items: z.array(orderLineSchema),
  shipping_method: z.string(),
  shipping_method_name: z.string(),
  subtotal_pence: z.number().int(),
  shipping_pence: z.number().int(),
  tax_pence: z.number().int(),
  total_pence: z.number().int(),
  currency: z.string(),
  sandbox: z.boolean(),
});
export type HardwareOrderPreview = z.infer<typeof hardwareOrderPreviewSchema>;
export const hardwareOrderPreviewResponseSchema = z.object({ data: hardwareOrderPreviewSchema });

export const terminalOrderSchema = hardwareOrderPreviewSchema.extend({
  id: z.number().int(),
  status: z.enum(TERMINAL_ORDER_STATUSES),
  status_label: z.string(),
  provider_order_id: z.string(),
  provider: z.enum(["sandbox", "stripe"]),
  provider_label: z.string(),
  shipping: z.object({
    name: z.string(),
    company: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
    address: z.object({
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      state: z.string().nullable(),
      postal_code: z.string(),
      country: z.string(),
    }),
  }),
  payment: z
    .object({
      id: z.number().int(),
      payment_intent_id: z.string().nullable(),
      payment_method_id: z.string().nullable(),
      amount_pence: z.number().int(),
      status: z.string(),
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TerminalOrder = z.infer<typeof terminalOrderSchema>;
export const terminalOrderResponseSchema = z.object({ data: terminalOrderSchema });
export const terminalOrderListSchema = pagedSchema(terminalOrderSchema);

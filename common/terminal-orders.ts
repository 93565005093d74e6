/**
 * Card terminals: Stripe Connect onboarding and terminal hardware orders. Constants, labels, messages and the UK
 * postcode rule, free of zod so that the portal's pages may import them (tests/e2e/bundle.spec.ts).
 * Money is integer pence; amounts are pounds sterling; hardware ships to Great Britain only.
 */

/** The hardware types the spec names, with their labels. */
export const HARDWARE_TYPES = ["bbpos_wisepos_e", "bbpos_wisepad_3"] as const;
export type HardwareType = (typeof HARDWARE_TYPES)[number];
export const HARDWARE_TYPE_LABELS: Record<HardwareType, string> = { bbpos_wisepos_e: "Wise POS E", bbpos_wisepad_3: "Wise Pad 3" };

/** Hardware ships to one country. */
export const SHIPPING_COUNTRY = "GB" as const;
/** VAT on hardware and shipping, in percent. */
export const HARDWARE_VAT_RATE = 20;
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 50;
export const MAX_ORDER_LINES = 10;

/** A hardware order's states, in Stripe's words, and how they read. */
export const TERMINAL_ORDER_STATUSES = ["pending", "ready_to_ship", "shipped", "delivered", "canceled"] as const;
export type TerminalOrderStatus = (typeof TERMINAL_ORDER_STATUSES)[number];
export const TERMINAL_ORDER_STATUS_LABELS: Record<TerminalOrderStatus, string> = {
  pending: "Pending",
  ready_to_ship: "Ready to ship",
  shipped: "Shipped",
  delivered: "Delivered",
  canceled: "Cancelled",
};

/** The sort fields of GET /terminal-orders ('-' for descending); default newest first. */
export const TERMINAL_ORDER_SORTS = ["created_at", "total", "status"] as const;

/** A connected account's onboarding state. */
export const CONNECT_STATUSES = ["not_started", "pending", "enabled"] as const;
export type ConnectStatus = (typeof CONNECT_STATUSES)[number];
export const CONNECT_STATUS_LABELS: Record<ConnectStatus, string> = {
  not_started: "Not started",
  pending: "Pending",
  enabled: "Enabled",
};

/** What onboarding may still need (Stripe's `requirements.currently_due` names), as the screen says it. */
export const CONNECT_REQUIREMENT_LABELS: Record<string, string> = {
  "business_profile.name": "Business name",
  "business_profile.url": "Business website",
  external_account: "Bank account for payouts",
  "representative.first_name": "Representative's first name",
  "representative.last_name": "Representative's last name",
  "representative.dob.day": "Representative's date of birth",
  "tos_acceptance.date": "Acceptance of the terms of service",
};
export const requirementLabel = (code: string) => CONNECT_REQUIREMENT_LABELS[code] ?? code.replace(/[._]/g, " ");

export const TERMINAL_MESSAGES = {
  sku: "Choose a device from the catalogue.",
  quantityFormat: "Enter the quantity as a whole number.",
  quantityMin: `Order at least ${MIN_QUANTITY} of a device.`,
  quantityMax: `You can order at most ${MAX_QUANTITY} of one device in an order.`,
  noItems: "Choose at least one device (a quantity from 1 to 50).",
  tooManyLines: `An order may have at most ${MAX_ORDER_LINES} lines.`,
  duplicateSku: "Each device may appear once in an order: add to its quantity instead.",
  shippingMethod: "Choose a shipping method.",
  line1: "Enter the first line of the address.",
  city: "Enter the town or city.",
  postcode: "Enter a real UK postcode, like SW1A 1AA.",
  country: "Hardware ships to the United Kingdom (GB) only.",
  name: "Enter the name of the person who receives the order.",
  email: "Enter a valid email address.",
  phone: "Enter a phone number (digits, spaces and +).",
  tooLong: (n: number) => `Use ${n} characters or fewer.`,
  amount: "The amount to pay is missing: preview the order again.",
  amountChanged: "The order total has changed: check the new total and pay again.",
  paymentMethod: "Enter the card details.",
  key: "The form has expired: open it again.",
  providerRefused: "The card-terminal provider refused the order.",
  providerDown: "The card-terminal provider did not answer. Nothing was ordered and no card was charged; please try again.",
  paymentsDown: "The payment provider did not answer. Press Pay again: you will not be charged twice.",
  declined: "The card was declined, so nothing was ordered.",
  checkoutUnpaid: "The payment was not completed, so nothing was ordered and no card was charged. Fill in the order again to pay.",
  refundedAfterRefusal: (amount: string) => `Your payment of ${amount} was refunded, so nothing was ordered.`,
  checkoutReturnUrl: "The payment returns to the portal's order page (/terminal-orders/checkout).",
} as const;

/** The spec's marks of a failed hardware call: the provider's own 422, or any other failure. */
export const STRIPE_ERROR = "STRIPE_ERROR";
export const GENERIC_ERROR = "ERROR";

const POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY]) ?\d[ABD-HJLNP-UW-Z]{2})$/;

/**
 * A UK postcode as Royal Mail writes it ("sw1a1aa" → "SW1A 1AA"), or null when it is not one: the outward code
 * (area letters, district) and the inward code (sector digit, two unit letters, never C I K M O V).
 */
export function normaliseUkPostcode(text: string): string | null {
  const compact = text.toUpperCase().replace(/\s+/g, "");
  if (compact.length < 5 || compact.length > 7 || !POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** The totals of an order: lines at their unit prices, shipping, and VAT at 20% on both (rounded half-up). */
export function orderTotals(lines: { unitAmountPence: number; quantity: number }[], shippingPence: number) {
  const subtotalPence = lines.reduce((s, l) => s + l.unitAmountPence * l.quantity, 0);
  const taxPence = Math.floor(((subtotalPence + shippingPence) * HARDWARE_VAT_RATE + 50) / 100);
  return { subtotalPence, shippingPence, taxPence, totalPence: subtotalPence + shippingPence + taxPence };
}

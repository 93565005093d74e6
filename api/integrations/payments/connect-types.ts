/**
 * Stripe Connect and Stripe Terminal hardware behind one interface: a connected account per company (onboarding
 * through an account link), the hardware catalogue, shipping methods, and hardware orders (preview, create, read).
 * The sandbox (connect-sandbox.ts, default) behaves like Stripe's test mode; connect-stripe.ts is the real one,
 * chosen by STRIPE_SECRET_KEY. Amounts are integer pence, the country GB, the currency gbp.
 */
import type { HardwareType, TerminalOrderStatus } from "#common/terminal-orders";
import { PaymentProviderUnavailable, PaymentRequestError } from "./types";

export { PaymentProviderUnavailable };

export interface ConnectCallOptions {
  /** Every call carries one: the same key and parameters again answer the first answer. */
  idempotencyKey: string;
}

export type AccountStatus = "not_started" | "pending" | "enabled";

export interface ProviderAccount {
  id: string;
  status: AccountStatus;
  /** Stripe's `requirements.currently_due`: what onboarding still needs. */
  currentlyDue: string[];
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  businessName: string | null;
  test: boolean;
}

export interface ProviderAccountLink {
  url: string;
  expiresAt: Date;
}

export interface ProviderHardwareSku {
  id: string;
  type: HardwareType;
  name: string;
  unitAmountPence: number;
  currency: string;
  country: string;
  maxPerOrder: number;
}

export interface ProviderShippingMethod {
  id: string;
  name: string;
  description: string;
  amountPence: number;
  currency: string;
}

export interface HardwareOrderInput {
  items: { sku: string; quantity: number }[];
  shippingMethod: string;
  shipping: {
    name: string;
    company?: string;
    email: string;
    phone: string;
    address: { line1: string; line2?: string; city: string; state?: string; postalCode: string; country: "GB" };
  };
  metadata?: Record<string, string>;
}

export interface ProviderOrderLine {
  sku: string;
  type: string;
  name: string;
  quantity: number;
  unitAmountPence: number;
  amountPence: number;
}

export interface ProviderHardwarePreview {
  items: ProviderOrderLine[];
  shippingMethod: string;
  shippingMethodName: string;
  subtotalPence: number;
  shippingPence: number;
  taxPence: number;
  totalPence: number;
  currency: string;
}

export interface ProviderHardwareOrder extends ProviderHardwarePreview {
  id: string;
  status: TerminalOrderStatus;
}

/**
 * The provider refused the call (nothing happened). `status` is the provider's HTTP status: a 422 is the spec's
 * STRIPE_ERROR (e.g. an address the carrier cannot deliver to); other refusals are plain errors.
 */
export class ConnectRequestError extends PaymentRequestError {
  constructor(
    message: string,
    code: string,
    readonly status: number,
  ) {
    super(message, code);
  }
}

export interface ConnectProvider {
  readonly kind: "sandbox" | "stripe";
  readonly label: string;
  /** Creates the company's connected account (Express, GB), nothing filled in yet. */
  createAccount(input: { tenantId: number; email?: string; businessName?: string }, options: ConnectCallOptions): Promise<ProviderAccount>;
  retrieveAccount(accountId: string): Promise<ProviderAccount>;
  /** A one-time onboarding link; the provider sends the user back to `returnUrl` (or `refreshUrl` when it expired). */
  createAccountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }, options: ConnectCallOptions): Promise<ProviderAccountLink>;
  listHardwareSkus(): Promise<ProviderHardwareSku[]>;
  listShippingMethods(): Promise<ProviderShippingMethod[]>;
  previewHardwareOrder(input: HardwareOrderInput, options: ConnectCallOptions): Promise<ProviderHardwarePreview>;
  createHardwareOrder(input: HardwareOrderInput, options: ConnectCallOptions): Promise<ProviderHardwareOrder>;
  retrieveHardwareOrder(orderId: string): Promise<ProviderHardwareOrder>;
  /** Cancels an order not yet shipped (an order whose payment failed). */
  cancelHardwareOrder(orderId: string, options: ConnectCallOptions): Promise<ProviderHardwareOrder>;
}

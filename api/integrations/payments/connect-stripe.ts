import qs from "qs";
import type Stripe from "stripe";
import {
  HARDWARE_TYPE_LABELS,
  HARDWARE_TYPES,
  SHIPPING_COUNTRY,
  TERMINAL_ORDER_STATUSES,
  type HardwareType,
  type TerminalOrderStatus,
} from "#common/terminal-orders";
import { refusalCode, stripeSdk } from "./stripe";
import {
  ConnectRequestError,
  PaymentProviderUnavailable,
  type ConnectCallOptions,
  type ConnectProvider,
  type HardwareOrderInput,
  type ProviderAccount,
  type ProviderAccountLink,
  type ProviderHardwareOrder,
  type ProviderHardwarePreview,
  type ProviderHardwareSku,
  type ProviderShippingMethod,
} from "./connect-types";

/** Stripe's errors in the interface's words: a refusal with Stripe's status (422: STRIPE_ERROR) or an outage. */
function translate(error: unknown): never {
  const { errors } = stripeSdk();
  if (error instanceof errors.StripeError) {
    const status = error.statusCode;
    // A refusal of the request itself (4xx but a rate limit) carries Stripe's status: its 422 is the spec's STRIPE_ERROR.
    if (status && status >= 400 && status < 500 && !(error instanceof errors.StripeRateLimitError)) {
      throw new ConnectRequestError(error.message, refusalCode(error), status);
    }
    throw new PaymentProviderUnavailable(`Stripe did not answer: ${error.message}`);
  }
  throw error;
}

function toAccount(a: Stripe.Account): ProviderAccount {
  const due = a.requirements?.currently_due ?? [];
  const status = !a.details_submitted ? "not_started" : a.charges_enabled && a.payouts_enabled && due.length === 0 ? "enabled" : "pending";
  return {
    id: a.id,
    status,
    currentlyDue: due,
    chargesEnabled: a.charges_enabled ?? false,
    payoutsEnabled: a.payouts_enabled ?? false,
    businessName: a.business_profile?.name ?? a.company?.name ?? null,
    test: false,
  };
}

/** A preview API object as Stripe answers it (terminal.hardware_order), only what is read here. */
interface RawOrderItem {
  amount: number;
  quantity: number;
  terminal_hardware_sku: string | { id: string; product?: string | { type?: string; name?: string } };
}
interface RawOrder {
  id?: string;
  status?: string;
  amount: number;
  currency: string;
  hardware_order_items: RawOrderItem[];
  shipping?: { amount?: number } | null;
  shipping_method?: string | { id: string; name?: string } | null;
  total_tax_amounts?: { amount: number }[];
  tax?: number | null;
}

export interface StripeConnectOptions {
  /** The HTTP layer (tests give a fetch that answers as Stripe would; nothing reaches the network). */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
  maxNetworkRetries?: number;
}

/**
 * Stripe Connect (Express accounts in GB, onboarding through account links) and Stripe Terminal hardware orders,
 * with the official `stripe` package. The hardware endpoints (`terminal/hardware_skus`, `hardware_shipping_methods`,
 * `hardware_orders`) are preview APIs the package has no resource for: they go through `stripe.rawRequest`, with
 * the same authentication, retries and idempotency keys.
 */
export class StripeConnect implements ConnectProvider {
  readonly kind = "stripe" as const;
  readonly label = "Stripe";
  private readonly stripe: Stripe;
  private products: Map<string, HardwareType> | undefined;

  constructor(secretKey: string, options: StripeConnectOptions = {}) {
    this.stripe = new (stripeSdk())(secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 20_000,
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
      appInfo: { name: "business-portal" },
    });
  }

  private async raw<T>(method: "GET" | "POST", path: string, params: Record<string, unknown> | null, options?: ConnectCallOptions): Promise<T> {
    // rawRequest takes parameters in the body of a POST only: a GET carries them in its query string.
    const query = method === "GET" && params ? `?${qs.stringify(params, { arrayFormat: "indices", encodeValuesOnly: true })}` : "";
    try {
      return (await this.stripe.rawRequest(method, `${path}${query}`, method === "POST" ? (params ?? {}) : undefined, {
        ...(options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      })) as T;
    } catch (error) {
      translate(error);
    }
  }

  async createAccount(input: { tenantId: number; email?: string; businessName?: string }, options: ConnectCallOptions): Promise<ProviderAccount> {
    try {
      const account = await this.stripe.accounts.create(
        {
          type: "express",
          country: SHIPPING_COUNTRY,
          ...(input.email ? { email: input.email } : {}),
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          ...(input.businessName ? { business_profile: { name: input.businessName } } : {}),
          metadata: { tenant: String(input.tenantId) },
        },
        { idempotencyKey: options.idempotencyKey },
      );
      return toAccount(account);
    } catch (error) {
      translate(error);
    }
  }

  async retrieveAccount(accountId: string): Promise<ProviderAccount> {
    try {
      return toAccount(await this.stripe.accounts.retrieve(accountId));
    } catch (error) {
      translate(error);
    }
  }

  async createAccountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }, options: ConnectCallOptions): Promise<ProviderAccountLink> {
    try {
      const link = await this.stripe.accountLinks.create(
        { account: accountId, refresh_url: urls.refreshUrl, return_url: urls.returnUrl, type: "account_onboarding" },
        { idempotencyKey: options.idempotencyKey },
      );
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    } catch (error) {
      translate(error);
    }
  }

  private async productTypes(): Promise<Map<string, HardwareType>> {
    if (this.products) return this.products;
    const list = await this.raw<{ data: { id: string; type: string }[] }>("GET", "/v1/terminal/hardware_products", { limit: 100 });
    this.products = new Map(list.data.filter((p) => (HARDWARE_TYPES as readonly string[]).includes(p.type)).map((p) => [p.id, p.type as HardwareType]));
    return this.products;
  }

  async listHardwareSkus(): Promise<ProviderHardwareSku[]> {
    const [skus, types] = await Promise.all([
      this.raw<{ data: { id: string; amount: number; currency: string; country: string; max_per_order: number; product: string; status: string }[] }>(
        "GET",
        "/v1/terminal/hardware_skus",
        { country: SHIPPING_COUNTRY, limit: 100 },
      ),
      this.productTypes(),
    ]);
    return skus.data
      .filter((s) => s.status === "available" && types.has(s.product))
      .map((s) => {
        const type = types.get(s.product)!;
        return {
          id: s.id,
          type,
          name: HARDWARE_TYPE_LABELS[type],
          unitAmountPence: s.amount,
          currency: s.currency,
          country: s.country,
          maxPerOrder: s.max_per_order,
        };
      });
  }

  async listShippingMethods(): Promise<ProviderShippingMethod[]> {
    const list = await this.raw<{
      data: { id: string; name: string; estimated_delivery_days?: number; amount?: number; currency?: string; status?: string }[];
    }>("GET", "/v1/terminal/hardware_shipping_methods", { country: SHIPPING_COUNTRY, limit: 100 });
    return list.data
      .filter((m) => m.status === undefined || m.status === "available")
      .map((m) => ({
        id: m.id,
        name: m.name,
        description: m.estimated_delivery_days ? `About ${m.estimated_delivery_days} working days` : "",
        amountPence: m.amount ?? 0,
        currency: m.currency ?? "gbp",
      }));
  }

  private params(input: HardwareOrderInput) {
    const a = input.shipping.address;
    return {
      hardware_order_items: input.items.map((i) => ({ terminal_hardware_sku: i.sku, quantity: i.quantity })),
      // Required by preview and create; the API takes only monthly_invoice: Stripe bills the platform's account for
      // the hardware at the month's end, and the company pays the platform by card here (decision 026).
      payment_type: "monthly_invoice",
      shipping_method: input.shippingMethod,
      shipping: {
        name: input.shipping.name,
        ...(input.shipping.company ? { company: input.shipping.company } : {}),
        email: input.shipping.email,
        phone: input.shipping.phone,
        address: {
          line1: a.line1,
          ...(a.line2 ? { line2: a.line2 } : {}),
          city: a.city,
          ...(a.state ? { state: a.state } : {}),
          postal_code: a.postalCode,
          country: a.country,
        },
      },
      ...(input.metadata ? { metadata: input.metadata } : {}),
    };
  }

  private async toPreview(o: RawOrder, input?: HardwareOrderInput): Promise<ProviderHardwarePreview> {
    const skus = await this.listSkusSafe();
    const items = o.hardware_order_items.map((item, i) => {
      const skuId = typeof item.terminal_hardware_sku === "string" ? item.terminal_hardware_sku : item.terminal_hardware_sku.id;
      const sku = skus.find((s) => s.id === skuId);
      const quantity = item.quantity ?? input?.items[i]?.quantity ?? 1;
      return {
        sku: skuId,
        type: sku?.type ?? "unknown",
        name: sku?.name ?? skuId,
        quantity,
        unitAmountPence: Math.round(item.amount / quantity),
        amountPence: item.amount,
      };
    });
    const subtotalPence = items.reduce((s, i) => s + i.amountPence, 0);
    const shippingPence = o.shipping?.amount ?? 0;
    const taxPence = o.total_tax_amounts ? o.total_tax_amounts.reduce((s, t) => s + t.amount, 0) : (o.tax ?? o.amount - subtotalPence - shippingPence);
    const method = typeof o.shipping_method === "object" && o.shipping_method ? o.shipping_method : null;
    return {
      items,
      shippingMethod: method?.id ?? (typeof o.shipping_method === "string" ? o.shipping_method : (input?.shippingMethod ?? "")),
      shippingMethodName: method?.name ?? (typeof o.shipping_method === "string" ? o.shipping_method : ""),
      subtotalPence,
      shippingPence,
      taxPence,
      totalPence: o.amount,
      currency: o.currency,
    };
  }

  private async listSkusSafe(): Promise<ProviderHardwareSku[]> {
    try {
      return await this.listHardwareSkus();
    } catch {
      return [];
    }
  }

  private async toOrder(o: RawOrder, input?: HardwareOrderInput): Promise<ProviderHardwareOrder> {
    const status = (TERMINAL_ORDER_STATUSES as readonly string[]).includes(o.status ?? "") ? (o.status as TerminalOrderStatus) : "pending";
    return { ...(await this.toPreview(o, input)), id: o.id ?? "", status };
  }

  async previewHardwareOrder(input: HardwareOrderInput, options: ConnectCallOptions): Promise<ProviderHardwarePreview> {
    const o = await this.raw<RawOrder>("GET", "/v1/terminal/hardware_orders/preview", this.params(input), options);
    return this.toPreview(o, input);
  }

  async createHardwareOrder(input: HardwareOrderInput, options: ConnectCallOptions): Promise<ProviderHardwareOrder> {
    const o = await this.raw<RawOrder>("POST", "/v1/terminal/hardware_orders", this.params(input), options);
    return this.toOrder(o, input);
  }

  async retrieveHardwareOrder(orderId: string): Promise<ProviderHardwareOrder> {
    return this.toOrder(await this.raw<RawOrder>("GET", `/v1/terminal/hardware_orders/${encodeURIComponent(orderId)}`, null));
  }

  async cancelHardwareOrder(orderId: string, options: ConnectCallOptions): Promise<ProviderHardwareOrder> {
    return this.toOrder(await this.raw<RawOrder>("POST", `/v1/terminal/hardware_orders/${encodeURIComponent(orderId)}/cancel`, {}, options));
  }
}

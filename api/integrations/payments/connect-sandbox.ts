import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { HARDWARE_TYPE_LABELS, MAX_QUANTITY, orderTotals, SHIPPING_COUNTRY, type HardwareType, type TerminalOrderStatus } from "#common/terminal-orders";
import type { Database, Tx } from "#api/db/client";
import { connectSandboxObjects, paymentSandboxIdempotency } from "#api/db/schema";
import { isUniqueViolation } from "#api/lib/db-errors";
import {
  ConnectRequestError,
  PaymentProviderUnavailable,
  type AccountStatus,
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

/** The sandbox's catalogue: Stripe's GB hardware, prices in pence before VAT. */
export const SANDBOX_SKUS: ProviderHardwareSku[] = [
  {
    id: "thsku_sbx_wisepos_e",
    type: "bbpos_wisepos_e",
    name: HARDWARE_TYPE_LABELS.bbpos_wisepos_e,
    unitAmountPence: 19900,
    currency: "gbp",
    country: SHIPPING_COUNTRY,
    maxPerOrder: MAX_QUANTITY,
  },
  {
    id: "thsku_sbx_wisepad_3",
    type: "bbpos_wisepad_3",
    name: HARDWARE_TYPE_LABELS.bbpos_wisepad_3,
    unitAmountPence: 5900,
    currency: "gbp",
    country: SHIPPING_COUNTRY,
    maxPerOrder: MAX_QUANTITY,
  },
];

export const SANDBOX_SHIPPING: ProviderShippingMethod[] = [
  { id: "thsm_sbx_standard", name: "Standard", description: "3 to 5 working days", amountPence: 500, currency: "gbp" },
  { id: "thsm_sbx_express", name: "Express", description: "Next working day", amountPence: 1500, currency: "gbp" },
];

/**
 * Special inputs (README): a shipping address whose first line is one of these makes the sandbox answer as Stripe
 * would to an address it refuses (422: STRIPE_ERROR) or as Stripe not answering at all.
 */
export const SANDBOX_REFUSED_LINE1 = "1 Refused Road";
export const SANDBOX_OUTAGE_LINE1 = "1 Outage Road";

/** The test bank account the sandbox's onboarding form takes (Stripe test mode's GB one). */
export const SANDBOX_SORT_CODE = "108800";
export const SANDBOX_ACCOUNT_NUMBER = "00012345";

/** Where a sandbox order is, by its age: it moves on as a shipped order would (the job reads it). */
export const SANDBOX_ORDER_STEPS: [TerminalOrderStatus, number][] = [
  ["ready_to_ship", 60_000],
  ["shipped", 3 * 60_000],
  ["delivered", 10 * 60_000],
];

/** Everything onboarding asks for, in Stripe's names. */
export const ONBOARDING_REQUIREMENTS = [
  "business_profile.name",
  "external_account",
  "representative.first_name",
  "representative.last_name",
  "tos_acceptance.date",
] as const;

interface AccountData {
  id: string;
  tenantId: number;
  email: string | null;
  businessName: string | null;
  bank: { sortCode: string; last4: string } | null;
  representative: { firstName: string | null; lastName: string | null };
  tosAcceptedAt: string | null;
  /** Onboarding was opened and something sent. */
  submitted: boolean;
}

interface LinkData {
  token: string;
  accountId: string;
  returnUrl: string;
  refreshUrl: string;
  expiresAt: string;
}

interface OrderData extends ProviderHardwareOrder {
  createdAtMs: number;
  canceled: boolean;
}

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString("base64url")}`;

/** What onboarding still needs, and the account's state from it. */
function currentlyDue(a: AccountData): string[] {
  const due: string[] = [];
  if (!a.businessName) due.push("business_profile.name");
  if (!a.bank) due.push("external_account");
  if (!a.representative.firstName) due.push("representative.first_name");
  if (!a.representative.lastName) due.push("representative.last_name");
  if (!a.tosAcceptedAt) due.push("tos_acceptance.date");
  return due;
}

export function publicAccount(a: AccountData): ProviderAccount {
  const due = currentlyDue(a);
  const status: AccountStatus = !a.submitted ? "not_started" : due.length ? "pending" : "enabled";
  return {
    id: a.id,
    status,
    currentlyDue: due,
    chargesEnabled: status === "enabled",
    payoutsEnabled: status === "enabled",
    businessName: a.businessName,
    test: true,
  };
}

function orderStatus(o: OrderData, now: number): TerminalOrderStatus {
  if (o.canceled) return "canceled";
  let status: TerminalOrderStatus = "pending";
  for (const [step, after] of SANDBOX_ORDER_STEPS) if (now - o.createdAtMs >= after) status = step;
  return status;
}

const publicOrder = (o: OrderData, now = Date.now()): ProviderHardwareOrder => {
  const { createdAtMs: _c, canceled: _x, ...rest } = o;
  return { ...rest, status: orderStatus(o, now) };
};

/** What the onboarding form sends. */
export interface OnboardingForm {
  businessName: string;
  sortCode: string;
  accountNumber: string;
  firstName: string;
  lastName: string;
  acceptTerms: boolean;
}

/**
 * The Connect and Terminal-hardware sandbox: Stripe test mode's behaviour with nothing sent anywhere. Accounts,
 * account links and hardware orders live in `connect_sandbox_objects`; each changing call's answer is kept under its
 * idempotency key (in the payments sandbox's key table, prefixed `connect:`), so the same call again answers the
 * same object. Onboarding is a page of the API (`/connect-sandbox/onboarding/{token}`) that asks what Stripe's
 * hosted onboarding asks and sends the user back to the portal.
 */
export class SandboxConnect implements ConnectProvider {
  readonly kind = "sandbox" as const;
  readonly label = "Sandbox (test mode: nothing is ordered or shipped)";
  private outage: { calls: number } | null = null;

  constructor(private readonly database: Database) {}

  /** Test hook: the next calls fail as an outage would. */
  simulateOutage(calls = 1) {
    this.outage = { calls };
  }

  private down() {
    if (this.outage && this.outage.calls > 0) {
      this.outage.calls -= 1;
      if (this.outage.calls === 0) this.outage = null;
      throw new PaymentProviderUnavailable("The card-terminal sandbox did not answer (a simulated outage).");
    }
  }

  private async once<T>(operation: string, params: unknown, options: ConnectCallOptions, act: (tx: Tx) => Promise<T>): Promise<T> {
    this.down();
    const key = `connect:${options.idempotencyKey}`;
    const fingerprint = createHash("sha256")
      .update(JSON.stringify([operation, params]))
      .digest("hex");
    const replay = async () => {
      const [kept] = await this.database.db.select().from(paymentSandboxIdempotency).where(eq(paymentSandboxIdempotency.key, key));
      if (!kept) return undefined;
      if (kept.fingerprint !== fingerprint) {
        throw new ConnectRequestError(
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          "idempotency_key_in_use",
          400,
        );
      }
      return kept.response as T;
    };
    const first = await replay();
    if (first !== undefined) return first;
    try {
      return await this.database.transaction(async (tx) => {
        const result = await act(tx);
        await tx.insert(paymentSandboxIdempotency).values({ key, fingerprint, response: result as object });
        return result;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const kept = await replay();
      if (kept === undefined) throw error;
      return kept;
    }
  }

  private async load<T>(db: Tx | Database["db"], id: string, kind: "account" | "account_link" | "hardware_order", lock = false): Promise<T> {
    const q = db.select().from(connectSandboxObjects).where(eq(connectSandboxObjects.id, id));
    const [row] = lock ? await q.for("update") : await q;
    if (!row || row.kind !== kind) {
      throw new ConnectRequestError(
        `No such ${kind === "account" ? "account" : kind === "account_link" ? "account link" : "terminal.hardware_order"}: '${id}'`,
        "resource_missing",
        404,
      );
    }
    return row.data as T;
  }

  private async save(db: Tx | Database["db"], id: string, data: object) {
    await db.update(connectSandboxObjects).set({ data, updatedAt: new Date() }).where(eq(connectSandboxObjects.id, id));
  }

  createAccount(input: { tenantId: number; email?: string; businessName?: string }, options: ConnectCallOptions): Promise<ProviderAccount> {
    return this.once("createAccount", input, options, async (tx) => {
      const data: AccountData = {
        id: newId("acct"),
        tenantId: input.tenantId,
        email: input.email ?? null,
        businessName: null,
        bank: null,
        representative: { firstName: null, lastName: null },
        tosAcceptedAt: null,
        submitted: false,
      };
      await tx.insert(connectSandboxObjects).values({ id: data.id, kind: "account", data });
      return publicAccount(data);
    });
  }

  async retrieveAccount(accountId: string): Promise<ProviderAccount> {
    this.down();
    return publicAccount(await this.load<AccountData>(this.database.db, accountId, "account"));
  }

  createAccountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }, options: ConnectCallOptions): Promise<ProviderAccountLink> {
    return this.once("createAccountLink", { accountId, ...urls }, options, async (tx) => {
      await this.load<AccountData>(tx, accountId, "account");
      const token = randomBytes(24).toString("base64url");
      const data: LinkData = { token, accountId, ...urls, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() };
      await tx.insert(connectSandboxObjects).values({ id: `link_sbx_${token}`, kind: "account_link", data });
      // The page is the API's own: the route makes the address absolute.
      return { url: `/connect-sandbox/onboarding/${token}`, expiresAt: new Date(data.expiresAt) };
    }).then((l) => ({ url: l.url, expiresAt: new Date(l.expiresAt) }));
  }

  /**
   * The onboarding page's link: its account and where it returns to; `expired` once past its expiry (Stripe then
   * sends the user to the link's refresh URL, where a new link is asked for); null when unknown.
   */
  async openLink(
    token: string,
  ): Promise<
    | { expired: false; link: LinkData; account: ProviderAccount & { sortCode: string | null; firstName: string | null; lastName: string | null } }
    | { expired: true; link: LinkData }
    | null
  > {
    if (!/^[\w-]{20,64}$/.test(token)) return null;
    const [row] = await this.database.db
      .select()
      .from(connectSandboxObjects)
      .where(eq(connectSandboxObjects.id, `link_sbx_${token}`));
    if (!row || row.kind !== "account_link") return null;
    const link = row.data as LinkData;
    if (Date.parse(link.expiresAt) < Date.now()) return { expired: true, link };
    const a = await this.load<AccountData>(this.database.db, link.accountId, "account");
    return {
      expired: false,
      link,
      account: { ...publicAccount(a), sortCode: a.bank?.sortCode ?? null, firstName: a.representative.firstName, lastName: a.representative.lastName },
    };
  }

  /**
   * The onboarding form sent: what was filled in is kept; blanks stay due (the account is then pending with
   * them listed). The bank account must be the test one, as in Stripe's test mode.
   */
  async submitOnboarding(accountId: string, form: OnboardingForm): Promise<ProviderAccount> {
    return this.database.transaction(async (tx) => {
      const a = await this.load<AccountData>(tx, accountId, "account", true);
      const next: AccountData = {
        ...a,
        submitted: true,
        businessName: form.businessName || a.businessName,
        bank: form.sortCode && form.accountNumber ? { sortCode: form.sortCode, last4: form.accountNumber.slice(-4) } : a.bank,
        representative: { firstName: form.firstName || a.representative.firstName, lastName: form.lastName || a.representative.lastName },
        tosAcceptedAt: form.acceptTerms ? (a.tosAcceptedAt ?? new Date().toISOString()) : a.tosAcceptedAt,
      };
      await this.save(tx, accountId, next);
      return publicAccount(next);
    });
  }

  /** The seed's demo account: onboarding sent with one thing still missing. */
  async seedAccount(
    tenantId: number,
    filled: Partial<Pick<AccountData, "businessName" | "bank" | "representative" | "tosAcceptedAt">>,
  ): Promise<ProviderAccount> {
    const data: AccountData = {
      id: newId("acct"),
      tenantId,
      email: null,
      businessName: null,
      bank: null,
      representative: { firstName: null, lastName: null },
      tosAcceptedAt: null,
      submitted: true,
      ...filled,
    };
    await this.database.db.insert(connectSandboxObjects).values({ id: data.id, kind: "account", data });
    return publicAccount(data);
  }

  async listHardwareSkus(): Promise<ProviderHardwareSku[]> {
    this.down();
    return SANDBOX_SKUS;
  }

  async listShippingMethods(): Promise<ProviderShippingMethod[]> {
    this.down();
    return SANDBOX_SHIPPING;
  }

  /** The order's lines and totals; an unknown SKU or shipping method is Stripe's 400, the special addresses their cases. */
  private price(input: HardwareOrderInput): ProviderHardwarePreview {
    const line1 = input.shipping.address.line1.trim().toLowerCase();
    if (line1 === SANDBOX_OUTAGE_LINE1.toLowerCase()) throw new PaymentProviderUnavailable("The card-terminal sandbox did not answer (the outage address).");
    if (line1 === SANDBOX_REFUSED_LINE1.toLowerCase()) {
      throw new ConnectRequestError("The shipping address could not be verified by the carrier: check it and try again.", "shipping_address_invalid", 422);
    }
    if (input.shipping.address.country !== SHIPPING_COUNTRY) throw new ConnectRequestError("Hardware ships to GB only.", "country_unsupported", 422);
    const method = SANDBOX_SHIPPING.find((m) => m.id === input.shippingMethod);
    if (!method) throw new ConnectRequestError(`No such terminal.hardware_shipping_method: '${input.shippingMethod}'`, "resource_missing", 400);
    const items = input.items.map((item) => {
      const sku = SANDBOX_SKUS.find((s) => s.id === item.sku);
      if (!sku) throw new ConnectRequestError(`No such terminal.hardware_sku: '${item.sku}'`, "resource_missing", 400);
      if (item.quantity < 1 || item.quantity > sku.maxPerOrder) {
        throw new ConnectRequestError(`Quantity must be between 1 and ${sku.maxPerOrder}.`, "parameter_invalid_integer", 400);
      }
      return {
        sku: sku.id,
        type: sku.type as HardwareType,
        name: sku.name,
        quantity: item.quantity,
        unitAmountPence: sku.unitAmountPence,
        amountPence: sku.unitAmountPence * item.quantity,
      };
    });
    const totals = orderTotals(items, method.amountPence);
    return { items, shippingMethod: method.id, shippingMethodName: `${method.name} (${method.description})`, ...totals, currency: "gbp" };
  }

  async previewHardwareOrder(input: HardwareOrderInput, _options: ConnectCallOptions): Promise<ProviderHardwarePreview> {
    this.down();
    return this.price(input);
  }

  createHardwareOrder(input: HardwareOrderInput, options: ConnectCallOptions): Promise<ProviderHardwareOrder> {
    return this.once("createHardwareOrder", input, options, async (tx) => {
      const preview = this.price(input);
      const data: OrderData = { ...preview, id: newId("thor"), status: "pending", createdAtMs: Date.now(), canceled: false };
      await tx.insert(connectSandboxObjects).values({ id: data.id, kind: "hardware_order", data });
      return publicOrder(data);
    });
  }

  async retrieveHardwareOrder(orderId: string): Promise<ProviderHardwareOrder> {
    this.down();
    return publicOrder(await this.load<OrderData>(this.database.db, orderId, "hardware_order"));
  }

  cancelHardwareOrder(orderId: string, options: ConnectCallOptions): Promise<ProviderHardwareOrder> {
    return this.once("cancelHardwareOrder", { orderId }, options, async (tx) => {
      const o = await this.load<OrderData>(tx, orderId, "hardware_order", true);
      const status = orderStatus(o, Date.now());
      if (status !== "pending" && status !== "canceled") {
        throw new ConnectRequestError(`The hardware order cannot be canceled: it is ${status}.`, "order_not_cancelable", 400);
      }
      const next = { ...o, canceled: true };
      await this.save(tx, orderId, next);
      return publicOrder(next);
    });
  }

  /** The seed's demo orders: an order placed some minutes ago (so it has moved on). */
  async ageOrder(orderId: string, ageMs: number) {
    const o = await this.load<OrderData>(this.database.db, orderId, "hardware_order");
    await this.save(this.database.db, orderId, { ...o, createdAtMs: Date.now() - ageMs });
  }
}

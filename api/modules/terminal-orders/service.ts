import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import {
  TERMINAL_MESSAGES as M,
  TERMINAL_ORDER_SORTS,
  TERMINAL_ORDER_STATUS_LABELS,
  TERMINAL_ORDER_STATUSES,
  type TerminalOrderStatus,
} from "#common/terminal-orders";
import type { ListQuery } from "#contract/common";
import type { HardwareCheckoutBody, HardwareOrderBody, HardwareOrderPreview, HardwareOrderPreviewBody, TerminalOrder } from "#contract/terminal-orders";
import { formatPence } from "#common/pence";
import type { Database, Db, Tx } from "#api/db/client";
import { payments, terminalOrderItems, terminalOrders } from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import { offsetOf, sortOf, textFilter } from "#api/http/paging";
import { isUniqueViolation } from "#api/lib/db-errors";
import { PaymentProviderUnavailable, PaymentRequestError, recordedIntent, type PaymentsProvider, type ProviderCheckout } from "#api/integrations/payments";
import {
  ConnectRequestError,
  type ConnectProvider,
  type HardwareOrderInput,
  type ProviderHardwareOrder,
  type ProviderHardwarePreview,
} from "#api/integrations/payments/connect";
import { refundPayment, takePayment } from "../payments/service";

type OrderRow = typeof terminalOrders.$inferSelect;
type ItemRow = typeof terminalOrderItems.$inferSelect;
type Q = Db | Tx;

export interface Actor {
  tenantId: number;
  userId: number | null;
}

const providerLabel = (p: "sandbox" | "stripe") => (p === "sandbox" ? "Sandbox (test mode: nothing is ordered or shipped)" : "Stripe Terminal");

// ------------------------------------------------------------------------------------------------ provider calls

export function toInput(body: HardwareOrderPreviewBody, tenantId: number): HardwareOrderInput {
  const a = body.shipping.address;
  return {
    items: body.items.map((i) => ({ sku: i.terminal_hardware_sku, quantity: i.quantity })),
    shippingMethod: body.shipping_method,
    shipping: {
      name: body.shipping.name,
      company: body.shipping.company,
      email: body.shipping.email,
      phone: body.shipping.phone,
      address: { line1: a.line1, line2: a.line2, city: a.city, state: a.state, postalCode: a.postal_code, country: a.country },
    },
    metadata: { tenant: String(tenantId) },
  };
}

/**
 * A failed call to the card-terminal provider, as the spec marks it: the provider's 422 is a STRIPE_ERROR (422 with
 * its message); any other failure (another refusal, no answer) is an ERROR (502). Nothing is recorded either way.
 */
export function hardwareFailure(error: unknown): never {
  if (error instanceof ConnectRequestError && error.status === 422) {
    throw new HttpError(422, `${M.providerRefused} ${error.message}`, { provider: [error.message] }, { error: "STRIPE_ERROR" });
  }
  if (error instanceof ConnectRequestError) {
    throw new HttpError(400, `${M.providerRefused} ${error.message}`, { provider: [error.message] }, { error: "ERROR" });
  }
  if (error instanceof PaymentProviderUnavailable) throw new HttpError(502, M.providerDown, undefined, { error: "ERROR" });
  throw error;
}

const previewOf = (p: ProviderHardwarePreview, provider: ConnectProvider): HardwareOrderPreview => ({
  items: p.items.map((i) => ({
    terminal_hardware_sku: i.sku,
    type: i.type,
    name: i.name,
    quantity: i.quantity,
    unit_amount_pence: i.unitAmountPence,
    amount_pence: i.amountPence,
  })),
  shipping_method: p.shippingMethod,
  shipping_method_name: p.shippingMethodName,
  subtotal_pence: p.subtotalPence,
  shipping_pence: p.shippingPence,
  tax_pence: p.taxPence,
  total_pence: p.totalPence,
  currency: p.currency,
  sandbox: provider.kind === "sandbox",
});

/** The order's SKUs and shipping method must be the provider's: refused under their fields before anything is sent. */
export async function checkCatalogue(provider: ConnectProvider, body: HardwareOrderPreviewBody) {
  let skus, methods;
  try {
    [skus, methods] = await Promise.all([provider.listHardwareSkus(), provider.listShippingMethods()]);
  } catch (error) {
    return hardwareFailure(error);
  }
  const errors: Record<string, string[]> = {};
  if (!methods.some((m) => m.id === body.shipping_method)) errors.shipping_method = [M.shippingMethod];
  body.items.forEach((item, i) => {
    const sku = skus.find((s) => s.id === item.terminal_hardware_sku);
    if (!sku) errors[`items.${i}.terminal_hardware_sku`] = [M.sku];
    else if (item.quantity > sku.maxPerOrder) errors[`items.${i}.quantity`] = [M.quantityMax];
  });
  if (Object.keys(errors).length) throw invalid(errors);
}

export async function previewOrder(provider: ConnectProvider, actor: Actor, body: HardwareOrderPreviewBody, key: string) {
  await checkCatalogue(provider, body);
  try {
    return previewOf(
      await provider.previewHardwareOrder(toInput(body, actor.tenantId), { idempotencyKey: `hardware-preview-${actor.tenantId}-${key}` }),
      provider,
    );
  } catch (error) {
    return hardwareFailure(error);
  }
}

export async function catalogue(provider: ConnectProvider) {
  try {
    return (await provider.listHardwareSkus()).map((s) => ({
      id: s.id,
      type: s.type,
      name: s.name,
      unit_amount_pence: s.unitAmountPence,
      currency: s.currency,
      country: s.country,
      max_per_order: s.maxPerOrder,
    }));
  } catch (error) {
    return hardwareFailure(error);
  }
}

export async function shippingMethods(provider: ConnectProvider) {
  try {
    return (await provider.listShippingMethods()).map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      amount_pence: m.amountPence,
      currency: m.currency,
    }));
  } catch (error) {
    return hardwareFailure(error);
  }
}

// ------------------------------------------------------------------------------------------------ reading

function toOrder(o: OrderRow, items: ItemRow[], p: typeof payments.$inferSelect | null): TerminalOrder {
  return {
    id: o.id,
    status: o.status,
    status_label: TERMINAL_ORDER_STATUS_LABELS[o.status],
    provider_order_id: o.providerOrderId,
    provider: o.provider,
    provider_label: providerLabel(o.provider),
    sandbox: o.provider === "sandbox",
    items: items.map((i) => ({
      terminal_hardware_sku: i.sku,
      type: i.hardwareType,
      name: i.name,
      quantity: i.quantity,
      unit_amount_pence: i.unitAmountPence,
      amount_pence: i.amountPence,
    })),
    shipping_method: o.shippingMethod,
    shipping_method_name: o.shippingMethodName,
    shipping: {
      name: o.shippingName,
      company: o.shippingCompany,
      email: o.shippingEmail,
      phone: o.shippingPhone,
      address: { line1: o.line1, line2: o.line2, city: o.city, state: o.state, postal_code: o.postalCode, country: o.country },
    },
    subtotal_pence: o.subtotalPence,
    shipping_pence: o.shippingPence,
    tax_pence: o.taxPence,
    total_pence: o.totalPence,
    currency: "gbp",
    payment: p
      ? {
          id: p.id,
          payment_intent_id: p.providerPaymentId,
          payment_method_id: o.paymentMethodId,
          amount_pence: p.amountPence,
          status: p.status,
          card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
        }
      : null,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

async function withDetails(db: Q, tenantId: number, rows: OrderRow[]): Promise<TerminalOrder[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const paymentIds = rows.map((r) => r.paymentId).filter((id): id is number => id !== null);
  const [items, paid] = await Promise.all([
    db
      .select()
      .from(terminalOrderItems)
      .where(and(eq(terminalOrderItems.tenantId, tenantId), inArray(terminalOrderItems.orderId, ids)))
      .orderBy(asc(terminalOrderItems.id)),
    paymentIds.length
      ? db
          .select()
          .from(payments)
          .where(and(eq(payments.tenantId, tenantId), inArray(payments.id, paymentIds)))
      : Promise.resolve([]),
  ]);
  return rows.map((r) =>
    toOrder(
      r,
      items.filter((i) => i.orderId === r.id),
      paid.find((p) => p.id === r.paymentId) ?? null,
    ),
  );
}

export async function loadOrder(db: Q, tenantId: number, id: number): Promise<TerminalOrder> {
  const [row] = await db
    .select()
    .from(terminalOrders)
    .where(and(eq(terminalOrders.tenantId, tenantId), eq(terminalOrders.id, id)));
  if (!row) throw notFound("Terminal order");
  return (await withDetails(db, tenantId, [row]))[0];
}

export async function listOrders(db: Db, tenantId: number, query: ListQuery) {
  const conditions: SQL[] = [eq(terminalOrders.tenantId, tenantId)];
  const status = textFilter(query, "status");
  if (status !== undefined) {
    const wanted = status.split(",").map((s) => s.trim());
    if (wanted.some((s) => !(TERMINAL_ORDER_STATUSES as readonly string[]).includes(s))) {
      throw invalid({ "filter.status": [`Choose a status of the list: ${TERMINAL_ORDER_STATUSES.join(", ")}.`] });
    }
    conditions.push(inArray(terminalOrders.status, wanted as TerminalOrderStatus[]));
  }
  if (query.sort && !sortOf(query, TERMINAL_ORDER_SORTS)) throw invalid({ sort: [`Sort by one of: ${TERMINAL_ORDER_SORTS.join(", ")}.`] });
  const sort = sortOf(query, TERMINAL_ORDER_SORTS) ?? { field: "created_at" as const, desc: true };
  const column = { created_at: terminalOrders.createdAt, total: terminalOrders.totalPence, status: terminalOrders.status }[sort.field];
  const direction = sort.desc ? desc : asc;
  const where = and(...conditions);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(terminalOrders).where(where).orderBy(direction(column), direction(terminalOrders.id)).limit(query.page.size).offset(offsetOf(query)),
    db.select({ n: count() }).from(terminalOrders).where(where),
  ]);
  return { rows: await withDetails(db, tenantId, rows), total: n };
}

// ------------------------------------------------------------------------------------------------ ordering

async function byKey(db: Q, tenantId: number, key: string) {
  const [row] = await db
    .select()
    .from(terminalOrders)
    .where(and(eq(terminalOrders.tenantId, tenantId), eq(terminalOrders.idempotencyKey, key)));
  return row;
}

/**
 * Orders hardware and pays for it by card, all or nothing, once per attempt (`idempotency_key`):
 *
 * 1. An order already recorded under the key is answered as it is (a form sent twice orders and charges once).
 * 2. The provider prices the order; a total other than the `amount` the user saw is refused before anything else.
 * 3. The provider creates the hardware order (its idempotency key derived from the attempt's): refused or not
 *    answering, nothing was ordered or charged and nothing is recorded.
 * 4. The card is charged through the payments provider (its key also derived from the attempt's). Declined or
 *    refused: the hardware order is cancelled at the provider and nothing is ordered. Not answering: whether the
 *    card was charged is not known, so the hardware order is left as it is and the same attempt sent again finds
 *    the same hardware order and the same charge (the provider's idempotency): it is charged at most once.
 * 5. The order, its lines and its payment are recorded in one transaction (unique per attempt in SQL).
 */
export async function placeOrder(
  database: Database,
  connect: ConnectProvider,
  paymentsProvider: PaymentsProvider,
  actor: Actor,
  body: HardwareOrderBody,
): Promise<{ order: TerminalOrder; repeated: boolean }> {
  const key = body.idempotency_key;
  const existing = await byKey(database.db, actor.tenantId, key);
  if (existing) return { order: await loadOrder(database.db, actor.tenantId, existing.id), repeated: true };
  if (body.card && paymentsProvider.kind !== "sandbox") {
    throw invalid({ card: ["Card details are taken by Stripe Elements here: send its payment_method_id."] });
  }

  await checkCatalogue(connect, body);
  const input = toInput(body, actor.tenantId);
  let hardware: ProviderHardwareOrder;
  try {
    const preview = await connect.previewHardwareOrder(input, { idempotencyKey: `hardware-preview-${actor.tenantId}-${key}` });
    if (preview.totalPence !== body.amount) throw invalid({ amount: [M.amountChanged] }, M.amountChanged);
    hardware = await connect.createHardwareOrder(input, { idempotencyKey: `hardware-order-${actor.tenantId}-${key}` });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return hardwareFailure(error);
  }

  const cancelHardware = async () => {
    try {
      await connect.cancelHardwareOrder(hardware.id, { idempotencyKey: `hardware-cancel-${actor.tenantId}-${key}` });
    } catch {
      // Left pending at the provider, never recorded here; the provider's own order list shows it.
    }
  };

  let payment;
  try {
    payment = await takePayment(database, paymentsProvider, {
      tenantId: actor.tenantId,
      amountPence: hardware.totalPence,
      description: `Card terminal hardware order ${hardware.id}`,
      method: body.card
        ? { type: "card", number: body.card.number, expMonth: body.card.exp_month, expYear: body.card.exp_year, cvc: body.card.cvc, holder: body.card.holder }
        : { type: "payment_method", id: body.payment_method_id! },
      idempotencyKey: `terminal-order-${key}`,
      payerName: body.card?.holder ?? body.shipping.name,
      userId: actor.userId,
    });
  } catch (error) {
    if (error instanceof PaymentRequestError) {
      await cancelHardware();
      throw new HttpError(422, `The card could not be charged: ${error.message}`, { card: [error.message] });
    }
    if (error instanceof PaymentProviderUnavailable) throw new HttpError(502, M.paymentsDown, undefined, { error: "ERROR" });
    throw error;
  }
  if (payment.status !== "succeeded") {
    await cancelHardware();
    const message = payment.failureMessage ?? M.declined;
    throw new HttpError(402, `${message} ${M.declined}`, { card: [message] }, { error: "card_declined" });
  }

  return recordOrder(database, connect.kind, actor, body, hardware, { paymentId: payment.id, paymentMethodId: body.payment_method_id ?? null, key });
}

/** The order, its lines and its payment in one transaction, unique per attempt: the same attempt twice answers the first. */
async function recordOrder(
  database: Database,
  provider: ConnectProvider["kind"],
  actor: Actor,
  body: Pick<HardwareOrderPreviewBody, "shipping">,
  hardware: ProviderHardwareOrder,
  paid: { paymentId: number; paymentMethodId: string | null; key: string },
): Promise<{ order: TerminalOrder; repeated: boolean }> {
  const key = paid.key;
  try {
    const id = await database.transaction(async (tx) => {
      const a = body.shipping.address;
      const [order] = await tx
        .insert(terminalOrders)
        .values({
          tenantId: actor.tenantId,
          provider,
          providerOrderId: hardware.id,
          status: hardware.status,
          shippingMethod: hardware.shippingMethod,
          shippingMethodName: hardware.shippingMethodName,
          shippingName: body.shipping.name,
          shippingCompany: body.shipping.company ?? null,
          shippingEmail: body.shipping.email,
          shippingPhone: body.shipping.phone,
          line1: a.line1,
          line2: a.line2 ?? null,
          city: a.city,
          state: a.state ?? null,
          postalCode: a.postal_code,
          country: a.country,
          subtotalPence: hardware.subtotalPence,
          shippingPence: hardware.shippingPence,
          taxPence: hardware.taxPence,
          totalPence: hardware.totalPence,
          paymentId: paid.paymentId,
          paymentMethodId: paid.paymentMethodId,
          idempotencyKey: key,
          createdBy: actor.userId,
        })
        .returning({ id: terminalOrders.id });
      await tx.insert(terminalOrderItems).values(
        hardware.items.map((i) => ({
          tenantId: actor.tenantId,
          orderId: order.id,
          sku: i.sku,
          hardwareType: i.type,
          name: i.name,
          quantity: i.quantity,
          unitAmountPence: i.unitAmountPence,
          amountPence: i.amountPence,
        })),
      );
      return order.id;
    });
    return { order: await loadOrder(database.db, actor.tenantId, id), repeated: false };
  } catch (error) {
    // The same attempt sent twice at once: both got the same hardware order and charge; the first recorded them.
    if (!isUniqueViolation(error)) throw error;
    const first = await byKey(database.db, actor.tenantId, key);
    if (!first) throw error;
    return { order: await loadOrder(database.db, actor.tenantId, first.id), repeated: true };
  }
}

// ------------------------------------------------------------------------------------------------ hosted checkout

/** What a checkout session carries of its order (Stripe: at most 50 keys, each value under 500 characters). */
const CHECKOUT_KIND = "terminal-order";
const clip = (v: string | null | undefined) => (v ?? "").slice(0, 499);

function checkoutMetadata(actor: Actor, body: HardwareCheckoutBody): Record<string, string> {
  const a = body.shipping.address;
  return {
    kind: CHECKOUT_KIND,
    tenant: String(actor.tenantId),
    user: actor.userId === null ? "" : String(actor.userId),
    attempt: body.idempotency_key,
    lines: body.items.map((i) => `${i.terminal_hardware_sku}:${i.quantity}`).join(","),
    shipping_method: body.shipping_method,
    ship_name: clip(body.shipping.name),
    ship_company: clip(body.shipping.company),
    ship_email: clip(body.shipping.email),
    ship_phone: clip(body.shipping.phone),
    ship_line1: clip(a.line1),
    ship_line2: clip(a.line2),
    ship_city: clip(a.city),
    ship_state: clip(a.state),
    ship_postcode: clip(a.postal_code),
    ship_country: a.country,
    amount: String(body.amount),
  };
}

/** The order a session's metadata carries, as the preview's body. */
function orderOf(m: Record<string, string>): HardwareOrderPreviewBody {
  const blank = (v: string | undefined) => (v ? v : undefined);
  return {
    items: (m.lines ?? "")
      .split(",")
      .filter(Boolean)
      .map((l) => {
        const [sku, quantity] = l.split(":");
        return { terminal_hardware_sku: sku, quantity: Number(quantity) };
      }),
    shipping_method: m.shipping_method ?? "",
    shipping: {
      name: m.ship_name ?? "",
      company: blank(m.ship_company),
      email: m.ship_email ?? "",
      phone: m.ship_phone ?? "",
      address: {
        line1: m.ship_line1 ?? "",
        line2: blank(m.ship_line2),
        city: m.ship_city ?? "",
        state: blank(m.ship_state),
        postal_code: m.ship_postcode ?? "",
        country: (m.ship_country ?? "GB") as "GB",
      },
    },
  };
}

const paymentsFailure = (error: unknown): never => {
  if (error instanceof PaymentProviderUnavailable) throw new HttpError(502, M.paymentsDown, undefined, { error: "ERROR" });
  if (error instanceof PaymentRequestError) throw new HttpError(400, error.message, undefined, { error: "ERROR" });
  throw error;
};

/**
 * The pay step: the order is checked as for a card payment (catalogue, the provider's preview, the total the user
 * saw), then a hosted checkout session is made for it, its lines the preview's (devices, shipping, VAT) and the order
 * in its metadata. The same attempt again answers the same session (key `terminal-checkout-{tenant}-{attempt}`).
 * Nothing is ordered or recorded until the session comes back paid.
 */
export async function startCheckout(
  connect: ConnectProvider,
  paymentsProvider: PaymentsProvider,
  actor: Actor,
  body: HardwareCheckoutBody,
  urls: { successUrl: string; cancelUrl: string },
) {
  await checkCatalogue(connect, body);
  let preview: ProviderHardwarePreview;
  try {
    preview = await connect.previewHardwareOrder(toInput(body, actor.tenantId), {
      idempotencyKey: `hardware-preview-${actor.tenantId}-${body.idempotency_key}`,
    });
  } catch (error) {
    return hardwareFailure(error);
  }
  if (preview.totalPence !== body.amount) throw invalid({ amount: [M.amountChanged] }, M.amountChanged);
  const lines = [
    ...preview.items.map((i) => ({ name: i.name, unitAmountPence: i.unitAmountPence, quantity: i.quantity })),
    { name: `Shipping: ${preview.shippingMethodName}`, unitAmountPence: preview.shippingPence, quantity: 1 },
    { name: "VAT (20%)", unitAmountPence: preview.taxPence, quantity: 1 },
  ].filter((l) => l.unitAmountPence > 0);
  // The expiry is part of the call, so the same attempt sends the same one within the hour (Stripe compares a key's
  // parameters); an attempt sent again after that is refused as an expired form, never given a second session.
  const expiresAt = new Date((Math.floor(Date.now() / 3_600_000) + 2) * 3_600_000);
  try {
    const session = await paymentsProvider.createCheckout(
      {
        amountPence: preview.totalPence,
        currency: "gbp",
        lines,
        description: "Card terminal hardware order",
        successUrl: urls.successUrl,
        cancelUrl: urls.cancelUrl,
        clientReferenceId: `${actor.tenantId}-${body.idempotency_key}`.slice(0, 200),
        metadata: checkoutMetadata(actor, body),
        expiresAt,
      },
      { idempotencyKey: `terminal-checkout-${actor.tenantId}-${body.idempotency_key}` },
    );
    if (session.status !== "open" || !session.url) throw new HttpError(409, M.checkoutUnpaid, undefined, { error: "ERROR" });
    return { id: session.id, url: session.url, expires_at: expiresAt.toISOString(), sandbox: paymentsProvider.kind === "sandbox" };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof PaymentRequestError && (error.code === "idempotency_key_in_use" || error.code === "idempotency_error"))
      throw invalid({ idempotency_key: [M.key] }, M.key);
    return paymentsFailure(error);
  }
}

/**
 * Back from the hosted page (the portal's return route, or the status job for a session never returned to). The
 * session is read from the provider; another company's is not found. Not paid: nothing is recorded (409). Paid:
 * the payment is recorded (once per attempt), the hardware order is created (key `hardware-order-{tenant}-{attempt}`)
 * and the order, its lines and its payment are written in one transaction, unique per attempt, so a reload or the
 * job finds the same order. A provider refusing the hardware after the payment: the payment is refunded (key
 * `terminal-order-refund-{attempt}`) and the answer says so. A provider not answering: the payment stays recorded
 * and the same session completed again (the job does) orders it.
 */
export async function completeCheckout(
  database: Database,
  connect: ConnectProvider,
  paymentsProvider: PaymentsProvider,
  tenantId: number,
  sessionId: string,
): Promise<{ order: TerminalOrder; repeated: boolean }> {
  let session: ProviderCheckout;
  try {
    session = await paymentsProvider.retrieveCheckout(sessionId);
  } catch (error) {
    if (error instanceof PaymentRequestError) throw notFound("Checkout session");
    return paymentsFailure(error);
  }
  const m = session.metadata;
  if (m.kind !== CHECKOUT_KIND || m.tenant !== String(tenantId) || !m.attempt) throw notFound("Checkout session");
  const key = m.attempt;
  const actor: Actor = { tenantId, userId: m.user ? Number(m.user) : null };
  const existing = await byKey(database.db, tenantId, key);
  if (existing) return { order: await loadOrder(database.db, tenantId, existing.id), repeated: true };
  if (!session.paid || !session.intent || session.intent.status !== "succeeded") {
    throw new HttpError(409, M.checkoutUnpaid, undefined, { error: "checkout_unpaid" });
  }
  const body = orderOf(m);
  const payment = await takePayment(database, recordedIntent(paymentsProvider, session.intent, "on the hosted checkout page"), {
    tenantId,
    amountPence: session.intent.amountPence,
    description: `Card terminal hardware order (checkout ${session.id})`,
    method: { type: "payment_method", id: session.intent.id },
    idempotencyKey: `terminal-order-${key}`,
    payerName: body.shipping.name,
    userId: actor.userId,
  });
  const refundAndSay = async (error: ConnectRequestError): Promise<never> => {
    await refundPayment(database, paymentsProvider, actor, payment.id, {
      idempotency_key: `terminal-order-refund-${key}`,
      reason: `The card-terminal provider refused the order: ${error.message}`.slice(0, 500),
    });
    const said = `${M.providerRefused} ${error.message} ${M.refundedAfterRefusal(formatPence(payment.amountPence))}`;
    throw new HttpError(
      error.status === 422 ? 422 : 400,
      said,
      { provider: [error.message] },
      { error: error.status === 422 ? "STRIPE_ERROR" : "ERROR", refunded: true },
    );
  };
  // Refunded already (a refusal answered before): said again, nothing sent to the card-terminal provider.
  if (payment.status === "refunded" || payment.status === "partially_refunded" || payment.refundPendingPence > 0) {
    throw new HttpError(400, `${M.providerRefused} ${M.refundedAfterRefusal(formatPence(payment.amountPence))}`, undefined, { error: "ERROR", refunded: true });
  }
  let hardware: ProviderHardwareOrder;
  try {
    hardware = await connect.createHardwareOrder(toInput(body, tenantId), { idempotencyKey: `hardware-order-${tenantId}-${key}` });
  } catch (error) {
    if (error instanceof ConnectRequestError) return refundAndSay(error);
    return hardwareFailure(error);
  }
  return recordOrder(database, connect.kind, actor, body, hardware, { paymentId: payment.id, paymentMethodId: session.intent.paymentMethodId ?? null, key });
}

/**
 * Sessions paid but never returned to (the browser closed on the provider's page): each completed hardware-order
 * session of the last two days with no order recorded is completed as the return route would. One that fails (a
 * refusal, refunded) does not hold up the others; an outage stops the round.
 */
export async function completePaidCheckouts(database: Database, connect: ConnectProvider, paymentsProvider: PaymentsProvider, now = new Date()) {
  const sessions = await paymentsProvider.listCompletedCheckouts(new Date(now.getTime() - 2 * 24 * 3_600_000));
  let completed = 0;
  for (const s of sessions) {
    const tenantId = Number(s.metadata.tenant);
    if (s.metadata.kind !== CHECKOUT_KIND || !Number.isInteger(tenantId) || !s.metadata.attempt) continue;
    if (await byKey(database.db, tenantId, s.metadata.attempt)) continue;
    try {
      const { repeated } = await completeCheckout(database, connect, paymentsProvider, tenantId, s.id);
      if (!repeated) completed += 1;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode !== 502) continue;
      throw error;
    }
  }
  return completed;
}

// ------------------------------------------------------------------------------------------------ status

/** Reads open orders' state from the provider (each provider's own orders) and records what moved on. */
export async function syncOpenOrders(database: Database, connect: ConnectProvider, limit = 200): Promise<number> {
  const open = await database.db
    .select()
    .from(terminalOrders)
    .where(and(eq(terminalOrders.provider, connect.kind), inArray(terminalOrders.status, ["pending", "ready_to_ship", "shipped"])))
    .orderBy(asc(terminalOrders.updatedAt))
    .limit(limit);
  let moved = 0;
  for (const o of open) {
    let now: ProviderHardwareOrder;
    try {
      now = await connect.retrieveHardwareOrder(o.providerOrderId);
    } catch (error) {
      // One order the provider does not know (or a refusal) does not hold up the others; an outage stops the round.
      if (error instanceof ConnectRequestError) continue;
      throw error;
    }
    if (now.status === o.status) continue;
    await database.db
      .update(terminalOrders)
      .set({ status: now.status, updatedAt: new Date() })
      .where(and(eq(terminalOrders.id, o.id), eq(terminalOrders.status, o.status)));
    moved += 1;
  }
  return moved;
}

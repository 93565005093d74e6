import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { cancellable, poundsToPence, refundablePence, statusAfterRefunds } from "#common/payments";
import { todayInLondon } from "#common/dates";
import type { ListQuery } from "#contract/common";
import {
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_VALUES,
  PAYMENT_SORTS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_VALUES,
  REFUND_STATUS_LABELS,
  type Payment,
  type PaymentRow,
  type RefundBody,
} from "#contract/payments";
import { inOneSnapshot, type Database, type Db, type Tx } from "#api/db/client";
import { paymentEvents, paymentRefunds, payments, salesDocuments, users, type PaymentStatus } from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import { idFilter } from "#api/http/ids";
import {
  DATE_RANGE_MESSAGE,
  dayOf,
  likeEscape,
  ListShape,
  londonDayEnd,
  londonDayStart,
  listOrder,
  listStatements,
  rangeFilter,
  shapedPage,
  sortOf,
  textFilter,
} from "#api/http/paging";
import { enqueue } from "#api/jobs/enqueue";
import { againOnDeadlock, isUniqueViolation } from "#api/lib/db-errors";
import {
  PaymentProviderUnavailable,
  PaymentRequestError,
  type PaymentMethodInput,
  type PaymentsProvider,
  type ProviderRefund,
} from "#api/integrations/payments";
import { tokenMatches } from "#api/lib/tokens";
import { findAnyRow, setStatus } from "../sales-documents/service";
import { refundStatusJob } from "./jobs";

type Q = Db | Tx;
type PaymentRecord = typeof payments.$inferSelect;
type RefundRecord = typeof paymentRefunds.$inferSelect;

export interface Actor {
  tenantId: number;
  userId: number | null;
}

const refuse = (message: string, field = "payment") => invalid({ [field]: [message] }, message);

// ------------------------------------------------------------------------------------------------ reading

/** A payment with its client's name (kept on the payment by migration 0037's triggers) and its invoice's number. */
function joined(db: Q) {
  return db
    .select({ p: payments, clientName: payments.clientName, invoiceNumber: salesDocuments.number })
    .from(payments)
    .leftJoin(salesDocuments, eq(salesDocuments.id, payments.invoiceId))
    .$dynamic();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRow(r: { p: PaymentRecord; clientName: string | null; invoiceNumber: string | null }): PaymentRow {
  const p = r.p;
  const sandbox = p.provider === "sandbox";
  return {
    id: p.id,
    status: p.status,
    status_label: PAYMENT_STATUS_LABELS[p.status] ?? p.status,
    method: p.method,
    method_label: PAYMENT_METHOD_LABELS[p.method] ?? p.method,
    description: p.description,
    payer_name: p.payerName,
    amount_pence: p.amountPence,
    refunded_pence: p.refundedPence,
    refund_pending_pence: p.refundPendingPence,
    refundable_pence: refundablePence(p),
    currency: p.currency,
    client:
      p.individualId && r.clientName !== null
        ? { type: "individual", id: p.individualId, name: r.clientName }
        : p.clientCompanyId && r.clientName !== null
          ? { type: "company", id: p.clientCompanyId, name: r.clientName }
          : null,
    invoice: p.invoiceId ? { id: p.invoiceId, number: r.invoiceNumber } : null,
    card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
    failure: p.failureCode ? { code: p.failureCode, message: p.failureMessage ?? p.failureCode } : null,
    provider: p.provider,
    sandbox,
    provider_label: sandbox ? "Sandbox (test mode: no money moved)" : "Stripe",
    provider_payment_id: p.providerPaymentId,
    can_refund: refundablePence(p) > 0,
    can_cancel: cancellable(p),
    paid_at: iso(p.paidAt),
    cancelled_at: iso(p.cancelledAt),
    created_at: p.createdAt.toISOString(),
  };
}

async function findPayment(db: Q, tenantId: number, id: number, lock = false): Promise<PaymentRecord> {
  const q = db
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, id)))
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("Payment");
  return row;
}

const fullName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.name}, ${users.lastName})), '')`;

/**
 * A payment with its refunds and its history, oldest first, read in one snapshot: a refund the status job settles
 * meanwhile shows in the refunds and in the payment's totals, or in neither.
 */
export const loadPayment = (database: Database, tenantId: number, id: number): Promise<Payment> =>
  inOneSnapshot(database, (tx) => readPayment(tx, tenantId, id));

async function readPayment(db: Q, tenantId: number, id: number): Promise<Payment> {
  const [r] = await joined(db)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, id)))
    .limit(1);
  if (!r) throw notFound("Payment");
  // One after the other: a transaction's statements share its one connection.
  const refunds = await db
    .select({ r: paymentRefunds, by: fullName })
    .from(paymentRefunds)
    .leftJoin(users, eq(users.id, paymentRefunds.createdBy))
    .where(and(eq(paymentRefunds.tenantId, tenantId), eq(paymentRefunds.paymentId, id)))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  const events = await db
    .select({ e: paymentEvents, by: fullName })
    .from(paymentEvents)
    .leftJoin(users, eq(users.id, paymentEvents.userId))
    .where(and(eq(paymentEvents.tenantId, tenantId), eq(paymentEvents.paymentId, id)))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
  return {
    ...toRow(r),
    refunds: refunds.map(({ r: f, by }) => ({
      id: f.id,
      amount_pence: f.amountPence,
      status: f.status,
      status_label: REFUND_STATUS_LABELS[f.status] ?? f.status,
      reason: f.reason,
      failure_message: f.failureMessage,
      provider_refund_id: f.providerRefundId,
      created_by: by,
      created_at: f.createdAt.toISOString(),
    })),
    events: events.map(({ e, by }) => ({
      id: e.id,
      type: e.type,
      message: e.message,
      amount_pence: e.amountPence,
      user: by,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

// ------------------------------------------------------------------------------------------------ list

function amountBound(query: ListQuery, key: string, side?: "from" | "to"): number | undefined {
  const v = query.filter[key];
  const text = side ? (typeof v === "object" ? v[side] : undefined) : typeof v === "string" ? v : undefined;
  if (text === undefined || text.trim() === "") return undefined;
  const pence = poundsToPence(text);
  if (pence === null) throw invalid({ [`filter.${key}`]: [PAYMENT_MESSAGES.amountFormat] });
  return pence;
}

/** Ids of the tenant's invoices (and quotes) whose number contains a pattern. */
const numbered = (tenant: Placeholder, pattern: Placeholder) =>
  sql`(select ${salesDocuments.id} from ${salesDocuments} where ${salesDocuments.tenantId} = ${tenant} and ${salesDocuments.number} ilike ${pattern})`;

/**
 * The list's filters (read and checked as GET /payment reads them) on the payments table alone — the client's name is
 * kept on the payment, an invoice's number is looked up by a subquery, nothing is joined — their values recorded in
 * the list's shape (placeholders: the statements are built once per shape).
 */
function paymentWhere(shape: ListShape, tenant: Placeholder, query: ListQuery): SQL {
  const status = textFilter(query, "status");
  const statuses = status?.split(",").map((s) => s.trim());
  if (statuses?.some((s) => !(PAYMENT_STATUS_VALUES as readonly string[]).includes(s))) {
    throw invalid({ "filter.status": [`Choose a status of the list: ${PAYMENT_STATUS_VALUES.join(", ")}.`] });
  }
  const method = textFilter(query, "method");
  if (method !== undefined && !(PAYMENT_METHOD_VALUES as readonly string[]).includes(method))
    throw invalid({ "filter.method": [`Choose a method: ${PAYMENT_METHOD_VALUES.join(", ")}.`] });
  const client = textFilter(query, "client");
  const search = textFilter(query, "search");
  const { from: createdFrom, to: createdTo } = rangeFilter(query, "created_at", dayOf, DATE_RANGE_MESSAGE);
  const low = amountBound(query, "amount_from") ?? amountBound(query, "amount", "from");
  const high = amountBound(query, "amount_to") ?? amountBound(query, "amount", "to");
  return and(
    eq(payments.tenantId, tenant),
    statuses === undefined
      ? undefined
      : inArray(
          payments.status,
          statuses.map((s, i) => shape.value(`status_${i}`, s)),
        ),
    shape.when("method", method, (p) => eq(payments.method, p)),
    shape.when("individual", idFilter(query, "individual_id"), (p) => eq(payments.individualId, p)),
    shape.when("company", idFilter(query, "company_id"), (p) => eq(payments.clientCompanyId, p)),
    shape.when("invoice", idFilter(query, "invoice_id"), (p) => eq(payments.invoiceId, p)),
    shape.when("client", client === undefined ? undefined : `%${likeEscape(client)}%`, (p) => or(ilike(payments.clientName, p), ilike(payments.payerName, p))!),
    shape.when("search", search === undefined ? undefined : `%${likeEscape(search)}%`, (p) =>
      or(
        /^\d{1,9}$/.test(search!) ? eq(payments.id, shape.value("searchId", Number(search))) : undefined,
        ilike(payments.description, p),
        ilike(payments.payerName, p),
        ilike(payments.cardLast4, p),
        ilike(payments.providerPaymentId, p),
        ilike(payments.clientName, p),
        inArray(payments.invoiceId, numbered(tenant, p)),
      )!,
    ),
    shape.when("createdFrom", createdFrom, (p) => gte(payments.createdAt, londonDayStart(p))),
    shape.when("createdTo", createdTo, (p) => lt(payments.createdAt, londonDayEnd(p))),
    shape.when("amountFrom", low, (p) => gte(payments.amountPence, p)),
    shape.when("amountTo", high, (p) => lte(payments.amountPence, p)),
  )!;
}

/**
 * The list's filters (read and checked as GET /payment reads them), WHERE clause, order and keys with their values
 * (`shape.values`), all on the payments table: the list's page, and an export of the list (api/modules/exports), select
 * with them. The sorts walk the table's indexes: (tenant, created_at, id), (tenant, amount, id), (tenant, status,
 * created_at, id) and the client's name kept on the payment (`client_name`) either way.
 */
export function paymentListPlan(tenantId: number, query: ListQuery) {
  const shape = new ListShape();
  const tenant = shape.value("tenant", tenantId);
  const where = paymentWhere(shape, tenant, query);
  if (query.sort && !sortOf(query, PAYMENT_SORTS)) throw invalid({ sort: [`Sort by one of: ${PAYMENT_SORTS.join(", ")}.`] });
  const sort = sortOf(query, PAYMENT_SORTS) ?? { field: "created_at" as const, desc: true };
  const { order, keys } = shape.sorted(
    sort,
    sort.field === "status"
      ? // A status's payments newest first (descending) or oldest first, as its index has them.
        {
          order: [payments.status, payments.createdAt, payments.id].map((c) => (sort.desc ? desc(c) : asc(c))),
          keys: { columns: [sql`${payments.status}`, sql`${payments.createdAt}`, sql`${payments.id}`], descending: sort.desc },
        }
      : sort.field === "client"
        ? listOrder(sql`lower(${payments.clientName})`, payments.id, sort.desc, true)
        : listOrder(sort.field === "amount" ? payments.amountPence : payments.createdAt, payments.id, sort.desc, false),
  );
  return { shape, tenant, where, order, keys, values: shape.values };
}

/**
 * The list's statements, prepared per shape: the page's ids from the payments table alone with the company's payments
 * version, and the capped count — in the default order whatever the sort (the status filter's index ends in
 * (created_at, id)); a count is remembered at the version it was taken at.
 */
const statements = listStatements(
  payments,
  "payments",
  (db, version) => db.select({ id: payments.id, listVersion: version }).from(payments).$dynamic(),
  [desc(payments.createdAt), desc(payments.id)],
  { id: payments.id, tenantId: payments.tenantId },
);

/**
 * GET /payment: the page's ids (filters and sort on the payments table) beside the capped count, then the page's rows
 * by id. A count taken at the company's payments version is reused while nothing changed (paging, many users on the
 * same view), and a deep page seen before starts at a remembered row (`shapedPage`).
 */
export async function listPayments(db: Db, tenantId: number, query: ListQuery) {
  const { shape, tenant, where, order, keys } = paymentListPlan(tenantId, query);
  const { rows, total } = await shapedPage(db, shape, shape.countKey("payments"), statements, { where, order, tenant, keys }, query.page);
  return {
    rows: await loadPaymentRows(
      db,
      tenantId,
      rows.map((r) => r.id),
    ),
    total,
  };
}

/** Payments by id (their list's columns), of the tenant only, in the order of the ids (an export's page). */
export async function loadPaymentRows(db: Db, tenantId: number, ids: number[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  const rows = await joined(db).where(and(eq(payments.tenantId, tenantId), inArray(payments.id, ids)));
  const byId = new Map(rows.map((r) => [r.p.id, toRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// ------------------------------------------------------------------------------------------------ history

async function addEvent(tx: Q, p: { tenantId: number; id: number }, type: string, message: string, amountPence: number | null, userId: number | null) {
  await tx.insert(paymentEvents).values({ tenantId: p.tenantId, paymentId: p.id, type, message, amountPence, userId });
}

const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;

// ------------------------------------------------------------------------------------------------ refunds

/**
 * Refunds all or part of a payment, once per idempotency key.
 *
 * 1. In one transaction, the payment row locked: the refund of this key is found (the same refund sent again), or
 *    checked against what is left and recorded (status requested, its amount counted as pending). Committed
 *    before the provider is called: a crash after the call still leaves the attempt on record.
 * 2. The provider is called with the key (Stripe's idempotency key): sent again, it answers the same refund.
 * 3. Its answer is recorded, moving the refund on only from the state it was in (a concurrent twin writes once).
 */
export async function refundPayment(database: Database, provider: PaymentsProvider, actor: Actor, id: number, body: RefundBody) {
  const refund = await database.transaction(async (tx) => {
    const p = await findPayment(tx, actor.tenantId, id, true);
    const [same] = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, p.id), eq(paymentRefunds.idempotencyKey, body.idempotency_key)));
    if (same) {
      if (body.amount_pence !== undefined && body.amount_pence !== same.amountPence) throw refuse(PAYMENT_MESSAGES.keyReused, "amount_pence");
      return same;
    }
    if (!["succeeded", "partially_refunded", "refunded"].includes(p.status)) throw refuse(PAYMENT_MESSAGES.notTaken);
    const left = refundablePence(p);
    if (left <= 0) throw refuse(PAYMENT_MESSAGES.nothingLeft, "amount_pence");
    const amount = body.amount_pence ?? left;
    if (amount > left) throw refuse(PAYMENT_MESSAGES.tooMuch(left), "amount_pence");
    const [created] = await tx
      .insert(paymentRefunds)
      .values({
        tenantId: p.tenantId,
        paymentId: p.id,
        amountPence: amount,
        reason: body.reason ?? null,
        idempotencyKey: body.idempotency_key,
        createdBy: actor.userId,
      })
      .returning();
    await tx
      .update(payments)
      .set({ refundPendingPence: p.refundPendingPence + amount, updatedAt: new Date() })
      .where(eq(payments.id, p.id));
    await addEvent(tx, p, "refund_requested", `Refund of ${money(amount)} requested${body.reason ? `: ${body.reason}` : ""}.`, amount, actor.userId);
    return created;
  });
  if (refund.status === "requested") await sendRefund(database, provider, refund);
  return loadPayment(database, actor.tenantId, id);
}

/** The provider's key for a refund attempt: the same attempt always sends the same key. */
const refundKey = (r: RefundRecord) => `refund-${r.tenantId}-${r.paymentId}-${r.idempotencyKey}`;

/**
 * Sends a recorded refund to the provider (again, after an outage: with the same key, so it refunds once) and
 * records the answer. An outage leaves it requested, to be sent again by the job; a refusal fails it.
 */
export async function sendRefund(database: Database, provider: PaymentsProvider, refund: RefundRecord) {
  const [p] = await database.db.select().from(payments).where(eq(payments.id, refund.paymentId));
  let answer: ProviderRefund;
  try {
    answer = await provider.createRefund(
      { paymentIntentId: p.providerPaymentId ?? "", amountPence: refund.amountPence, reason: refund.reason ?? undefined },
      { idempotencyKey: refundKey(refund) },
    );
  } catch (error) {
    if (error instanceof PaymentRequestError) {
      await settleRefund(database, refund.id, { status: "failed", failureReason: error.message, id: null });
      throw new HttpError(422, `The payment provider refused the refund: ${error.message}`, {
        amount_pence: [`The payment provider refused the refund: ${error.message}`],
      });
    }
    if (error instanceof PaymentProviderUnavailable) {
      await database.transaction(async (tx) => {
        await enqueue(tx, refundStatusJob, { refundId: refund.id }, { tenantId: refund.tenantId, delaySeconds: 30 });
      });
      throw new HttpError(502, PAYMENT_MESSAGES.providerDown);
    }
    throw error;
  }
  await settleRefund(database, refund.id, {
    status: answer.status === "succeeded" ? "succeeded" : answer.status === "failed" || answer.status === "canceled" ? "failed" : "pending",
    failureReason: answer.failureReason,
    id: answer.id,
  });
}

/**
 * Moves a refund on to what the provider says, once: only from requested or pending, and the payment's amounts
 * with it (pending money becomes refunded, or is released when the refund failed). A pending refund gets a job
 * that asks again later.
 */
export async function settleRefund(
  database: Database,
  refundId: number,
  to: { status: "pending" | "succeeded" | "failed"; failureReason: string | null; id: string | null },
) {
  await database.transaction(async (tx) => {
    const [r] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).for("update");
    if (!r || r.status === "succeeded" || r.status === "failed" || r.status === to.status) {
      if (r && to.id && !r.providerRefundId) await tx.update(paymentRefunds).set({ providerRefundId: to.id }).where(eq(paymentRefunds.id, r.id));
      return;
    }
    const p = await findPayment(tx, r.tenantId, r.paymentId, true);
    await tx
      .update(paymentRefunds)
      .set({
        status: to.status,
        providerRefundId: to.id ?? r.providerRefundId,
        failureMessage: to.status === "failed" ? (to.failureReason ?? "The refund failed.") : null,
        updatedAt: new Date(),
      })
      .where(eq(paymentRefunds.id, r.id));
    if (to.status === "pending") {
      await addEvent(tx, p, "refund_pending", `Refund of ${money(r.amountPence)} is pending at the provider.`, r.amountPence, null);
      await enqueue(tx, refundStatusJob, { refundId: r.id }, { tenantId: r.tenantId, delaySeconds: 5 });
      return;
    }
    const refundedPence = p.refundedPence + (to.status === "succeeded" ? r.amountPence : 0);
    const status = statusAfterRefunds({ status: p.status, amountPence: p.amountPence, refundedPence }) as PaymentStatus;
    await tx
      .update(payments)
      .set({ refundedPence, refundPendingPence: p.refundPendingPence - r.amountPence, status, updatedAt: new Date() })
      .where(eq(payments.id, p.id));
    if (to.status === "succeeded") await addEvent(tx, p, "refund_succeeded", `Refund of ${money(r.amountPence)} succeeded.`, r.amountPence, null);
    else
      await addEvent(
        tx,
        p,
        "refund_failed",
        `Refund of ${money(r.amountPence)} failed: ${to.failureReason ?? "the provider refused it"}.`,
        r.amountPence,
        null,
      );
  });
}

/** The job's step: a requested refund is sent (again); a pending one is asked about. Answers whether it is settled. */
export async function advanceRefund(database: Database, provider: PaymentsProvider, refundId: number): Promise<boolean> {
  const [r] = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!r || r.status === "succeeded" || r.status === "failed") return true;
  if (r.status === "requested") {
    try {
      await sendRefund(database, provider, r);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 422) return true;
      throw error;
    }
    const [after] = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    return after.status !== "pending" && after.status !== "requested";
  }
  const answer = await provider.retrieveRefund(r.providerRefundId ?? "");
  if (answer.status === "pending" || answer.status === "requires_action") return false;
  await settleRefund(database, r.id, { status: answer.status === "succeeded" ? "succeeded" : "failed", failureReason: answer.failureReason, id: answer.id });
  return true;
}

// ------------------------------------------------------------------------------------------------ cancel

/** Cancels an authorised payment (the hold on the card is released); a taken one is refunded instead. */
export async function cancelPayment(database: Database, provider: PaymentsProvider, actor: Actor, id: number, key: string | undefined) {
  const p = await findPayment(database.db, actor.tenantId, id);
  if (p.status === "cancelled") return loadPayment(database, actor.tenantId, id);
  if (!cancellable(p))
    throw refuse(["succeeded", "partially_refunded", "refunded"].includes(p.status) ? PAYMENT_MESSAGES.cancelTaken : PAYMENT_MESSAGES.cancelFinished);
  try {
    await provider.cancelPayment(p.providerPaymentId ?? "", { idempotencyKey: `cancel-${p.tenantId}-${p.id}-${key ?? "once"}` });
  } catch (error) {
    if (error instanceof PaymentRequestError) throw refuse(`The payment provider refused to cancel it: ${error.message}`);
    if (error instanceof PaymentProviderUnavailable) throw new HttpError(502, "The payment provider did not answer. Nothing was cancelled; try again.");
    throw error;
  }
  await database.transaction(async (tx) => {
    const locked = await findPayment(tx, actor.tenantId, id, true);
    if (locked.status !== "authorised") return;
    await tx.update(payments).set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() }).where(eq(payments.id, id));
    await addEvent(tx, locked, "cancelled", "Payment cancelled: the hold on the card was released.", locked.amountPence, actor.userId);
  });
  return loadPayment(database, actor.tenantId, id);
}

// ------------------------------------------------------------------------------------------------ taking payments

export interface TakePaymentInput {
  tenantId: number;
  amountPence: number;
  description: string;
  method: PaymentMethodInput;
  idempotencyKey: string;
  payerName?: string | null;
  invoiceId?: number | null;
  individualId?: number | null;
  clientCompanyId?: number | null;
  capture?: "automatic" | "manual";
  userId?: number | null;
}

/**
 * A payment under way for longer than this is taken to be abandoned (its provider call never answered and nobody
 * sent the same attempt again): a new attempt on the same invoice may then claim it.
 */
export const STALE_CLAIM_MINUTES = 15;

/** What the payment's recording decided about an invoice it pays: the reason to give its money back, if any. */
export type OnSuccess = (tx: Tx, p: PaymentRecord) => Promise<string | void>;

/** The provider's key for a payment attempt: the same attempt always sends the same key. */
const paymentKey = (input: Pick<TakePaymentInput, "tenantId" | "idempotencyKey">) => `payment-${input.tenantId}-${input.idempotencyKey}`;

async function byKey(db: Q, tenantId: number, key: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.idempotencyKey, key)));
  return row as PaymentRecord | undefined;
}

/**
 * Records the attempt as `processing` before the provider is called, committed. For an invoice this is its claim:
 * the unique index on an invoice's payment under way or completed lets one attempt in, and another attempt at the
 * same moment is refused (409) before it reaches the provider. The same attempt again (its key) finds its row.
 */
async function claimPayment(database: Database, provider: PaymentsProvider, input: TakePaymentInput, check?: (tx: Tx) => Promise<void>) {
  const insert = () =>
    database.transaction(async (tx) => {
      const existing = await byKey(tx, input.tenantId, input.idempotencyKey);
      if (existing) return existing;
      if (check) await check(tx);
      const [p] = await tx
        .insert(payments)
        .values({
          tenantId: input.tenantId,
          invoiceId: input.invoiceId ?? null,
          individualId: input.individualId ?? null,
          clientCompanyId: input.clientCompanyId ?? null,
          payerName: input.payerName ?? null,
          description: input.description,
          method: input.method.type === "card_present" ? "card_present" : "card",
          status: "processing",
          amountPence: input.amountPence,
          provider: provider.kind,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      return p;
    });
  for (let attempt = 0; ; attempt++) {
    try {
      // Attempts at once on PostgreSQL may deadlock on the invoice's claim (and on the company's list version the
      // payments' triggers move): the loser asks again, and then sees the winner's claim.
      return await againOnDeadlock(insert);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same attempt sent twice at once: the first recorded it.
      const twin = await byKey(database.db, input.tenantId, input.idempotencyKey);
      if (twin) return twin;
      if (!input.invoiceId || attempt > 0) throw error;
      // Another attempt holds the invoice. Under way: refused. Abandoned long ago: marked so, and this one goes on.
      const [holder] = await database.db
        .select()
        .from(payments)
        .where(and(eq(payments.invoiceId, input.invoiceId), eq(payments.status, "processing")));
      if (!holder || holder.createdAt.getTime() > Date.now() - STALE_CLAIM_MINUTES * 60_000) {
        throw new HttpError(409, holder ? PAYMENT_MESSAGES.invoiceInFlight : PAYMENT_MESSAGES.invoicePaid, {
          invoice: [holder ? PAYMENT_MESSAGES.invoiceInFlight : PAYMENT_MESSAGES.invoicePaid],
        });
      }
      await abandonClaim(database, holder.id);
    }
  }
}

/** A payment left processing for good (its provider call never answered): failed, with the reason on its history. */
async function abandonClaim(database: Database, id: number) {
  await database.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
    if (!p || p.status !== "processing") return;
    const message = `The payment provider never answered this attempt; after ${STALE_CLAIM_MINUTES} minutes another attempt was let in.`;
    await tx.update(payments).set({ status: "failed", failureCode: "abandoned", failureMessage: message, updatedAt: new Date() }).where(eq(payments.id, id));
    await addEvent(tx, p, "failed", message, p.amountPence, null);
  });
}

/**
 * Takes a payment through the provider and records it, succeeded, authorised or failed (a declined card is a
 * failed payment with its reason). The attempt is recorded (processing) before the provider is called; the same
 * idempotency key again answers the payment recorded, or (still processing: the provider did not answer) sends
 * the same attempt to the provider again, which answers it once.
 */
export async function takePayment(
  database: Database,
  provider: PaymentsProvider,
  input: TakePaymentInput,
  onSuccess?: OnSuccess,
  check?: (tx: Tx) => Promise<void>,
) {
  const claim = await claimPayment(database, provider, input, check);
  if (claim.status !== "processing") return claim;
  let intent: Awaited<ReturnType<PaymentsProvider["createPayment"]>>;
  try {
    intent = await provider.createPayment(
      {
        amountPence: input.amountPence,
        currency: "gbp",
        description: input.description,
        paymentMethod: input.method,
        capture: input.capture ?? "automatic",
        metadata: { tenant: String(input.tenantId), ...(input.invoiceId ? { invoice: String(input.invoiceId) } : {}) },
      },
      { idempotencyKey: paymentKey(input) },
    );
  } catch (error) {
    // Refused: nothing happened at the provider, the attempt failed and the invoice is free again. An outage
    // leaves it processing: whether the card was charged is not known until the same attempt is sent again.
    if (error instanceof PaymentRequestError) await settleClaim(database, claim.id, { failed: error.message }, input.userId ?? null);
    throw error;
  }
  const { payment, refundReason } = await settleClaim(database, claim.id, { intent }, input.userId ?? null, onSuccess);
  if (refundReason) {
    await refundPayment(database, provider, { tenantId: payment.tenantId, userId: null }, payment.id, {
      idempotency_key: `automatic-${payment.id}`,
      reason: refundReason,
    });
    const [after] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    return after;
  }
  return payment;
}

/** Records the provider's answer on a processing payment, once (a twin that settles it too changes nothing). */
async function settleClaim(
  database: Database,
  id: number,
  answer: { intent: Awaited<ReturnType<PaymentsProvider["createPayment"]>> } | { failed: string },
  userId: number | null,
  onSuccess?: OnSuccess,
): Promise<{ payment: PaymentRecord; refundReason?: string }> {
  return againOnDeadlock(() => settleClaimOnce(database, id, answer, userId, onSuccess));
}

async function settleClaimOnce(
  database: Database,
  id: number,
  answer: { intent: Awaited<ReturnType<PaymentsProvider["createPayment"]>> } | { failed: string },
  userId: number | null,
  onSuccess?: OnSuccess,
): Promise<{ payment: PaymentRecord; refundReason?: string }> {
  return database.transaction(async (tx) => {
    const [claim] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
    if (claim.status !== "processing") return { payment: claim };
    if ("failed" in answer) {
      const [p] = await tx
        .update(payments)
        .set({ status: "failed", failureCode: "refused", failureMessage: answer.failed, updatedAt: new Date() })
        .where(eq(payments.id, id))
        .returning();
      await addEvent(tx, p, "failed", `Payment of ${money(p.amountPence)} refused by the provider: ${answer.failed}`, p.amountPence, userId);
      return { payment: p };
    }
    const { intent } = answer;
    const status: PaymentStatus = intent.failure
      ? "failed"
      : intent.status === "succeeded"
        ? "succeeded"
        : intent.status === "requires_capture"
          ? "authorised"
          : intent.status === "canceled"
            ? "cancelled"
            : "failed";
    const [p] = await tx
      .update(payments)
      .set({
        status,
        providerPaymentId: intent.id,
        cardBrand: intent.card?.brand ?? null,
        cardLast4: intent.card?.last4 ?? null,
        failureCode: intent.failure ? (intent.failure.declineCode && intent.failure.code === "card_declined" ? "card_declined" : intent.failure.code) : null,
        failureMessage: intent.failure?.message ?? null,
        paidAt: status === "succeeded" ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, id))
      .returning();
    const card = intent.card ? `${intent.card.brand} ending ${intent.card.last4}` : "card";
    if (status === "failed")
      await addEvent(tx, p, "failed", `Payment of ${money(p.amountPence)} by ${card} failed: ${intent.failure?.message ?? "declined"}`, p.amountPence, userId);
    else if (status === "authorised") await addEvent(tx, p, "authorised", `Payment of ${money(p.amountPence)} authorised on ${card}.`, p.amountPence, userId);
    else await addEvent(tx, p, "succeeded", `Payment of ${money(p.amountPence)} by ${card} succeeded.`, p.amountPence, userId);
    if (p.provider === "sandbox") await addEvent(tx, p, "sandbox", "Taken by the payments sandbox (test mode): no money moved.", null, null);
    const refundReason = status === "succeeded" && onSuccess ? ((await onSuccess(tx, p)) ?? undefined) : undefined;
    return { payment: p, refundReason };
  });
}

/** The client's card form of an invoice, through its link: what it shows. 404 for a wrong token. */
export async function payableInvoice(db: Db, invoiceId: number, token: string | undefined) {
  const row = await findAnyRow(db, "invoice", invoiceId);
  if (!row || !tokenMatches(row, token)) throw notFound("Invoice");
  return row;
}

export interface CardForm {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holder: string;
}

/**
 * The client pays a sent invoice by card through its link.
 *
 * 1. The attempt is recorded (processing) with the invoice locked and checked sent, committed before the provider
 *    is called. The unique index on an invoice's payment under way or completed admits one: a second payment of
 *    the same invoice at the same moment is answered 409 and never reaches the provider.
 * 2. The card is charged with the attempt's key (sent again, the same attempt charges once).
 * 3. The payment is recorded and the invoice marked paid (by card, today) in one transaction, the invoice locked.
 *    Should the invoice no longer be open by then (marked paid by hand, or cancelled, while the card was being
 *    charged), the money is refunded at once and the payment's history says why.
 */
export async function payInvoiceByCard(
  database: Database,
  provider: PaymentsProvider,
  invoiceId: number,
  token: string | undefined,
  card: CardForm,
  attemptKey: string,
) {
  const row = await payableInvoice(database.db, invoiceId, token);
  const key = `invoice-${row.id}-${attemptKey}`;
  // The same attempt again while it is still under way (the provider did not answer) is sent again; otherwise the
  // invoice must still be open.
  const again = await byKey(database.db, row.tenantId, key);
  if (again?.status !== "processing") {
    if (row.status === "paid") throw refuse(PAYMENT_MESSAGES.invoicePaid, "invoice");
    if (row.status !== "sent") throw refuse(PAYMENT_MESSAGES.invoiceNotPayable, "invoice");
  }
  return takePayment(
    database,
    provider,
    {
      tenantId: row.tenantId,
      amountPence: row.totalPence,
      description: `Invoice ${row.number ?? row.id}`,
      method: { type: "card", number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc, holder: card.holder },
      idempotencyKey: key,
      payerName: card.holder,
      invoiceId: row.id,
      individualId: row.individualId,
      clientCompanyId: row.clientCompanyId,
    },
    async (tx, payment) => {
      const [locked] = await tx.select().from(salesDocuments).where(eq(salesDocuments.id, row.id)).for("update");
      if (locked.status !== "sent") {
        const reason = locked.status === "paid" ? PAYMENT_MESSAGES.refundedPaidMeanwhile : PAYMENT_MESSAGES.refundedClosedMeanwhile;
        await addEvent(tx, payment, "invoice_not_open", reason, null, null);
        return reason;
      }
      await setStatus(tx, row.id, { status: "paid", paidOn: todayInLondon(), paymentMethod: "card" });
      await addEvent(tx, payment, "invoice_paid", `Invoice ${row.number ?? row.id} marked paid by card.`, null, null);
    },
    async (tx) => {
      const [locked] = await tx.select().from(salesDocuments).where(eq(salesDocuments.id, row.id)).for("update");
      if (locked.status === "paid") throw refuse(PAYMENT_MESSAGES.invoicePaid, "invoice");
      if (locked.status !== "sent") throw refuse(PAYMENT_MESSAGES.invoiceNotPayable, "invoice");
    },
  );
}

/** A fresh key for a form, made when it is drawn. */
export const newFormKey = () => randomUUID();

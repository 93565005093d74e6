import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import { todayInLondon } from "#common/dates";
import type { ListQuery } from "#contract/common";
import {
  READER_DEVICE_LABELS,
  TERMINAL_LOCATION_SORTS,
  TERMINAL_MESSAGES as M,
  TERMINAL_PAYMENT_STATUS_LABELS,
  TERMINAL_PIN_MAX_FAILURES,
  TERMINAL_PIN_WINDOW_MINUTES,
  TERMINAL_READER_KEY_SORTS,
  TERMINAL_READER_SORTS,
  TERMINAL_UNLOCK_MINUTES,
  type LocationBody,
  type ReaderBody,
  type ReaderKey,
  type ReaderKeyBody,
  type TerminalLocation,
  type TerminalPayment,
  type TerminalReader,
} from "#contract/terminal-app";
import type { Database, Db, Tx } from "#api/db/client";
import {
  clientCompanies,
  individuals,
  paymentEvents,
  salesDocuments,
  terminalLocations,
  terminalPayments,
  terminalPinChecks,
  terminalReaderKeys,
  terminalReaders,
  terminalUnlocks,
  users,
} from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import { likeEscape, offsetOf, sortOf, textFilter } from "#api/http/paging";
import { idFilter } from "#api/http/ids";
import { isUniqueViolation } from "#api/lib/db-errors";
import { hashPassword, verifyPassword } from "#api/lib/passwords";
import {
  PaymentProviderUnavailable,
  recordedIntent,
  PaymentRequestError,
  type ProviderIntent,
  type ProviderReader,
  type TerminalProvider,
} from "#api/integrations/payments";
import { setStatus } from "../sales-documents/service";
import { takePayment } from "../payments/service";

type Q = Db | Tx;
export interface Actor {
  tenantId: number;
  userId: number;
}
type LocationRow = typeof terminalLocations.$inferSelect;
type ReaderRow = typeof terminalReaders.$inferSelect;
type PaymentRow = typeof terminalPayments.$inferSelect;

const providerDown = () => new HttpError(502, M.providerDown);

/** A provider's refusal as a field error; an outage as 502 (nothing is known to have happened twice). */
async function atProvider<T>(field: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PaymentRequestError) throw invalid({ [field]: [error.message] });
    if (error instanceof PaymentProviderUnavailable) throw providerDown();
    throw error;
  }
}

function sortedBy<F extends string>(query: ListQuery, fields: readonly F[], fallback: F) {
  if (query.sort && !sortOf(query, fields)) throw invalid({ sort: [`Sort by one of: ${fields.join(", ")}.`] });
  return sortOf(query, fields) ?? { field: fallback, desc: false };
}

const address = (b: LocationBody) => ({ line1: b.line1, line2: b.line2 ?? null, city: b.city, postalCode: b.postal_code, country: "GB" as const });

// ------------------------------------------------------------------------------------------------ locations

const readersCount = sql<number>`(select count(*)::int from ${terminalReaders} where ${terminalReaders.locationId} = ${terminalLocations.id})`;

function toLocation(l: LocationRow, readers: number): TerminalLocation {
  return {
    id: l.id,
    display_name: l.displayName,
    line1: l.line1,
    line2: l.line2,
    city: l.city,
    postal_code: l.postalCode,
    country: l.country,
    provider_location_id: l.providerLocationId,
    readers_count: readers,
    created_at: l.createdAt.toISOString(),
  };
}

export async function listLocations(db: Db, tenantId: number, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [eq(terminalLocations.tenantId, tenantId)];
  const search = textFilter(query, "search");
  if (search) {
    const p = `%${likeEscape(search)}%`;
    conditions.push(or(ilike(terminalLocations.displayName, p), ilike(terminalLocations.city, p), ilike(terminalLocations.postalCode, p)));
  }
  const sort = sortedBy(query, TERMINAL_LOCATION_SORTS, "display_name");
  const column = {
    display_name: sql`lower(${terminalLocations.displayName})`,
    city: sql`lower(${terminalLocations.city})`,
    created_at: terminalLocations.createdAt,
  }[sort.field];
  const dir = sort.desc ? desc : asc;
  const where = and(...conditions);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ l: terminalLocations, readers: readersCount })
      .from(terminalLocations)
      .where(where)
      .orderBy(dir(column), dir(terminalLocations.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(terminalLocations).where(where),
  ]);
  return { rows: rows.map((r) => toLocation(r.l, r.readers)), total: n };
}

async function findLocation(db: Q, tenantId: number, id: number): Promise<LocationRow> {
  const [row] = await db
    .select()
    .from(terminalLocations)
    .where(and(eq(terminalLocations.tenantId, tenantId), eq(terminalLocations.id, id)));
  if (!row) throw notFound("Location");
  return row;
}

export async function getLocation(db: Db, tenantId: number, id: number) {
  const [r] = await db
    .select({ l: terminalLocations, readers: readersCount })
    .from(terminalLocations)
    .where(and(eq(terminalLocations.tenantId, tenantId), eq(terminalLocations.id, id)));
  if (!r) throw notFound("Location");
  return toLocation(r.l, r.readers);
}

async function nameFree(db: Db, tenantId: number, name: string, except?: number) {
  const [taken] = await db
    .select({ id: terminalLocations.id })
    .from(terminalLocations)
    .where(and(eq(terminalLocations.tenantId, tenantId), sql`lower(${terminalLocations.displayName}) = lower(${name})`));
  if (taken && taken.id !== except) throw invalid({ display_name: [M.displayNameTaken] });
}

export async function createLocation(database: Database, terminal: TerminalProvider, tenantId: number, body: LocationBody) {
  const { db } = database;
  await nameFree(db, tenantId, body.display_name);
  const located = await atProvider("display_name", () =>
    terminal.createLocation({ displayName: body.display_name, address: address(body) }, { idempotencyKey: `location-${tenantId}-${randomUUID()}` }),
  );
  try {
    const [row] = await db
      .insert(terminalLocations)
      .values({
        tenantId,
        displayName: body.display_name,
        line1: body.line1,
        line2: body.line2 ?? null,
        city: body.city,
        postalCode: body.postal_code,
        provider: terminal.kind,
        providerLocationId: located.id,
      })
      .returning();
    return toLocation(row, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ display_name: [M.displayNameTaken] });
    throw error;
  }
}

export async function updateLocation(database: Database, terminal: TerminalProvider, tenantId: number, id: number, body: LocationBody) {
  const { db } = database;
  const row = await findLocation(db, tenantId, id);
  await nameFree(db, tenantId, body.display_name, id);
  await atProvider("display_name", () =>
    terminal.updateLocation(
      row.providerLocationId,
      { displayName: body.display_name, address: address(body) },
      { idempotencyKey: `location-${id}-${randomUUID()}` },
    ),
  );
  try {
    await db
      .update(terminalLocations)
      .set({
        displayName: body.display_name,
        line1: body.line1,
        line2: body.line2 ?? null,
        city: body.city,
        postalCode: body.postal_code,
        updatedAt: new Date(),
      })
      .where(eq(terminalLocations.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ display_name: [M.displayNameTaken] });
    throw error;
  }
  return getLocation(db, tenantId, id);
}

/** A location with readers is kept (delete its readers first); its reader keys go with it. */
export async function deleteLocation(database: Database, terminal: TerminalProvider, tenantId: number, id: number) {
  const { db } = database;
  const row = await findLocation(db, tenantId, id);
  const [{ n }] = await db.select({ n: count() }).from(terminalReaders).where(eq(terminalReaders.locationId, id));
  if (n > 0) throw invalid({ location: [M.locationInUse] });
  await atProvider("location", () => terminal.deleteLocation(row.providerLocationId, { idempotencyKey: `location-delete-${id}` }));
  await db.delete(terminalLocations).where(eq(terminalLocations.id, id));
}

// ------------------------------------------------------------------------------------------------ reader keys

const keyColumns = { k: terminalReaderKeys, locationName: terminalLocations.displayName };

function toKey(r: { k: typeof terminalReaderKeys.$inferSelect; locationName: string }): ReaderKey {
  return {
    id: r.k.id,
    reader_name: r.k.readerName,
    location: { id: r.k.locationId, display_name: r.locationName },
    created_at: r.k.createdAt.toISOString(),
    updated_at: r.k.updatedAt.toISOString(),
  };
}

export async function listReaderKeys(db: Db, tenantId: number, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [eq(terminalReaderKeys.tenantId, tenantId)];
  const search = textFilter(query, "search");
  if (search) {
    const p = `%${likeEscape(search)}%`;
    conditions.push(or(ilike(terminalReaderKeys.readerName, p), ilike(terminalLocations.displayName, p)));
  }
  const locationId = idFilter(query, "location_id");
  if (locationId !== undefined) conditions.push(eq(terminalReaderKeys.locationId, locationId));
  const sort = sortedBy(query, TERMINAL_READER_KEY_SORTS, "reader_name");
  const column = {
    reader_name: sql`lower(${terminalReaderKeys.readerName})`,
    location: sql`lower(${terminalLocations.displayName})`,
    created_at: terminalReaderKeys.createdAt,
  }[sort.field];
  const dir = sort.desc ? desc : asc;
  const where = and(...conditions);
  const from = () => db.select(keyColumns).from(terminalReaderKeys).innerJoin(terminalLocations, eq(terminalLocations.id, terminalReaderKeys.locationId));
  const [rows, [{ n }]] = await Promise.all([
    from().where(where).orderBy(dir(column), dir(terminalReaderKeys.id)).limit(query.page.size).offset(offsetOf(query)),
    db.select({ n: count() }).from(terminalReaderKeys).innerJoin(terminalLocations, eq(terminalLocations.id, terminalReaderKeys.locationId)).where(where),
  ]);
  return { rows: rows.map(toKey), total: n };
}

export async function getReaderKey(db: Db, tenantId: number, id: number) {
  const [r] = await db
    .select(keyColumns)
    .from(terminalReaderKeys)
    .innerJoin(terminalLocations, eq(terminalLocations.id, terminalReaderKeys.locationId))
    .where(and(eq(terminalReaderKeys.tenantId, tenantId), eq(terminalReaderKeys.id, id)));
  if (!r) throw notFound("Reader key");
  return toKey(r);
}

async function locationOf(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(terminalLocations)
    .where(and(eq(terminalLocations.tenantId, tenantId), eq(terminalLocations.id, id)));
  if (!row) throw invalid({ location_id: [M.location] });
  return row;
}

export async function saveReaderKey(db: Db, tenantId: number, id: number | null, body: ReaderKeyBody) {
  // Another company's key is not found before anything about the body is said.
  if (id !== null) await getReaderKey(db, tenantId, id);
  await locationOf(db, tenantId, body.location_id);
  if (id === null && body.password === "") throw invalid({ password: [M.password] });
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  try {
    if (id === null) {
      const [row] = await db
        .insert(terminalReaderKeys)
        .values({ tenantId, locationId: body.location_id, readerName: body.reader_name, passwordHash: passwordHash! })
        .returning({ id: terminalReaderKeys.id });
      id = row.id;
    } else {
      await db
        .update(terminalReaderKeys)
        .set({ locationId: body.location_id, readerName: body.reader_name, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
        .where(and(eq(terminalReaderKeys.tenantId, tenantId), eq(terminalReaderKeys.id, id)));
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ reader_name: [M.readerNameTaken] });
    throw error;
  }
  return getReaderKey(db, tenantId, id);
}

export async function deleteReaderKey(db: Db, tenantId: number, id: number) {
  await getReaderKey(db, tenantId, id);
  await db.delete(terminalReaderKeys).where(and(eq(terminalReaderKeys.tenantId, tenantId), eq(terminalReaderKeys.id, id)));
}

// ------------------------------------------------------------------------------------------------ readers

function toReader(r: { r: ReaderRow; locationName: string }): TerminalReader {
  return {
    id: r.r.id,
    label: r.r.label,
    device_type: r.r.deviceType,
    device_label: READER_DEVICE_LABELS[r.r.deviceType] ?? r.r.deviceType,
    serial_number: r.r.serialNumber,
    simulated: r.r.simulated,
    provider_reader_id: r.r.providerReaderId,
    location: { id: r.r.locationId, display_name: r.locationName },
    created_at: r.r.createdAt.toISOString(),
  };
}

const readerColumns = { r: terminalReaders, locationName: terminalLocations.displayName };

export async function listReaders(db: Db, tenantId: number, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [eq(terminalReaders.tenantId, tenantId)];
  const search = textFilter(query, "search");
  if (search) {
    const p = `%${likeEscape(search)}%`;
    conditions.push(or(ilike(terminalReaders.label, p), ilike(terminalReaders.serialNumber, p), ilike(terminalLocations.displayName, p)));
  }
  const locationId = idFilter(query, "location_id");
  if (locationId !== undefined) conditions.push(eq(terminalReaders.locationId, locationId));
  const sort = sortedBy(query, TERMINAL_READER_SORTS, "label");
  const column = {
    label: sql`lower(${terminalReaders.label})`,
    location: sql`lower(${terminalLocations.displayName})`,
    created_at: terminalReaders.createdAt,
  }[sort.field];
  const dir = sort.desc ? desc : asc;
  const where = and(...conditions);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(readerColumns)
      .from(terminalReaders)
      .innerJoin(terminalLocations, eq(terminalLocations.id, terminalReaders.locationId))
      .where(where)
      .orderBy(dir(column), dir(terminalReaders.id))
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(terminalReaders).innerJoin(terminalLocations, eq(terminalLocations.id, terminalReaders.locationId)).where(where),
  ]);
  return { rows: rows.map(toReader), total: n };
}

async function findReader(db: Q, tenantId: number, id: number) {
  const [r] = await db
    .select(readerColumns)
    .from(terminalReaders)
    .innerJoin(terminalLocations, eq(terminalLocations.id, terminalReaders.locationId))
    .where(and(eq(terminalReaders.tenantId, tenantId), eq(terminalReaders.id, id)));
  if (!r) throw notFound("Reader");
  return r;
}

export const getReader = async (db: Db, tenantId: number, id: number) => toReader(await findReader(db, tenantId, id));

export async function registerReader(database: Database, terminal: TerminalProvider, tenantId: number, body: ReaderBody) {
  const { db } = database;
  const location = await locationOf(db, tenantId, body.location_id);
  const reader = await atProvider("registration_code", () =>
    terminal.registerReader(
      { registrationCode: body.registration_code, label: body.label, locationId: location.providerLocationId },
      { idempotencyKey: `reader-${tenantId}-${randomUUID()}` },
    ),
  );
  const [row] = await db
    .insert(terminalReaders)
    .values({
      tenantId,
      locationId: location.id,
      label: body.label,
      deviceType: reader.deviceType,
      serialNumber: reader.serialNumber,
      provider: terminal.kind,
      providerReaderId: reader.id,
      simulated: reader.simulated,
    })
    .returning({ id: terminalReaders.id });
  return getReader(db, tenantId, row.id);
}

export async function deleteReader(database: Database, terminal: TerminalProvider, tenantId: number, id: number) {
  const { db } = database;
  const { r } = await findReader(db, tenantId, id);
  try {
    await terminal.deleteReader(r.providerReaderId, { idempotencyKey: `reader-delete-${id}` });
  } catch (error) {
    // Already gone at the provider: the record goes too.
    if (!(error instanceof PaymentRequestError && error.code === "resource_missing")) {
      if (error instanceof PaymentProviderUnavailable) throw providerDown();
      if (error instanceof PaymentRequestError) throw invalid({ reader: [error.message] });
      throw error;
    }
  }
  await db.delete(terminalReaders).where(eq(terminalReaders.id, id));
}

export async function connectionToken(database: Database, terminal: TerminalProvider, tenantId: number, locationId: number | undefined) {
  const location = locationId ? await findLocation(database.db, tenantId, locationId) : null;
  const token = await atProvider("location_id", () =>
    terminal.connectionToken(location ? { locationId: location.providerLocationId } : {}, { idempotencyKey: `token-${tenantId}-${randomUUID()}` }),
  );
  return { secret: token.secret, provider: terminal.kind };
}

// ------------------------------------------------------------------------------------------------ PIN gate

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function pinStatus(db: Db, userId: number) {
  const [u] = await db.select({ allowed: users.pinIsAllowed, hash: users.pinHash }).from(users).where(eq(users.id, userId));
  return { pin_is_allowed: Boolean(u?.allowed), has_pin: Boolean(u?.allowed && u.hash) };
}

/**
 * The reader screen's PIN (the user's profile PIN): a few wrong ones within the window, then 429 until it is over.
 * The right one answers an unlock token, good for TERMINAL_UNLOCK_MINUTES.
 */
export async function unlock(db: Db, actor: Actor, pin: string) {
  const [u] = await db.select({ allowed: users.pinIsAllowed, hash: users.pinHash }).from(users).where(eq(users.id, actor.userId));
  if (!u?.allowed) throw invalid({ pin: [M.pinNotAllowed] });
  if (!u.hash) throw invalid({ pin: [M.pinNotSet] });
  const t = terminalPinChecks;
  const over = sql`${t.windowStartedAt} <= now() - make_interval(mins => ${TERMINAL_PIN_WINDOW_MINUTES}::int)`;
  const [check] = await db
    .insert(t)
    .values({ userId: actor.userId, failures: 0 })
    .onConflictDoUpdate({
      target: t.userId,
      set: { failures: sql`case when ${over} then 0 else ${t.failures} end`, windowStartedAt: sql`case when ${over} then now() else ${t.windowStartedAt} end` },
    })
    .returning({ failures: t.failures });
  if (check.failures >= TERMINAL_PIN_MAX_FAILURES) throw new HttpError(429, M.pinThrottled, { pin: [M.pinThrottled] });
  if (!/^\d{4,6}$/.test(pin) || !(await verifyPassword(u.hash, pin))) {
    await db
      .update(t)
      .set({ failures: sql`${t.failures} + 1` })
      .where(eq(t.userId, actor.userId));
    throw invalid({ pin: [M.pinWrong] });
  }
  await db.update(t).set({ failures: 0 }).where(eq(t.userId, actor.userId));
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + TERMINAL_UNLOCK_MINUTES * 60_000);
  await db.delete(terminalUnlocks).where(and(eq(terminalUnlocks.userId, actor.userId), sql`${terminalUnlocks.expiresAt} < now()`));
  await db.insert(terminalUnlocks).values({ tokenHash: hashToken(token), tenantId: actor.tenantId, userId: actor.userId, expiresAt });
  return { unlock_token: token, expires_at: expiresAt.toISOString() };
}

export async function assertUnlocked(db: Db, actor: Actor, token: string | undefined) {
  if (token) {
    const [row] = await db
      .select({ u: terminalUnlocks.userId })
      .from(terminalUnlocks)
      .where(
        and(
          eq(terminalUnlocks.tokenHash, hashToken(token)),
          eq(terminalUnlocks.userId, actor.userId),
          eq(terminalUnlocks.tenantId, actor.tenantId),
          gt(terminalUnlocks.expiresAt, new Date()),
        ),
      );
    if (row) return;
  }
  // 423 Locked: the user may take payments, the reader screen is not unlocked (a 403 would say they may not).
  throw new HttpError(423, M.locked, { pin: [M.locked] });
}

// ------------------------------------------------------------------------------------------------ payments

export async function payableInvoices(db: Db, tenantId: number) {
  const rows = await db
    .select({
      id: salesDocuments.id,
      number: salesDocuments.number,
      total: salesDocuments.totalPence,
      client: sql<string | null>`coalesce(${individuals.fullName}, ${clientCompanies.name})`,
    })
    .from(salesDocuments)
    .leftJoin(individuals, eq(individuals.id, salesDocuments.individualId))
    .leftJoin(clientCompanies, eq(clientCompanies.id, salesDocuments.clientCompanyId))
    .where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, "invoice"), eq(salesDocuments.status, "sent"), gt(salesDocuments.totalPence, 29)))
    .orderBy(desc(salesDocuments.id))
    .limit(200);
  return rows.map((r) => ({ id: r.id, number: r.number, client: r.client, total_pence: r.total }));
}

export async function loadTerminalPayment(db: Q, tenantId: number, id: number): Promise<TerminalPayment> {
  const [r] = await db
    .select({ p: terminalPayments, reader: terminalReaders, invoiceNumber: salesDocuments.number })
    .from(terminalPayments)
    .leftJoin(terminalReaders, eq(terminalReaders.id, terminalPayments.readerId))
    .leftJoin(salesDocuments, eq(salesDocuments.id, terminalPayments.invoiceId))
    .where(and(eq(terminalPayments.tenantId, tenantId), eq(terminalPayments.id, id)));
  if (!r) throw notFound("Payment");
  const p = r.p;
  return {
    id: p.id,
    status: p.status,
    status_label: TERMINAL_PAYMENT_STATUS_LABELS[p.status] ?? p.status,
    amount_pence: p.amountPence,
    description: p.description,
    reader: r.reader ? { id: r.reader.id, label: r.reader.label, simulated: r.reader.simulated } : null,
    invoice: p.invoiceId ? { id: p.invoiceId, number: r.invoiceNumber } : null,
    failure: p.failureCode ? { code: p.failureCode, message: p.failureMessage ?? p.failureCode } : null,
    payment_id: p.paymentId,
    provider: p.provider,
    sandbox: p.provider === "sandbox",
    created_at: p.createdAt.toISOString(),
  };
}

async function findPayment(db: Q, tenantId: number, id: number): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(terminalPayments)
    .where(and(eq(terminalPayments.tenantId, tenantId), eq(terminalPayments.id, id)));
  if (!row) throw notFound("Payment");
  return row;
}

const keyOf = (p: PaymentRow, step: string) => `terminal-${p.tenantId}-${p.id}-${step}`;

async function update(db: Q, id: number, fields: Partial<typeof terminalPayments.$inferInsert>) {
  await db
    .update(terminalPayments)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(terminalPayments.id, id));
}

/**
 * Starts an in-person payment on a reader, once per idempotency key: the attempt is recorded (starting) before the
 * provider is called; the payment intent and the reader's action are sent with keys of that record, so the same
 * form sent again after an outage resumes it and the card is charged at most once.
 */
export async function startPayment(
  database: Database,
  terminal: TerminalProvider,
  actor: Actor,
  body: { reader_id: number; amount_pence?: number; invoice_id?: number; description?: string | null; idempotency_key: string; unlock_token?: string },
) {
  const { db } = database;
  await assertUnlocked(db, actor, body.unlock_token);
  const [existing] = await db
    .select()
    .from(terminalPayments)
    .where(and(eq(terminalPayments.tenantId, actor.tenantId), eq(terminalPayments.idempotencyKey, body.idempotency_key)));
  let row = existing;
  if (!row) {
    const { r: reader } = await findReader(db, actor.tenantId, body.reader_id).catch(() => {
      throw invalid({ reader_id: [M.reader] });
    });
    let amount = body.amount_pence;
    let description = body.description?.trim() || "In-person payment";
    let invoiceId: number | null = null;
    if (body.invoice_id !== undefined) {
      const [inv] = await db
        .select()
        .from(salesDocuments)
        .where(and(eq(salesDocuments.tenantId, actor.tenantId), eq(salesDocuments.id, body.invoice_id), eq(salesDocuments.kind, "invoice")));
      if (!inv || inv.status !== "sent" || inv.totalPence < 30) throw invalid({ invoice_id: [M.invoice] });
      amount = inv.totalPence;
      description = `Invoice ${inv.number ?? inv.id}`;
      invoiceId = inv.id;
    }
    if (amount === undefined) throw invalid({ amount_pence: [M.amountOrInvoice] });
    try {
      [row] = await db
        .insert(terminalPayments)
        .values({
          tenantId: actor.tenantId,
          readerId: reader.id,
          userId: actor.userId,
          invoiceId,
          description,
          amountPence: amount,
          provider: terminal.kind,
          providerReaderId: reader.providerReaderId,
          idempotencyKey: body.idempotency_key,
        })
        .returning();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      [row] = await db
        .select()
        .from(terminalPayments)
        .where(and(eq(terminalPayments.tenantId, actor.tenantId), eq(terminalPayments.idempotencyKey, body.idempotency_key)));
    }
  }
  if (row.status === "starting") await sendToReader(database, terminal, row);
  return loadTerminalPayment(db, actor.tenantId, row.id);
}

async function sendToReader(database: Database, terminal: TerminalProvider, row: PaymentRow) {
  const { db } = database;
  try {
    let intentId = row.providerIntentId;
    if (!intentId) {
      const intent = await terminal.createIntent(
        { amountPence: row.amountPence, description: row.description, metadata: { tenant: String(row.tenantId), terminal_payment: String(row.id) } },
        { idempotencyKey: keyOf(row, "intent") },
      );
      intentId = intent.id;
      await update(db, row.id, { providerIntentId: intentId });
    }
    await terminal.processPaymentIntent(row.providerReaderId, intentId, { idempotencyKey: keyOf(row, "process") });
    await update(db, row.id, { status: "waiting" });
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable) throw providerDown();
    if (error instanceof PaymentRequestError) {
      await update(db, row.id, { status: "cancelled", failureCode: error.code, failureMessage: error.message });
      throw invalid({ reader_id: [error.code === "terminal_reader_busy" ? M.readerBusy : error.message] });
    }
    throw error;
  }
}

async function record(database: Database, terminal: TerminalProvider, row: PaymentRow, intent: ProviderIntent, outcome: "approved" | "declined") {
  const [client] = row.invoiceId
    ? await database.db
        .select({ individualId: salesDocuments.individualId, clientCompanyId: salesDocuments.clientCompanyId })
        .from(salesDocuments)
        .where(eq(salesDocuments.id, row.invoiceId))
    : [];
  const payment = await takePayment(
    database,
    recordedIntent(terminal, intent, "on a card reader"),
    {
      tenantId: row.tenantId,
      amountPence: row.amountPence,
      description: row.description,
      method: { type: "card_present", readerId: row.providerReaderId },
      idempotencyKey: outcome === "approved" ? `terminal-${row.id}` : `terminal-${row.id}-declined`,
      invoiceId: row.invoiceId,
      individualId: client?.individualId ?? null,
      clientCompanyId: client?.clientCompanyId ?? null,
      capture: "manual",
      userId: row.userId,
    },
    async (tx, p) => {
      if (!row.invoiceId) return;
      // Paying an invoice marks it paid by card, as the client's card form does.
      const [inv] = await tx.select().from(salesDocuments).where(eq(salesDocuments.id, row.invoiceId)).for("update");
      if (!inv) return;
      if (inv.status !== "sent") return;
      await setStatus(tx, inv.id, { status: "paid", paidOn: todayInLondon(), paymentMethod: "card" });
      await tx.insert(paymentEvents).values({
        tenantId: p.tenantId,
        paymentId: p.id,
        type: "invoice_paid",
        message: `Invoice ${inv.number ?? inv.id} marked paid by card (card terminal).`,
        amountPence: null,
        userId: null,
      });
    },
  );
  await update(database.db, row.id, {
    status: outcome,
    paymentId: payment.id,
    failureCode: intent.failure ? (intent.failure.declineCode ?? intent.failure.code) : null,
    failureMessage: intent.failure?.message ?? null,
  });
}

/**
 * Where a payment is now: a payment waiting for a card is asked about at the provider. Approved (the intent
 * authorised): captured with this payment's key and recorded in Customer transactions, once. Declined: recorded as a
 * failed payment with the reason, the intent released. An outage leaves it as it was, to be asked again.
 */
export async function refreshPayment(database: Database, terminal: TerminalProvider, tenantId: number, id: number) {
  const { db } = database;
  let row = await findPayment(db, tenantId, id);
  try {
    if (row.status === "starting") {
      await sendToReader(database, terminal, row).catch((error) => {
        if (!(error instanceof HttpError)) throw error;
      });
      row = await findPayment(db, tenantId, id);
    }
    if (row.status !== "waiting" || !row.providerIntentId) return loadTerminalPayment(db, tenantId, id);
    let intent = await terminal.retrieveIntent(row.providerIntentId);
    if (intent.status === "requires_capture") intent = await terminal.captureIntent(intent.id, { idempotencyKey: keyOf(row, "capture") });
    if (intent.status === "succeeded") {
      await record(database, terminal, row, intent, "approved");
    } else if (intent.status === "canceled") {
      await update(db, row.id, { status: "cancelled" });
    } else {
      const reader: ProviderReader = await terminal.retrieveReader(row.providerReaderId);
      const action = reader.action;
      if (action && action.paymentIntentId === intent.id && action.status === "failed") {
        const failure = intent.failure ?? { code: action.failureCode ?? "card_declined", message: action.failureMessage ?? "Your card was declined." };
        await record(database, terminal, row, { ...intent, failure }, "declined");
        await terminal.cancelIntent(intent.id, { idempotencyKey: keyOf(row, "release") }).catch(() => undefined);
      }
    }
  } catch (error) {
    // Not known now: asked again on the next look. Nothing was taken twice (every step has its key).
    if (error instanceof PaymentProviderUnavailable) return { ...(await loadTerminalPayment(db, tenantId, id)), provider_unreachable: true };
    if (error instanceof PaymentRequestError) throw invalid({ payment: [error.message] });
    throw error;
  }
  return loadTerminalPayment(db, tenantId, id);
}

/** Cancels a payment the customer has not paid: the reader stops, the intent is released. An approved one is refunded instead. */
export async function cancelTerminalPayment(database: Database, terminal: TerminalProvider, tenantId: number, id: number) {
  const now = await refreshPayment(database, terminal, tenantId, id);
  if (now.status === "approved") throw invalid({ payment: [M.alreadyApproved] });
  if (now.status !== "starting" && now.status !== "waiting") return now;
  const row = await findPayment(database.db, tenantId, id);
  try {
    if (row.status === "waiting") {
      await terminal.cancelReaderAction(row.providerReaderId, { idempotencyKey: keyOf(row, "cancel-reader") }).catch((error) => {
        if (!(error instanceof PaymentRequestError)) throw error;
      });
    }
    if (row.providerIntentId) {
      await terminal.cancelIntent(row.providerIntentId, { idempotencyKey: keyOf(row, "cancel") }).catch((error) => {
        if (!(error instanceof PaymentRequestError)) throw error;
      });
    }
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable) throw providerDown();
    throw error;
  }
  await update(database.db, row.id, { status: "cancelled" });
  return loadTerminalPayment(database.db, tenantId, id);
}

/** Test mode: the customer's card on the simulated reader of a waiting payment; then the payment as it is now. */
export async function presentTestCard(database: Database, terminal: TerminalProvider, tenantId: number, id: number, number: string) {
  const row = await findPayment(database.db, tenantId, id);
  const reader = row.readerId ? (await findReader(database.db, tenantId, row.readerId)).r : null;
  if (!terminal.simulated || !reader?.simulated) throw invalid({ number: [M.notSimulated] });
  if (row.status !== "waiting") throw invalid({ number: [M.notWaiting] });
  const digits = number.replace(/[\s-]/g, "");
  await atProvider("number", () => terminal.presentTestCard(row.providerReaderId, { number: digits }, { idempotencyKey: keyOf(row, `present-${digits}`) }));
  return refreshPayment(database, terminal, tenantId, id);
}

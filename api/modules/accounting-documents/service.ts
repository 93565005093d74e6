import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { createHash } from "node:crypto";
import { documentTotals, formatQuantity, lineAmounts, lineWithinLimit, MONEY_MESSAGES, type VatRate } from "#common/money";
import { todayInLondon } from "#common/dates";
import type { ListQuery } from "#contract/common";
import {
  ACCOUNTING_DOCUMENT_SORTS,
  ACCOUNTING_MESSAGES,
  ACCOUNTING_QUOTE_STATUSES,
  ACCOUNTING_STATUS_LABELS,
  ACCOUNTING_STATUSES,
  accountingItemBodySchema,
  DEFAULT_BANK_ACCOUNT,
  DEFAULT_SALES_ACCOUNT,
  SYNC_LABELS,
  type AccountingDocument,
  type AccountingDocumentBody,
  type AccountingPaidStatusBody,
  type AccountingRow,
} from "#contract/accounting-documents";
import type { Database, Db, Tx } from "#api/db/client";
import { newAccessToken } from "#api/lib/tokens";
import {
  accountingDocumentItems,
  accountingDocuments,
  clientCompanies,
  individuals,
  salesDocumentItems,
  salesDocuments,
  type AccountingDocumentKind,
  type AccountingDocumentStatus,
} from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import { idFilter } from "#api/http/ids";
import { likeEscape, offsetOf, sortOf, textFilter } from "#api/http/paging";
import { zodErrors } from "#api/http/validation";
import { AccountingError, type AccountingDocumentInput, type AccountingProvider } from "#api/integrations/accounting";
import { RECURRENCES, SANDBOX_BANK_CODES, SANDBOX_DIVISIONS } from "#api/integrations/accounting/chart";
import type { MailProvider } from "#api/integrations/mail";

export type AccRow = typeof accountingDocuments.$inferSelect;
type ItemRow = typeof accountingDocumentItems.$inferSelect;
type Q = Db | Tx;

export interface Actor {
  tenantId: number;
  userId: number;
}

export const KINDS = {
  quote: { path: "/xero-quotes", noun: "quote", Noun: "Quote", statuses: ACCOUNTING_QUOTE_STATUSES as readonly AccountingDocumentStatus[] },
  invoice: { path: "/xero-invoices", noun: "invoice", Noun: "Invoice", statuses: ACCOUNTING_STATUSES as readonly AccountingDocumentStatus[] },
} as const;

const refuse = (message: string) => invalid({ status: [message] }, message);

/** An AccountingError as the API answers it: 429 (with Retry-After), 503, or 422 with the system's reason. */
export function providerFailure(e: AccountingError): HttpError {
  if (e.code === "rate_limited") return new HttpError(429, e.message, undefined, { retry_after: e.retryAfterSeconds });
  if (e.code === "unavailable") return new HttpError(503, e.message);
  return new HttpError(422, e.message, { sync: [e.message] });
}

// ------------------------------------------------------------------------------------------------ reading

export async function findRow(db: Q, tenantId: number, kind: AccountingDocumentKind, id: number, lock = false): Promise<AccRow> {
  const query = db
    .select()
    .from(accountingDocuments)
    .where(and(eq(accountingDocuments.tenantId, tenantId), eq(accountingDocuments.kind, kind), eq(accountingDocuments.id, id)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(KINDS[kind].Noun);
  return row;
}

export async function findAnyRow(db: Q, kind: AccountingDocumentKind, id: number): Promise<AccRow | null> {
  const [row] = await db
    .select()
    .from(accountingDocuments)
    .where(and(eq(accountingDocuments.kind, kind), eq(accountingDocuments.id, id)))
    .limit(1);
  return row ?? null;
}

const clientName = sql<string>`coalesce(${individuals.fullName}, ${clientCompanies.name})`;
const clientEmail = sql<string | null>`coalesce(${individuals.email}, ${clientCompanies.email})`;

function joined(db: Q) {
  return db
    .select({
      doc: accountingDocuments,
      clientName,
      clientEmail,
      itemsCount:
        sql<number>`(select count(*) from ${accountingDocumentItems} where ${accountingDocumentItems.documentId} = ${accountingDocuments.id})`.mapWith(Number),
      quoteNumber: sql<string | null>`(select q.number from sales_documents q where q.id = ${accountingDocuments.sourceQuoteId})`,
    })
    .from(accountingDocuments)
    .leftJoin(individuals, eq(individuals.id, accountingDocuments.individualId))
    .leftJoin(clientCompanies, eq(clientCompanies.id, accountingDocuments.clientCompanyId))
    .$dynamic();
}
type Joined = { doc: AccRow; clientName: string; clientEmail: string | null; itemsCount: number; quoteNumber: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const providerLabel = (p: AccRow["provider"]) => (p === "sandbox" ? "Sandbox ledger" : p === "xero" ? "Xero" : null);

/** Where the document is kept. The sandbox's copy is labelled "Sandbox ledger", never "Synced". */
export function syncOf(d: AccRow) {
  const label = d.syncStatus === "not_synced" ? SYNC_LABELS.not_synced : d.provider === "sandbox" ? "Sandbox ledger" : "Synced with Xero";
  return {
    status: d.syncStatus,
    label,
    provider: d.provider,
    provider_label: providerLabel(d.provider),
    provider_id: d.providerId,
    error: d.syncError,
    synced_at: iso(d.syncedAt),
  };
}

function toRow(r: Joined): AccountingRow {
  const d = r.doc;
  return {
    id: d.id,
    kind: d.kind,
    number: d.providerNumber,
    number_label: d.providerNumber ?? SYNC_LABELS.not_synced,
    status: d.status,
    status_label: ACCOUNTING_STATUS_LABELS[d.status] ?? d.status,
    client: d.individualId
      ? { type: "individual", id: d.individualId, name: r.clientName, email: r.clientEmail }
      : { type: "company", id: d.clientCompanyId!, name: r.clientName, email: r.clientEmail },
    issue_date: d.issueDate,
    due_date: d.dueDate,
    reference: d.reference,
    division: d.division,
    recurrence: d.recurrence,
    subtotal_pence: d.subtotalPence,
    vat_pence: d.vatPence,
    total_pence: d.totalPence,
    items_count: r.itemsCount,
    sent_at: iso(d.sentAt),
    paid_on: d.paidOn,
    payment_method: d.paymentMethod,
    cancelled_at: iso(d.cancelledAt),
    source_quote: d.sourceQuoteId ? { id: d.sourceQuoteId, number: r.quoteNumber } : null,
    sync: syncOf(d),
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

const quantityMilli = (q: string) => Math.round(Number(q) * 1000);

async function itemRows(db: Q, tenantId: number, documentId: number) {
  return db
    .select()
    .from(accountingDocumentItems)
    .where(and(eq(accountingDocumentItems.tenantId, tenantId), eq(accountingDocumentItems.documentId, documentId)))
    .orderBy(asc(accountingDocumentItems.position), asc(accountingDocumentItems.id));
}

export function toItem(i: ItemRow) {
  return {
    id: i.id,
    position: i.position,
    description: i.description,
    quantity: formatQuantity(quantityMilli(i.quantity)),
    unit_price_pence: i.unitPricePence,
    vat_rate: i.vatRate,
    account_code: i.accountCode,
    net_pence: i.netPence,
    vat_pence: i.vatPence,
    total_pence: i.netPence + i.vatPence,
  };
}

export async function loadDocument(db: Q, tenantId: number, kind: AccountingDocumentKind, id: number): Promise<AccountingDocument> {
  const [r] = await joined(db)
    .where(and(eq(accountingDocuments.tenantId, tenantId), eq(accountingDocuments.kind, kind), eq(accountingDocuments.id, id)))
    .limit(1);
  if (!r) throw notFound(KINDS[kind].Noun);
  const items = await itemRows(db, tenantId, id);
  return {
    ...toRow(r),
    terms_and_conditions: r.doc.termsAndConditions,
    items: items.map(toItem),
    summary_url: `${KINDS[kind].path}/${id}/summary`,
    summary_link: `${KINDS[kind].path}/${id}/summary?token=${r.doc.accessToken}`,
  };
}

// ------------------------------------------------------------------------------------------------ list

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function rangeOf(query: ListQuery, key: string, parse: (s: string) => unknown): { from?: unknown; to?: unknown } {
  const v = query.filter[key];
  if (v === undefined) return {};
  const bad = () => invalid({ [`filter.${key}`]: [key === "total" ? "Enter amounts in whole pence." : "Enter dates as year-month-day."] });
  const parts = typeof v === "string" ? { from: v, to: v } : v;
  const out: { from?: unknown; to?: unknown } = {};
  for (const side of ["from", "to"] as const) {
    const text = parts[side]?.trim();
    if (!text) continue;
    const parsed = parse(text);
    if (parsed === undefined) throw bad();
    out[side] = parsed;
  }
  return out;
}
const parseDate = (s: string) => (DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) ? s : undefined);
const parsePence = (s: string) => (/^\d{1,15}$/.test(s) ? Number(s) : undefined);

/**
 * Filters: status, sync (synced / not_synced), individual_id, company_id, number, search (number, reference,
 * client), issue_date, due_date (ranges) and total (pence range).
 */
export async function listDocuments(db: Db, tenantId: number, kind: AccountingDocumentKind, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [eq(accountingDocuments.tenantId, tenantId), eq(accountingDocuments.kind, kind)];
  const status = textFilter(query, "status");
  if (status !== undefined) {
    const wanted = status.split(",").map((s) => s.trim());
    if (wanted.some((s) => !KINDS[kind].statuses.includes(s as AccountingDocumentStatus))) {
      throw invalid({ "filter.status": [`Choose a status of the list: ${KINDS[kind].statuses.join(", ")}.`] });
    }
    conditions.push(inArray(accountingDocuments.status, wanted as AccountingDocumentStatus[]));
  }
  const sync = textFilter(query, "sync");
  if (sync !== undefined) {
    if (sync !== "synced" && sync !== "not_synced") throw invalid({ "filter.sync": ["Choose synced or not_synced."] });
    conditions.push(eq(accountingDocuments.syncStatus, sync));
  }
  const individualId = idFilter(query, "individual_id");
  if (individualId !== undefined) conditions.push(eq(accountingDocuments.individualId, individualId));
  const companyId = idFilter(query, "company_id");
  if (companyId !== undefined) conditions.push(eq(accountingDocuments.clientCompanyId, companyId));
  const number = textFilter(query, "number");
  if (number !== undefined) conditions.push(ilike(accountingDocuments.providerNumber, `%${likeEscape(number)}%`));
  const search = textFilter(query, "search");
  if (search !== undefined) {
    const p = `%${likeEscape(search)}%`;
    conditions.push(
      or(ilike(accountingDocuments.providerNumber, p), ilike(accountingDocuments.reference, p), ilike(individuals.fullName, p), ilike(clientCompanies.name, p)),
    );
  }
  for (const [key, column] of [
    ["issue_date", accountingDocuments.issueDate],
    ["due_date", accountingDocuments.dueDate],
  ] as const) {
    const range = rangeOf(query, key, parseDate);
    if (range.from) conditions.push(gte(column, range.from as string));
    if (range.to) conditions.push(lte(column, range.to as string));
  }
  const total = rangeOf(query, "total", parsePence);
  if (total.from !== undefined) conditions.push(gte(accountingDocuments.totalPence, total.from as number));
  if (total.to !== undefined) conditions.push(lte(accountingDocuments.totalPence, total.to as number));
  const where = and(...conditions);

  if (query.sort && !sortOf(query, ACCOUNTING_DOCUMENT_SORTS)) throw invalid({ sort: [`Sort by one of: ${ACCOUNTING_DOCUMENT_SORTS.join(", ")}.`] });
  const sort = sortOf(query, ACCOUNTING_DOCUMENT_SORTS) ?? { field: "created_at" as const, desc: true };
  const column = {
    number: accountingDocuments.providerNumber,
    created_at: accountingDocuments.createdAt,
    issue_date: accountingDocuments.issueDate,
    due_date: accountingDocuments.dueDate,
    total: accountingDocuments.totalPence,
    status: accountingDocuments.status,
    client: sql`lower(${clientName})`,
  }[sort.field];
  const direction = sort.desc ? desc : asc;
  const order = [sql`${column} is null`, direction(column), direction(accountingDocuments.id)];
  const [rows, [{ n }]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...order)
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(accountingDocuments)
      .leftJoin(individuals, eq(individuals.id, accountingDocuments.individualId))
      .leftJoin(clientCompanies, eq(clientCompanies.id, accountingDocuments.clientCompanyId))
      .where(where),
  ]);
  return { rows: rows.map(toRow), total: n };
}

// ------------------------------------------------------------------------------------------------ validation

interface ParsedItem {
  description: string;
  quantityMilli: number;
  unitPricePence: number;
  vatRate: VatRate;
  accountCode: string;
}

function parseItems(provider: AccountingProvider, raw: unknown[], prefix: (i: number) => string, errors: Record<string, string[]>): ParsedItem[] {
  const known = provider.knownSalesAccountCodes();
  const parsed: ParsedItem[] = [];
  raw.forEach((value, i) => {
    const r = accountingItemBodySchema.safeParse(value ?? {});
    if (!r.success) {
      for (const [k, v] of Object.entries(zodErrors(r.error)))
        errors[`${prefix(i)}${k === "account_code" ? k : k}`] = k === "account_code" ? [ACCOUNTING_MESSAGES.accountCode] : v;
      return;
    }
    const item: ParsedItem = {
      description: r.data.description,
      quantityMilli: r.data.quantity,
      unitPricePence: r.data.unit_price_pence,
      vatRate: r.data.vat_rate as VatRate,
      accountCode: r.data.account_code ?? DEFAULT_SALES_ACCOUNT,
    };
    if (!lineWithinLimit(item)) errors[`${prefix(i)}quantity`] = [MONEY_MESSAGES.lineTooLarge];
    if (known && !known.includes(item.accountCode)) errors[`${prefix(i)}account_code`] = [ACCOUNTING_MESSAGES.accountCode];
    parsed.push(item);
  });
  return parsed;
}

async function belongs(db: Q, table: typeof individuals | typeof clientCompanies, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}

function divisionAllowed(provider: AccountingProvider, division: string) {
  const [category, option, more] = division.split(": ");
  if (!category || !option || more !== undefined) return false;
  if (provider.kind !== "sandbox") return true;
  return SANDBOX_DIVISIONS.some((d) => d.name === category && d.options.includes(option));
}

interface Validated {
  fields: Partial<typeof accountingDocuments.$inferInsert>;
  items?: ParsedItem[];
}

async function validate(db: Q, provider: AccountingProvider, tenantId: number, kind: AccountingDocumentKind, body: AccountingDocumentBody, current?: AccRow) {
  const errors: Record<string, string[]> = {};
  const fields: Validated["fields"] = {};
  if (!current || body.individual_id !== undefined || body.company_id !== undefined) {
    const individualId = body.individual_id ?? null;
    const companyId = body.company_id ?? null;
    if (individualId === null && companyId === null) errors.individual_id = [ACCOUNTING_MESSAGES.client];
    else if (individualId !== null && companyId !== null) errors.company_id = [ACCOUNTING_MESSAGES.clientBoth];
    else if (individualId !== null && !(await belongs(db, individuals, tenantId, individualId))) errors.individual_id = [ACCOUNTING_MESSAGES.individual];
    else if (companyId !== null && !(await belongs(db, clientCompanies, tenantId, companyId))) errors.company_id = [ACCOUNTING_MESSAGES.company];
    fields.individualId = individualId;
    fields.clientCompanyId = companyId;
  }
  if (body.issue_date !== undefined) fields.issueDate = body.issue_date ?? todayInLondon();
  else if (!current) fields.issueDate = todayInLondon();
  if (body.due_date !== undefined) fields.dueDate = body.due_date;
  const issue = fields.issueDate ?? current?.issueDate;
  const due = fields.dueDate !== undefined ? fields.dueDate : current?.dueDate;
  if (issue && due && due < issue) errors.due_date = [ACCOUNTING_MESSAGES.dueBeforeIssue];
  if (body.reference !== undefined) fields.reference = body.reference;
  if (body.terms_and_conditions !== undefined) fields.termsAndConditions = body.terms_and_conditions;
  if (body.division !== undefined) {
    if (body.division !== null && !divisionAllowed(provider, body.division)) errors.division = [ACCOUNTING_MESSAGES.division];
    fields.division = body.division;
  }
  if (body.recurrence !== undefined) {
    if (body.recurrence !== null && kind === "quote") errors.recurrence = [ACCOUNTING_MESSAGES.recurrenceQuote];
    else if (body.recurrence !== null && !RECURRENCES.some((r) => r.value === body.recurrence)) errors.recurrence = [ACCOUNTING_MESSAGES.recurrence];
    fields.recurrence = body.recurrence;
  }
  const items = body.items ? parseItems(provider, body.items, (i) => `items.${i}.`, errors) : undefined;
  if (Object.keys(errors).length) throw invalid(errors);
  return { fields, items };
}

function assertEditable(kind: AccountingDocumentKind, row: AccRow) {
  if (row.status === "cancelled") throw refuse(ACCOUNTING_MESSAGES.cancelled);
  if (row.status === "paid") throw refuse("A paid invoice cannot be changed.");
  if (kind === "invoice" && row.status !== "draft") throw refuse(ACCOUNTING_MESSAGES.editSent);
}

// ------------------------------------------------------------------------------------------------ writing

function itemColumns(item: ParsedItem) {
  const { netPence, vatPence } = lineAmounts(item);
  return {
    description: item.description,
    quantity: (item.quantityMilli / 1000).toFixed(3),
    unitPricePence: item.unitPricePence,
    vatRate: item.vatRate,
    accountCode: item.accountCode,
    netPence,
    vatPence,
  };
}

async function insertItems(tx: Tx, tenantId: number, documentId: number, items: ParsedItem[], firstPosition = 1) {
  if (!items.length) return;
  await tx.insert(accountingDocumentItems).values(items.map((item, i) => ({ tenantId, documentId, position: firstPosition + i, ...itemColumns(item) })));
}

/** Totals from the rounded lines; a change of content makes the document "not synced" until pushed again. */
async function recalculate(tx: Tx, tenantId: number, documentId: number) {
  const items = await itemRows(tx, tenantId, documentId);
  const lines = items.map((i) => ({ quantityMilli: quantityMilli(i.quantity), unitPricePence: i.unitPricePence, vatRate: i.vatRate as VatRate }));
  for (const [n, item] of items.entries()) {
    if (item.position !== n + 1)
      await tx
        .update(accountingDocumentItems)
        .set({ position: n + 1 })
        .where(eq(accountingDocumentItems.id, item.id));
  }
  const totals = documentTotals(lines);
  await tx
    .update(accountingDocuments)
    .set({
      subtotalPence: totals.subtotalPence,
      vatPence: totals.vatPence,
      totalPence: totals.totalPence,
      syncStatus: "not_synced",
      syncRevision: sql`${accountingDocuments.syncRevision} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(accountingDocuments.tenantId, tenantId), eq(accountingDocuments.id, documentId)));
}

/**
 * The idempotency key of a write about a document (at most 128 characters, Xero's limit): the document (its tenant,
 * id and the instant it was made, so two deployments sharing an organisation never meet), the call, and what makes a
 * second call of it another call. A retry of the same call sends the same key, and the system does it once.
 */
export function accountingKey(row: Pick<AccRow, "tenantId" | "kind" | "id" | "createdAt">, call: string, what: string | number) {
  return `portal-${row.tenantId}-${row.kind}-${row.id}-${row.createdAt.getTime().toString(36)}-${call}-${what}`.slice(0, 128);
}

/** A push's key: the content's revision and a digest of what is sent (the same content pushed again: the same key). */
const pushKey = (row: AccRow, doc: unknown) =>
  accountingKey(row, "push", `r${row.syncRevision}-${createHash("sha256").update(JSON.stringify(doc)).digest("hex").slice(0, 16)}`);

/**
 * Pushes the document's content to the accounting system. On success it records the system's id and number and is
 * "synced"; on failure the local document is kept as it is, "not synced", with the reason (retry: POST …/retry-sync).
 * Answers the failure, or undefined.
 */
export async function sync(
  database: Database,
  provider: AccountingProvider,
  tenantId: number,
  kind: AccountingDocumentKind,
  id: number,
): Promise<AccountingError | undefined> {
  const row = await findRow(database.db, tenantId, kind, id);
  const [client] = await joined(database.db).where(eq(accountingDocuments.id, id)).limit(1);
  const items = await itemRows(database.db, tenantId, id);
  const sameProvider = row.provider === provider.kind ? row.providerId : null;
  const doc: AccountingDocumentInput = {
    kind,
    providerId: sameProvider,
    contactName: client.clientName,
    contactEmail: client.clientEmail,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    reference: row.reference,
    terms: row.termsAndConditions,
    division: row.division,
    recurrence: row.recurrence,
    lines: items.map((i) => ({
      description: i.description,
      quantityMilli: quantityMilli(i.quantity),
      unitPricePence: i.unitPricePence,
      vatRate: i.vatRate,
      accountCode: i.accountCode,
      netPence: i.netPence,
      vatPence: i.vatPence,
    })),
    subtotalPence: row.subtotalPence,
    vatPence: row.vatPence,
    totalPence: row.totalPence,
  };
  try {
    const ref = await provider.push(tenantId, doc, { idempotencyKey: pushKey(row, doc) });
    await database.db
      .update(accountingDocuments)
      .set({
        provider: provider.kind,
        providerId: ref.providerId,
        providerNumber: ref.number || row.providerNumber,
        syncStatus: "synced",
        syncError: null,
        syncedAt: new Date(),
      })
      .where(eq(accountingDocuments.id, id));
    return undefined;
  } catch (e) {
    if (!(e instanceof AccountingError)) throw e;
    await database.db.update(accountingDocuments).set({ syncStatus: "not_synced", syncError: e.message }).where(eq(accountingDocuments.id, id));
    return e;
  }
}

/** What a change answers when the accounting system did not take it: the document is kept here. */
export const notSyncedMessage = (e: AccountingError | undefined) => (e ? `Saved here, but not synced: ${e.message}` : undefined);

async function syncMessage(database: Database, provider: AccountingProvider, tenantId: number, kind: AccountingDocumentKind, id: number) {
  return notSyncedMessage(await sync(database, provider, tenantId, kind, id));
}

export async function createDocument(
  database: Database,
  provider: AccountingProvider,
  actor: Actor,
  kind: AccountingDocumentKind,
  body: AccountingDocumentBody,
) {
  const { fields, items } = await validate(database.db, provider, actor.tenantId, kind, body);
  const id = await database.transaction(async (tx) => {
    const [row] = await tx
      .insert(accountingDocuments)
      .values({ ...fields, tenantId: actor.tenantId, kind, issueDate: fields.issueDate!, accessToken: newAccessToken(), createdBy: actor.userId })
      .returning({ id: accountingDocuments.id });
    await insertItems(tx, actor.tenantId, row.id, items ?? []);
    await recalculate(tx, actor.tenantId, row.id);
    return row.id;
  });
  return { id, message: await syncMessage(database, provider, actor.tenantId, kind, id) };
}

export async function updateDocument(
  database: Database,
  provider: AccountingProvider,
  actor: Actor,
  kind: AccountingDocumentKind,
  id: number,
  body: AccountingDocumentBody,
) {
  const current = await findRow(database.db, actor.tenantId, kind, id);
  assertEditable(kind, current);
  const { fields, items } = await validate(database.db, provider, actor.tenantId, kind, body, current);
  await database.transaction(async (tx) => {
    assertEditable(kind, await findRow(tx, actor.tenantId, kind, id, true));
    await tx
      .update(accountingDocuments)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(accountingDocuments.id, id));
    if (items) {
      await tx.delete(accountingDocumentItems).where(and(eq(accountingDocumentItems.tenantId, actor.tenantId), eq(accountingDocumentItems.documentId, id)));
      await insertItems(tx, actor.tenantId, id, items);
    }
    await recalculate(tx, actor.tenantId, id);
  });
  return syncMessage(database, provider, actor.tenantId, kind, id);
}

export async function setTerms(
  database: Database,
  provider: AccountingProvider,
  actor: Actor,
  kind: AccountingDocumentKind,
  id: number,
  terms: string | null | undefined,
) {
  return updateDocument(database, provider, actor, kind, id, { terms_and_conditions: terms ?? null });
}

export async function addItem(database: Database, provider: AccountingProvider, actor: Actor, kind: AccountingDocumentKind, id: number, body: unknown) {
  const current = await findRow(database.db, actor.tenantId, kind, id);
  assertEditable(kind, current);
  const errors: Record<string, string[]> = {};
  const [item] = parseItems(provider, [body], () => "", errors);
  if (Object.keys(errors).length) throw invalid(errors);
  await database.transaction(async (tx) => {
    assertEditable(kind, await findRow(tx, actor.tenantId, kind, id, true));
    const [{ n }] = await tx
      .select({ n: count() })
      .from(accountingDocumentItems)
      .where(and(eq(accountingDocumentItems.tenantId, actor.tenantId), eq(accountingDocumentItems.documentId, id)));
    if (n >= 200) throw invalid({ items: [ACCOUNTING_MESSAGES.tooManyLines] });
    await insertItems(tx, actor.tenantId, id, [item], n + 1);
    await recalculate(tx, actor.tenantId, id);
  });
  return syncMessage(database, provider, actor.tenantId, kind, id);
}

export async function getItem(db: Db, tenantId: number, kind: AccountingDocumentKind, id: number, itemId: number) {
  await findRow(db, tenantId, kind, id);
  const [item] = await db
    .select()
    .from(accountingDocumentItems)
    .where(and(eq(accountingDocumentItems.tenantId, tenantId), eq(accountingDocumentItems.documentId, id), eq(accountingDocumentItems.id, itemId)));
  if (!item) throw notFound("Item");
  return toItem(item);
}

export async function updateItem(
  database: Database,
  provider: AccountingProvider,
  actor: Actor,
  kind: AccountingDocumentKind,
  id: number,
  itemId: number,
  body: unknown,
) {
  const current = await findRow(database.db, actor.tenantId, kind, id);
  await getItem(database.db, actor.tenantId, kind, id, itemId);
  assertEditable(kind, current);
  const errors: Record<string, string[]> = {};
  const [item] = parseItems(provider, [body], () => "", errors);
  if (Object.keys(errors).length) throw invalid(errors);
  await database.transaction(async (tx) => {
    assertEditable(kind, await findRow(tx, actor.tenantId, kind, id, true));
    await tx
      .update(accountingDocumentItems)
      .set(itemColumns(item))
      .where(and(eq(accountingDocumentItems.tenantId, actor.tenantId), eq(accountingDocumentItems.id, itemId)));
    await recalculate(tx, actor.tenantId, id);
  });
  return syncMessage(database, provider, actor.tenantId, kind, id);
}

/** DELETE …/items?item_ids=1,2: every id must be an item of the document. */
export async function deleteItems(database: Database, provider: AccountingProvider, actor: Actor, kind: AccountingDocumentKind, id: number, itemIds: number[]) {
  const current = await findRow(database.db, actor.tenantId, kind, id);
  if (!itemIds.length) throw invalid({ item_ids: ["Choose at least one item."] });
  assertEditable(kind, current);
  await database.transaction(async (tx) => {
    assertEditable(kind, await findRow(tx, actor.tenantId, kind, id, true));
    const found = await tx
      .select({ id: accountingDocumentItems.id })
      .from(accountingDocumentItems)
      .where(
        and(eq(accountingDocumentItems.tenantId, actor.tenantId), eq(accountingDocumentItems.documentId, id), inArray(accountingDocumentItems.id, itemIds)),
      );
    if (found.length !== new Set(itemIds).size) throw notFound("Item");
    await tx.delete(accountingDocumentItems).where(inArray(accountingDocumentItems.id, itemIds));
    await recalculate(tx, actor.tenantId, id);
  });
  return syncMessage(database, provider, actor.tenantId, kind, id);
}

/** Pushes a "not synced" document again; a synced one is refused. A failure answers the system's error. */
export async function retrySync(database: Database, provider: AccountingProvider, actor: Actor, kind: AccountingDocumentKind, id: number) {
  const row = await findRow(database.db, actor.tenantId, kind, id);
  if (row.syncStatus === "synced" && row.provider === provider.kind) throw refuse(ACCOUNTING_MESSAGES.synced);
  if (row.status === "cancelled") throw refuse(ACCOUNTING_MESSAGES.cancelled);
  const failure = await sync(database, provider, actor.tenantId, kind, id);
  if (failure) throw providerFailure(failure);
}

/** The document must be synced (its current content) before the accounting system can act on it. */
async function syncedRow(database: Database, provider: AccountingProvider, actor: Actor, kind: AccountingDocumentKind, id: number) {
  let row = await findRow(database.db, actor.tenantId, kind, id);
  if (row.syncStatus !== "synced" || row.provider !== provider.kind) {
    if (row.status === "cancelled") throw refuse(ACCOUNTING_MESSAGES.cancelled);
    const failure = await sync(database, provider, actor.tenantId, kind, id);
    if (failure) throw providerFailure(failure);
    row = await findRow(database.db, actor.tenantId, kind, id);
  }
  return row;
}

/**
 * Sent: the accounting system first (an invoice approved, a quote marked sent), then here; with `mail`, the client
 * is e-mailed. If the system refuses, nothing changes here.
 */
export async function markSent(
  database: Database,
  provider: AccountingProvider,
  actor: Actor,
  kind: AccountingDocumentKind,
  id: number,
  mail?: { provider: MailProvider; seller: string },
) {
  const first = await findRow(database.db, actor.tenantId, kind, id);
  if (first.status === "cancelled") throw refuse(ACCOUNTING_MESSAGES.cancelled);
  if (first.status !== "draft") throw refuse(`This ${KINDS[kind].noun} has already been sent.`);
  const [{ n }] = await database.db
    .select({ n: count() })
    .from(accountingDocumentItems)
    .where(and(eq(accountingDocumentItems.tenantId, actor.tenantId), eq(accountingDocumentItems.documentId, id)));
  if (n === 0) throw invalid({ items: [ACCOUNTING_MESSAGES.noItems] }, ACCOUNTING_MESSAGES.noItems);
  const doc = await loadDocument(database.db, actor.tenantId, kind, id);
  if (mail && !doc.client.email) throw invalid({ client: [ACCOUNTING_MESSAGES.noEmail] }, ACCOUNTING_MESSAGES.noEmail);
  const row = await syncedRow(database, provider, actor, kind, id);
  try {
    await provider.markSent(actor.tenantId, kind, row.providerId!, { idempotencyKey: accountingKey(row, "sent", `r${row.syncRevision}`) });
  } catch (e) {
    if (e instanceof AccountingError) throw providerFailure(e);
    throw e;
  }
  await database.transaction(async (tx) => {
    await tx
      .update(accountingDocuments)
      .set({ status: "sent", sentAt: new Date(), sentBy: mail ? "email" : "manual", updatedAt: new Date() })
      .where(eq(accountingDocuments.id, id));
    if (mail) {
      const total = `£${(doc.total_pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      const title = `${KINDS[kind].Noun} ${row.providerNumber ?? ""}`.trim();
      await mail.provider.send(
        {
          tenantId: actor.tenantId,
          to: doc.client.email!,
          subject: `${title} from ${mail.seller}`,
          text: [
            `Dear ${doc.client.name},`,
            "",
            `${mail.seller} has sent you ${kind === "invoice" ? "an invoice" : "a quote"}: ${title}, ${total} including VAT.`,
            doc.due_date ? `${kind === "invoice" ? "Due" : "Valid until"}: ${doc.due_date.split("-").reverse().join("/")}.` : "",
            doc.reference ? `Reference: ${doc.reference}.` : "",
            "",
            `${mail.seller}`,
          ]
            .filter((l, i, all) => l !== "" || all[i - 1] !== "")
            .join("\n"),
        },
        tx,
      );
    }
  });
}

export async function setPaidStatus(database: Database, provider: AccountingProvider, actor: Actor, id: number, body: AccountingPaidStatusBody) {
  const row = await findRow(database.db, actor.tenantId, "invoice", id);
  if (body.paid) {
    if (row.status === "paid") throw invalid({ paid: [ACCOUNTING_MESSAGES.invoicePaid] });
    if (row.status === "cancelled") throw refuse("A cancelled invoice cannot be marked as paid.");
    if (row.status === "draft") throw refuse("Send the invoice, or mark it as sent, before marking it paid.");
    const errors: Record<string, string[]> = {};
    if (!body.paid_on) errors.paid_on = [ACCOUNTING_MESSAGES.paidOn];
    else if (body.paid_on > todayInLondon()) errors.paid_on = ["The payment date may not be in the future."];
    if (!body.payment_method) errors.payment_method = [ACCOUNTING_MESSAGES.paymentMethod];
    const bank = body.account_code ?? DEFAULT_BANK_ACCOUNT;
    if (provider.kind === "sandbox" && !SANDBOX_BANK_CODES.includes(bank)) errors.account_code = [ACCOUNTING_MESSAGES.bankAccount];
    if (Object.keys(errors).length) throw invalid(errors);
    const synced = await syncedRow(database, provider, actor, "invoice", id);
    let paymentId: string;
    try {
      ({ paymentId } = await provider.pay(
        actor.tenantId,
        synced.providerId!,
        {
          amountPence: synced.totalPence,
          date: body.paid_on!,
          accountCode: bank,
          reference: synced.providerNumber,
        },
        { idempotencyKey: accountingKey(synced, "pay", synced.updatedAt.getTime().toString(36)) },
      ));
    } catch (e) {
      if (e instanceof AccountingError) throw providerFailure(e);
      throw e;
    }
    await database.db
      .update(accountingDocuments)
      .set({ status: "paid", paidOn: body.paid_on!, paymentMethod: body.payment_method!, providerPaymentId: paymentId, updatedAt: new Date() })
      .where(eq(accountingDocuments.id, id));
    return;
  }
  if (row.status !== "paid") throw invalid({ paid: [ACCOUNTING_MESSAGES.invoiceNotPaid] });
  if (row.providerPaymentId && row.provider === provider.kind) {
    try {
      await provider.unpay(actor.tenantId, row.providerPaymentId, { idempotencyKey: accountingKey(row, "unpay", row.providerPaymentId) });
    } catch (e) {
      if (e instanceof AccountingError) throw providerFailure(e);
      throw e;
    }
  }
  await database.db
    .update(accountingDocuments)
    .set({ status: "sent", paidOn: null, paymentMethod: null, providerPaymentId: null, updatedAt: new Date() })
    .where(eq(accountingDocuments.id, id));
}

/** PUT on the collection with ids: each cancelled here once the accounting system has (voided or deleted it there). */
export async function cancelMany(database: Database, provider: AccountingProvider, actor: Actor, kind: AccountingDocumentKind, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await database.db
    .select()
    .from(accountingDocuments)
    .where(and(eq(accountingDocuments.tenantId, actor.tenantId), eq(accountingDocuments.kind, kind), inArray(accountingDocuments.id, unique)));
  if (rows.length !== unique.length) throw notFound(KINDS[kind].Noun);
  const cancelled: number[] = [];
  const failed: { id: number; message: string }[] = [];
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    if (row.status === "cancelled") {
      cancelled.push(row.id);
      continue;
    }
    if (row.status === "paid") {
      failed.push({ id: row.id, message: "A paid invoice cannot be cancelled: mark it unpaid first." });
      continue;
    }
    if (row.providerId && row.provider === provider.kind) {
      try {
        await provider.cancel(actor.tenantId, kind, row.providerId, { idempotencyKey: accountingKey(row, "cancel", row.status) });
      } catch (e) {
        if (!(e instanceof AccountingError)) throw e;
        failed.push({ id: row.id, message: e.message });
        continue;
      }
    }
    await database.db
      .update(accountingDocuments)
      .set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(accountingDocuments.id, row.id));
    cancelled.push(row.id);
  }
  return { cancelled, failed };
}

/**
 * A sent or approved simple quote becomes an accounting-synced invoice (a draft there): its client, reference, terms
 * and items (each on its account code, or Sales). The quote is marked converted and records the invoice (one per
 * quote, in SQL); converting twice is refused.
 */
export async function convertSimpleQuote(database: Database, provider: AccountingProvider, actor: Actor, quoteId: number) {
  const known = provider.knownSalesAccountCodes();
  const id = await database.transaction(async (tx) => {
    const [quote] = await tx
      .select()
      .from(salesDocuments)
      .where(and(eq(salesDocuments.tenantId, actor.tenantId), eq(salesDocuments.kind, "quote"), eq(salesDocuments.id, quoteId)))
      .for("update");
    if (!quote) throw notFound("Quote");
    const [already] = await tx.select({ id: accountingDocuments.id }).from(accountingDocuments).where(eq(accountingDocuments.sourceQuoteId, quoteId));
    if (quote.status === "converted" || quote.convertedInvoiceId || already) throw refuse(ACCOUNTING_MESSAGES.convertedXero);
    if (quote.status === "draft") throw refuse("Send the quote, or mark it as sent, before converting it to an invoice.");
    if (quote.status === "cancelled") throw refuse("A cancelled quote cannot be converted to an invoice.");
    const [invoice] = await tx
      .insert(accountingDocuments)
      .values({
        tenantId: actor.tenantId,
        kind: "invoice",
        individualId: quote.individualId,
        clientCompanyId: quote.clientCompanyId,
        issueDate: todayInLondon(),
        reference: quote.number ?? quote.reference,
        termsAndConditions: quote.termsAndConditions,
        sourceQuoteId: quote.id,
        accessToken: newAccessToken(),
        createdBy: actor.userId,
      })
      .returning({ id: accountingDocuments.id });
    const items = await tx
      .select()
      .from(salesDocumentItems)
      .where(and(eq(salesDocumentItems.tenantId, actor.tenantId), eq(salesDocumentItems.documentId, quoteId)))
      .orderBy(asc(salesDocumentItems.position), asc(salesDocumentItems.id));
    if (items.length) {
      await tx.insert(accountingDocumentItems).values(
        items.map((i) => ({
          tenantId: actor.tenantId,
          documentId: invoice.id,
          position: i.position,
          description: i.description,
          quantity: i.quantity,
          unitPricePence: i.unitPricePence,
          vatRate: i.vatRate,
          accountCode: i.accountCode && (!known || known.includes(i.accountCode)) ? i.accountCode : DEFAULT_SALES_ACCOUNT,
          netPence: i.netPence,
          vatPence: i.vatPence,
        })),
      );
    }
    await recalculate(tx, actor.tenantId, invoice.id);
    await tx.update(salesDocuments).set({ status: "converted", updatedAt: new Date() }).where(eq(salesDocuments.id, quoteId));
    return invoice.id;
  });
  return { id, message: await syncMessage(database, provider, actor.tenantId, "invoice", id) };
}

/** The accounting invoice a simple quote became, if any. */
export async function invoiceOfQuote(db: Q, tenantId: number, quoteId: number) {
  const [row] = await db
    .select({ id: accountingDocuments.id, number: accountingDocuments.providerNumber })
    .from(accountingDocuments)
    .where(and(eq(accountingDocuments.tenantId, tenantId), eq(accountingDocuments.sourceQuoteId, quoteId)));
  return row ?? null;
}

import { and, asc, eq, sql } from "drizzle-orm";
import { formatQuantity } from "#common/money";
import {
  ACCOUNTING_QUOTE_STATUSES,
  ACCOUNTING_STATUS_LABELS,
  ACCOUNTING_STATUSES,
  SYNC_LABELS,
  type AccountingDocument,
  type AccountingRow,
} from "#contract/accounting-documents";
import type { Db, Tx } from "#api/db/client";
import {
  accountingDocumentItems,
  accountingDocuments,
  clientCompanies,
  individuals,
  type AccountingDocumentKind,
  type AccountingDocumentStatus,
} from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import type { AccountingError } from "#api/integrations/accounting";

/*
 * Accounting-synced quotes and invoices (/xero-quotes, /xero-invoices), one concern a file:
 * service.ts (this one: the rows and whole documents as the API answers them), list.ts (the list's filters and
 * sorts), validation.ts (a body checked), write.ts (content and items changed), sync.ts (the push to the accounting
 * system), status.ts (sent, paid, cancelled) and convert.ts (a simple quote made an accounting invoice).
 */

export type AccRow = typeof accountingDocuments.$inferSelect;
type ItemRow = typeof accountingDocumentItems.$inferSelect;
export type Q = Db | Tx;

export interface Actor {
  tenantId: number;
  userId: number;
}

export const KINDS = {
  quote: { path: "/xero-quotes", noun: "quote", Noun: "Quote", statuses: ACCOUNTING_QUOTE_STATUSES as readonly AccountingDocumentStatus[] },
  invoice: { path: "/xero-invoices", noun: "invoice", Noun: "Invoice", statuses: ACCOUNTING_STATUSES as readonly AccountingDocumentStatus[] },
} as const;

export const refuse = (message: string) => invalid({ status: [message] }, message);

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

export const clientName = sql<string>`coalesce(${individuals.fullName}, ${clientCompanies.name})`;
const clientEmail = sql<string | null>`coalesce(${individuals.email}, ${clientCompanies.email})`;

export function joined(db: Q) {
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

export function toRow(r: Joined): AccountingRow {
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

export const quantityMilli = (q: string) => Math.round(Number(q) * 1000);

export async function itemRows(db: Q, tenantId: number, documentId: number) {
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

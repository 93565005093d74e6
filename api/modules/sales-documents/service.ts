import { and, asc, eq, sql } from "drizzle-orm";
import { documentTotals, formatQuantity, type VatRate } from "#common/money";
import {
  DRAFT_NUMBER_LABEL,
  INVOICE_STATUSES,
  QUOTE_STATUSES,
  STATUS_LABELS,
  type Attachment,
  type DocumentRow,
  type SalesDocument,
} from "#contract/sales-documents";
import type { Db, Tx } from "#api/db/client";
import {
  clientCompanies,
  individuals,
  salesDocumentFiles,
  salesDocumentItems,
  salesDocuments,
  taskProducts,
  tasks,
  type SalesDocumentKind,
  type SalesDocumentStatus,
} from "#api/db/schema";
import { notFound } from "#api/http/errors";

/*
 * Simple quotes and invoices (/simple-quotes, /simple-invoices), one concern a file: service.ts (this one: the rows
 * and whole documents as the API answers them, and the one write every status change goes through), list.ts (the
 * list's filters and sorts), validation.ts (a body checked), write.ts (a document and its items made, changed,
 * deleted), files.ts (attachments), status.ts (approved, converted, paid, cancelled), numbering.ts, send.ts and
 * render.ts.
 */

export type DocRow = typeof salesDocuments.$inferSelect;
type ItemRow = typeof salesDocumentItems.$inferSelect;
export type Q = Db | Tx;

export interface Actor {
  tenantId: number;
  userId: number;
}

/** What differs between the two kinds: paths, names and permissions. */
export const KINDS = {
  quote: {
    path: "/simple-quotes",
    noun: "quote",
    Noun: "Quote",
    statuses: QUOTE_STATUSES as readonly SalesDocumentStatus[],
    view: "quote_view",
    manage: "quote_manage",
    remove: "quote_delete",
  },
  invoice: {
    path: "/simple-invoices",
    noun: "invoice",
    Noun: "Invoice",
    statuses: INVOICE_STATUSES as readonly SalesDocumentStatus[],
    view: "invoice_view",
    manage: "invoice_manage",
    remove: "invoice_delete",
  },
} as const;

// ------------------------------------------------------------------------------------------------ reading

export async function findRow(db: Q, tenantId: number, kind: SalesDocumentKind, id: number, lock = false): Promise<DocRow> {
  const query = db
    .select()
    .from(salesDocuments)
    .where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, kind), eq(salesDocuments.id, id)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(KINDS[kind].Noun);
  return row;
}

/** A document by id whatever its tenant (the client's link, checked by its token): null when missing. */
export async function findAnyRow(db: Q, kind: SalesDocumentKind, id: number): Promise<DocRow | null> {
  const [row] = await db
    .select()
    .from(salesDocuments)
    .where(and(eq(salesDocuments.kind, kind), eq(salesDocuments.id, id)))
    .limit(1);
  return row ?? null;
}

export const clientName = sql<string>`coalesce(${individuals.fullName}, ${clientCompanies.name})`;
const clientEmail = sql<string | null>`coalesce(${individuals.email}, ${clientCompanies.email})`;

function rowSelection() {
  return {
    doc: salesDocuments,
    clientName,
    clientEmail,
    taskName: tasks.name,
    itemsCount: sql<number>`(select count(*) from ${salesDocumentItems} where ${salesDocumentItems.documentId} = ${salesDocuments.id})`.mapWith(Number),
    linkedNumber: sql<
      string | null
    >`(select l.number from sales_documents l where l.id = coalesce(${salesDocuments.convertedInvoiceId}, ${salesDocuments.sourceQuoteId}))`,
  };
}

export function joined(db: Q) {
  return db
    .select(rowSelection())
    .from(salesDocuments)
    .leftJoin(individuals, eq(individuals.id, salesDocuments.individualId))
    .leftJoin(clientCompanies, eq(clientCompanies.id, salesDocuments.clientCompanyId))
    .leftJoin(tasks, eq(tasks.id, salesDocuments.taskId))
    .$dynamic();
}

type Joined = { doc: DocRow; clientName: string; clientEmail: string | null; taskName: string | null; itemsCount: number; linkedNumber: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRow(r: Joined): DocumentRow {
  const d = r.doc;
  return {
    id: d.id,
    number: d.number,
    number_label: d.number ?? DRAFT_NUMBER_LABEL,
    status: d.status,
    status_label: STATUS_LABELS[d.status] ?? d.status,
    client: d.individualId
      ? { type: "individual", id: d.individualId, name: r.clientName, email: r.clientEmail }
      : { type: "company", id: d.clientCompanyId!, name: r.clientName, email: r.clientEmail },
    task: d.taskId && r.taskName !== null ? { id: d.taskId, name: r.taskName } : null,
    issue_date: d.issueDate,
    due_date: d.dueDate,
    reference: d.reference,
    subtotal_pence: d.subtotalPence,
    vat_pence: d.vatPence,
    total_pence: d.totalPence,
    items_count: r.itemsCount,
    sent_at: iso(d.sentAt),
    sent_by: d.sentBy,
    approved_at: iso(d.approvedAt),
    approved_by: d.approvedBy,
    paid_on: d.paidOn,
    payment_method: d.paymentMethod,
    cancelled_at: iso(d.cancelledAt),
    converted_invoice: d.convertedInvoiceId ? { id: d.convertedInvoiceId, number: r.linkedNumber } : null,
    source_quote: d.sourceQuoteId ? { id: d.sourceQuoteId, number: r.linkedNumber } : null,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

export async function itemsOf(db: Q, tenantId: number, documentId: number) {
  return db
    .select({ item: salesDocumentItems, productName: taskProducts.name })
    .from(salesDocumentItems)
    .leftJoin(taskProducts, eq(taskProducts.id, salesDocumentItems.productId))
    .where(and(eq(salesDocumentItems.tenantId, tenantId), eq(salesDocumentItems.documentId, documentId)))
    .orderBy(asc(salesDocumentItems.position), asc(salesDocumentItems.id));
}

export const quantityMilli = (q: string) => Math.round(Number(q) * 1000);

export function toItem(r: { item: ItemRow; productName: string | null }) {
  const i = r.item;
  return {
    id: i.id,
    position: i.position,
    description: i.description,
    quantity: formatQuantity(quantityMilli(i.quantity)),
    unit_price_pence: i.unitPricePence,
    vat_rate: i.vatRate,
    product: i.productId && r.productName !== null ? { id: i.productId, name: r.productName } : null,
    account_code: i.accountCode,
    net_pence: i.netPence,
    vat_pence: i.vatPence,
    total_pence: i.netPence + i.vatPence,
  };
}

export function toAttachment(kind: SalesDocumentKind, f: typeof salesDocumentFiles.$inferSelect): Attachment {
  return {
    id: f.id,
    filename: f.filename,
    mime_type: f.mimeType,
    size: f.size,
    url: `${KINDS[kind].path}/${f.documentId}/documents/${f.id}`,
    created_at: f.createdAt.toISOString(),
  };
}

/** A whole document: its row, items, attachments, VAT analysis and links. */
export async function loadDocument(db: Q, tenantId: number, kind: SalesDocumentKind, id: number, apiBase = ""): Promise<SalesDocument> {
  const [r] = await joined(db)
    .where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, kind), eq(salesDocuments.id, id)))
    .limit(1);
  if (!r) throw notFound(KINDS[kind].Noun);
  const [items, files] = await Promise.all([
    itemsOf(db, tenantId, id),
    db
      .select()
      .from(salesDocumentFiles)
      .where(and(eq(salesDocumentFiles.tenantId, tenantId), eq(salesDocumentFiles.documentId, id)))
      .orderBy(asc(salesDocumentFiles.createdAt), asc(salesDocumentFiles.id)),
  ]);
  const totals = documentTotals(
    items.map((i) => ({ quantityMilli: quantityMilli(i.item.quantity), unitPricePence: i.item.unitPricePence, vatRate: i.item.vatRate as VatRate })),
  );
  const path = `${KINDS[kind].path}/${id}`;
  return {
    ...toRow(r),
    notes: r.doc.notes,
    terms_and_conditions: r.doc.termsAndConditions,
    items: items.map(toItem),
    documents: files.map((f) => toAttachment(kind, f)),
    vat_breakdown: totals.vatByRate.map((v) => ({ rate: v.rate, net_pence: v.netPence, vat_pence: v.vatPence })),
    client_link: `${apiBase}${path}/summary?token=${r.doc.accessToken}`,
    summary_url: `${path}/summary`,
    pdf_url: `${path}/pdf`,
  };
}

/** A status change's write (inside the caller's transaction): status.ts, send.ts, and payments and the terminal app. */
export async function setStatus(tx: Tx, id: number, fields: Partial<typeof salesDocuments.$inferInsert>) {
  await tx
    .update(salesDocuments)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(salesDocuments.id, id));
}

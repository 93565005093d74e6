import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { documentTotals, formatQuantity, lineAmounts, lineWithinLimit, MONEY_MESSAGES, type VatRate } from "#common/money";
import { todayInLondon } from "#common/dates";
import type { ListQuery } from "#contract/common";
import {
  DOCUMENT_SORTS,
  DRAFT_NUMBER_LABEL,
  INVOICE_STATUSES,
  itemBodySchema,
  QUOTE_STATUSES,
  SALES_MESSAGES,
  STATUS_LABELS,
  type Attachment,
  type DocumentBody,
  type DocumentRow,
  type ItemBody,
  type PaidStatusBody,
  type SalesDocument,
} from "#contract/sales-documents";
import type { Database, Db, Tx } from "#api/db/client";
import { newAccessToken, tokenMatches } from "#api/lib/tokens";
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
import { HttpError, invalid, notFound } from "#api/http/errors";
import { idFilter } from "#api/http/ids";
import type { UploadedFile } from "#api/http/multipart";
import { likeEscape, offsetOf, sortOf, textFilter } from "#api/http/paging";
import { zodErrors } from "#api/http/validation";
import type { Storage } from "#api/integrations/storage";
import { checkDocumentUpload } from "../tasks/documents";

export type DocRow = typeof salesDocuments.$inferSelect;
type ItemRow = typeof salesDocumentItems.$inferSelect;
type Q = Db | Tx;

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

const clientName = sql<string>`coalesce(${individuals.fullName}, ${clientCompanies.name})`;
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

function joined(db: Q) {
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

function toRow(r: Joined): DocumentRow {
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

async function itemsOf(db: Q, tenantId: number, documentId: number) {
  return db
    .select({ item: salesDocumentItems, productName: taskProducts.name })
    .from(salesDocumentItems)
    .leftJoin(taskProducts, eq(taskProducts.id, salesDocumentItems.productId))
    .where(and(eq(salesDocumentItems.tenantId, tenantId), eq(salesDocumentItems.documentId, documentId)))
    .orderBy(asc(salesDocumentItems.position), asc(salesDocumentItems.id));
}

const quantityMilli = (q: string) => Math.round(Number(q) * 1000);

function toItem(r: { item: ItemRow; productName: string | null }) {
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

function toAttachment(kind: SalesDocumentKind, f: typeof salesDocumentFiles.$inferSelect): Attachment {
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

export async function listDocuments(db: Db, tenantId: number, kind: SalesDocumentKind, query: ListQuery) {
  const { where, order } = documentListPlan(tenantId, kind, query);
  const [rows, [{ n }]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...order)
      .limit(query.page.size)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(salesDocuments)
      .leftJoin(individuals, eq(individuals.id, salesDocuments.individualId))
      .leftJoin(clientCompanies, eq(clientCompanies.id, salesDocuments.clientCompanyId))
      .where(where),
  ]);
  return { rows: rows.map(toRow), total: n };
}

/**
 * The list's FROM (the document with its client's individual and company, which the search and the client sort read)
 * selecting `fields`: with `documentListPlan`'s WHERE and order, what an export of the list selects its ids with.
 */
export const documentListFrom = <F extends Record<string, unknown>>(db: Db, fields: F) =>
  db
    .select(fields as never)
    .from(salesDocuments)
    .leftJoin(individuals, eq(individuals.id, salesDocuments.individualId))
    .leftJoin(clientCompanies, eq(clientCompanies.id, salesDocuments.clientCompanyId))
    .$dynamic();

/** Documents of a list by id, as the list answers them, in the order of the ids (an export's page of rows). */
export async function loadDocumentRows(db: Db, tenantId: number, kind: SalesDocumentKind, ids: number[]): Promise<DocumentRow[]> {
  if (!ids.length) return [];
  const rows = await joined(db).where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, kind), inArray(salesDocuments.id, ids)));
  const byId = new Map(rows.map((r) => [r.doc.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toRow(r)] : [];
  });
}

/** The list's filters (read and checked as GET /simple-quotes and /simple-invoices read them), WHERE clause and order. */
export function documentListPlan(tenantId: number, kind: SalesDocumentKind, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, kind)];
  const status = textFilter(query, "status");
  if (status !== undefined) {
    const wanted = status.split(",").map((s) => s.trim());
    const unknown = wanted.filter((s) => !KINDS[kind].statuses.includes(s as SalesDocumentStatus));
    if (unknown.length) throw invalid({ "filter.status": [`Choose a status of the list: ${KINDS[kind].statuses.join(", ")}.`] });
    conditions.push(inArray(salesDocuments.status, wanted as SalesDocumentStatus[]));
  }
  const individualId = idFilter(query, "individual_id");
  if (individualId !== undefined) conditions.push(eq(salesDocuments.individualId, individualId));
  const companyId = idFilter(query, "company_id");
  if (companyId !== undefined) conditions.push(eq(salesDocuments.clientCompanyId, companyId));
  const taskId = idFilter(query, "task_id");
  if (taskId !== undefined) conditions.push(eq(salesDocuments.taskId, taskId));
  const number = textFilter(query, "number");
  if (number !== undefined) conditions.push(ilike(salesDocuments.number, `%${likeEscape(number)}%`));
  const search = textFilter(query, "search");
  if (search !== undefined) {
    const p = `%${likeEscape(search)}%`;
    conditions.push(or(ilike(salesDocuments.number, p), ilike(salesDocuments.reference, p), ilike(individuals.fullName, p), ilike(clientCompanies.name, p)));
  }
  const created = rangeOf(query, "created_at", parseDate);
  if (created.from) conditions.push(gte(salesDocuments.createdAt, sql`(${created.from}::date)::timestamp at time zone 'Europe/London'`));
  if (created.to) conditions.push(sql`${salesDocuments.createdAt} < ((${created.to}::date + 1)::timestamp at time zone 'Europe/London')`);
  for (const [key, column] of [
    ["issue_date", salesDocuments.issueDate],
    ["due_date", salesDocuments.dueDate],
  ] as const) {
    const range = rangeOf(query, key, parseDate);
    if (range.from) conditions.push(gte(column, range.from as string));
    if (range.to) conditions.push(lte(column, range.to as string));
  }
  const total = rangeOf(query, "total", parsePence);
  if (total.from !== undefined) conditions.push(gte(salesDocuments.totalPence, total.from as number));
  if (total.to !== undefined) conditions.push(lte(salesDocuments.totalPence, total.to as number));
  const where = and(...conditions)!;

  const sort = sortOf(query, DOCUMENT_SORTS) ?? { field: "created_at" as const, desc: true };
  if (query.sort && !sortOf(query, DOCUMENT_SORTS)) throw invalid({ sort: [`Sort by one of: ${DOCUMENT_SORTS.join(", ")}.`] });
  const column = {
    number: salesDocuments.sequence,
    created_at: salesDocuments.createdAt,
    issue_date: salesDocuments.issueDate,
    due_date: salesDocuments.dueDate,
    total: salesDocuments.totalPence,
    status: salesDocuments.status,
    client: sql`lower(${clientName})`,
  }[sort.field];
  const direction = sort.desc ? desc : asc;
  // Drafts (no number) and documents without a due date go last either way.
  const order = [sql`${column} is null`, direction(column), direction(salesDocuments.id)];
  return { where, order };
}

// ------------------------------------------------------------------------------------------------ validation

interface ParsedItem {
  description: string;
  quantityMilli: number;
  unitPricePence: number;
  vatRate: VatRate;
  productId: number | null;
  accountCode: string | null;
}

/** Parses items (each under `${prefix}${i}.field`), and checks their products belong to the tenant. */
async function parseItems(db: Q, tenantId: number, raw: unknown[], prefix: (i: number) => string, errors: Record<string, string[]>): Promise<ParsedItem[]> {
  const parsed: ParsedItem[] = [];
  raw.forEach((value, i) => {
    const r = itemBodySchema.safeParse(value ?? {});
    if (!r.success) {
      for (const [k, v] of Object.entries(zodErrors(r.error))) errors[`${prefix(i)}${k}`] = v;
      return;
    }
    const item = toParsed(r.data);
    if (!lineWithinLimit(item)) errors[`${prefix(i)}quantity`] = [MONEY_MESSAGES.lineTooLarge];
    parsed.push(item);
  });
  const productIds = [...new Set(parsed.map((p) => p.productId).filter((p): p is number => p !== null))];
  if (productIds.length) {
    const found = await db
      .select({ id: taskProducts.id })
      .from(taskProducts)
      .where(and(eq(taskProducts.tenantId, tenantId), inArray(taskProducts.id, productIds)));
    const ok = new Set(found.map((f) => f.id));
    raw.forEach((value, i) => {
      const id = (value as { product_id?: unknown } | null)?.product_id;
      if (id !== undefined && id !== null && id !== "" && !ok.has(Number(id))) errors[`${prefix(i)}product_id`] = [SALES_MESSAGES.product];
    });
  }
  return parsed;
}

function toParsed(b: ItemBody): ParsedItem {
  return {
    description: b.description,
    quantityMilli: b.quantity,
    unitPricePence: b.unit_price_pence,
    vatRate: b.vat_rate as VatRate,
    productId: b.product_id ?? null,
    accountCode: b.account_code ?? null,
  };
}

async function belongs(db: Q, table: typeof individuals | typeof clientCompanies | typeof tasks, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}

interface Validated {
  fields: Partial<typeof salesDocuments.$inferInsert>;
  items?: ParsedItem[];
}

/** Checks a body against the tenant's records; every problem comes back together, under its field. */
async function validate(db: Q, tenantId: number, body: DocumentBody, current?: DocRow): Promise<Validated> {
  const errors: Record<string, string[]> = {};
  const fields: Validated["fields"] = {};
  const clientSent = body.individual_id !== undefined || body.company_id !== undefined;
  if (!current || clientSent) {
    const individualId = body.individual_id ?? null;
    const companyId = body.company_id ?? null;
    if (individualId === null && companyId === null) errors.individual_id = [SALES_MESSAGES.client];
    else if (individualId !== null && companyId !== null) errors.company_id = [SALES_MESSAGES.clientBoth];
    else if (individualId !== null && !(await belongs(db, individuals, tenantId, individualId))) errors.individual_id = [SALES_MESSAGES.individual];
    else if (companyId !== null && !(await belongs(db, clientCompanies, tenantId, companyId))) errors.company_id = [SALES_MESSAGES.company];
    fields.individualId = individualId;
    fields.clientCompanyId = companyId;
  }
  if (body.task_id !== undefined) {
    if (body.task_id !== null && !(await belongs(db, tasks, tenantId, body.task_id))) errors.task_id = [SALES_MESSAGES.task];
    fields.taskId = body.task_id;
  }
  if (body.issue_date !== undefined) fields.issueDate = body.issue_date ?? todayInLondon();
  else if (!current) fields.issueDate = todayInLondon();
  if (body.due_date !== undefined) fields.dueDate = body.due_date;
  const issue = fields.issueDate ?? current?.issueDate;
  const due = fields.dueDate !== undefined ? fields.dueDate : current?.dueDate;
  if (issue && due && due < issue) errors.due_date = [SALES_MESSAGES.dueBeforeIssue];
  if (body.reference !== undefined) fields.reference = body.reference;
  if (body.notes !== undefined) fields.notes = body.notes;
  if (body.terms_and_conditions !== undefined) fields.termsAndConditions = body.terms_and_conditions;
  const items = body.items ? await parseItems(db, tenantId, body.items, (i) => `items.${i}.`, errors) : undefined;
  if (Object.keys(errors).length) throw invalid(errors);
  return { fields, items };
}

/** Whether a document's content (client, dates, text, items, attachments) may still change. */
function assertEditable(kind: SalesDocumentKind, row: DocRow) {
  if (kind === "invoice" && row.status !== "draft") {
    throw invalid({
      status: [row.status === "cancelled" ? "A cancelled invoice cannot be changed." : "A sent invoice cannot be changed: cancel it and make a new one."],
    });
  }
  if (kind === "quote" && row.status !== "draft" && row.status !== "sent") {
    throw invalid({
      status: [
        row.status === "converted"
          ? SALES_MESSAGES.quoteConverted + " It can no longer be changed."
          : row.status === "cancelled"
            ? "A cancelled quote cannot be changed."
            : "An approved quote cannot be changed.",
      ],
    });
  }
}

// ------------------------------------------------------------------------------------------------ writing

/** An item line's stored columns: what was sent, and its net and VAT in pence worked out once by the money rules. */
function itemColumns(item: ParsedItem) {
  const { netPence, vatPence } = lineAmounts(item);
  return {
    description: item.description,
    quantity: (item.quantityMilli / 1000).toFixed(3),
    unitPricePence: item.unitPricePence,
    vatRate: item.vatRate,
    productId: item.productId,
    accountCode: item.accountCode,
    netPence,
    vatPence,
  };
}

async function insertItems(tx: Tx, tenantId: number, documentId: number, items: ParsedItem[], firstPosition = 1) {
  if (!items.length) return;
  await tx.insert(salesDocumentItems).values(items.map((item, i) => ({ tenantId, documentId, position: firstPosition + i, ...itemColumns(item) })));
}

/**
 * Works every line's net and VAT out again from its quantity, price and rate, and the document's totals from the
 * rounded lines (after any change of items, and on "recalculate").
 */
export async function recalculateTotals(tx: Tx, tenantId: number, documentId: number) {
  const items = await tx
    .select()
    .from(salesDocumentItems)
    .where(and(eq(salesDocumentItems.tenantId, tenantId), eq(salesDocumentItems.documentId, documentId)))
    .orderBy(asc(salesDocumentItems.position), asc(salesDocumentItems.id));
  const lines = items.map((i) => ({ quantityMilli: quantityMilli(i.quantity), unitPricePence: i.unitPricePence, vatRate: i.vatRate as VatRate }));
  for (const [n, item] of items.entries()) {
    const a = lineAmounts(lines[n]);
    if (a.netPence !== item.netPence || a.vatPence !== item.vatPence || item.position !== n + 1) {
      await tx
        .update(salesDocumentItems)
        .set({ netPence: a.netPence, vatPence: a.vatPence, position: n + 1 })
        .where(eq(salesDocumentItems.id, item.id));
    }
  }
  const totals = documentTotals(lines);
  await tx
    .update(salesDocuments)
    .set({ subtotalPence: totals.subtotalPence, vatPence: totals.vatPence, totalPence: totals.totalPence, updatedAt: new Date() })
    .where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.id, documentId)));
}

export async function createDocument(database: Database, actor: Actor, kind: SalesDocumentKind, body: DocumentBody): Promise<number> {
  const { fields, items } = await validate(database.db, actor.tenantId, body);
  return database.transaction(async (tx) => {
    const [row] = await tx
      .insert(salesDocuments)
      .values({ ...fields, tenantId: actor.tenantId, kind, issueDate: fields.issueDate!, accessToken: newAccessToken(), createdBy: actor.userId })
      .returning({ id: salesDocuments.id });
    await insertItems(tx, actor.tenantId, row.id, items ?? []);
    await recalculateTotals(tx, actor.tenantId, row.id);
    return row.id;
  });
}

export async function updateDocument(database: Database, actor: Actor, kind: SalesDocumentKind, id: number, body: DocumentBody) {
  const current = await findRow(database.db, actor.tenantId, kind, id);
  assertEditable(kind, current);
  const { fields, items } = await validate(database.db, actor.tenantId, body, current);
  await database.transaction(async (tx) => {
    const locked = await findRow(tx, actor.tenantId, kind, id, true);
    assertEditable(kind, locked);
    await tx
      .update(salesDocuments)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(salesDocuments.id, id));
    if (items) {
      await tx.delete(salesDocumentItems).where(and(eq(salesDocumentItems.tenantId, actor.tenantId), eq(salesDocumentItems.documentId, id)));
      await insertItems(tx, actor.tenantId, id, items);
    }
    await recalculateTotals(tx, actor.tenantId, id);
  });
}

export async function listItems(db: Db, tenantId: number, kind: SalesDocumentKind, id: number) {
  await findRow(db, tenantId, kind, id);
  return (await itemsOf(db, tenantId, id)).map(toItem);
}

async function parseOneItem(db: Q, tenantId: number, body: unknown): Promise<ParsedItem> {
  const errors: Record<string, string[]> = {};
  const [item] = await parseItems(db, tenantId, [body], () => "", errors);
  if (Object.keys(errors).length) throw invalid(errors);
  return item;
}

export async function addItem(database: Database, actor: Actor, kind: SalesDocumentKind, id: number, body: unknown) {
  assertEditable(kind, await findRow(database.db, actor.tenantId, kind, id));
  const item = await parseOneItem(database.db, actor.tenantId, body);
  return database.transaction(async (tx) => {
    assertEditable(kind, await findRow(tx, actor.tenantId, kind, id, true));
    const [{ n }] = await tx.select({ n: count() }).from(salesDocumentItems).where(eq(salesDocumentItems.documentId, id));
    if (n >= 200) throw invalid({ items: [SALES_MESSAGES.tooManyLines] });
    await insertItems(tx, actor.tenantId, id, [item], n + 1);
    await recalculateTotals(tx, actor.tenantId, id);
  });
}

async function findItem(db: Q, tenantId: number, documentId: number, itemId: number) {
  const [item] = await db
    .select()
    .from(salesDocumentItems)
    .where(and(eq(salesDocumentItems.tenantId, tenantId), eq(salesDocumentItems.documentId, documentId), eq(salesDocumentItems.id, itemId)))
    .limit(1);
  if (!item) throw notFound("Item");
  return item;
}

export async function getItem(db: Db, tenantId: number, kind: SalesDocumentKind, id: number, itemId: number) {
  await findRow(db, tenantId, kind, id);
  const [row] = (await itemsOf(db, tenantId, id)).filter((i) => i.item.id === itemId);
  if (!row) throw notFound("Item");
  return toItem(row);
}

export async function updateItem(database: Database, actor: Actor, kind: SalesDocumentKind, id: number, itemId: number, body: unknown) {
  assertEditable(kind, await findRow(database.db, actor.tenantId, kind, id));
  await findItem(database.db, actor.tenantId, id, itemId);
  const item = await parseOneItem(database.db, actor.tenantId, body);
  await database.transaction(async (tx) => {
    assertEditable(kind, await findRow(tx, actor.tenantId, kind, id, true));
    await tx
      .update(salesDocumentItems)
      .set(itemColumns(item))
      .where(and(eq(salesDocumentItems.tenantId, actor.tenantId), eq(salesDocumentItems.id, itemId)));
    await recalculateTotals(tx, actor.tenantId, id);
  });
}

export async function deleteItem(database: Database, actor: Actor, kind: SalesDocumentKind, id: number, itemId: number) {
  assertEditable(kind, await findRow(database.db, actor.tenantId, kind, id));
  await findItem(database.db, actor.tenantId, id, itemId);
  await database.transaction(async (tx) => {
    assertEditable(kind, await findRow(tx, actor.tenantId, kind, id, true));
    await tx.delete(salesDocumentItems).where(and(eq(salesDocumentItems.tenantId, actor.tenantId), eq(salesDocumentItems.id, itemId)));
    await recalculateTotals(tx, actor.tenantId, id);
  });
}

export async function recalculate(database: Database, actor: Actor, kind: SalesDocumentKind, id: number) {
  assertEditable(kind, await findRow(database.db, actor.tenantId, kind, id));
  await database.transaction(async (tx) => {
    assertEditable(kind, await findRow(tx, actor.tenantId, kind, id, true));
    await recalculateTotals(tx, actor.tenantId, id);
  });
}

// ------------------------------------------------------------------------------------------------ attachments

export async function listFiles(db: Db, tenantId: number, kind: SalesDocumentKind, id: number) {
  await findRow(db, tenantId, kind, id);
  const files = await db
    .select()
    .from(salesDocumentFiles)
    .where(and(eq(salesDocumentFiles.tenantId, tenantId), eq(salesDocumentFiles.documentId, id)))
    .orderBy(asc(salesDocumentFiles.createdAt), asc(salesDocumentFiles.id));
  return files.map((f) => toAttachment(kind, f));
}

export async function addFile(database: Database, storage: Storage, actor: Actor, kind: SalesDocumentKind, id: number, file: UploadedFile | undefined) {
  assertEditable(kind, await findRow(database.db, actor.tenantId, kind, id));
  if (!file) throw invalid({ document: ["Choose a file."] });
  const type = checkDocumentUpload(file, "document");
  const key = await storage.put(file.bytes, type);
  try {
    const [row] = await database.db
      .insert(salesDocumentFiles)
      .values({
        tenantId: actor.tenantId,
        documentId: id,
        storageKey: key,
        filename: file.filename.slice(0, 255) || `document.${type.extension}`,
        mimeType: type.contentType,
        size: file.bytes.length,
        uploadedBy: actor.userId,
      })
      .returning();
    return toAttachment(kind, row);
  } catch (e) {
    await storage.delete(key);
    throw e;
  }
}

export async function findFile(db: Db, tenantId: number, kind: SalesDocumentKind, id: number, fileId: number) {
  await findRow(db, tenantId, kind, id);
  const [f] = await db
    .select()
    .from(salesDocumentFiles)
    .where(and(eq(salesDocumentFiles.tenantId, tenantId), eq(salesDocumentFiles.documentId, id), eq(salesDocumentFiles.id, fileId)))
    .limit(1);
  if (!f) throw notFound("Document");
  return f;
}

export async function deleteFile(database: Database, storage: Storage, actor: Actor, kind: SalesDocumentKind, id: number, fileId: number) {
  assertEditable(kind, await findRow(database.db, actor.tenantId, kind, id));
  const f = await findFile(database.db, actor.tenantId, kind, id, fileId);
  await database.db.delete(salesDocumentFiles).where(eq(salesDocumentFiles.id, f.id));
  await storage.delete(f.storageKey);
}

// ------------------------------------------------------------------------------------------------ status changes

export async function setStatus(tx: Tx, id: number, fields: Partial<typeof salesDocuments.$inferInsert>) {
  await tx
    .update(salesDocuments)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(salesDocuments.id, id));
}

const refuse = (message: string) => invalid({ status: [message] });
const QUOTE_CANCELLED = "This quote is cancelled.";

export async function markApproved(database: Database, actor: Actor, id: number) {
  await database.transaction(async (tx) => {
    const row = await findRow(tx, actor.tenantId, "quote", id, true);
    if (row.status === "approved") throw refuse("This quote is already approved.");
    if (row.status === "converted") throw refuse(SALES_MESSAGES.quoteConverted);
    if (row.status === "cancelled") throw refuse(QUOTE_CANCELLED);
    if (row.status !== "sent") throw refuse("Send the quote, or mark it as sent, before marking it approved.");
    await setStatus(tx, id, { status: "approved", approvedAt: new Date(), approvedBy: "user" });
  });
}

/** The client's approval through the link: a sent quote becomes approved; approving again changes nothing. */
export async function approveByClient(database: Database, id: number, token: string | undefined): Promise<DocRow> {
  return database.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(salesDocuments)
      .where(and(eq(salesDocuments.kind, "quote"), eq(salesDocuments.id, id)))
      .limit(1)
      .for("update");
    if (!row || !tokenMatches(row, token)) throw notFound("Quote");
    if (row.status === "approved" || row.status === "converted") return row;
    if (row.status === "cancelled") throw refuse(QUOTE_CANCELLED);
    if (row.status !== "sent") throw refuse("This quote has not been sent yet.");
    await setStatus(tx, id, { status: "approved", approvedAt: new Date(), approvedBy: "client" });
    return { ...row, status: "approved" as const };
  });
}

export async function convertToInvoice(database: Database, storage: Storage, actor: Actor, id: number): Promise<number> {
  const copied: string[] = [];
  try {
    return await database.transaction(async (tx) => {
      const quote = await findRow(tx, actor.tenantId, "quote", id, true);
      if (quote.status === "converted" || quote.convertedInvoiceId) throw refuse(SALES_MESSAGES.quoteConverted);
      if (quote.status === "cancelled") throw refuse(QUOTE_CANCELLED);
      if (quote.status === "draft") throw refuse("Send the quote, or mark it as sent, before converting it to an invoice.");
      const [invoice] = await tx
        .insert(salesDocuments)
        .values({
          tenantId: actor.tenantId,
          kind: "invoice",
          individualId: quote.individualId,
          clientCompanyId: quote.clientCompanyId,
          taskId: quote.taskId,
          issueDate: todayInLondon(),
          reference: quote.reference,
          notes: quote.notes,
          termsAndConditions: quote.termsAndConditions,
          sourceQuoteId: quote.id,
          accessToken: newAccessToken(),
          createdBy: actor.userId,
        })
        .returning({ id: salesDocuments.id });
      const items = await tx
        .select()
        .from(salesDocumentItems)
        .where(and(eq(salesDocumentItems.tenantId, actor.tenantId), eq(salesDocumentItems.documentId, id)))
        .orderBy(asc(salesDocumentItems.position), asc(salesDocumentItems.id));
      if (items.length) {
        await tx.insert(salesDocumentItems).values(items.map(({ id: _id, createdAt: _c, documentId: _d, ...item }) => ({ ...item, documentId: invoice.id })));
      }
      // Attachments: each file copied under a new key, so either document may drop its own.
      const files = await tx
        .select()
        .from(salesDocumentFiles)
        .where(and(eq(salesDocumentFiles.tenantId, actor.tenantId), eq(salesDocumentFiles.documentId, id)));
      for (const f of files) {
        const stored = await storage.get(f.storageKey);
        if (!stored) continue;
        const key = await storage.put(stored.bytes, { contentType: f.mimeType, extension: f.storageKey.slice(f.storageKey.lastIndexOf(".") + 1) });
        copied.push(key);
        await tx.insert(salesDocumentFiles).values({
          tenantId: actor.tenantId,
          documentId: invoice.id,
          storageKey: key,
          filename: f.filename,
          mimeType: f.mimeType,
          size: f.size,
          uploadedBy: actor.userId,
        });
      }
      await recalculateTotals(tx, actor.tenantId, invoice.id);
      await setStatus(tx, id, { status: "converted", convertedInvoiceId: invoice.id });
      return invoice.id;
    });
  } catch (e) {
    for (const key of copied) await storage.delete(key);
    throw e;
  }
}

export async function setPaidStatus(database: Database, actor: Actor, id: number, body: PaidStatusBody) {
  await database.transaction(async (tx) => {
    const row = await findRow(tx, actor.tenantId, "invoice", id, true);
    if (body.paid) {
      if (row.status === "paid") throw invalid({ paid: [SALES_MESSAGES.invoicePaid] });
      if (row.status === "cancelled") throw refuse("A cancelled invoice cannot be marked as paid.");
      if (row.status === "draft") throw refuse("Send the invoice, or mark it as sent, before marking it paid.");
      const errors: Record<string, string[]> = {};
      if (!body.paid_on) errors.paid_on = [SALES_MESSAGES.paidOn];
      else if (body.paid_on > todayInLondon()) errors.paid_on = ["The payment date may not be in the future."];
      if (!body.payment_method) errors.payment_method = [SALES_MESSAGES.paymentMethod];
      if (Object.keys(errors).length) throw invalid(errors);
      await setStatus(tx, id, { status: "paid", paidOn: body.paid_on!, paymentMethod: body.payment_method! });
    } else {
      if (row.status !== "paid") throw invalid({ paid: [SALES_MESSAGES.invoiceNotPaid] });
      await setStatus(tx, id, { status: "sent", paidOn: null, paymentMethod: null });
    }
  });
}

export async function cancelInvoice(database: Database, actor: Actor, id: number) {
  await database.transaction(async (tx) => {
    const row = await findRow(tx, actor.tenantId, "invoice", id, true);
    if (row.status === "cancelled") throw refuse("This invoice is already cancelled.");
    if (row.status === "draft") throw refuse("A draft invoice is deleted, not cancelled.");
    if (row.status === "paid") throw refuse("A paid invoice cannot be cancelled: mark it unpaid first.");
    await setStatus(tx, id, { status: "cancelled", cancelledAt: new Date() });
  });
}

/** A sent or approved quote the client will not take up: cancelled (kept, with its number); a draft is deleted instead. */
export async function cancelQuote(database: Database, actor: Actor, id: number) {
  await database.transaction(async (tx) => {
    const row = await findRow(tx, actor.tenantId, "quote", id, true);
    if (row.status === "cancelled") throw refuse("This quote is already cancelled.");
    if (row.status === "draft") throw refuse("A draft quote is deleted, not cancelled.");
    if (row.status === "converted") throw refuse(SALES_MESSAGES.quoteConverted + " Cancel the invoice instead.");
    await setStatus(tx, id, { status: "cancelled", cancelledAt: new Date() });
  });
}

export async function deleteDocument(database: Database, storage: Storage, actor: Actor, kind: SalesDocumentKind, id: number) {
  const keys = await database.transaction(async (tx) => {
    const row = await findRow(tx, actor.tenantId, kind, id, true);
    if (row.status !== "draft")
      throw new HttpError(422, kind === "invoice" ? SALES_MESSAGES.deleteInvoice : SALES_MESSAGES.deleteQuote, {
        status: [kind === "invoice" ? SALES_MESSAGES.deleteInvoice : SALES_MESSAGES.deleteQuote],
      });
    const files = await tx.select({ key: salesDocumentFiles.storageKey }).from(salesDocumentFiles).where(eq(salesDocumentFiles.documentId, id));
    // A quote made into this invoice keeps its own record; it may be converted again.
    if (kind === "invoice") {
      await tx
        .update(salesDocuments)
        .set({
          convertedInvoiceId: null,
          status: sql`case when ${salesDocuments.approvedAt} is not null then 'approved' else 'sent' end`,
          updatedAt: new Date(),
        })
        .where(and(eq(salesDocuments.tenantId, actor.tenantId), eq(salesDocuments.convertedInvoiceId, id)));
    }
    await tx.delete(salesDocuments).where(and(eq(salesDocuments.tenantId, actor.tenantId), eq(salesDocuments.id, id)));
    return files.map((f) => f.key);
  });
  for (const key of keys) await storage.delete(key);
}

import { and, asc, count, eq, sql } from "drizzle-orm";
import { documentTotals, lineAmounts, type VatRate } from "#common/money";
import { SALES_MESSAGES, type DocumentBody } from "#contract/sales-documents";
import type { Database, Db, Tx } from "#api/db/client";
import { newAccessToken } from "#api/lib/tokens";
import { salesDocumentFiles, salesDocumentItems, salesDocuments, type SalesDocumentKind } from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import type { Storage } from "#api/integrations/storage";
import { findRow, itemsOf, quantityMilli, toItem, type Actor, type Q } from "./service";
import { assertEditable, parseItems, validate, type ParsedItem } from "./validation";

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

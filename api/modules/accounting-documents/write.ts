import { and, count, eq, inArray, sql } from "drizzle-orm";
import { documentTotals, lineAmounts, type VatRate } from "#common/money";
import { ACCOUNTING_MESSAGES, type AccountingDocumentBody } from "#contract/accounting-documents";
import type { Database, Db, Tx } from "#api/db/client";
import { newAccessToken } from "#api/lib/tokens";
import { accountingDocumentItems, accountingDocuments, type AccountingDocumentKind } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import type { AccountingProvider } from "#api/integrations/accounting";
import { findRow, itemRows, quantityMilli, toItem, type Actor } from "./service";
import { syncMessage } from "./sync";
import { assertEditable, parseItems, validate, type ParsedItem } from "./validation";

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
export async function recalculate(tx: Tx, tenantId: number, documentId: number) {
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

import { eq } from "drizzle-orm";
import { createHash } from "node:crypto";
import { ACCOUNTING_MESSAGES } from "#contract/accounting-documents";
import type { Database } from "#api/db/client";
import { accountingDocuments, type AccountingDocumentKind } from "#api/db/schema";
import { AccountingError, type AccountingDocumentInput, type AccountingProvider } from "#api/integrations/accounting";
import { findRow, itemRows, joined, providerFailure, quantityMilli, refuse, type AccRow, type Actor } from "./service";

// ------------------------------------------------------------------------------------------------ sync

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

export async function syncMessage(database: Database, provider: AccountingProvider, tenantId: number, kind: AccountingDocumentKind, id: number) {
  return notSyncedMessage(await sync(database, provider, tenantId, kind, id));
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
export async function syncedRow(database: Database, provider: AccountingProvider, actor: Actor, kind: AccountingDocumentKind, id: number) {
  let row = await findRow(database.db, actor.tenantId, kind, id);
  if (row.syncStatus !== "synced" || row.provider !== provider.kind) {
    if (row.status === "cancelled") throw refuse(ACCOUNTING_MESSAGES.cancelled);
    const failure = await sync(database, provider, actor.tenantId, kind, id);
    if (failure) throw providerFailure(failure);
    row = await findRow(database.db, actor.tenantId, kind, id);
  }
  return row;
}

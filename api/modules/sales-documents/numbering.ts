import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_NUMBER_FORMATS, formatDocumentNumber, type NumberFormatBody } from "#contract/sales-documents";
import type { Db, Tx } from "#api/db/client";
import { salesDocuments, salesNumberCounters, type SalesDocumentKind } from "#api/db/schema";
import { invalid } from "#api/http/errors";

/**
 * Numbers of quotes and invoices: per tenant and kind, gap-free and unique. A number is taken inside the
 * transaction that sends (or marks sent) the document, by one `update … set last_number = last_number + 1 …
 * returning`: a concurrent sender waits on the counter row until this transaction ends, then takes the next
 * number; a transaction that fails (the e-mail could not be sent) rolls the counter back with it, so no number
 * is lost. Drafts have no number.
 */
export async function takeNumber(tx: Tx, tenantId: number, kind: SalesDocumentKind): Promise<{ sequence: number; number: string }> {
  const defaults = DEFAULT_NUMBER_FORMATS[kind];
  // The tenant's first number of this kind: the counter row is made with the default format (a concurrent first
  // sender waits on the key, then does nothing).
  await tx.insert(salesNumberCounters).values({ tenantId, kind, prefix: defaults.prefix, width: defaults.width }).onConflictDoNothing();
  const [counter] = await tx
    .update(salesNumberCounters)
    .set({ lastNumber: sql`${salesNumberCounters.lastNumber} + 1`, updatedAt: new Date() })
    .where(and(eq(salesNumberCounters.tenantId, tenantId), eq(salesNumberCounters.kind, kind)))
    .returning();
  const number = formatDocumentNumber(counter.prefix, counter.width, counter.lastNumber);
  // A format changed to one that spells an earlier number ("Q2" + 4 after "Q" + 24) is refused, not a 500.
  const [clash] = await tx
    .select({ id: salesDocuments.id })
    .from(salesDocuments)
    .where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, kind), eq(salesDocuments.number, number)))
    .limit(1);
  if (clash) throw invalid({ number_format: [`The number format gives ${number}, which another ${kind} already has: change the number format.`] });
  return { sequence: counter.lastNumber, number };
}

export async function numberFormat(db: Db, tenantId: number, kind: SalesDocumentKind) {
  const [c] = await db
    .select()
    .from(salesNumberCounters)
    .where(and(eq(salesNumberCounters.tenantId, tenantId), eq(salesNumberCounters.kind, kind)))
    .limit(1);
  const { prefix, width } = c ?? DEFAULT_NUMBER_FORMATS[kind];
  const last = c?.lastNumber ?? 0;
  return { prefix, width, last_number: last, next_number: formatDocumentNumber(prefix, width, last + 1) };
}

/** Changes the format of the numbers given from now on; numbers already given stay as they are, and the count goes on. */
export async function setNumberFormat(db: Db, tenantId: number, kind: SalesDocumentKind, body: NumberFormatBody) {
  await db
    .insert(salesNumberCounters)
    .values({ tenantId, kind, prefix: body.prefix, width: body.width })
    .onConflictDoUpdate({
      target: [salesNumberCounters.tenantId, salesNumberCounters.kind],
      set: { prefix: body.prefix, width: body.width, updatedAt: new Date() },
    });
  return numberFormat(db, tenantId, kind);
}

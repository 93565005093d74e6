import { and, count, eq, inArray } from "drizzle-orm";
import { todayInLondon } from "#common/dates";
import { ACCOUNTING_MESSAGES, DEFAULT_BANK_ACCOUNT, type AccountingPaidStatusBody } from "#contract/accounting-documents";
import type { Database } from "#api/db/client";
import { accountingDocumentItems, accountingDocuments, type AccountingDocumentKind } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { AccountingError, type AccountingProvider } from "#api/integrations/accounting";
import { SANDBOX_BANK_CODES } from "#api/integrations/accounting/chart";
import type { MailProvider } from "#api/integrations/mail";
import { findRow, KINDS, loadDocument, providerFailure, refuse, type Actor } from "./service";
import { accountingKey, syncedRow } from "./sync";

// ------------------------------------------------------------------------------------------------ status changes

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

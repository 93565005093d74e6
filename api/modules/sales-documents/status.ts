import { and, asc, eq } from "drizzle-orm";
import { todayInLondon } from "#common/dates";
import { SALES_MESSAGES, type PaidStatusBody } from "#contract/sales-documents";
import type { Database } from "#api/db/client";
import { newAccessToken, tokenMatches } from "#api/lib/tokens";
import { salesDocumentFiles, salesDocumentItems, salesDocuments } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import type { Storage } from "#api/integrations/storage";
import { findRow, setStatus, type Actor, type DocRow } from "./service";
import { recalculateTotals } from "./write";

// ------------------------------------------------------------------------------------------------ status changes

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

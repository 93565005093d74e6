import { and, asc, eq } from "drizzle-orm";
import { todayInLondon } from "#common/dates";
import { ACCOUNTING_MESSAGES, DEFAULT_SALES_ACCOUNT } from "#contract/accounting-documents";
import type { Database } from "#api/db/client";
import { newAccessToken } from "#api/lib/tokens";
import { accountingDocumentItems, accountingDocuments, salesDocumentItems, salesDocuments } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import type { AccountingProvider } from "#api/integrations/accounting";
import { refuse, type Actor } from "./service";
import { syncMessage } from "./sync";
import { recalculate } from "./write";

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

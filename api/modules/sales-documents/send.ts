import { and, count, eq } from "drizzle-orm";
import { SALES_MESSAGES } from "#contract/sales-documents";
import type { Database, Db, Tx } from "#api/db/client";
import { companies, salesDocumentItems, type SalesDocumentKind } from "#api/db/schema";
import { HttpError, invalid } from "#api/http/errors";
import type { MailProvider } from "#api/integrations/mail";
import { takeNumber } from "./numbering";
import { documentView, emailText, summaryPdf } from "./render";
import { findRow, KINDS, loadDocument, setStatus, type Actor, type DocRow } from "./service";

const refuse = (message: string) => invalid({ status: [message] });

function assertSendable(kind: SalesDocumentKind, row: DocRow) {
  const noun = KINDS[kind].noun;
  if (row.status === "cancelled") throw refuse(`A cancelled ${noun} cannot be sent.`);
  if (row.status === "converted") throw refuse(SALES_MESSAGES.quoteConverted);
  if (row.status === "approved") throw refuse("This quote is already approved.");
  if (row.status === "paid") throw refuse("This invoice is already paid.");
}

/** Gives a draft its number and makes it sent (inside the caller's transaction). */
async function numberAndSend(tx: Tx, tenantId: number, kind: SalesDocumentKind, row: DocRow, sentBy: "email" | "manual") {
  const numbered = row.number ? {} : await takeNumber(tx, tenantId, kind);
  await setStatus(tx, row.id, { ...numbered, status: "sent", sentAt: new Date(), sentBy });
}

export async function sellerName(db: Db | Tx, tenantId: number) {
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, tenantId)).limit(1);
  return c?.name ?? "";
}

/** Mark as sent: a draft gets its number and is sent (by other means than the portal's e-mail). */
export async function markSent(database: Database, actor: Actor, kind: SalesDocumentKind, id: number) {
  await database.transaction(async (tx) => {
    const row = await findRow(tx, actor.tenantId, kind, id, true);
    assertSendable(kind, row);
    if (row.status === "sent") throw refuse(`This ${KINDS[kind].noun} has already been sent.`);
    await numberAndSend(tx, actor.tenantId, kind, row, "manual");
  });
}

/**
 * Send: the e-mail to the client with the PDF and the link to the summary. One transaction takes the number
 * (a draft's first send), changes the status and hands the message to the mail provider; if the provider fails,
 * everything is rolled back: the document stays as it was and no number is used up. A sent document may be sent
 * again (same number).
 */
export async function sendDocument(database: Database, mail: MailProvider, actor: Actor, kind: SalesDocumentKind, id: number, apiBase: string) {
  await database.transaction(async (tx) => {
    const row = await findRow(tx, actor.tenantId, kind, id, true);
    assertSendable(kind, row);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(salesDocumentItems)
      .where(and(eq(salesDocumentItems.tenantId, actor.tenantId), eq(salesDocumentItems.documentId, id)));
    const errors: Record<string, string[]> = {};
    if (n === 0) errors.items = [SALES_MESSAGES.noItems];
    const before = await loadDocument(tx, actor.tenantId, kind, id, apiBase);
    if (!before.client.email) errors.client = [SALES_MESSAGES.noEmail];
    if (Object.keys(errors).length) throw invalid(errors);
    if (row.status === "draft") await numberAndSend(tx, actor.tenantId, kind, row, "email");
    else await setStatus(tx, id, { sentAt: new Date(), sentBy: "email" });
    const doc = await loadDocument(tx, actor.tenantId, kind, id, apiBase);
    const view = documentView(kind, doc, await sellerName(tx, actor.tenantId));
    const pdf = await summaryPdf(view);
    const { subject, text } = emailText(view, doc.client_link);
    try {
      await mail.send(
        {
          tenantId: actor.tenantId,
          to: doc.client.email!,
          subject,
          text,
          attachments: [{ filename: `${view.title.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`, contentType: "application/pdf", content: pdf }],
        },
        tx,
      );
    } catch (e) {
      if (e instanceof HttpError) throw e;
      throw new HttpError(502, `The e-mail could not be sent, so the ${KINDS[kind].noun} was not sent and nothing was changed. Please try again.`);
    }
  });
}

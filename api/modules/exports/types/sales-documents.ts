import { sql } from "drizzle-orm";
import type { DocumentRow } from "#contract/sales-documents";
import { salesDocuments, type SalesDocumentKind } from "#api/db/schema";
import { documentView, summaryPdf } from "#api/modules/sales-documents/render";
import { sellerName } from "#api/modules/sales-documents/send";
import { documentListFrom, documentListPlan, loadDocumentRows } from "#api/modules/sales-documents/list";
import { KINDS, loadDocument } from "#api/modules/sales-documents/service";
import { dateCell, dateTimeCell, poundsCell } from "../cells";
import { defineExportType } from "../registry";

/** The simple quotes (GET /simple-quotes) or simple invoices (GET /simple-invoices) list; a record's PDF is its own. */
function salesExport(kind: SalesDocumentKind, type: string, label: string) {
  const k = KINDS[kind];
  return defineExportType<DocumentRow>({
    type,
    label,
    noun: k.Noun,
    permissions: [k.view],
    columns: [
      { header: "ID", value: (d) => d.id },
      { header: "Number", value: (d) => d.number_label },
      { header: "Status", value: (d) => d.status_label },
      { header: "Client", value: (d) => d.client.name },
      { header: "Client e-mail", value: (d) => d.client.email },
      { header: "Task", value: (d) => d.task?.name },
      { header: "Reference", value: (d) => d.reference },
      { header: "Issue date", value: (d) => dateCell(d.issue_date) },
      { header: "Due date", value: (d) => dateCell(d.due_date) },
      { header: "Subtotal (GBP)", value: (d) => poundsCell(d.subtotal_pence) },
      { header: "VAT (GBP)", value: (d) => poundsCell(d.vat_pence) },
      { header: "Total (GBP)", value: (d) => poundsCell(d.total_pence) },
      ...(kind === "invoice"
        ? [
            { header: "Paid on", value: (d: DocumentRow) => dateCell(d.paid_on) },
            { header: "Payment method", value: (d: DocumentRow) => d.payment_method },
          ]
        : []),
      { header: "Sent", value: (d) => dateTimeCell(d.sent_at) },
      { header: "Created", value: (d) => dateTimeCell(d.created_at) },
    ],
    select(db, auth, query) {
      const { where, order } = documentListPlan(auth.tenantId, kind, query);
      return { from: (d, fields) => documentListFrom(d, fields), id: sql`${salesDocuments.id}`, where, order, values: {} };
    },
    load: (db, auth, ids) => loadDocumentRows(db, auth.tenantId, kind, ids),
    title: (d) => `${k.Noun} ${d.number_label}`,
    async pdf(db, auth, row) {
      const doc = await loadDocument(db, auth.tenantId, kind, row.id);
      return summaryPdf(documentView(kind, doc, await sellerName(db, auth.tenantId)));
    },
  });
}

export const quotesExport = salesExport("quote", "quotes", "Quotes");
export const invoicesExport = salesExport("invoice", "invoices", "Invoices");

import type { PaymentRow } from "#contract/payments";
import { payments } from "#api/db/schema";
import { loadPaymentRows, paymentListPlan } from "#api/modules/payments/service";
import { dateTimeCell, moneyCell } from "../cells";
import { defineExportType, tableSelection } from "../registry";

/** The customer transactions list (GET /payment, the portal's /transactions): its filters and sort. */
export default defineExportType<PaymentRow>({
  type: "payments",
  label: "Transactions",
  noun: "Payment",
  permissions: ["payment_view", "payment_manage"],
  columns: [
    { header: "ID", value: (p) => p.id },
    { header: "Date", value: (p) => dateTimeCell(p.created_at) },
    { header: "Status", value: (p) => p.status_label },
    { header: "Method", value: (p) => p.method_label },
    { header: "Description", value: (p) => p.description },
    { header: "Client", value: (p) => p.client?.name },
    { header: "Payer", value: (p) => p.payer_name },
    { header: "Invoice", value: (p) => p.invoice?.number },
    { header: "Card", value: (p) => (p.card ? `${p.card.brand} ending ${p.card.last4}` : "") },
    { header: "Amount (GBP)", value: (p) => moneyCell(p.amount_pence) },
    { header: "Refunded (GBP)", value: (p) => moneyCell(p.refunded_pence) },
    { header: "Refund pending (GBP)", value: (p) => moneyCell(p.refund_pending_pence) },
    { header: "Currency", value: (p) => p.currency.toUpperCase() },
    { header: "Paid", value: (p) => dateTimeCell(p.paid_at) },
    { header: "Cancelled", value: (p) => dateTimeCell(p.cancelled_at) },
    { header: "Failure", value: (p) => p.failure?.message },
    { header: "Provider", value: (p) => p.provider_label },
    { header: "Provider reference", value: (p) => p.provider_payment_id },
  ],
  select: (db, auth, query) => tableSelection(payments, paymentListPlan(auth.tenantId, query)),
  load: (db, auth, ids) => loadPaymentRows(db, auth.tenantId, ids),
  title: (p) => `Payment ${p.id}`,
});

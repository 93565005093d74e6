import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "#common/format";
import { formatPence } from "#common/money";
import { PAYMENT_SORTS } from "#contract/list-sorts";
import type { PaymentRow } from "#contract/payments";
import { PageHeader } from "../components/frame/page-header";
import { PaymentStatusBadge, SandboxBadge } from "../components/payments/payment-badges";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DataTable, type Column, ListBar, ListFooter, ExportButton } from "../components/table/list-kit";
import { defineList, listView, type SortField } from "../components/table/list";
import { pageTitle } from "../lib/variant";
import { openListPage } from "../services/lists.server";
import { listPayments, paymentFilters } from "../services/payments.server";
import { useFrame } from "./_app";

/** The list's sort fields and filters, in its URL (app/lib/list-url.ts). */
const paymentsList = defineList("/transactions", PAYMENT_SORTS, {
  filters: { status: {}, method: {}, created_at: { range: true }, amount_from: {}, amount_to: {}, client: {} },
  defaultSort: { field: "created_at", desc: true },
});

export const meta: MetaFunction = ({ matches }) => pageTitle("Payments", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, page, filters } = await openListPage(request, {
    path: "/transactions",
    listKey: "transactions",
    spec: paymentsList.spec,
    rules: paymentFilters,
    fetch: listPayments,
  });
  return { state, page, filters };
}

const columns: Column<PaymentRow, SortField<typeof paymentsList>>[] = [
  {
    key: "created",
    size: "fit",
    header: "Date",
    sortField: "created_at",
    cell: (p) => (
      <Link to={`/transactions/${p.id}`} className="font-medium text-brand hover:underline">
        {formatDate(p.created_at)}
      </Link>
    ),
  },
  { key: "description", size: "main", header: "Description", cell: (p) => p.description },
  { key: "client", size: "clip", header: "Client", sortField: "client", cell: (p) => p.client?.name ?? p.payer_name ?? "—" },
  { key: "method", size: "fit", header: "Method", cell: (p) => (p.card ? `${p.method_label} · ${p.card.brand} •••• ${p.card.last4}` : p.method_label) },
  {
    key: "status",
    size: "fit",
    header: "Status",
    sortField: "status",
    cell: (p) => (
      <span className="flex flex-wrap items-center gap-1">
        <PaymentStatusBadge status={p.status} label={p.status_label} />
        {p.sandbox ? <SandboxBadge /> : null}
      </span>
    ),
  },
  {
    key: "amount",
    size: "fit",
    header: "Amount",
    sortField: "amount",
    align: "right",
    cell: (p) => (
      <span>
        {formatPence(p.amount_pence)}
        {p.refunded_pence > 0 ? <span className="block text-xs text-slate-500">{`${formatPence(p.refunded_pence)} refunded`}</span> : null}
      </span>
    ),
  },
];

export default function PaymentsPage() {
  const { state, page, filters } = useLoaderData<typeof loader>();
  const list = listView(paymentsList, state);
  const frame = useFrame();
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Payments"
        info="Your customers' card payments: invoices paid from their link, with refunds and cancellations. Filter, sort and share the address: the list is in the URL."
        actions={<ExportButton list={list} type="payments" />}
      />
      <ListBar list={list} search="Search payments" filters={filters} />
      <DataTable caption="Payments" list={list} rows={page.data} columns={columns} rowId={(p) => String(p.id)} emptyText="No payments found" />
      <ListFooter list={list} meta={page.meta} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

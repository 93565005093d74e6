import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { formatDate } from "#common/format";
import { formatPence } from "#common/money";
import { TERMINAL_ORDER_SORTS } from "#common/terminal-orders";
import type { TerminalOrder } from "#contract/terminal-orders";
import { can } from "../access/permissions";
import { PageHeader } from "../components/frame/page-header";
import { SandboxBadge } from "../components/payments/payment-badges";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DataTable, type Column, FilterBar, ListFooter } from "../components/table/list-kit";
import { defineList, listView, type SortField } from "../components/table/list";
import { OrderStatusBadge } from "../components/terminals/badges";
import { pageTitle } from "../lib/variant";
import { openListPage } from "../services/lists.server";
import { listTerminalOrders, terminalOrderFilters } from "../services/terminal-orders.server";
import { useFrame } from "./_app";

/** The list's sort fields and filters, in its URL (app/lib/list-url.ts). */
const ordersList = defineList("/terminal-orders", TERMINAL_ORDER_SORTS, {
  filters: { status: {} },
  defaultSort: { field: "created_at", desc: true },
});

export const meta: MetaFunction = ({ matches }) => pageTitle("Terminal orders", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { state, page, filters, subject } = await openListPage(request, {
    path: "/terminal-orders",
    listKey: "terminal-orders",
    spec: ordersList.spec,
    rules: terminalOrderFilters,
    fetch: listTerminalOrders,
  });
  return { state, page, filters, canOrder: can(subject, "terminal_request", "terminal_manage"), search: new URL(request.url).search };
}

const lines = (o: TerminalOrder) => o.items.map((i) => `${i.quantity} × ${i.name}`).join(", ");

export default function TerminalOrdersPage() {
  const { state, page, filters, canOrder, search } = useLoaderData<typeof loader>();
  const list = listView(ordersList, state);
  const frame = useFrame();
  const columns: Column<TerminalOrder, SortField<typeof ordersList>>[] = [
    {
      key: "created",
      header: "Ordered",
      sortField: "created_at",
      cell: (o) => (
        <Link to={`/terminal-orders/${o.id}${search}`} className="font-medium text-brand hover:underline" preventScrollReset>
          {formatDate(o.created_at)}
        </Link>
      ),
    },
    { key: "reference", header: "Reference", cell: (o) => <span className="font-mono text-xs">{o.provider_order_id}</span> },
    { key: "items", header: "Hardware", cell: lines },
    { key: "ship", header: "Ship to", cell: (o) => `${o.shipping.name}, ${o.shipping.address.postal_code}` },
    {
      key: "status",
      header: "Status",
      sortField: "status",
      cell: (o) => (
        <span className="flex flex-wrap items-center gap-1">
          <OrderStatusBadge status={o.status} label={o.status_label} />
          {o.sandbox ? <SandboxBadge /> : null}
        </span>
      ),
    },
    { key: "total", header: "Total", sortField: "total", align: "right", cell: (o) => formatPence(o.total_pence) },
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Terminal orders"
        info="Card-terminal hardware you have ordered (Wise POS E, Wise Pad 3), paid by card and shipped in the UK. Filter and sort: the list is in the URL."
        actions={
          canOrder ? (
            <Link to="/terminal-orders/new" className="btn-primary">
              Order hardware
            </Link>
          ) : null
        }
      />
      <div className="mb-4">
        <FilterBar list={list} filters={filters} />
      </div>
      <DataTable caption="Terminal orders" list={list} rows={page.data} columns={columns} rowId={(o) => String(o.id)} emptyText="No terminal orders found" />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

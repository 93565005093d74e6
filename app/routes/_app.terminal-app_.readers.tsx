import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { TerminalReader } from "#contract/terminal-app";
import { TERMINAL_READER_SORTS } from "#contract/terminal-constants";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DataTable, type Column, ListBar, ListFooter } from "../components/table/list-kit";
import { defineList, listView, type SortField } from "../components/table/list";
import { TerminalTabs } from "../components/terminal-app/terminal-tabs";
import { can } from "../access/permissions";
import { pageTitle } from "../lib/variant";
import { listReaders, openLocationList } from "../services/terminal-app.server";
import { useFrame } from "./_app";

const readersList = defineList("/terminal-app/readers", TERMINAL_READER_SORTS, { filters: { location_id: {} }, defaultSort: { field: "label", desc: false } });

export const meta: MetaFunction = ({ matches }) => pageTitle("Readers", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page, filters, autocomplete } = await openLocationList(request, {
    listKey: "terminal-readers",
    spec: readersList.spec,
    fetch: listReaders,
  });
  return { state, page, filters, autocomplete, canManage: can(subject, "terminal_manage"), canTake: can(subject, "terminal_request", "terminal_manage") };
}

const columns: Column<TerminalReader, SortField<typeof readersList>>[] = [
  { key: "label", header: "Reader", sortField: "label", cell: (r) => <span className="font-medium">{r.label}</span> },
  { key: "device", header: "Device", cell: (r) => r.device_label },
  { key: "serial", header: "Serial number", cell: (r) => r.serial_number },
  { key: "location", header: "Location", sortField: "location", cell: (r) => r.location.display_name },
];

export default function ReadersPage() {
  const { state, page, filters, autocomplete, canManage, canTake } = useLoaderData<typeof loader>();
  const list = listView(readersList, state);
  const frame = useFrame();
  const { search } = useLocation();
  const actions: Column<TerminalReader, SortField<typeof readersList>> = {
    key: "actions",
    header: "Actions",
    align: "right",
    cell: (r) => (
      <span className="flex justify-end gap-2">
        {canTake ? (
          <Link to={`/terminal-app/pay?reader=${r.id}`} className="btn-secondary px-3 py-1" aria-label={`Take a payment on ${r.label}`}>
            Take a payment
          </Link>
        ) : null}
        {canManage ? (
          <Link
            to={`/terminal-app/readers/${r.id}/delete${search}`}
            className="btn-secondary px-3 py-1 text-red-700"
            preventScrollReset
            aria-label={`Delete ${r.label}`}
          >
            Delete
          </Link>
        ) : null}
      </span>
    ),
  };
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Readers"
        info="Card readers registered to your locations."
        actions={
          canManage ? (
            <Link to={`/terminal-app/readers/new${search}`} className="btn-primary" preventScrollReset>
              REGISTER READER
            </Link>
          ) : undefined
        }
      />
      <TerminalTabs />
      <ListBar list={list} search="Search readers" filters={filters} autocomplete={autocomplete} />
      <DataTable caption="Readers" list={list} rows={page.data} columns={[...columns, actions]} rowId={(r) => String(r.id)} emptyUnfiltered="No readers yet" />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

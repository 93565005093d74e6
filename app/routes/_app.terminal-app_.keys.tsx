import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { ReaderKey } from "#contract/terminal-app";
import { TERMINAL_READER_KEY_SORTS } from "#contract/terminal-constants";
import { formatDate } from "#common/format";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DataTable, type Column, ListBar, ListFooter } from "../components/table/list-kit";
import { defineList, listView, type SortField } from "../components/table/list";
import { TerminalTabs } from "../components/terminal-app/terminal-tabs";
import { can } from "../access/permissions";
import { pageTitle } from "../lib/variant";
import { listReaderKeys, openLocationList } from "../services/terminal-app.server";
import { useFrame } from "./_app";

/** Reader keys: search, the location filter and the sort in the URL. */
const keysList = defineList("/terminal-app/keys", TERMINAL_READER_KEY_SORTS, {
  filters: { location_id: {} },
  defaultSort: { field: "reader_name", desc: false },
});

export const meta: MetaFunction = ({ matches }) => pageTitle("Reader keys", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page, filters, autocomplete } = await openLocationList(request, {
    listKey: "terminal-reader-keys",
    spec: keysList.spec,
    fetch: listReaderKeys,
  });
  return { state, page, filters, autocomplete, canManage: can(subject, "terminal_manage") };
}

const columns: Column<ReaderKey, SortField<typeof keysList>>[] = [
  { key: "reader_name", header: "Reader name", sortField: "reader_name", cell: (k) => <span className="font-medium">{k.reader_name}</span> },
  { key: "location", header: "Location", sortField: "location", cell: (k) => k.location.display_name },
  { key: "created_at", header: "Created", sortField: "created_at", cell: (k) => formatDate(k.created_at) },
];

export default function ReaderKeysPage() {
  const { state, page, filters, autocomplete, canManage } = useLoaderData<typeof loader>();
  const list = listView(keysList, state);
  const frame = useFrame();
  const { search } = useLocation();
  const actions: Column<ReaderKey, SortField<typeof keysList>> = {
    key: "actions",
    header: "Actions",
    align: "right",
    cell: (k) =>
      canManage ? (
        <span className="flex justify-end gap-2">
          <Link to={`/terminal-app/keys/${k.id}/edit${search}`} className="btn-secondary px-3 py-1" preventScrollReset aria-label={`Edit ${k.reader_name}`}>
            Edit
          </Link>
          <Link
            to={`/terminal-app/keys/${k.id}/delete${search}`}
            className="btn-secondary px-3 py-1 text-red-700"
            preventScrollReset
            aria-label={`Delete ${k.reader_name}`}
          >
            Delete
          </Link>
        </span>
      ) : null,
  };
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Reader keys"
        info="The name and password a reader at a location signs in with."
        actions={
          canManage ? (
            <Link to={`/terminal-app/keys/new${search}`} className="btn-primary" preventScrollReset>
              ADD READER KEY
            </Link>
          ) : undefined
        }
      />
      <TerminalTabs />
      <ListBar list={list} search="Search reader keys" filters={filters} autocomplete={autocomplete} />
      <DataTable
        caption="Reader keys"
        list={list}
        rows={page.data}
        columns={[...columns, actions]}
        rowId={(k) => String(k.id)}
        emptyUnfiltered="No reader keys yet"
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

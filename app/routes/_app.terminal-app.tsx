import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { TerminalLocation } from "#contract/terminal-app";
import { TERMINAL_LOCATION_SORTS } from "#contract/terminal-constants";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DataTable, type Column, SearchBox, ListFooter } from "../components/table/list-kit";
import { defineList, listView, type SortField } from "../components/table/list";
import { TerminalTabs } from "../components/terminal-app/terminal-tabs";
import { can } from "../access/permissions";
import { pageTitle } from "../lib/variant";
import { openListPage } from "../services/lists.server";
import { listLocations } from "../services/terminal-app.server";
import { useFrame } from "./_app";

const locationsList = defineList("/terminal-app", TERMINAL_LOCATION_SORTS, { filters: {}, defaultSort: { field: "display_name", desc: false } });

export const meta: MetaFunction = ({ matches }) => pageTitle("Terminal app", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, {
    path: "/terminal-app",
    listKey: "terminal-locations",
    spec: locationsList.spec,
    fetch: listLocations,
  });
  return { state, page, canManage: can(subject, "terminal_manage") };
}

const columns: Column<TerminalLocation, SortField<typeof locationsList>>[] = [
  { key: "display_name", header: "Location", sortField: "display_name", cell: (l) => <span className="font-medium">{l.display_name}</span> },
  { key: "address", header: "Address", cell: (l) => [l.line1, l.line2].filter(Boolean).join(", ") },
  { key: "city", header: "Town or city", sortField: "city", cell: (l) => `${l.city} ${l.postal_code}` },
  {
    key: "readers",
    header: "Readers",
    align: "right",
    // The readers list filtered by this location.
    cell: (l) => (
      <Link
        to={`/terminal-app/readers?${new URLSearchParams({ "filter[location_id]": String(l.id) })}`}
        className="text-brand hover:underline"
        aria-label={`Readers at ${l.display_name}: ${l.readers_count}`}
      >
        {l.readers_count}
      </Link>
    ),
  },
];

export default function TerminalLocationsPage() {
  const { state, page, canManage } = useLoaderData<typeof loader>();
  const list = listView(locationsList, state);
  const frame = useFrame();
  const { search } = useLocation();
  const actions: Column<TerminalLocation, SortField<typeof locationsList>> = {
    key: "actions",
    header: "Actions",
    align: "right",
    cell: (l) =>
      canManage ? (
        <span className="flex justify-end gap-2">
          <Link
            to={`/terminal-app/locations/${l.id}/edit${search}`}
            className="btn-secondary px-3 py-1"
            preventScrollReset
            aria-label={`Edit ${l.display_name}`}
          >
            Edit
          </Link>
          <Link
            to={`/terminal-app/locations/${l.id}/delete${search}`}
            className="btn-secondary px-3 py-1 text-red-700"
            preventScrollReset
            aria-label={`Delete ${l.display_name}`}
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
        title="Terminal app"
        info="Your shops' card terminals: locations, reader keys, readers, and taking card payments in person."
        actions={
          canManage ? (
            <Link to={`/terminal-app/locations/new${search}`} className="btn-primary" preventScrollReset>
              ADD LOCATION
            </Link>
          ) : undefined
        }
      />
      <TerminalTabs />
      <div className="mb-4">
        <SearchBox list={list} placeholder="Search locations" />
      </div>
      <DataTable caption="Locations" list={list} rows={page.data} columns={[...columns, actions]} rowId={(l) => String(l.id)} emptyText="No locations yet" />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

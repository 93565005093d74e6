import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { PROVIDER_SORTS } from "#contract/list-sorts";
import type { Provider } from "#contract/providers";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkDeleteActions, DataTable, type Column, ListBar, ListFooter } from "../components/table/list-kit";
import { pageTitle } from "../lib/variant";
import { openListPage } from "../services/lists.server";
import { listProviders } from "../services/providers.server";
import { useFrame } from "./_app";
import { can } from "../access/permissions";
import { bulkSelectionAction } from "../services/bulk.server";
import { defineList, listView, type SortField } from "../components/table/list";
import { Icon } from "../components/ui/icon";

/** The sort fields and filters each list knows; shared by loaders and components (so never in a .server module). */
const providersList = defineList("/providers", PROVIDER_SORTS, {
  filters: { nominal_code: {} },
  defaultSort: { field: "name", desc: false },
});

export const meta: MetaFunction = ({ matches }) => pageTitle("Providers", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, { path: "/providers", listKey: "providers", spec: providersList.spec, fetch: listProviders });
  return { state, page, canManage: can(subject, "provider_manage") };
}

/** The bulk form: 'Delete provider(s)' goes to the confirmation of the selected providers. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, { list: "/providers", permission: "provider_manage", intents: { delete: { to: "/providers/delete" } } });

const columns: Column<Provider, SortField<typeof providersList>>[] = [
  {
    key: "name",
    size: "main",
    header: "Name",
    sortField: "name",
    cell: (p) => (
      <span className="flex items-center gap-3">
        {p.logo_url ? <img src={p.logo_url} alt="" width={24} height={24} className="h-6 w-6 rounded object-contain" loading="lazy" /> : null}
        <span className="font-medium">{p.name}</span>
      </span>
    ),
  },
  { key: "nominal_code", size: "fit", header: "Nominal code", sortField: "nominal_code", cell: (p) => p.nominal_code ?? "—" },
];

export default function ProvidersPage() {
  const { state, page, canManage } = useLoaderData<typeof loader>();
  const list = listView(providersList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const rowActions: Column<Provider, SortField<typeof providersList>> = {
    key: "actions",
    size: "fit",
    header: "Actions",
    align: "right",
    cell: (p) =>
      canManage ? (
        <span className="flex justify-end gap-2">
          <Link to={`/providers/${p.uuid}/edit${search}`} className="btn-secondary px-3 py-1" preventScrollReset aria-label={`Edit ${p.name}`}>
            Edit
          </Link>
          <Link to={`/providers/${p.uuid}/delete${search}`} className="btn-secondary px-3 py-1 text-red-700" preventScrollReset aria-label={`Delete ${p.name}`}>
            Delete
          </Link>
        </span>
      ) : (
        <span className="flex justify-end gap-2">
          <button type="button" className="btn-secondary px-3 py-1" disabled>
            Edit
          </button>
          <button type="button" className="btn-secondary px-3 py-1" disabled>
            Delete
          </button>
        </span>
      ),
  };
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Providers"
        info="The insurers, agents and other providers your company places business with."
        actions={
          canManage ? (
            <Link to={`/providers/new${search}`} className="btn-primary" preventScrollReset>
              <Icon name="plus" />
              ADD PROVIDER
            </Link>
          ) : (
            <button type="button" className="btn-primary" disabled>
              <Icon name="plus" />
              ADD PROVIDER
            </button>
          )
        }
      />
      <ListBar list={list} search="Search providers">
        <BulkDeleteActions formId="providers-bulk" result={actionData?.bulk} one="provider" many="providers" disabled={!canManage} />
      </ListBar>
      <DataTable
        caption="Providers"
        list={list}
        rows={page.data}
        columns={[...columns, rowActions]}
        rowId={(p) => p.uuid}
        selection={canManage ? { formId: "providers-bulk", label: (p) => p.name } : undefined}
        emptyText="No providers found"
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

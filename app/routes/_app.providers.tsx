import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { Provider } from "#contract/providers";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkActions } from "../components/table/bulk-actions";
import { DataTable, type Column } from "../components/table/data-table";
import { SearchBox } from "../components/table/list-controls";
import { ListFooter } from "../components/table/pager";
import { pageTitle } from "../lib/variant";
import { requireAccess } from "../services/auth.server";
import { openListPage, selectedIds } from "../services/lists.server";
import { listProviders } from "../services/providers.server";
import { useFrame } from "./_app";
import { formOf } from "../services/submission.server";
import type { ListSpec } from "../lib/list-url";

/** The sort fields and filters each list knows; shared by loaders and components (so never in a .server module). */
const providersListSpec: ListSpec = {
  sortable: ["name", "nominal_code", "created_at"],
  filters: { nominal_code: {} },
  defaultSort: { field: "name", desc: false },
};

export const meta: MetaFunction = ({ matches }) => pageTitle("Providers", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, { path: "/providers", listKey: "providers", spec: providersListSpec, fetch: listProviders });
  return { state, page, canManage: subject.permissions.includes("provider_manage") };
}

/** The bulk form: 'Delete provider(s)' goes to the confirmation of the selected providers. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, "/providers");
  const form = await formOf(request);
  const ids = selectedIds(form);
  if (ids.length === 0) return data({ bulk: { noSelection: true } }, { status: 422 });
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("index");
  for (const id of ids) params.append("ids", id);
  return redirect(`/providers/delete?${params}`);
}

const columns: Column<Provider>[] = [
  {
    key: "name",
    header: "Name",
    sortField: "name",
    cell: (p) => (
      <span className="flex items-center gap-3">
        {p.logo_url ? <img src={p.logo_url} alt="" width={24} height={24} className="h-6 w-6 rounded object-contain" loading="lazy" /> : null}
        <span className="font-medium">{p.name}</span>
      </span>
    ),
  },
  { key: "nominal_code", header: "Nominal code", sortField: "nominal_code", cell: (p) => p.nominal_code ?? "—" },
];

export default function ProvidersPage() {
  const { state, page, canManage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const rowActions: Column<Provider> = {
    key: "actions",
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
              ADD PROVIDER
            </Link>
          ) : (
            <button type="button" className="btn-primary" disabled>
              ADD PROVIDER
            </button>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBox state={state} spec={providersListSpec} placeholder="Search providers" />
        <BulkActions formId="providers-bulk" result={actionData?.bulk}>
          <button type="submit" name="intent" value="delete" className="btn-secondary text-red-700" disabled={!canManage}>
            Delete provider(s)
          </button>
        </BulkActions>
      </div>
      <DataTable
        caption="Providers"
        pathname="/providers"
        state={state}
        spec={providersListSpec}
        rows={page.data}
        columns={[...columns, rowActions]}
        rowId={(p) => p.uuid}
        selection={canManage ? { formId: "providers-bulk", label: (p) => p.name } : undefined}
        emptyText="No providers found"
      />
      <ListFooter pathname="/providers" state={state} spec={providersListSpec} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

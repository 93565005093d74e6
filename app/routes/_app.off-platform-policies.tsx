import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { OFF_PLATFORM_POLICY_SORTS, type OffPlatformPolicy } from "#contract/off-platform-policies";
import { formatDate } from "#common/format";
import { can } from "../access/permissions";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkActions } from "../components/table/bulk-actions";
import { DataTable, type Column } from "../components/table/data-table";
import { defineList, listView } from "../components/table/list";
import { SearchBox } from "../components/table/list-controls";
import { ListFooter } from "../components/table/pager";
import { pageTitle } from "../lib/variant";
import { bulkSelectionAction } from "../services/bulk.server";
import { openListPage } from "../services/lists.server";
import { listOffPlatformPolicies } from "../services/off-platform-policies.server";
import { useFrame } from "./_app";

/** The list's sort fields (the contract's) and default sort; shared by loader and component. */
const offPlatformPolicyList = defineList("/off-platform-policies", OFF_PLATFORM_POLICY_SORTS, { filters: {}, defaultSort: { field: "name", desc: false } });

export const meta: MetaFunction = ({ matches }) => pageTitle("Off-platform policies", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, {
    path: "/off-platform-policies",
    listKey: "off-platform-policies",
    spec: offPlatformPolicyList.spec,
    fetch: listOffPlatformPolicies,
  });
  return { state, page, canManage: can(subject, "off_platform_policy_manage") };
}

/** The bulk form: 'Delete off-platform policy(s)' goes to the confirmation of the selected off-platform policies. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, {
    list: "/off-platform-policies",
    permission: "off_platform_policy_manage",
    intents: { delete: { to: "/off-platform-policies/delete" } },
  });

const columns: Column<OffPlatformPolicy>[] = [
  { key: "name", header: "Name", sortField: "name", cell: (r) => <span className="font-medium">{r.name}</span> },
  { key: "created_at", header: "Created", sortField: "created_at", cell: (r) => formatDate(r.created_at) },
];

export default function OffPlatformPoliciesPage() {
  const { state, page, canManage } = useLoaderData<typeof loader>();
  const list = listView(offPlatformPolicyList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const rowActions: Column<OffPlatformPolicy> = {
    key: "actions",
    header: "Actions",
    align: "right",
    cell: (r) =>
      canManage ? (
        <span className="flex justify-end gap-2">
          <Link to={`/off-platform-policies/${r.id}/edit${search}`} className="btn-secondary px-3 py-1" preventScrollReset aria-label={`Edit ${r.name}`}>
            Edit
          </Link>
          <Link
            to={`/off-platform-policies/delete?${withIds(search, r.id)}`}
            className="btn-secondary px-3 py-1 text-red-700"
            preventScrollReset
            aria-label={`Delete ${r.name}`}
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
        title="Off-platform policies"
        actions={
          canManage ? (
            <Link to={`/off-platform-policies/new${search}`} className="btn-primary" preventScrollReset>
              ADD OFF-PLATFORM POLICY
            </Link>
          ) : null
        }
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBox list={list} placeholder="Search off-platform policies" />
        {canManage ? (
          <BulkActions formId="off-platform-policies-bulk" result={actionData?.bulk}>
            <button type="submit" name="intent" value="delete" className="btn-secondary text-red-700">
              Delete off-platform policy(s)
            </button>
          </BulkActions>
        ) : null}
      </div>
      <DataTable
        caption="Off-platform policies"
        list={list}
        rows={page.data}
        columns={[...columns, rowActions]}
        rowId={(r) => String(r.id)}
        selection={canManage ? { formId: "off-platform-policies-bulk", label: (r) => r.name } : undefined}
        emptyText="No off-platform policies found"
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

/** The list's URL state with one id to confirm (a row's Delete goes to the bulk confirmation of that one). */
function withIds(search: string, id: number) {
  const params = new URLSearchParams(search);
  params.set("ids", String(id));
  return params.toString();
}

export { RouteErrorBoundary as ErrorBoundary };

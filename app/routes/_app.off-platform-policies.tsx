import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { OffPlatformPolicy } from "#contract/off-platform-policies";
import { OFF_PLATFORM_POLICY_SORTS, POLICY_STATE_LABELS } from "#contract/off-platform-policy-constants";
import { formatDate, formatMoney } from "#common/format";
import { can } from "../access/permissions";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkDeleteActions, DataTable, type Column, ListBar, ListFooter, ExportButton } from "../components/table/list-kit";
import { defineList, listView, type SortField } from "../components/table/list";
import { pageTitle } from "../lib/variant";
import { bulkSelectionAction } from "../services/bulk.server";
import { openListPage } from "../services/lists.server";
import { listOffPlatformPolicies } from "../services/off-platform-policies.server";
import { useFrame } from "./_app";
import { Icon } from "../components/ui/icon";

/** The list's sort fields (the contract's) and default sort; shared by loader and component. */
const offPlatformPolicyList = defineList("/off-platform-policies", OFF_PLATFORM_POLICY_SORTS, {
  filters: {},
  defaultSort: { field: "renewal_date", desc: false },
});

export const meta: MetaFunction = ({ matches }) => pageTitle("Off-platform policies", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, {
    path: "/off-platform-policies",
    listKey: "off-platform-policies",
    spec: offPlatformPolicyList.spec,
    fetch: listOffPlatformPolicies,
  });
  return { state, page, canManage: can(subject, "off_platform_policy_manage"), canDelete: can(subject, "off_platform_policy_delete") };
}

/** The bulk form: 'Delete off-platform policy(s)' goes to the confirmation of the selected off-platform policies. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, {
    list: "/off-platform-policies",
    permission: "off_platform_policy_delete",
    intents: { delete: { to: "/off-platform-policies/delete" } },
  });

const columns: Column<OffPlatformPolicy, SortField<typeof offPlatformPolicyList>>[] = [
  {
    key: "policy_number",
    size: "main",
    header: "Policy number",
    sortField: "policy_number",
    cell: (r) => (
      <Link to={`/off-platform-policies/${r.id}`} className="font-medium text-brand underline">
        {r.policy_number}
      </Link>
    ),
  },
  { key: "client_name", size: "clip", header: "Client", sortField: "client_name", cell: (r) => r.client_name },
  { key: "product_name", size: "clip", header: "Product", cell: (r) => r.product_name },
  { key: "insurer", size: "clip", header: "Insurer", sortField: "insurer", cell: (r) => r.insurer },
  { key: "state", size: "fit", header: "Status", cell: (r) => POLICY_STATE_LABELS[r.state] },
  { key: "renewal_date", size: "fit", header: "Renewal date", sortField: "renewal_date", cell: (r) => formatDate(r.renewal_date) },
  { key: "premium_pence", size: "fit", header: "Premium", sortField: "premium_pence", align: "right", cell: (r) => formatMoney(r.premium_pence / 100) },
];

export default function OffPlatformPoliciesPage() {
  const { state, page, canManage, canDelete } = useLoaderData<typeof loader>();
  const list = listView(offPlatformPolicyList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const rowActions: Column<OffPlatformPolicy, SortField<typeof offPlatformPolicyList>> = {
    key: "actions",
    size: "fit",
    header: "Actions",
    align: "right",
    cell: (r) => (
      <span className="flex justify-end gap-2">
        {canManage ? (
          <Link to={`/off-platform-policies/${r.id}/edit`} className="btn-secondary px-3 py-1" aria-label={`Edit ${r.policy_number}`}>
            Edit
          </Link>
        ) : null}
        {canDelete ? (
          <Link
            to={`/off-platform-policies/delete?${withIds(search, r.id)}`}
            className="btn-secondary px-3 py-1 text-red-700"
            preventScrollReset
            aria-label={`Delete ${r.policy_number}`}
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
        title="Off-platform policies"
        actions={
          <>
            <ExportButton list={list} type="off-platform-policies" />
            {canManage ? (
              <Link to="/off-platform-policies/new" className="btn-primary">
                <Icon name="plus" />
                ADD OFF-PLATFORM POLICY
              </Link>
            ) : null}
          </>
        }
      />
      <ListBar list={list} search="Search off-platform policies">
        {canDelete ? (
          <BulkDeleteActions formId="off-platform-policies-bulk" result={actionData?.bulk} one="off-platform policy" many="off-platform policies" />
        ) : null}
      </ListBar>
      <DataTable
        caption="Off-platform policies"
        list={list}
        rows={page.data}
        columns={[...columns, rowActions]}
        rowId={(r) => String(r.id)}
        selection={canDelete ? { formId: "off-platform-policies-bulk", label: (r) => r.policy_number } : undefined}
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

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { formatDate } from "#common/format";
import { formatPence } from "#common/money";
import { POLICY_SORTS, POLICY_STATE_LABELS, RENEWAL_WINDOWS } from "#contract/policy-constants";
import type { Policy } from "#contract/policies";
import { can } from "../access/permissions";
import { PageHeader } from "../components/frame/page-header";
import { PolicyStateBadge } from "../components/policies/policy-state-badge";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkActions, DataTable, type Column, ListBar, ListFooter, ExportButton } from "../components/table/list-kit";
import { defineList, listView, type SortField } from "../components/table/list";
import { hrefFor, parseListUrl, type ListState } from "../lib/list-url";
import { POLICY_FILTERS } from "../lib/policy-filters";
import { pageTitle } from "../lib/variant";
import { bulkSelectionAction } from "../services/bulk.server";
import { openListPage } from "../services/lists.server";
import { listPolicies, sortFromJson } from "../services/policies.server";
import { useFrame } from "./_app";
import { Icon } from "../components/ui/icon";

/** Policies: the spec's seven filters and the renewals-due view, all in the URL; newest first by default. */
const policyList = defineList("/policies", POLICY_SORTS, {
  filters: {
    policyNumber: {},
    productName: {},
    mainBrokerName: {},
    client_name: {},
    creationDate: { range: true },
    renewalDate: { range: true },
    state: {},
    renewal_due: {},
  },
  defaultSort: { field: "created_at", desc: true },
});

export const meta: MetaFunction = ({ matches }) => pageTitle("Policies", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  // An old link whose sort is the spec's JSON form opens the same list at its canonical address.
  const url = new URL(request.url);
  const rawSort = url.searchParams.get("sort");
  if (rawSort && /^\s*[[{]/.test(rawSort)) {
    const sort = sortFromJson(rawSort);
    if (sort) url.searchParams.set("sort", sort);
    else url.searchParams.delete("sort");
    throw redirect(hrefFor("/policies", parseListUrl(url.searchParams, policyList.spec), policyList.spec), 301);
  }
  const { subject, state, page } = await openListPage(request, {
    path: "/policies",
    listKey: "policies",
    spec: policyList.spec,
    rules: POLICY_FILTERS,
    fetch: listPolicies,
  });
  return { state, page, canManage: can(subject, "policy_manage") };
}

/** The bulk form: delete, or send the renewal e-mails of the selected policies (as a job). */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, {
    list: "/policies",
    permission: "policy_manage",
    intents: { renewals: { to: "/policies/renewal-emails" }, delete: { to: "/policies/delete" } },
  });

/** The renewals-due view of `days`: a plain address, soonest renewal first. */
const renewalsDue = (state: ListState, days: number) =>
  hrefFor(
    "/policies",
    { ...state, filters: { renewal_due: String(days) }, search: "", page: 1, sort: { field: "renewal_date", desc: false } },
    policyList.spec,
  );

export default function PoliciesPage() {
  const { state, page, canManage } = useLoaderData<typeof loader>();
  const list = listView(policyList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const due = typeof state.filters.renewal_due === "string" ? state.filters.renewal_due : null;
  const columns: Column<Policy, SortField<typeof policyList>>[] = [
    {
      key: "number",
      size: "fit",
      header: "Policy number",
      sortField: "number",
      cell: (p) => (
        <Link to={`/policies/${p.id}`} className="font-medium text-brand hover:underline">
          {p.number}
        </Link>
      ),
    },
    {
      key: "product",
      size: "main",
      header: "Product",
      sortField: "product_name",
      cell: (p) => (
        <span>
          {p.product.name}
          <span className="block text-xs text-slate-500">{[p.product.class_of_business, p.product.insurer].filter(Boolean).join(" · ") || "—"}</span>
        </span>
      ),
    },
    { key: "client", size: "clip", header: "Client", cell: (p) => p.client.name || "—" },
    { key: "broker", size: "clip", header: "Brokerage", sortField: "main_broker_name", cell: (p) => p.main_broker_name ?? "—" },
    { key: "premium", size: "fit", header: "Premium", sortField: "premium", align: "right", cell: (p) => formatPence(p.premium_pence) },
    { key: "ipt", size: "fit", header: "IPT", align: "right", cell: (p) => `${formatPence(p.ipt_pence)} (${p.ipt_rate}%)` },
    { key: "renewal", size: "fit", header: "Renewal", sortField: "renewal_date", cell: (p) => formatDate(p.renewal_date) },
    { key: "state", size: "fit", header: "Status", sortField: "state", cell: (p) => <PolicyStateBadge state={p.state} /> },
    { key: "created", size: "fit", header: "Created", sortField: "created_at", cell: (p) => formatDate(p.created_at) },
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Policies"
        info="Your on-platform policies. Filter, sort and share the address: the list is in the URL."
        actions={
          <>
            <ExportButton list={list} type="policies" />
            {canManage ? (
              <Link to={`/policies/new${search}`} className="btn-primary" preventScrollReset>
                <Icon name="plus" />
                ADD POLICY
              </Link>
            ) : null}
          </>
        }
      />
      <nav aria-label="Renewals due" className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">Renewals due:</span>
        {RENEWAL_WINDOWS.map((days) => (
          <Link
            key={days}
            to={renewalsDue(state, days)}
            className={`rounded-full border px-3 py-1 ${due === String(days) ? "border-brand bg-brand text-white" : "border-slate-300 hover:bg-slate-50"}`}
            aria-current={due === String(days) ? "page" : undefined}
          >
            {`Next ${days} days`}
          </Link>
        ))}
      </nav>
      {due && canManage ? (
        <p className="mb-3 flex flex-wrap items-center gap-3 rounded border border-amber-200 bg-amber-50 p-3 text-sm">
          <span>{`${page.meta.total}${page.meta.total_capped ? "+" : ""} ${page.meta.total === 1 ? "policy renews" : "policies renew"} in the next ${due} days.`}</span>
          <Link
            to={`/policies/renewal-emails?${new URLSearchParams([...new URLSearchParams(search), ["days", due]])}`}
            className="btn-secondary"
            preventScrollReset
          >
            Send renewal e-mails to all of them
          </Link>
        </p>
      ) : null}
      <ListBar list={list} search="Search policies" filters={POLICY_FILTERS}>
        {canManage ? (
          <BulkActions formId="policies-bulk" result={actionData?.bulk}>
            <button type="submit" name="intent" value="renewals" className="btn-secondary">
              Send renewal e-mails
            </button>
            <button type="submit" name="intent" value="delete" className="btn-secondary text-red-700">
              Delete policy(s)
            </button>
          </BulkActions>
        ) : null}
      </ListBar>
      <DataTable
        caption="Policies"
        list={list}
        rows={page.data}
        columns={columns}
        rowId={(r) => String(r.id)}
        selection={canManage ? { formId: "policies-bulk", label: (r) => `${r.number} (${POLICY_STATE_LABELS[r.state]})` } : undefined}
        emptyText="No policies found"
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

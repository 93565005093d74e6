import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { WORKFLOW_SORTS } from "#contract/list-sorts";
import type { Workflow } from "#contract/workflows";
import { formatDate } from "#common/format";
import { can } from "../access/permissions";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkDeleteActions, DataTable, type Column, ListBar, ListFooter } from "../components/table/list-kit";
import { defineList, listView, type SortField } from "../components/table/list";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { bulkSelectionAction } from "../services/bulk.server";
import { openListPage } from "../services/lists.server";
import { requireAccess } from "../services/auth.server";
import { listWorkflows, workflowLabels } from "../services/workflows.server";
import { useFrame } from "./_app";

/** The list's sort fields (the contract's) and default sort; shared by loader and component. */
const workflowList = defineList("/workflows", WORKFLOW_SORTS, { filters: { status: {} }, defaultSort: { field: "name", desc: false } });

export const meta: MetaFunction = ({ matches }) => pageTitle({ flightdeck: "Workflow management", smallbusiness: "Automations" }, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, { path: "/workflows", listKey: "workflows", spec: workflowList.spec, fetch: listWorkflows });
  const { edition } = await requireAccess(request, "/workflows");
  return { state, page, canManage: can(subject, "task_manage"), types: workflowLabels(edition).types, edition };
}

/** The bulk form: 'Delete workflow(s)' goes to the confirmation of the selected workflows. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, { list: "/workflows", permission: "task_manage", intents: { delete: { to: "/workflows/delete" } } });

const TRIGGERS: Record<string, string> = {
  task_created: "Task created",
  task_moved: "Task moved to a stage",
  task_assigned: "Task assigned",
  task_idle: "Task idle",
};

function columnsFor(types: { value: string; label: string }[]): Column<Workflow, SortField<typeof workflowList>>[] {
  return [
    {
      key: "name",
      size: "main",
      header: "Name",
      sortField: "name",
      cell: (r) => (
        <Link to={`/workflows/${r.id}`} className="font-medium underline">
          {r.name}
        </Link>
      ),
    },
    { key: "type", size: "fit", header: "Type", cell: (r) => types.find((t) => t.value === String(r.workflow_type_id))?.label ?? "" },
    {
      key: "trigger",
      size: "clip",
      header: "Trigger",
      cell: (r) => (r.trigger.event === "task_idle" ? `Task idle for ${r.trigger.days} days` : TRIGGERS[r.trigger.event]),
    },
    { key: "summary", size: "clip", header: "Action", cell: (r) => r.summary },
    { key: "status", size: "fit", header: "Status", sortField: "status", cell: (r) => (r.status === 1 ? "Active" : "Draft") },
    { key: "created_at", size: "fit", header: "Created", sortField: "created_at", cell: (r) => formatDate(r.created_at) },
  ];
}

export default function WorkflowsPage() {
  const { state, page, canManage, types, edition } = useLoaderData<typeof loader>();
  const columns = columnsFor(types);
  const words = wordsFor(edition);
  const title = words.workflows;
  const list = listView(workflowList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const rowActions: Column<Workflow, SortField<typeof workflowList>> = {
    key: "actions",
    size: "fit",
    header: "Actions",
    align: "right",
    cell: (r) =>
      canManage ? (
        <span className="flex justify-end gap-2">
          <Link to={`/workflows/${r.id}`} className="btn-secondary px-3 py-1" aria-label={`Edit ${r.name}`}>
            Edit
          </Link>
          <Link
            to={`/workflows/delete?${withIds(search, r.id)}`}
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
        title={title}
        actions={
          canManage ? (
            <Link to="/workflows/create" className="btn-primary">
              {edition === "smallbusiness" ? "ADD AUTOMATION" : "ADD WORKFLOW"}
            </Link>
          ) : null
        }
      />
      <ListBar list={list} search={`Search ${words.workflowPlural}`}>
        {canManage ? <BulkDeleteActions formId="workflows-bulk" result={actionData?.bulk} one={words.workflow} many={words.workflowPlural} /> : null}
      </ListBar>
      <DataTable
        caption={title}
        list={list}
        rows={page.data}
        columns={[...columns, rowActions]}
        rowId={(r) => String(r.id)}
        selection={canManage ? { formId: "workflows-bulk", label: (r) => r.name } : undefined}
        emptyText={`No ${words.workflowPlural} found`}
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

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { PIPELINE_SORTS } from "#contract/list-sorts";
import type { Pipeline } from "#contract/pipelines";
import { formatDate, formatMoney, formatNumber } from "#common/format";
import { PageHeader } from "../components/frame/page-header";
import { PIPELINE_STATUS_OPTIONS, PipelineStatusBadge } from "../components/pipelines/status-badge";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkActions, DataTable, type Column, ListBar, ListFooter } from "../components/table/list-kit";
import type { FilterDefinition } from "../lib/filter-rules";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { openListPage } from "../services/lists.server";
import { listPipelines } from "../services/pipelines.server";
import { useFrame } from "./_app";
import { can } from "../access/permissions";
import { bulkSelectionAction } from "../services/bulk.server";
import { defineList, listView, type SortField } from "../components/table/list";
import { Icon } from "../components/ui/icon";

/** Pipelines: the status filter (1 active, 0 archived), search by name, sort. */
const pipelinesList = defineList("/pipelines", PIPELINE_SORTS, {
  filters: { status: {} },
  defaultSort: { field: "name", desc: false },
});

export const meta: MetaFunction = ({ matches }) => pageTitle("Pipelines", matches);

const FILTERS: FilterDefinition[] = [
  { filterKey: "status", label: "Status", type: "select", selectOptions: PIPELINE_STATUS_OPTIONS, placeholder: "Any status" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // A first visit (nothing in the URL, nothing remembered) shows the active pipelines.
  const { edition, subject, state, page } = await openListPage(request, {
    path: "/pipelines",
    listKey: "pipelines",
    spec: pipelinesList.spec,
    rules: FILTERS,
    firstVisit: { status: "1" },
    fetch: listPipelines,
  });
  return { state, page, words: wordsFor(edition), canManage: can(subject, "pipeline_manage") };
}

/** 'Archive' and 'Unarchive' of the bulk form: on to the confirmation of the selected pipelines. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, {
    list: "/pipelines",
    permission: "pipeline_manage",
    intents: { archive: { to: "/pipelines/archive", params: { status: "0" } }, unarchive: { to: "/pipelines/archive", params: { status: "1" } } },
  });

export default function PipelinesPage() {
  const { state, page, words, canManage } = useLoaderData<typeof loader>();
  const list = listView(pipelinesList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const columns: Column<Pipeline, SortField<typeof pipelinesList>>[] = [
    {
      key: "name",
      size: "main",
      header: "Name",
      sortField: "name",
      cell: (p) => (
        <Link to={`/pipeline/${p.id}`} className="font-medium text-brand hover:underline">
          {p.name}
        </Link>
      ),
    },
    { key: "status", size: "fit", header: "Status", sortField: "status", cell: (p) => <PipelineStatusBadge status={p.status} /> },
    { key: "stages", size: "fit", header: "Stages", align: "right", cell: (p) => formatNumber(p.stages_count) },
    { key: "open", size: "fit", header: `Open ${words.tasks}`, align: "right", cell: (p) => formatNumber(p.open_tasks_count) },
    { key: "tasks", size: "fit", header: `All ${words.tasks}`, align: "right", cell: (p) => formatNumber(p.tasks_count) },
    { key: "value", size: "fit", header: "Open value", align: "right", cell: (p) => formatMoney(p.open_value) },
    { key: "created", size: "fit", header: "Created", sortField: "created_at", cell: (p) => formatDate(p.created_at) },
    { key: "updated", size: "fit", header: "Updated", sortField: "updated_at", cell: (p) => formatDate(p.updated_at) },
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Pipelines"
        info={`The pipelines your ${words.tasks} move through, stage by stage. Archived pipelines keep their ${words.tasks} but take no new ones.`}
        actions={
          canManage ? (
            <Link to={`/pipelines/new${search}`} className="btn-primary">
              <Icon name="plus" />
              ADD PIPELINE
            </Link>
          ) : null
        }
      />
      <ListBar list={list} search="Search pipelines" filters={FILTERS}>
        {canManage ? (
          <BulkActions formId="pipelines-bulk" result={actionData?.bulk}>
            <button type="submit" name="intent" value="archive" className="btn-secondary">
              Archive
            </button>
            <button type="submit" name="intent" value="unarchive" className="btn-secondary">
              Unarchive
            </button>
          </BulkActions>
        ) : null}
      </ListBar>
      <DataTable
        caption="Pipelines"
        list={list}
        rows={page.data}
        columns={columns}
        rowId={(p) => String(p.id)}
        selection={canManage ? { formId: "pipelines-bulk", label: (p) => p.name } : undefined}
        emptyText={state.search || Object.keys(state.filters).length ? undefined : "No pipelines found"}
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

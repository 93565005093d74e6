import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { formatDate, formatMoney } from "#common/format";
import { TASK_SORTS } from "#contract/task-constants";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkDeleteActions, DataTable, type Column, ListBar, ListFooter, ExportButton } from "../components/table/list-kit";
import { CloseDate } from "../components/tasks/close-date";
import { StageChip } from "../components/tasks/stage-chip";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { openListPage } from "../services/lists.server";
import { colleagueFinder, colleagueOption } from "../services/teams.server";
import { activePipelines, listTasks, taskFilterRules, taskFilters, taskRow, teamOptions, type TaskRow } from "../services/tasks.server";
import { useFrame } from "./_app";
import { can } from "../access/permissions";
import { bulkSelectionAction } from "../services/bulk.server";
import { defineList, listView, type SortField } from "../components/table/list";
import { Icon } from "../components/ui/icon";

/** The list's sort fields and filters (its address, app/lib/list-url.ts). */
const tasksList = defineList("/tasks", TASK_SORTS, {
  filters: {
    pipeline_id: { dependants: ["pipeline_stage_id"] },
    pipeline_stage_id: {},
    team_member_id: {},
    team_id: {},
    priority: {},
    review_status: {},
    open: {},
    created_at: { range: true },
    expected_close_date: { range: true },
  },
  defaultSort: { field: "created_at", desc: true },
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.words.Tasks ?? "Tasks", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  // The page is fetched with the URL's filters cleaned by the rules that need no lookup, beside GET /me
  // and the lookups; a value the lookups rule out (a stage of another pipeline) redirects to the canonical URL.
  const chosenPipeline = new URL(request.url).searchParams.get("filter[pipeline_id]") ?? undefined;
  const { api, edition, subject, state, page, filters, finds } = await openListPage(request, {
    path: "/tasks",
    listKey: "tasks",
    spec: tasksList.spec,
    rules: taskFilterRules(chosenPipeline),
    lookups: (api) => Promise.all([activePipelines(api), teamOptions(api)]),
    filters: ([pipelines, teams], { edition }) => taskFilters(pipelines, teams, chosenPipeline, wordsFor(edition)),
    fetch: listTasks,
    finders: (api, { subject }) => ({ team_member_id: colleagueFinder(api, subject.permissions) }),
  });
  // The chosen assignee's name: from the page's rows, else asked for (a filter with no rows, or none on this page).
  const chosenAssignee = typeof state.filters.team_member_id === "string" ? state.filters.team_member_id : null;
  const onPage = page.data.find((t) => String(t.team_member_id) === chosenAssignee)?.teamMember;
  const assignee = onPage
    ? { value: String(onPage.id), label: onPage.full_name }
    : chosenAssignee
      ? await colleagueOption(api, subject.permissions, chosenAssignee)
      : null;
  return {
    state,
    page: { data: page.data.map(taskRow), meta: page.meta },
    filters,
    assignee,
    // Without JavaScript the assignee filter offers no list (the page stays light): a name typed beside it finds one.
    assigneeFind: finds.team_member_id,
    words: wordsFor(edition),
    canManage: can(subject, "task_manage"),
  };
}

/** 'Delete' of the bulk form: on to the confirmation of the selected rows. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, { list: "/tasks", permission: "task_manage", intents: { delete: { to: "/tasks/delete" } } });

export default function TasksPage() {
  const { state, page, filters, assignee, assigneeFind, words, canManage } = useLoaderData<typeof loader>();
  const list = listView(tasksList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const columns: Column<TaskRow, SortField<typeof tasksList>>[] = [
    {
      key: "name",
      header: "Name",
      sortField: "name",
      size: "main",
      cell: (t) => (
        <Link to={`/tasks/${t.id}`} className="font-medium text-brand hover:underline">
          {t.name}
        </Link>
      ),
    },
    {
      key: "stage",
      header: "Pipeline / stage",
      size: "clip",
      title: (t) => (t.pipelineStage ? [t.pipeline?.name, t.pipelineStage.name].filter(Boolean).join(" · ") : null),
      cell: (t) => (t.pipelineStage ? <StageChip pipeline={t.pipeline?.name} stage={t.pipelineStage} /> : "—"),
    },
    { key: "priority", header: "Priority", sortField: "priority", size: "fit", cell: (t) => t.priority_name },
    { key: "review", header: "Review status", sortField: "review_status", size: "fit", cell: (t) => t.review_status_name },
    {
      key: "assignee",
      header: "Assigned to",
      size: "clip",
      title: (t) => t.teamMember?.full_name,
      cell: (t) => t.teamMember?.full_name ?? "—",
    },
    {
      key: "revenue",
      header: "Expected revenue",
      sortField: "expected_revenue",
      align: "right",
      size: "fit",
      cell: (t) => (t.expected_revenue === null ? "—" : formatMoney(t.expected_revenue)),
    },
    {
      key: "close",
      header: "Expected close",
      sortField: "expected_close_date",
      size: "fit",
      cell: (t) => <CloseDate date={t.expected_close_date} open={t.state === "open"} />,
    },
    { key: "created", header: "Created", sortField: "created_at", size: "fit", cell: (t) => formatDate(t.created_at) },
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={words.Tasks}
        info={`Every ${words.task} of your company, in its pipeline and stage. Filter, sort and share the address: the list is in the URL.`}
        actions={
          <>
            <Link to={`/tasks/board${typeof state.filters.pipeline_id === "string" ? `?pipeline=${state.filters.pipeline_id}` : ""}`} className="btn-secondary">
              <Icon name="kanban" />
              Board
            </Link>
            <ExportButton list={list} type="tasks" />
            {canManage ? (
              <Link to={`/tasks/new${search}`} className="btn-primary">
                <Icon name="plus" />
                {`ADD ${words.Task.toUpperCase()}`}
              </Link>
            ) : null}
          </>
        }
      />
      <ListBar
        list={list}
        search={`Search ${words.tasks}`}
        filters={filters}
        autocomplete={{ team_member_id: { selected: assignee, more: true, find: assigneeFind } }}
      >
        {canManage ? <BulkDeleteActions formId="tasks-bulk" result={actionData?.bulk} one={words.task} many={words.tasks} /> : null}
      </ListBar>
      <DataTable
        caption={words.Tasks}
        list={list}
        rows={page.data}
        columns={columns}
        rowId={(t) => String(t.id)}
        selection={canManage ? { formId: "tasks-bulk", label: (t) => t.name } : undefined}
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { TEAM_SORTS } from "#contract/list-sorts";
import type { Team } from "#contract/teams";
import { formatDate } from "#common/format";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { DataTable, type Column, ListBar, ListFooter } from "../components/table/list-kit";
import { pageTitle } from "../lib/variant";
import { openListPage } from "../services/lists.server";
import { listTeams } from "../services/teams.server";
import { useFrame } from "./_app";
import { can } from "../access/permissions";
import { defineList, listView, type SortField } from "../components/table/list";
import { Icon } from "../components/ui/icon";

/** The list's sort fields and filters (its address, app/lib/list-url.ts). */
const teamsList = defineList("/team", TEAM_SORTS, {
  filters: {},
  defaultSort: { field: "name", desc: false },
});

export const meta: MetaFunction = ({ matches }) => pageTitle("Teams", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, { path: "/team", listKey: "teams", spec: teamsList.spec, fetch: listTeams });
  return {
    state,
    page,
    canCreate: can(subject, "team_create", "team_manage"),
    canManage: can(subject, "team_manage"),
  };
}

export default function TeamsPage() {
  const { state, page, canCreate, canManage } = useLoaderData<typeof loader>();
  const list = listView(teamsList, state);
  const frame = useFrame();
  const { search } = useLocation();
  const columns: Column<Team, SortField<typeof teamsList>>[] = [
    {
      key: "name",
      size: "main",
      header: "Name",
      sortField: "name",
      cell: (t) => (
        <Link to={`/team/${t.id}${search}`} className="font-medium text-brand hover:underline" preventScrollReset>
          {t.name}
        </Link>
      ),
    },
    { key: "members", size: "fit", header: "Members", sortField: "members_count", align: "right", cell: (t) => t.members_count },
    { key: "invitations", size: "fit", header: "Pending invitations", align: "right", cell: (t) => t.pending_invitations_count },
    { key: "created", size: "fit", header: "Created", sortField: "created_at", cell: (t) => formatDate(t.created_at) },
    {
      key: "actions",
      size: "fit",
      header: "Actions",
      align: "right",
      cell: (t) => (
        <span className="flex justify-end gap-2">
          <Link to={`/team/${t.id}${search}`} className="btn-secondary px-3 py-1" preventScrollReset aria-label={`Open ${t.name}`}>
            {canManage ? "Edit" : "View"}
          </Link>
          {canManage ? (
            <Link to={`/team/${t.id}/delete${search}`} className="btn-secondary px-3 py-1 text-red-700" preventScrollReset aria-label={`Delete ${t.name}`}>
              Delete
            </Link>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Teams"
        info="Teams group your colleagues; tasks can be assigned to a team and one of its members."
        actions={
          canCreate ? (
            <Link to={`/team/new${search}`} className="btn-primary" preventScrollReset>
              <Icon name="plus" />
              ADD TEAM
            </Link>
          ) : null
        }
      />
      <ListBar list={list} search="Search teams" />
      <DataTable caption="Teams" list={list} rows={page.data} columns={columns} rowId={(t) => String(t.id)} emptyText="No teams found" />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ROLE_SORTS } from "#contract/list-sorts";
import type { Role } from "#contract/roles";
import { formatDate } from "#common/format";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { Badge } from "../components/ui/badge";
import { BulkDeleteActions, DataTable, type Column, ListBar, ListFooter } from "../components/table/list-kit";
import { pageTitle } from "../lib/variant";
import { openListPage } from "../services/lists.server";
import { listRoles } from "../services/roles.server";
import { useFrame } from "./_app";
import { can } from "../access/permissions";
import { bulkSelectionAction } from "../services/bulk.server";
import { defineList, listView, type SortField } from "../components/table/list";
import { Icon } from "../components/ui/icon";

/** The list's sort fields and filters (its address, app/lib/list-url.ts). */
const rolesList = defineList("/roles", ROLE_SORTS, {
  filters: {},
  defaultSort: { field: "name", desc: false },
});

export const meta: MetaFunction = ({ matches }) => pageTitle("Roles & permissions", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, { path: "/roles", listKey: "roles", spec: rolesList.spec, fetch: listRoles });
  return { state, page, canManage: can(subject, "role_manage"), canCreate: can(subject, "role_create", "role_manage") };
}

export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, { list: "/roles", permission: "role_manage", intents: { delete: { to: "/roles/delete" } } });

export default function RolesPage() {
  const { state, page, canManage, canCreate } = useLoaderData<typeof loader>();
  const list = listView(rolesList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const columns: Column<Role, SortField<typeof rolesList>>[] = [
    {
      key: "name",
      size: "main",
      header: "Name",
      sortField: "name",
      cell: (r) => (
        <Link to={`/role-permissions/${r.id}`} className="font-medium text-brand hover:underline">
          {r.name}
          {r.is_system ? <Badge className="ml-2">System</Badge> : null}
        </Link>
      ),
    },
    { key: "users", size: "fit", header: "Users", sortField: "users_count", align: "right", cell: (r) => r.users_count },
    { key: "permissions", size: "fit", header: "Permissions", align: "right", cell: (r) => r.permissions_count },
    { key: "created", size: "fit", header: "Created", sortField: "created_at", cell: (r) => formatDate(r.created_at) },
    {
      key: "actions",
      size: "fit",
      header: "Actions",
      align: "right",
      cell: (r) => (
        <span className="flex justify-end gap-2">
          <Link to={`/role-permissions/${r.id}`} className="btn-secondary btn-sm">
            <Icon name="shield-check" />
            Permissions
          </Link>
          {canManage ? (
            <>
              <Link to={`/roles/${r.id}/edit${search}`} className="btn-secondary btn-sm" preventScrollReset aria-label={`Rename ${r.name}`}>
                <Icon name="pencil" />
                Rename
              </Link>
              {r.is_system ? null : (
                <Link to={`/roles/${r.id}/delete${search}`} className="btn-secondary btn-sm text-red-700" preventScrollReset aria-label={`Delete ${r.name}`}>
                  <Icon name="trash-2" />
                  Delete
                </Link>
              )}
            </>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Roles & permissions"
        info="A role is a set of permissions; a user holds the permissions of all of their roles."
        actions={
          canCreate ? (
            <Link to={`/roles/new${search}`} className="btn-primary" preventScrollReset>
              <Icon name="plus" />
              ADD ROLE
            </Link>
          ) : null
        }
      />
      <ListBar list={list} search="Search roles">
        {canManage ? <BulkDeleteActions formId="roles-bulk" result={actionData?.bulk} one="role" many="roles" /> : null}
      </ListBar>
      <DataTable
        caption="Roles"
        list={list}
        rows={page.data}
        columns={columns}
        rowId={(r) => String(r.id)}
        selection={canManage ? { formId: "roles-bulk", disabled: (r) => r.is_system, label: (r) => r.name } : undefined}
        emptyText="No roles found"
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

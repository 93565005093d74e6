import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { DocumentTemplate } from "#contract/document-templates";
import { DOCUMENT_TEMPLATE_SORTS } from "#contract/list-sorts";
import { formatDate } from "#common/format";
import { can } from "../access/permissions";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { BulkDeleteActions, DataTable, type Column, ListBar, ListFooter } from "../components/table/list-kit";
import { defineList, listView, type SortField } from "../components/table/list";
import { pageTitle } from "../lib/variant";
import { bulkSelectionAction } from "../services/bulk.server";
import { openListPage } from "../services/lists.server";
import { listDocumentTemplates } from "../services/document-templates.server";
import { useFrame } from "./_app";
import { Icon } from "../components/ui/icon";

/** The list's sort fields (the contract's) and default sort; shared by loader and component. */
const documentTemplateList = defineList("/document-templates", DOCUMENT_TEMPLATE_SORTS, { filters: {}, defaultSort: { field: "name", desc: false } });

export const meta: MetaFunction = ({ matches }) => pageTitle("Document templates", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, {
    path: "/document-templates",
    listKey: "document-templates",
    spec: documentTemplateList.spec,
    fetch: listDocumentTemplates,
  });
  return { state, page, canManage: can(subject, "document_template_manage") };
}

/** The bulk form: 'Delete document template(s)' goes to the confirmation of the selected document templates. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, {
    list: "/document-templates",
    permission: "document_template_manage",
    intents: { delete: { to: "/document-templates/delete" } },
  });

const columns: Column<DocumentTemplate, SortField<typeof documentTemplateList>>[] = [
  { key: "name", size: "main", header: "Name", sortField: "name", cell: (r) => <span className="font-medium">{r.name}</span> },
  { key: "kind", size: "clip", header: "Kind", cell: (r) => (r.kind === "docx" ? `Word document (${r.file_name ?? "DOCX"})` : "Text (PDF)") },
  { key: "placeholders", size: "clip", header: "Placeholders", cell: (r) => (r.placeholders.length ? r.placeholders.map((p) => `{${p}}`).join(", ") : "None") },
  { key: "created_at", size: "fit", header: "Created", sortField: "created_at", cell: (r) => formatDate(r.created_at) },
];

export default function DocumentTemplatesPage() {
  const { state, page, canManage } = useLoaderData<typeof loader>();
  const list = listView(documentTemplateList, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const rowActions: Column<DocumentTemplate, SortField<typeof documentTemplateList>> = {
    key: "actions",
    size: "fit",
    header: "Actions",
    align: "right",
    cell: (r) =>
      canManage ? (
        <span className="flex justify-end gap-2">
          <Link to={`/document-templates/${r.id}/use${search}`} className="btn-secondary px-3 py-1" preventScrollReset aria-label={`Use ${r.name}`}>
            Use on …
          </Link>
          <Link to={`/document-templates/${r.id}/edit${search}`} className="btn-secondary px-3 py-1" preventScrollReset aria-label={`Edit ${r.name}`}>
            Edit
          </Link>
          <Link
            to={`/document-templates/delete?${withIds(search, r.id)}`}
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
        title="Document templates"
        actions={
          canManage ? (
            <Link to={`/document-templates/new${search}`} className="btn-primary" preventScrollReset>
              <Icon name="plus" />
              ADD DOCUMENT TEMPLATE
            </Link>
          ) : null
        }
      />
      <ListBar list={list} search="Search document templates">
        {canManage ? <BulkDeleteActions formId="document-templates-bulk" result={actionData?.bulk} one="document template" many="document templates" /> : null}
      </ListBar>
      <DataTable
        caption="Document templates"
        list={list}
        rows={page.data}
        columns={[...columns, rowActions]}
        rowId={(r) => String(r.id)}
        selection={canManage ? { formId: "document-templates-bulk", label: (r) => r.name } : undefined}
        emptyText="No document templates found"
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

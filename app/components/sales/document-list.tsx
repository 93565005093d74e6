import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import type { DOCUMENT_SORTS } from "#contract/list-sorts";
import { formatDate } from "#common/format";
import { formatPence } from "#common/pence";
import type { DocumentListRow } from "#app/services/sales-documents.server";
import type { documentListLoader } from "#app/services/sales-list.server";
import { useFrame } from "#app/routes/_app";
import type { BulkResult } from "../table/bulk-actions";
import { BulkActions } from "../table/bulk-actions";
import { DataTable, type Column } from "../table/data-table";
import { ExportButton } from "../table/export-button";
import { ListBar } from "../table/filter-bar";
import { ListFooter } from "../table/pager";
import { listView } from "../table/list";
import { SALES_KINDS, type SalesKind } from "./kinds";
import { SALES_LISTS } from "./lists";
import { SalesStatusBadge } from "./status-badge";
// The frame's data, as every list reads it (this island then shares the frame's chunks instead of splitting them).

type Loaded = Awaited<ReturnType<typeof documentListLoader>>;

/** The columns of a quotes or invoices list (a document's page is `/quotes/{id}`, `/invoices/{id}`). */
export function documentColumns(kind: SalesKind): Column<DocumentListRow, (typeof DOCUMENT_SORTS)[number]>[] {
  const k = SALES_KINDS[kind];
  return [
    {
      key: "number",
      size: "fit",
      header: "Number",
      sortField: "number",
      cell: (d) => (
        <Link to={`${k.portal}/${d.id}`} className="font-medium text-brand hover:underline" aria-label={`${k.Noun} ${d.number_label} for ${d.client.name}`}>
          {d.number_label}
        </Link>
      ),
    },
    {
      key: "client",
      size: "main",
      header: "Client",
      sortField: "client",
      cell: (d) => (
        <Link to={d.client.type === "individual" ? `/individual/${d.client.id}` : `/company/${d.client.id}`} className="hover:underline">
          {d.client.name}
        </Link>
      ),
    },
    {
      key: "task",
      size: "clip",
      title: (d) => d.task?.name,
      header: "Task",
      cell: (d) =>
        d.task ? (
          <Link to={`/tasks/${d.task.id}`} className="hover:underline">
            {d.task.name}
          </Link>
        ) : (
          "—"
        ),
    },
    { key: "issue_date", size: "fit", header: "Date", sortField: "issue_date", cell: (d) => formatDate(d.issue_date) },
    {
      key: "due_date",
      size: "fit",
      header: kind === "quote" ? "Valid until" : "Due",
      sortField: "due_date",
      cell: (d) => (d.due_date ? formatDate(d.due_date) : "—"),
    },
    { key: "total", size: "fit", header: "Total", sortField: "total", align: "right", cell: (d) => <span data-total>{formatPence(d.total_pence)}</span> },
    { key: "status", size: "fit", header: "Status", sortField: "status", cell: (d) => <SalesStatusBadge status={d.status} /> },
    { key: "created", size: "fit", header: "Created", sortField: "created_at", cell: (d) => formatDate(d.created_at) },
  ];
}

/** A quotes or invoices list: search, filters, sort, paging and the bulk actions (mark sent, cancel, delete drafts). */
export function DocumentListPage({ kind }: { kind: SalesKind }) {
  const company = useFrame().company.name;
  const definition = SALES_LISTS[kind];
  const { state, page, filters, autocomplete, canManage, canDelete } = useLoaderData<Loaded>();
  const actionData = useActionData() as { bulk?: BulkResult } | undefined;
  const list = listView(definition, state);
  const k = SALES_KINDS[kind];
  const formId = `${k.listKey}-bulk`;
  return (
    <>
      <ListBar list={list} search={`Search ${k.plural}`} filters={filters} autocomplete={autocomplete}>
        <ExportButton list={list} type={kind === "quote" ? "quotes" : "invoices"} />
        {canManage ? (
          <BulkActions formId={formId} result={actionData?.bulk}>
            <button type="submit" name="intent" value="mark-sent" className="btn-secondary">
              Mark as sent
            </button>
            <button type="submit" name="intent" value="cancel" className="btn-secondary">
              {`Cancel ${k.plural}`}
            </button>
            {canDelete ? (
              <button type="submit" name="intent" value="delete" className="btn-secondary text-red-700">
                Delete drafts
              </button>
            ) : null}
          </BulkActions>
        ) : null}
      </ListBar>
      <DataTable
        caption={`${k.Plural} of ${company}`}
        list={list}
        rows={page.data}
        columns={documentColumns(kind)}
        rowId={(d) => String(d.id)}
        selection={canManage ? { formId, label: (d) => `${k.Noun} ${d.number_label} for ${d.client.name} (${formatPence(d.total_pence)})` } : undefined}
        emptyText={`No ${k.plural} found`}
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

import { Suspense } from "react";
import { island, islandPart } from "#app/lib/island";
import type { DataTableProps } from "./data-table";
import { listPartsOnServer } from "./list-parts.server";

export type { Column, DataTableProps, Selection } from "./data-table";
export { bulkLabel } from "./bulk-label";

/**
 * What a list page draws its list with: the bar (ListBar, or SearchBox / FilterBar alone), the table (DataTable), the
 * bulk actions (BulkActions), the foot (ListFooter) and the Export button (ExportButton). Their code (list-parts.tsx: the table, the bar, the pager,
 * the bulk form) is an island: the server draws them in full; the browser hydrates them once their chunk has arrived,
 * after the page's first-load JavaScript. Until then the list works as it does without JavaScript — the sort and
 * pager links and the filter form load the page, the search has its button, the bulk form its buttons (the Export
 * button is a plain form either way). On a
 * client-side navigation the chunk is fetched as soon as the route's module loads, beside its data.
 */
const parts = island(() => import("./list-parts"), listPartsOnServer);

const loading = <p className="text-sm text-slate-500">Loading…</p>;

function TablePart<Row, F extends string>(props: DataTableProps<Row, F>) {
  const { DataTable } = parts.read();
  return <DataTable {...props} />;
}

/** The list's table (data-table.tsx). */
export function DataTable<Row, F extends string = string>(props: DataTableProps<Row, F>) {
  return (
    <Suspense fallback={loading}>
      <TablePart {...props} />
    </Suspense>
  );
}

/** The list's bar: search, filters with their chips, and the bulk actions given as children (filter-bar.tsx). */
export const ListBar = islandPart(parts, (m) => m.ListBar);
/** The "Filters" button and its panel alone (filter-bar.tsx). */
export const FilterBar = islandPart(parts, (m) => m.FilterBar);
/** The search box alone (list-controls.tsx). */
export const SearchBox = islandPart(parts, (m) => m.SearchBox);
/** The list's bulk-action form (bulk-actions.tsx). */
export const BulkActions = islandPart(parts, (m) => m.BulkActions);
/** The bulk form with its one Delete button (bulk-actions.tsx). */
export const BulkDeleteActions = islandPart(parts, (m) => m.BulkDeleteActions);
/** The page-size choice and the pager (pager.tsx). */
export const ListFooter = islandPart(parts, (m) => m.ListFooter);
/** The list's Export button (export-button.tsx). */
export const ExportButton = islandPart(parts, (m) => m.ExportButton);

/**
 * The list kit's parts that draw a list page — the bar (search, filters, bulk actions), the table and its foot, the Export button — as
 * one island: see list-kit.tsx, which list pages import.
 */
export { BulkActions, BulkDeleteActions } from "./bulk-actions";
export { DataTable } from "./data-table";
export { ExportButton } from "./export-button";
export { FilterBar, ListBar } from "./filter-bar";
export { SearchBox } from "./list-controls";
export { ListFooter } from "./pager";

import { Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { isListChange } from "#app/lib/list-navigation";
import { hasActiveFilters, hrefFor, withSortCycled, type ListSpec, type ListState } from "#app/lib/list-url";
// Most lists show bulk actions and filters beside their table: bundled with it, so a list page loads one chunk
// of list code instead of three (each chunk costs its gzip overhead and a request).
import "./bulk-actions";
import "./filter-bar";
import type { ListView } from "./list";

export interface Column<Row, F extends string = string> {
  key: string;
  header: string;
  /** The API sort field; a header with one cycles ascending → descending → unsorted. */
  sortField?: F;
  align?: "left" | "right" | "center";
  className?: string;
  cell: (row: Row) => ReactNode;
}

export interface Selection<Row> {
  /** id of the bulk-action form (elsewhere on the page) the checkboxes belong to. */
  formId: string;
  disabled?: (row: Row) => boolean;
  label?: (row: Row) => string;
}

export interface DataTableProps<Row, F extends string = string> {
  caption: string;
  /** The list: its address, spec and state (app/components/table/list.ts). */
  list: ListView<F>;
  rows: Row[];
  /** Typed by the list's sort fields (not inferred from them): a `sortField` the list does not sort by does not compile. */
  columns: Column<Row, NoInfer<F>>[];
  rowId: (row: Row) => string;
  selection?: Selection<Row>;
  /** The list's own empty text (e.g. 'No providers found'); by default 'No results found', or 'No results found for your filters' when filters are active. */
  emptyText?: string;
  /** Re-load the list every refreshMs while the page is visible (JavaScript only). */
  refreshMs?: number;
}

export const EMPTY_TEXT = "No results found";
export const EMPTY_FILTERED_TEXT = "No results found for your filters";

const alignClass = { left: "text-left", right: "text-right", center: "text-center" };

function SortHeader<Row>({ column, pathname, state, spec }: { column: Column<Row>; pathname: string; state: ListState; spec: ListSpec }) {
  // A column without a sort field is never the sorted one (not even when the list is unsorted).
  const active = column.sortField !== undefined && state.sort?.field === column.sortField;
  const direction = active ? (state.sort!.desc ? "descending" : "ascending") : "none";
  return (
    <th
      scope="col"
      aria-sort={direction}
      className={`px-4 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600 ${alignClass[column.align ?? "left"]} ${column.className ?? ""}`}
    >
      {column.sortField ? (
        <Link
          to={hrefFor(pathname, withSortCycled(state, column.sortField), spec)}
          className="inline-flex items-center gap-1 hover:text-slate-900"
          preventScrollReset
        >
          {column.header}
          <span aria-hidden="true" className={active ? "text-slate-900" : "text-slate-300"}>
            {active ? (state.sort!.desc ? "▼" : "▲") : "↕"}
          </span>
          <span className="sr-only">{direction === "none" ? ", not sorted" : `, sorted ${direction}`}</span>
        </Link>
      ) : (
        column.header
      )}
    </th>
  );
}

/**
 * A server-driven table: its state is the URL. Placeholder rows while the next page loads; the spec's
 * empty texts; row checkboxes belong to a bulk-action form so bulk actions work without JavaScript.
 */
export function DataTable<Row, F extends string = string>({ caption, list, rows, columns, rowId, selection, emptyText, refreshMs }: DataTableProps<Row, F>) {
  const { pathname, state, spec } = list;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && isListChange(navigation, pathname);
  const selectAll = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!refreshMs) return;
    const id = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, refreshMs);
    return () => clearInterval(id);
  }, [refreshMs, revalidator]);

  const selectable = selection ? rows.filter((r) => !selection.disabled?.(r)) : [];
  const colSpan = columns.length + (selection ? 1 : 0);
  const onRowToggle = () => {
    if (!selection || !selectAll.current) return;
    const boxes = document.querySelectorAll<HTMLInputElement>(`input[form="${selection.formId}"][name="ids"]:not(:disabled)`);
    const checked = [...boxes].filter((b) => b.checked).length;
    selectAll.current.checked = checked > 0 && checked === boxes.length;
    selectAll.current.indeterminate = checked > 0 && checked < boxes.length;
  };

  return (
    <div className="scroll-x rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200" aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {selection ? (
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  ref={selectAll}
                  type="checkbox"
                  name="select_all"
                  value="1"
                  form={selection.formId}
                  aria-label="Select all rows on this page"
                  disabled={selectable.length === 0}
                  className="h-4 w-4 rounded border-slate-300"
                  onChange={(e) => {
                    document
                      .querySelectorAll<HTMLInputElement>(`input[form="${selection.formId}"][name="ids"]:not(:disabled)`)
                      .forEach((b) => (b.checked = e.currentTarget.checked));
                  }}
                />
                {selectable.map((r) => (
                  <input key={rowId(r)} type="hidden" name="page_ids" value={rowId(r)} form={selection.formId} />
                ))}
              </th>
            ) : null}
            {columns.map((c) => (
              <SortHeader key={c.key} column={c} pathname={pathname} state={state} spec={spec} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loading ? (
            Array.from({ length: Math.min(Math.max(rows.length, 3), 10) }, (_, i) => (
              <tr key={`placeholder-${i}`} data-placeholder>
                {Array.from({ length: colSpan }, (_, j) => (
                  <td key={j} className="px-4 py-3">
                    <span className="block h-4 animate-pulse rounded bg-slate-200" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500" data-empty>
                {emptyText ?? (hasActiveFilters(state) ? EMPTY_FILTERED_TEXT : EMPTY_TEXT)}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = rowId(row);
              const disabled = selection?.disabled?.(row) ?? false;
              return (
                <tr key={id} className="hover:bg-slate-50">
                  {selection ? (
                    <td className="w-10 px-4 py-3">
                      <input
                        type="checkbox"
                        name="ids"
                        value={id}
                        form={selection.formId}
                        disabled={disabled}
                        onChange={onRowToggle}
                        aria-label={`Select ${selection.label?.(row) ?? id}`}
                        className="h-4 w-4 rounded border-slate-300"
                      />
                    </td>
                  ) : null}
                  {columns.map((c) => (
                    <td key={c.key} className={`px-4 py-3 text-sm ${alignClass[c.align ?? "left"]} ${c.className ?? ""}`}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

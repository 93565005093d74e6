import { Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { isListChange } from "#app/lib/list-navigation";
import { hasActiveFilters, hrefFor, withSortCycled, type ListSpec, type ListState } from "#app/lib/list-url";
// Most lists show bulk actions and filters beside their table: bundled with it, so a list page loads one chunk
// of list code instead of three (each chunk costs its gzip overhead and a request).
import { rowBoxes } from "./bulk-actions";
import "./filter-bar";
import type { ListView } from "./list";
import { Icon } from "../ui/icon";

export interface Column<Row, F extends string = string> {
  key: string;
  header: string;
  /** The API sort field; a header with one cycles ascending → descending → unsorted. */
  sortField?: F;
  align?: "left" | "right" | "center";
  /**
   * How the column uses the room: `main` for names (takes the room left, breaks a very long word anywhere; the
   * table's first column stays in view while a phone scrolls the table sideways), `fit` for short values (priority, dates,
   * amounts, phone numbers: one line, tabular figures, as wide as they are), `clip` for long text (one line cut
   * with an ellipsis; the full value stays in the page for screen readers and shows on hover, from `title`).
   * Otherwise the column wraps its text, breaking a very long word anywhere.
   */
  size?: "main" | "fit" | "clip";
  /** The full text of a `clip` cell, shown on hover (by default the cell itself when it is text). */
  title?: (row: Row) => string | null | undefined;
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
  /** The empty text of the list with no filters ('No readers yet'); filtered to nothing it says 'No results found for your filters'. */
  emptyUnfiltered?: string;
  /** Re-load the list every refreshMs while the page is visible (JavaScript only). */
  refreshMs?: number;
}

export const EMPTY_TEXT = "No results found";
export const EMPTY_FILTERED_TEXT = "No results found for your filters";

const alignClass = { left: "text-left", right: "text-right", center: "text-center" };

/*
 * Column sizes (Column.size) and the phone's pinned first column are drawn by the kit's CSS (`.data-table` in
 * app/tailwind.css): each cell is marked `col-<size>`, the table `data-select` when its rows have checkboxes.
 */
const sizeClass = (size: Column<unknown>["size"]) => `col-${size ?? "auto"}`;

function SortHeader<Row>({ column, pathname, state, spec }: { column: Column<Row>; pathname: string; state: ListState; spec: ListSpec }) {
  // A column without a sort field is never the sorted one (not even when the list is unsorted).
  const active = column.sortField !== undefined && state.sort?.field === column.sortField;
  const direction = active ? (state.sort!.desc ? "descending" : "ascending") : "none";
  return (
    <th
      scope="col"
      aria-sort={direction}
      className={`text-xs font-semibold uppercase tracking-wide text-slate-600 ${alignClass[column.align ?? "left"]} ${sizeClass(column.size)} ${column.className ?? ""}`}
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

/** The select-all box says whether every row, some or none is ticked. */
function syncSelectAll(formId: string, all: HTMLInputElement) {
  const boxes = rowBoxes(formId);
  const checked = [...boxes].filter((b) => b.checked).length;
  all.checked = checked > 0 && checked === boxes.length;
  all.indeterminate = checked > 0 && checked < boxes.length;
}

/**
 * A server-driven table: its state is the URL. Placeholder rows while the next page loads; the spec's
 * empty texts; row checkboxes belong to a bulk-action form so bulk actions work without JavaScript.
 */
export function DataTable<Row, F extends string = string>({
  caption,
  list,
  rows,
  columns,
  rowId,
  selection,
  emptyText,
  emptyUnfiltered,
  refreshMs,
}: DataTableProps<Row, F>) {
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

  // Boxes ticked before the table hydrated: the select-all box ticks the rows now (its own handler was not there
  // yet), and the bulk form counts them (its listener hears the change, whichever of the two hydrated first).
  const formId = selection?.formId;
  useEffect(() => {
    const all = selectAll.current;
    if (!formId || !all) return;
    const boxes = [...rowBoxes(formId)];
    if (all.checked && !boxes.some((b) => b.checked)) {
      boxes.forEach((b) => (b.checked = true));
      all.dispatchEvent(new Event("change", { bubbles: true }));
    }
    syncSelectAll(formId, all);
  }, [formId]);

  const selectable = selection ? rows.filter((r) => !selection.disabled?.(r)) : [];
  const colSpan = columns.length + (selection ? 1 : 0);
  const onRowToggle = () => {
    if (selection && selectAll.current) syncSelectAll(selection.formId, selectAll.current);
  };

  return (
    <div className="scroll-x rounded-lg bg-white shadow-sm ring-1 ring-slate-200" data-table>
      <table className="data-table min-w-full divide-y divide-slate-200" aria-busy={loading || undefined} data-select={selection ? "" : undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr className="bg-slate-50">
            {selection ? (
              <th scope="col" className="col-box">
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
                    const checked = e.currentTarget.checked;
                    rowBoxes(selection.formId).forEach((b) => (b.checked = checked));
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
                  <td key={j}>
                    <span className="block h-4 animate-pulse rounded bg-slate-200" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr data-empty>
              <td colSpan={colSpan} className="!py-10 text-center text-slate-500">
                <Icon name={hasActiveFilters(state) ? "search-x" : "inbox"} className="mx-auto mb-2 block h-5 w-5 text-slate-400" />
                {emptyText ?? (hasActiveFilters(state) ? EMPTY_FILTERED_TEXT : (emptyUnfiltered ?? EMPTY_TEXT))}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = rowId(row);
              const disabled = selection?.disabled?.(row) ?? false;
              return (
                <tr key={id} className="bg-white hover:bg-slate-50">
                  {selection ? (
                    <td className="col-box">
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
                  {columns.map((c) => {
                    const content = c.cell(row);
                    return (
                      <td key={c.key} className={`${alignClass[c.align ?? "left"]} ${sizeClass(c.size)} ${c.className ?? ""}`}>
                        {c.size === "clip" ? <div title={c.title?.(row) ?? (typeof content === "string" ? content : undefined)}>{content}</div> : content}
                      </td>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

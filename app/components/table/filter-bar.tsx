import { Suspense, type ReactNode } from "react";
import { island } from "#app/lib/island";
import { canonicalQuery, hrefFor, withFilter } from "#app/lib/list-url";
import type { FilterBarProps, FilterPanelProps } from "./filter-panel";
import { filterPanelOnServer } from "./filter-panel.server";
import { SearchBox, StateFields } from "./list-controls";
import { Icon } from "../ui/icon";

export type { FilterBarProps } from "./filter-panel";

// The panel, its controls (the searchable dropdown's native select, the form kit) and its filter rules are an
// island: the server renders them; until their chunk has arrived the form works as it does without JavaScript
// (its Apply button), then React hydrates it and a change applies at once.
const panel = island(() => import("./filter-panel"), filterPanelOnServer);

function Panel(props: FilterPanelProps) {
  const { FilterPanel } = panel.read();
  return <FilterPanel {...props} />;
}

function Chips(props: FilterPanelProps) {
  const { FilterChips } = panel.read();
  return <FilterChips {...props} />;
}

/** What the panel and the chips are given: the list's URLs are worked out here, with the rest of the list's first-load code. */
function panelProps({ list: { pathname, state, spec }, filters, autocomplete }: FilterBarProps): FilterPanelProps {
  const removeHrefs = Object.fromEntries(
    filters
      .filter((f) => state.filters[f.filterKey] !== undefined)
      .map((f) => [f.filterKey, hrefFor(pathname, withFilter(state, spec, f.filterKey, null), spec)]),
  );
  return {
    state,
    filters,
    autocomplete,
    formKey: canonicalQuery(state, spec),
    stateFields: <StateFields state={state} spec={spec} omit={["filters"]} />,
    removeHrefs,
    clearHref: hrefFor(pathname, { ...state, filters: {}, page: 1 }, spec),
  };
}

/**
 * The "Filters" button of a list, with the number of active filters, and the full filter panel it opens: a
 * `<details>` disclosure, so it opens without JavaScript; with it the panel is a popover that Escape or a click
 * outside closes (the panel's island does that, usePopover in filter-panel.tsx). The panel (filter-panel.tsx) is drawn over the list, below the list's bar (ListBar), which
 * places it.
 */
export function FilterBar(props: FilterBarProps) {
  const { state } = props.list;
  const active = props.filters.filter((f) => state.filters[f.filterKey] !== undefined).length;
  return (
    <details data-filters>
      <summary className="filters-toggle btn-secondary" data-filters-toggle>
        <Icon name="sliders-horizontal" />
        Filters
        {active ? (
          <span className="filters-count" data-filter-count>
            {active}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
      </summary>
      <div
        className="absolute inset-x-0 top-full z-20 mt-2 max-h-[70vh] overflow-y-auto rounded-lg bg-white p-4 shadow-lg ring-1 ring-slate-200"
        data-filter-panel
      >
        <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
          <Panel {...panelProps(props)} />
        </Suspense>
      </div>
    </details>
  );
}

/** The active filters as chips, each a link to the list without it, and "Clear filters" (nothing when no filter is on). */
export function FilterChipsBar(props: FilterBarProps) {
  const { state } = props.list;
  if (!props.filters.some((f) => state.filters[f.filterKey] !== undefined)) return null;
  return (
    <Suspense fallback={null}>
      <Chips {...panelProps(props)} />
    </Suspense>
  );
}

/**
 * A list's bar, above its table: the search box, the "Filters" button (FilterBar) with the active filters as
 * removable chips, and on the right the list's bulk actions (shown with JavaScript once rows are selected).
 * The open filter panel lies over the list under the bar, as wide as the bar.
 */
export function ListBar({
  list,
  search,
  filters,
  autocomplete,
  children,
}: {
  list: FilterBarProps["list"];
  /** The search box's placeholder and label ('Search providers'). */
  search: string;
  filters?: FilterBarProps["filters"];
  autocomplete?: FilterBarProps["autocomplete"];
  /** The list's bulk actions (BulkActions), if any. */
  children?: ReactNode;
}) {
  const filterProps = filters?.length ? { list, filters, autocomplete } : null;
  return (
    <div className="relative mb-3 flex flex-wrap items-center gap-2" data-list-bar>
      <SearchBox list={list} placeholder={search} />
      {filterProps ? <FilterBar {...filterProps} /> : null}
      {filterProps ? <FilterChipsBar {...filterProps} /> : null}
      {children ? <div className="ml-auto flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

import { Suspense } from "react";
import { island } from "#app/lib/island";
import { canonicalQuery, hrefFor, withFilter } from "#app/lib/list-url";
import type { FilterBarProps, FilterPanelProps } from "./filter-panel";
import { filterPanelOnServer } from "./filter-panel.server";
import { StateFields } from "./list-controls";

export type { FilterBarProps } from "./filter-panel";

// The panel, its controls (the searchable dropdown's native select, the form kit) and its filter rules are an
// island: the server renders them; until their chunk has arrived the form works as it does without JavaScript
// (its Apply button), then React hydrates it and a change applies at once.
const panel = island(() => import("./filter-panel"), filterPanelOnServer);

function Panel(props: FilterPanelProps) {
  const { FilterPanel } = panel.read();
  return <FilterPanel {...props} />;
}

/**
 * The filters of a list as one GET form, and the active filters as chips whose ✕ removes one (filter-panel.tsx).
 * The list's URLs are worked out here, with the rest of the list's first-load code.
 */
export function FilterBar({ list: { pathname, state, spec }, filters, autocomplete }: FilterBarProps) {
  const removeHrefs = Object.fromEntries(
    filters
      .filter((f) => state.filters[f.filterKey] !== undefined)
      .map((f) => [f.filterKey, hrefFor(pathname, withFilter(state, spec, f.filterKey, null), spec)]),
  );
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
      <Panel
        state={state}
        filters={filters}
        autocomplete={autocomplete}
        formKey={canonicalQuery(state, spec)}
        stateFields={<StateFields state={state} spec={spec} omit={["filters"]} />}
        removeHrefs={removeHrefs}
        clearHref={hrefFor(pathname, { ...state, filters: {}, page: 1 }, spec)}
      />
    </Suspense>
  );
}

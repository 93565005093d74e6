import type { ListSpec, ListState, Sort } from "#app/lib/list-url";

/**
 * One list of the portal, as its route module declares it: its address and its spec (sort fields, filters, the
 * default order). The sort fields are the contract's (e.g. `PROVIDER_SORTS`), so a column's `sortField` and the
 * default sort are checked against what the API sorts by.
 */
export interface ListDefinition<F extends string = string> {
  pathname: string;
  spec: ListSpec & { sortable: readonly F[]; defaultSort?: (Sort & { field: F }) | null };
}

/** The list as its components draw it: its definition and its state read from the URL (the loader's `state`). */
export interface ListView<F extends string = string> extends ListDefinition<F> {
  state: ListState;
}

/**
 * A list's definition: `sorts` is the contract's list of the API's sort fields for it; the list sorts by those
 * (all, or the ones its columns offer), so a field the API does not sort by does not compile.
 */
export function defineList<F extends string>(
  pathname: string,
  sorts: readonly F[],
  spec: { sortable?: readonly NoInfer<F>[]; filters: ListSpec["filters"]; defaultSort?: { field: NoInfer<F>; desc: boolean } | null },
): ListDefinition<F> {
  return { pathname, spec: { ...spec, sortable: spec.sortable ?? sorts } };
}

/** The sort fields of a list definition: `Column<Row, SortField<typeof tasksList>>` types a column's `sortField`. */
export type SortField<L> = L extends ListDefinition<infer F> ? F : never;

/** The list object passed to the list's components (DataTable, SearchBox, FilterBar, ListFooter). */
export const listView = <F extends string>(list: ListDefinition<F>, state: ListState): ListView<F> => ({ ...list, state });

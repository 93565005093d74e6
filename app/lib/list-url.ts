/**
 * The state of a list lives in its URL: search, page, perPage, sort (a field, '-' for descending),
 * filter[key] and ranges filter[key][from] / filter[key][to]. A bookmarked or shared URL shows the same list.
 */
import { searchText } from "./search-text";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type FilterValue = string | { from?: string; to?: string };

export interface Sort {
  field: string;
  desc: boolean;
}

export interface ListState {
  search: string;
  page: number;
  perPage: number;
  sort: Sort | null;
  filters: Record<string, FilterValue>;
}

export interface ListSpec {
  /** Columns that may be sorted on. */
  sortable: readonly string[];
  /** Filter keys the list knows, and whether each is a range. */
  filters: Readonly<Record<string, { range?: boolean; dependants?: readonly string[] }>>;
  defaultSort?: Sort | null;
}

const filterKey = /^filter\[([a-z0-9_.]+)\](?:\[(from|to)\])?$/i;

/** Reads a list URL; unknown filters and sort fields are dropped, numbers are clamped to sane values. */
export function parseListUrl(params: URLSearchParams, spec: ListSpec): ListState {
  const page = Math.max(1, Math.min(1_000_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const perPageRaw = Number.parseInt(params.get("perPage") ?? "", 10);
  const perPage = (PAGE_SIZES as readonly number[]).includes(perPageRaw) ? perPageRaw : DEFAULT_PAGE_SIZE;
  const sortRaw = params.get("sort") ?? "";
  const desc = sortRaw.startsWith("-");
  const field = desc ? sortRaw.slice(1) : sortRaw;
  const sort = field && spec.sortable.includes(field) ? { field, desc } : sortRaw === "none" ? null : (spec.defaultSort ?? null);
  const filters: Record<string, FilterValue> = {};
  for (const [key, rawValue] of params) {
    const m = filterKey.exec(key);
    const value = searchText(rawValue, 200);
    if (!m || !value) continue;
    const [, name, bound] = m;
    const def = spec.filters[name];
    if (!def) continue;
    if (def.range) {
      if (!bound) continue;
      const current = typeof filters[name] === "object" ? (filters[name] as { from?: string; to?: string }) : {};
      filters[name] = { ...current, [bound]: value.slice(0, 100) };
    } else if (!bound) {
      filters[name] = value;
    }
  }
  return dropOrphans({ search: searchText(params.get("search"), 200), page, perPage, sort, filters }, spec);
}

/** The canonical URL query of a list state (defaults left out). */
export function toSearchParams(state: ListState, spec?: ListSpec): URLSearchParams {
  const p = new URLSearchParams();
  if (state.search) p.set("search", state.search);
  // Filters in the list's own order, so one state has one URL whatever order they were set in.
  const keys = spec
    ? [...Object.keys(spec.filters).filter((k) => k in state.filters), ...Object.keys(state.filters).filter((k) => !(k in spec.filters))]
    : Object.keys(state.filters);
  for (const key of keys) {
    const value = state.filters[key];
    if (typeof value === "string") p.set(`filter[${key}]`, value);
    else {
      if (value.from) p.set(`filter[${key}][from]`, value.from);
      if (value.to) p.set(`filter[${key}][to]`, value.to);
    }
  }
  const isDefaultSort = spec && sameSort(state.sort, spec.defaultSort ?? null);
  if (state.sort && !isDefaultSort) p.set("sort", `${state.sort.desc ? "-" : ""}${state.sort.field}`);
  if (!state.sort && spec?.defaultSort) p.set("sort", "none");
  if (state.perPage !== DEFAULT_PAGE_SIZE) p.set("perPage", String(state.perPage));
  if (state.page > 1) p.set("page", String(state.page));
  return p;
}

/**
 * The URL of a list state. A state with nothing set still says so (`?page=1`): the bare list URL is
 * kept for "bring back my last filters", so clearing every filter must not land on it.
 */
export function hrefFor(pathname: string, state: ListState, spec?: ListSpec): string {
  return `${pathname}?${canonicalQuery(state, spec)}`;
}

/** The canonical query of a list state: defaults left out, `page=1` when nothing else is set. */
export function canonicalQuery(state: ListState, spec?: ListSpec): string {
  return toSearchParams(state, spec).toString() || "page=1";
}

/** The API's list query: page[number], page[size], filter[x], filter[x][from|to], filter[search], sort. */
export function toApiQuery(state: ListState): Record<string, string> {
  const q: Record<string, string> = { "page[number]": String(state.page), "page[size]": String(state.perPage) };
  if (state.search) q["filter[search]"] = state.search;
  for (const [key, value] of Object.entries(state.filters)) {
    if (typeof value === "string") q[`filter[${key}]`] = value;
    else {
      if (value.from) q[`filter[${key}][from]`] = value.from;
      if (value.to) q[`filter[${key}][to]`] = value.to;
    }
  }
  if (state.sort) q.sort = `${state.sort.desc ? "-" : ""}${state.sort.field}`;
  return q;
}

function sameSort(a: Sort | null, b: Sort | null) {
  return a === b || (a !== null && b !== null && a.field === b.field && a.desc === b.desc);
}

/** A sortable header cycles ascending → descending → unsorted; any sort change goes back to page 1. */
export function withSortCycled(state: ListState, field: string): ListState {
  let sort: Sort | null;
  if (!state.sort || state.sort.field !== field) sort = { field, desc: false };
  else if (!state.sort.desc) sort = { field, desc: true };
  else sort = null;
  return { ...state, sort, page: 1 };
}

export function withSearch(state: ListState, search: string): ListState {
  return { ...state, search: search.trim(), page: 1 };
}

export function withPage(state: ListState, page: number): ListState {
  return { ...state, page: Math.max(1, page) };
}

/** Changing the page size returns to page 1 and keeps the filters. */
export function withPerPage(state: ListState, perPage: number): ListState {
  return { ...state, perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE, page: 1 };
}

/** Setting or clearing a filter returns to page 1; clearing one also clears its dependants (pipeline_id → pipeline_stage_id). */
export function withFilter(state: ListState, spec: ListSpec, key: string, value: FilterValue | null): ListState {
  const filters = { ...state.filters };
  const empty = value === null || (typeof value === "string" ? value.trim() === "" : !value.from && !value.to);
  if (empty) {
    delete filters[key];
    for (const dep of spec.filters[key]?.dependants ?? []) delete filters[dep];
  } else {
    filters[key] = value;
  }
  return { ...state, filters, page: 1 };
}

/** Applies what a filter form sent: every known filter replaced, dependants of cleared filters removed. */
export function withFiltersFromForm(state: ListState, spec: ListSpec, form: URLSearchParams): ListState {
  const submitted = parseListUrl(form, spec);
  let next: ListState = { ...state, search: submitted.search, filters: {}, page: 1 };
  for (const key of Object.keys(spec.filters)) next = withFilter(next, spec, key, submitted.filters[key] ?? null);
  return dropOrphans(next, spec);
}

export function hasActiveFilters(state: ListState): boolean {
  return Boolean(state.search) || Object.keys(state.filters).length > 0;
}

/** Removes filters whose parent filter is absent (a stage without its pipeline). */
export function dropOrphans(state: ListState, spec: ListSpec): ListState {
  const filters = { ...state.filters };
  for (const [key, def] of Object.entries(spec.filters)) {
    if (!(key in filters)) for (const dep of def.dependants ?? []) delete filters[dep];
  }
  return { ...state, filters };
}

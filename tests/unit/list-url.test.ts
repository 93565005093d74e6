import { describe, expect, it } from "vitest";
import {
  dropOrphans,
  hasActiveFilters,
  hrefFor,
  parseListUrl,
  toApiQuery,
  toSearchParams,
  withFilter,
  withFiltersFromForm,
  withPage,
  withPerPage,
  withSearch,
  withSortCycled,
  type ListSpec,
} from "#app/lib/list-url";

const spec: ListSpec = {
  sortable: ["name", "created_at"],
  filters: { pipeline_id: { dependants: ["pipeline_stage_id"] }, pipeline_stage_id: {}, created: { range: true }, priority: {} },
  defaultSort: { field: "name", desc: false },
};
const parse = (q: string) => parseListUrl(new URLSearchParams(q), spec);

describe("list URL codec", () => {
  it.each([
    "",
    "search=aviva",
    "search=a%26b&page=3",
    "sort=-created_at&perPage=50",
    "filter[pipeline_id]=4&filter[pipeline_stage_id]=9&page=2",
    "filter[created][from]=2026-01-01&filter[created][to]=2026-02-01",
    "sort=none",
  ])("round-trips %s", (q) => {
    const state = parse(q);
    expect(parseListUrl(toSearchParams(state, spec), spec)).toEqual(state);
  });

  it("reads every part of the state", () => {
    expect(parse("search=%20marine%20&page=2&perPage=25&sort=-created_at&filter[priority]=1&filter[created][from]=2026-01-01")).toEqual({
      search: "marine",
      page: 2,
      perPage: 25,
      sort: { field: "created_at", desc: true },
      filters: { priority: "1", created: { from: "2026-01-01" } },
    });
  });

  it.each([
    ["page=-4", { page: 1 }],
    ["page=abc", { page: 1 }],
    ["perPage=13", { perPage: 10 }],
    ["perPage=100", { perPage: 100 }],
    ["sort=password", { sort: { field: "name", desc: false } }],
    ["filter[unknown]=1", { filters: {} }],
    ["filter[created]=2026-01-01", { filters: {} }],
    ["filter[priority][from]=1", { filters: {} }],
    ["filter[priority]=%20%20", { filters: {} }],
    // Control characters (U+0000 is refused by the API: the list would be an error page) become spaces.
    ["search=a%00b", { search: "a b" }],
    ["search=%00%09%0A", { search: "" }],
    ["search=marine%0D%0Acargo", { search: "marine cargo" }],
    ["filter[priority]=%00", { filters: {} }],
    ["filter[pipeline_id]=4%00", { filters: { pipeline_id: "4" } }],
    ["filter[created][from]=2026-01-01%00", { filters: { created: { from: "2026-01-01" } } }],
  ])("cleans %s", (q, expected) => {
    expect(parse(q)).toMatchObject(expected);
  });

  it("turns the state into the API's query", () => {
    expect(toApiQuery(parse("search=x&page=3&perPage=25&sort=-name&filter[priority]=2&filter[created][to]=2026-03-01"))).toEqual({
      "page[number]": "3",
      "page[size]": "25",
      "filter[search]": "x",
      "filter[priority]": "2",
      "filter[created][to]": "2026-03-01",
      sort: "-name",
    });
  });

  it("leaves defaults out of the URL, but never gives the bare list URL (kept for restoring filters)", () => {
    expect(hrefFor("/providers", parse(""), spec)).toBe("/providers?page=1");
    expect(hrefFor("/providers", parse("sort=name&page=1&perPage=10"), spec)).toBe("/providers?page=1");
    expect(hrefFor("/providers", parse("search=x&page=1"), spec)).toBe("/providers?search=x");
  });

  it("writes filters in the list's own order whatever order they were set in", () => {
    const a = withFilter(withFilter(parse(""), spec, "priority", "1"), spec, "pipeline_id", "4");
    const b = withFilter(withFilter(parse(""), spec, "pipeline_id", "4"), spec, "priority", "1");
    expect(hrefFor("/tasks", a, spec)).toBe(hrefFor("/tasks", b, spec));
    expect(hrefFor("/tasks", a, spec)).toBe("/tasks?filter%5Bpipeline_id%5D=4&filter%5Bpriority%5D=1");
  });
});

describe("list transitions", () => {
  const base = parse("search=a&page=4&perPage=25&filter[priority]=1&sort=created_at");

  it("cycles a sortable header ascending → descending → unsorted, back to page 1", () => {
    const asc = withSortCycled({ ...base, sort: null }, "name");
    expect(asc.sort).toEqual({ field: "name", desc: false });
    expect(asc.page).toBe(1);
    const desc = withSortCycled(asc, "name");
    expect(desc.sort).toEqual({ field: "name", desc: true });
    expect(withSortCycled(desc, "name").sort).toBeNull();
    expect(withSortCycled(desc, "created_at").sort).toEqual({ field: "created_at", desc: false });
  });

  it("goes back to page 1 on search, filter and page-size changes, and keeps filters", () => {
    expect(withSearch(base, "b")).toMatchObject({ search: "b", page: 1, filters: { priority: "1" } });
    expect(withFilter(base, spec, "priority", "2")).toMatchObject({ page: 1, filters: { priority: "2" } });
    expect(withPerPage(base, 50)).toMatchObject({ perPage: 50, page: 1, filters: { priority: "1" }, search: "a" });
  });

  it("keeps filters when the page changes", () => {
    expect(withPage(base, 7)).toMatchObject({ page: 7, filters: { priority: "1" }, search: "a", perPage: 25 });
  });

  it("removes the stage filter with its pipeline", () => {
    const s = parse("filter[pipeline_id]=4&filter[pipeline_stage_id]=9");
    expect(withFilter(s, spec, "pipeline_id", null).filters).toEqual({});
    expect(withFilter(s, spec, "pipeline_stage_id", null).filters).toEqual({ pipeline_id: "4" });
    expect(dropOrphans(parse("filter[pipeline_stage_id]=9"), spec).filters).toEqual({});
    expect(withFiltersFromForm(s, spec, new URLSearchParams("filter[pipeline_stage_id]=9")).filters).toEqual({});
  });

  it("knows when filters are active", () => {
    expect(hasActiveFilters(parse(""))).toBe(false);
    expect(hasActiveFilters(parse("search=x"))).toBe(true);
    expect(hasActiveFilters(parse("filter[priority]=1"))).toBe(true);
    expect(hasActiveFilters(parse("sort=-name&page=2"))).toBe(false);
  });
});

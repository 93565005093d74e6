import { describe, expect, it } from "vitest";
import type { FilterDefinition } from "#app/lib/filter-rules";
import type { ListState } from "#app/lib/list-url";
import { cleanFilters } from "#app/services/lists.server";

const state = (filters: ListState["filters"]): ListState => ({ page: 1, perPage: 10, search: "", sort: null, filters });
const defs: FilterDefinition[] = [
  { filterKey: "pipeline_id", label: "Pipeline", type: "select", selectOptions: [{ value: "1", label: "New business" }], dependants: ["pipeline_stage_id"] },
  {
    filterKey: "pipeline_stage_id",
    label: "Stage",
    type: "select",
    selectOptions: [
      { value: "5", label: "Qualified" },
      { value: "6", label: "Won" },
    ],
  },
  { filterKey: "priority", label: "Priority", type: "select", selectOptions: [{ value: "3", label: "High" }] },
];

describe("cleanFilters: a list's filters as its rules allow them", () => {
  it("keeps what the rules allow", () => {
    expect(cleanFilters(state({ pipeline_id: "1", pipeline_stage_id: "5", priority: "3" }), defs).filters).toEqual({
      pipeline_id: "1",
      pipeline_stage_id: "5",
      priority: "3",
    });
  });

  it("drops a value the rules rule out, and what depends on it: a stage goes with a pipeline that is not one", () => {
    expect(cleanFilters(state({ pipeline_id: "abc", pipeline_stage_id: "5", priority: "3" }), defs).filters).toEqual({ priority: "3" });
    expect(cleanFilters(state({ pipeline_id: "1", pipeline_stage_id: "9" }), defs).filters).toEqual({ pipeline_id: "1" });
  });
});

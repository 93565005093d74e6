import { describe, expect, it } from "vitest";
import type { Column } from "#app/components/table/data-table";
import { defineList, type SortField } from "#app/components/table/list";
import { TASK_SORTS } from "#contract/task-constants";

// A column's sortField is typed by its list's sort fields: the typecheck stage (tsc) fails when the
// expect-error directive below no longer finds an error, i.e. when a column could name a field the API does not sort by.
const tasksList = defineList("/tasks", TASK_SORTS, { filters: {}, defaultSort: { field: "name", desc: false } });
type Row = { name: string };

describe("list columns", () => {
  it("take only the list's sort fields as sortField", () => {
    const ok: Column<Row, SortField<typeof tasksList>> = { key: "name", header: "Name", sortField: "name", cell: (r) => r.name };
    // @ts-expect-error "nme" is not one of the tasks list's sort fields
    const wrong: Column<Row, SortField<typeof tasksList>> = { key: "name", header: "Name", sortField: "nme", cell: (r) => r.name };
    expect(ok.sortField).toBe("name");
    expect(tasksList.spec.sortable).toContain(ok.sortField);
    expect(tasksList.spec.sortable).not.toContain(wrong.sortField);
  });
});

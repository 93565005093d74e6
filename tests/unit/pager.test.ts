import { describe, expect, it } from "vitest";
import { bulkErrorText } from "#app/components/table/bulk-actions";
import { MAX_PAGE, pageParam, pagerItems, rangeText } from "#app/lib/pager";

describe("pager", () => {
  it.each([
    [1, 1, [1]],
    [1, 0, [1]],
    [1, 2, [1, 2]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, "ellipsis-end"]],
    [2, 10, [1, 2, 3, "ellipsis-end"]],
    [5, 10, ["ellipsis-start", 4, 5, 6, "ellipsis-end"]],
    [9, 10, ["ellipsis-start", 8, 9, 10]],
    [10, 10, ["ellipsis-start", 8, 9, 10]],
    [42, 10, ["ellipsis-start", 8, 9, 10]],
  ])("page %i of %i → %j", (current, last, expected) => {
    expect(pagerItems(current, last, 3)).toEqual(expected);
  });

  it("takes the base pager's range of 2", () => {
    expect(pagerItems(5, 10, 2)).toEqual(["ellipsis-start", 4, 5, "ellipsis-end"]);
  });

  it.each([
    [1, 10, 35, "Showing 1–10 of 35"],
    [4, 10, 35, "Showing 31–35 of 35"],
    [1, 10, 0, "No items"],
    [2, 100, 12345, "Showing 101–200 of 12,345"],
  ])("page %i × %i of %i reads %s", (page, perPage, total, text) => {
    expect(rangeText(page, perPage, total)).toBe(text);
  });

  it("says a capped total is a lower bound", () => {
    expect(rangeText(1, 10, 10_000, true)).toBe("Showing 1–10 of 10,000+");
    expect(rangeText(1500, 10, 15_000, true)).toBe("Showing 14,991–15,000 of 15,000+");
  });

  it("ends the window with an ellipsis while pages may follow the last known one", () => {
    expect(pagerItems(1000, 1001, 3, true)).toEqual(["ellipsis-start", 999, 1000, 1001, "ellipsis-end"]);
    expect(pagerItems(1, 1000, 3, true)).toEqual([1, 2, 3, "ellipsis-end"]);
  });
});

describe("bulk-error banner", () => {
  it.each([
    [1, "Error occurred while performing the action."],
    [2, "Error occurred while performing the action. and 1 more errors"],
    [5, "Error occurred while performing the action. and 4 more errors"],
  ])("%i failed → %s", (failed, text) => {
    expect(bulkErrorText(failed)).toBe(text);
  });
});

describe("page numbers from an address", () => {
  it.each([
    ["3", 3],
    [null, 1],
    ["", 1],
    ["1e400", 1],
    ["1e3", 1],
    ["1.5", 1],
    ["-3", 1],
    ["0", 1],
    ["abc", 1],
    ["Infinity", 1],
    ["99999999999999", MAX_PAGE],
    ["99999999999999999999", 1],
  ] as const)("page %s → %s", (text, expected) => {
    expect(pageParam(text, 1)).toBe(expected);
  });

  it("a page size is clamped to its bounds", () => {
    expect(pageParam("500", 20, 1, 50)).toBe(50);
    expect(pageParam("1e400", 20, 1, 50)).toBe(20);
  });
});

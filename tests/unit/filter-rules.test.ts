import { describe, expect, it } from "vitest";
import {
  dateFilterBounds,
  dateRangeBounds,
  hasActiveFilters,
  isAmountInput,
  keysRemovedWith,
  normaliseFilters,
  normaliseFilterValue,
  numberFilterBounds,
  sanitiseFilterInput,
  withoutFilter,
  type FilterDefinition,
  type FilterRawValue,
} from "#app/lib/filter-rules";

const TODAY = "2026-03-15";
const def = (d: Partial<FilterDefinition> & Pick<FilterDefinition, "type">): FilterDefinition => ({
  filterKey: "x",
  label: "X",
  ...d,
});

describe("a filter keyed amount: digits with up to 2 decimals", () => {
  const amount = def({ filterKey: "amount", type: "number" });
  it.each<[string, string | undefined]>([
    ["12", "12"],
    ["12.5", "12.5"],
    ["12.50", "12.5"],
    ["0.01", "0.01"],
    ["12.", "12"],
    ["12.345", undefined],
    ["-12", undefined],
    ["1,200", undefined],
    ["1e3", undefined],
    [".5", undefined],
    ["abc", undefined],
    ["", undefined],
  ])("%j → %j", (raw, expected) => {
    expect(normaliseFilterValue(amount, raw)).toBe(expected);
  });

  it.each([
    ["", true],
    ["1", true],
    ["12.", true],
    ["12.3", true],
    ["12.34", true],
    ["12.345", false],
    ["-1", false],
    ["1a", false],
    [".5", false],
  ])("while typing %j allowed: %s", (text, allowed) => {
    expect(isAmountInput(text)).toBe(allowed);
    expect(sanitiseFilterInput(amount, text, "prev")).toBe(allowed ? text : "prev");
  });

  it("other number filters filter keystrokes like numeric inputs", () => {
    // The minus is kept while typing; where negatives are not allowed the value clamps to 0 (below).
    expect(sanitiseFilterInput(def({ type: "number" }), "-1a.2.3", "")).toBe("-1.23");
    expect(sanitiseFilterInput(def({ type: "number", allowNegative: true }), "-1a.2", "")).toBe("-1.2");
    expect(sanitiseFilterInput(def({ type: "text" }), "anything", "")).toBe("anything");
  });
});

describe("number filters clamp to minValue/maxValue and to 0 unless negatives are allowed", () => {
  it.each<[Partial<FilterDefinition>, string, string | undefined]>([
    [{}, "5", "5"],
    [{}, "-5", "0"],
    [{ allowNegative: true }, "-5", "-5"],
    [{ allowNegative: true, minValue: -3 }, "-5", "-3"],
    [{ minValue: 10 }, "5", "10"],
    [{ minValue: 10 }, "10", "10"],
    [{ maxValue: 100 }, "150", "100"],
    [{ maxValue: 100 }, "100", "100"],
    [{ minValue: 1, maxValue: 5 }, "3.5", "3.5"],
    [{ minValue: -10 }, "-5", "0"],
    [{}, "1..2", undefined],
    [{}, "abc", undefined],
    [{}, "  ", undefined],
  ])("%j: %j → %j", (d, raw, expected) => {
    expect(normaliseFilterValue(def({ type: "number", ...d }), raw)).toBe(expected);
  });
});

describe("number filters clamp to their moreThan / lessThan sibling", () => {
  const from = def({ filterKey: "price_from", type: "number", lessThan: "price_to" });
  const to = def({ filterKey: "price_to", type: "number", moreThan: "price_from" });
  it.each<[FilterDefinition, string, Record<string, FilterRawValue>, string]>([
    [from, "5", { price_to: "10" }, "5"],
    [from, "15", { price_to: "10" }, "10"], // a 'from' never above its 'to'
    [from, "10", { price_to: "10" }, "10"],
    [from, "15", {}, "15"],
    [from, "15", { price_to: "" }, "15"],
    [from, "15", { price_to: "junk" }, "15"],
    [to, "5", { price_from: "10" }, "10"], // a 'to' never below its 'from'
    [to, "15", { price_from: "10" }, "15"],
    [to, "5", {}, "5"],
  ])("%#: %j with siblings %j → %j", (d, raw, siblings, expected) => {
    expect(normaliseFilterValue(d, raw, siblings)).toBe(expected);
  });

  it.each<[Record<string, string>, Record<string, string>]>([
    [
      { price_from: "5", price_to: "10" },
      { price_from: "5", price_to: "10" },
    ],
    // conflicting: the 'to' is raised to the 'from'
    [
      { price_from: "10", price_to: "5" },
      { price_from: "10", price_to: "10" },
    ],
    [
      { price_from: "-3", price_to: "-5" },
      { price_from: "0", price_to: "0" },
    ],
    [{ price_to: "5" }, { price_to: "5" }],
  ])("normaliseFilters %j → %j", (raw, expected) => {
    expect(normaliseFilters([from, to], raw)).toEqual(expected);
  });

  it.each<[FilterDefinition, Record<string, FilterRawValue>, { min?: number; max?: number }]>([
    [from, { price_to: "10" }, { min: 0, max: 10 }],
    [to, { price_from: "3" }, { min: 3, max: undefined }],
    [def({ type: "number", allowNegative: true, minValue: -5, maxValue: 5 }), {}, { min: -5, max: 5 }],
    [def({ type: "number", minValue: 2, maxValue: 50, lessThan: "b" }), { b: "20" }, { min: 2, max: 20 }],
  ])("bounds %#", (d, siblings, bounds) => {
    expect(numberFilterBounds(d, siblings)).toEqual(bounds);
  });
});

describe("date filters", () => {
  const date = def({ type: "date" });
  it.each<[string, string | undefined]>([
    ["2026-03-01", "2026-03-01"],
    ["2026-02-30", undefined],
    ["01/03/2026", undefined],
    ["1826-03-14", undefined],
    ["1826-03-15", "1826-03-15"],
  ])("%j → %j", (raw, expected) => {
    expect(normaliseFilterValue(date, raw, {}, { today: TODAY })).toBe(expected);
  });

  it("clamps to its siblings", () => {
    const start = def({ filterKey: "start", type: "date", lessThan: "end" });
    const end = def({ filterKey: "end", type: "date", moreThan: "start" });
    expect(normaliseFilterValue(start, "2026-05-01", { end: "2026-04-01" }, { today: TODAY })).toBe("2026-04-01");
    expect(normaliseFilterValue(end, "2026-03-01", { start: "2026-04-01" }, { today: TODAY })).toBe("2026-04-01");
    expect(normaliseFilters([start, end], { start: "2026-05-01", end: "2026-04-01" }, { today: TODAY })).toEqual({
      start: "2026-05-01",
      end: "2026-05-01",
    });
    expect(dateFilterBounds(start, { end: "2026-04-01" }, { today: TODAY })).toEqual({ min: "1826-03-15", max: "2026-04-01" });
    expect(dateFilterBounds(end, { start: "2026-04-01" }, { today: TODAY })).toEqual({ min: "2026-04-01", max: "2226-03-15" });
  });
});

describe("date_range: From is at most To (a later From raises To to it)", () => {
  const range = def({ filterKey: "created", type: "date_range" });
  it.each<[FilterRawValue, unknown]>([
    [
      { from: "2026-01-01", to: "2026-01-31" },
      { from: "2026-01-01", to: "2026-01-31" },
    ],
    [
      { from: "2026-01-31", to: "2026-01-01" },
      { from: "2026-01-31", to: "2026-01-31" },
    ],
    [
      { from: "2026-01-10", to: "2026-01-10" },
      { from: "2026-01-10", to: "2026-01-10" },
    ],
    [{ from: "2026-01-10" }, { from: "2026-01-10" }],
    [{ to: "2026-01-10" }, { to: "2026-01-10" }],
    [{ from: "2026-02-30", to: "2026-01-10" }, { to: "2026-01-10" }],
    [{ from: "junk", to: "junk" }, undefined],
    [{}, undefined],
    ["2026-01-10", undefined],
    [undefined, undefined],
  ])("%j → %j", (raw, expected) => {
    expect(normaliseFilterValue(range, raw, {}, { today: TODAY })).toEqual(expected);
  });

  it.each([
    [
      { from: "2026-01-01", to: "2026-01-31" },
      { from: { min: "1826-03-15", max: "2026-01-31" }, to: { min: "2026-01-01", max: "2226-03-15" } },
    ],
    [undefined, { from: { min: "1826-03-15", max: "2226-03-15" }, to: { min: "1826-03-15", max: "2226-03-15" } }],
  ])("input bounds for %j", (value, bounds) => {
    expect(dateRangeBounds(value, { today: TODAY })).toEqual(bounds);
  });
});

describe("text, select, autocomplete and time filters", () => {
  const select = def({
    type: "select",
    selectOptions: [
      { label: "Open", value: "open" },
      { label: "Closed", value: "closed" },
      { label: "Archived", value: "archived", disabled: true },
    ],
  });
  it.each<[FilterDefinition, FilterRawValue, Record<string, FilterRawValue>, string | undefined]>([
    [def({ type: "text" }), "  acme  ", {}, "acme"],
    [def({ type: "text" }), "", {}, undefined],
    [def({ type: "text" }), "x".repeat(600), {}, "x".repeat(500)],
    [def({ type: "text" }), ["first", "second"], {}, "first"],
    [def({ type: "text" }), { from: "a" }, {}, undefined],
    [def({ type: "autocomplete" }), "42", {}, "42"],
    [def({ type: "autocomplete" }), 42, {}, "42"],
    [select, "open", {}, "open"],
    [select, "archived", {}, undefined],
    [select, "other", {}, undefined],
    [def({ type: "select" }), "anything", {}, "anything"],
    [def({ type: "time" }), "09:30", {}, "09:30"],
    [def({ type: "time" }), "09:30:15", {}, "09:30"],
    [def({ type: "time" }), "25:00", {}, undefined],
    [def({ type: "time", lessThan: "until" }), "18:00", { until: "17:00" }, "17:00"],
    [def({ type: "time", moreThan: "since" }), "08:00", { since: "09:15" }, "09:15"],
  ])("%#: %j → %j", (d, raw, siblings, expected) => {
    expect(normaliseFilterValue(d, raw, siblings)).toBe(expected);
  });

  it("drops unknown keys and keeps known ones", () => {
    expect(normaliseFilters([def({ filterKey: "name", type: "text" })], { name: "a", other: "b" })).toEqual({ name: "a" });
  });
});

describe("dependants: removing pipeline_id also removes pipeline_stage_id", () => {
  const defs: FilterDefinition[] = [
    def({ filterKey: "pipeline_id", type: "autocomplete", dependants: ["pipeline_stage_id"] }),
    def({ filterKey: "pipeline_stage_id", type: "select", dependants: ["stage_reason"] }),
    def({ filterKey: "stage_reason", type: "text" }),
    def({ filterKey: "name", type: "text" }),
  ];
  it.each([
    ["pipeline_id", ["pipeline_id", "pipeline_stage_id", "stage_reason"]],
    ["pipeline_stage_id", ["pipeline_stage_id", "stage_reason"]],
    ["name", ["name"]],
  ])("removing %s removes %j", (key, removed) => {
    expect(keysRemovedWith(defs, key)).toEqual(removed);
  });

  it("withoutFilter", () => {
    expect(withoutFilter(defs, { pipeline_id: "1", pipeline_stage_id: "2", name: "a" }, "pipeline_id")).toEqual({ name: "a" });
  });
});

describe("active filters", () => {
  it.each<[Record<string, string | { from?: string; to?: string } | undefined>, boolean]>([
    [{}, false],
    [{ a: "" }, false],
    [{ a: undefined }, false],
    [{ a: {} }, false],
    [{ a: "x" }, true],
    [{ a: { to: "2026-01-01" } }, true],
  ])("%j → %s", (values, active) => {
    expect(hasActiveFilters(values)).toBe(active);
  });
});

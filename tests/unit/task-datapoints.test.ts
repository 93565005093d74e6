import { describe, expect, it } from "vitest";
import { datapointRows, datapointsOf, typedDatapointRows } from "#app/lib/task-datapoints";

/** A posted form of rows [name, value, type]. */
function posted(rows: [string, string, string][]) {
  const form = new FormData();
  form.set("datapoints_rows", String(rows.length));
  rows.forEach(([name, value, type], i) => {
    form.set(`datapoints.${i}.name`, name);
    form.set(`datapoints.${i}.value`, value);
    form.set(`datapoints.${i}.type`, type);
  });
  return form;
}

describe("a task's datapoints as the edit form's rows", () => {
  it("are shown by name, yes/no for true/false, blank for empty, then two blank rows", () => {
    expect(datapointRows({ policy_ref: "PX-1", premium: 1250.5, renewed: true, broker_note: null })).toEqual([
      { name: "broker_note", value: "", type: "empty" },
      { name: "policy_ref", value: "PX-1", type: "text" },
      { name: "premium", value: "1250.5", type: "number" },
      { name: "renewed", value: "Yes", type: "boolean" },
      { name: "", value: "", type: "text" },
      { name: "", value: "", type: "text" },
    ]);
    expect(datapointRows(null)).toHaveLength(2);
  });

  it("come back as saved when left as they were: numbers and yes/no keep their kind", () => {
    const saved = { policy_ref: "PX-1", premium: 1250.5, renewed: true, broker_note: null };
    const rows = datapointRows(saved).map((r) => [r.name, r.value, r.type] as [string, string, string]);
    expect(datapointsOf(posted(rows))).toEqual({ datapoints: saved });
  });

  it("take what was typed: text where a number no longer reads as one, a new row, a removed name leaves its row out", () => {
    const form = posted([
      ["premium", "about 1200", "number"],
      ["renewed", "no", "boolean"],
      ["", "orphan value", "text"],
      [" source ", " Referral ", "text"],
      ["count", "7", "text"],
    ]);
    expect(datapointsOf(form)).toEqual({ datapoints: { premium: "about 1200", renewed: false, source: "Referral", count: "7" } });
  });

  it("refuse a name given twice rather than lose one of its values", () => {
    expect(
      datapointsOf(
        posted([
          ["ref", "A", "text"],
          ["ref", "B", "text"],
        ]),
      ),
    ).toEqual({ error: "“ref” is named twice: give each row its own name." });
  });

  it("leave the datapoints alone when the form had no rows (the create form)", () => {
    expect(datapointsOf(new FormData())).toEqual({});
  });

  it("are drawn again as typed after a refusal", () => {
    expect(typedDatapointRows({ datapoints_rows: "2", "datapoints.0.name": "ref", "datapoints.0.value": "A", "datapoints.0.type": "text" })).toEqual([
      { name: "ref", value: "A", type: "text" },
      { name: "", value: "", type: "text" },
    ]);
  });
});

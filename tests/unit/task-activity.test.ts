import { describe, expect, it } from "vitest";
import { wordsFor } from "#app/lib/labels";
import { activityFieldLabel, activityLines, activityValue, activityVerb } from "#app/lib/task-activity";

describe("task activity: values", () => {
  it("prefers the API's label, then the value", () => {
    expect(activityValue(9, "Terms received")).toBe("Terms received");
    expect(activityValue(9, null)).toBe("9");
    expect(activityValue("Plain text")).toBe("Plain text");
  });
  it("shows nothing as null, booleans as Yes/No and calendar dates as dd/mm/yy", () => {
    expect(activityValue(null)).toBeNull();
    expect(activityValue("")).toBeNull();
    expect(activityValue(undefined, "")).toBeNull();
    expect(activityValue(true)).toBe("Yes");
    expect(activityValue(false)).toBe("No");
    expect(activityValue("2027-01-26")).toBe("26/01/27");
  });
  it("names known fields and tidies unknown ones", () => {
    expect(activityFieldLabel("pipeline_stage_id")).toBe("Stage");
    expect(activityFieldLabel("confidenceInClientId")).toBe("Confidence in client");
    expect(activityFieldLabel("some_new_field")).toBe("Some new field");
  });
});

describe("task activity: lines", () => {
  it("gives old → new with labels, drops bookkeeping and empty changes", () => {
    const lines = activityLines({
      pipeline_stage_id: { old: 7, new: 9, old_label: "Renewal due", new_label: "Terms received" },
      email_id: { old: null, new: 12 },
      description: { old: null, new: null },
      expected_revenue_start_date: { old: "2027-01-26", new: null },
    });
    expect(lines).toEqual([
      { field: "Stage", from: "Renewal due", to: "Terms received" },
      { field: "Revenue start date", from: "26/01/27", to: null },
    ]);
  });
  it("fills a side the API left without a label from the lookups", () => {
    const lines = activityLines(
      {
        payment_frequency_id: { old: 3, new: 1, old_label: null, new_label: "Monthly" },
        confidenceInClientId: { old: 17, new: 18, old_label: null, new_label: "Engaged" },
      },
      { payment_frequency_id: { "3": "Half-yearly", "1": "Monthly" }, confidenceInClientId: { "17": "Shopping around" } },
    );
    expect(lines).toEqual([
      { field: "Payment frequency", from: "Half-yearly", to: "Monthly" },
      { field: "Confidence in client", from: "Shopping around", to: "Engaged" },
    ]);
  });
});

describe("task activity: what happened", () => {
  const fd = wordsFor("flightdeck");
  const sb = wordsFor("smallbusiness");
  it("uses the edition's word for a task", () => {
    expect(activityVerb("moved", {}, fd)).toBe("moved the task");
    expect(activityVerb("moved", {}, sb)).toBe("moved the opportunity");
    expect(activityVerb("created", {}, sb)).toBe("created the opportunity");
  });
  it("tells assigning from unassigning, and the KYB flag's direction", () => {
    expect(activityVerb("assigned", { team_member_id: { old: null, new: 6 } }, fd)).toBe("assigned the task");
    expect(activityVerb("assigned", { team_member_id: { old: 6, new: null } }, fd)).toBe("unassigned the task");
    expect(activityVerb("kyb", { kyb: { old: false, new: true } }, fd)).toBe("marked it for KYB");
    expect(activityVerb("kyb", { kyb: { old: true, new: false } }, fd)).toBe("cleared the KYB flag");
  });
  it("describes progress, products and e-mails, and any other action by its name", () => {
    expect(activityVerb("progress", {}, fd)).toBe("updated the progress");
    expect(activityVerb("product_added", {}, fd)).toBe("added a product");
    expect(activityVerb("email_sent", {}, fd)).toBe("sent an e-mail");
    expect(activityVerb("something_else", {}, fd)).toBe("something else");
  });
});

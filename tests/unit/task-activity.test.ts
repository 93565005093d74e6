import { describe, expect, it } from "vitest";
import { wordsFor } from "#app/lib/labels";
import { activityFieldLabel, activityLines, activityValue, activityVerb } from "#app/lib/task-activity";
import { activityFieldLabels, taskTermsFor } from "#app/lib/task-terms";

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

describe("task activity: the edition's words", () => {
  const sb = { ...wordsFor("smallbusiness"), kyb: taskTermsFor("smallbusiness").kyb };
  it("names the KYB flag as the edition does: no broker term in smallBusiness", () => {
    expect(activityVerb("kyb", { kyb: { old: false, new: true } }, sb)).toBe("marked it for verification");
    expect(activityVerb("kyb", { kyb: { old: true, new: false } }, sb)).toBe("cleared the verification flag");
    expect(activityVerb("kyb", { kyb: { old: false, new: true } }, { task: "task", kyb: taskTermsFor("flightdeck").kyb })).toBe("marked it for KYB");
  });
  it.each([
    ["kyb", { old: false, new: true }, "Verification", "KYB"],
    ["premium", { old: 100, new: 120 }, "Price", "Premium"],
    ["provider_name", { old: null, new: "Aviva" }, "Supplier", "Provider"],
    ["source_individual_id", { old: null, new: 4, new_label: "Nell Ames" }, "Individual customer", "Individual"],
    ["company_id", { old: null, new: 2, new_label: "Mill Lane Farm" }, "Company customer", "Company"],
  ])("labels %s in smallBusiness's words and flightDeck's", (field, change, smallBusiness, flightDeck) => {
    expect(activityLines({ [field]: change }, {}, activityFieldLabels("smallbusiness"))[0].field).toBe(smallBusiness);
    expect(activityLines({ [field]: change }, {}, activityFieldLabels("flightdeck"))[0].field).toBe(flightDeck);
  });
  it("has the same keys in both editions", () => {
    expect(Object.keys(taskTermsFor("smallbusiness")).sort()).toEqual(Object.keys(taskTermsFor("flightdeck")).sort());
  });
});

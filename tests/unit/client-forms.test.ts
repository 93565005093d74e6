import { describe, expect, it } from "vitest";
import { companyBody, individualBody, lineBody, MAX_SPLITS, splitErrorsByRow, splitField } from "#app/lib/client-forms";
import { answerState } from "#app/components/clients/client-form";
import { answerTo } from "#app/components/form/form-answer";
import { formData } from "../helpers/form-data";

const form = formData;

describe("individual form body", () => {
  it("on create leaves empty fields out and trims the rest", () => {
    expect(individualBody(form({ first_name: " Ann ", last_name: "Lee", email: "", postcode: "sw1a1aa", owner_user_id: "" }), "create")).toEqual({
      first_name: "Ann",
      last_name: "Lee",
      postcode: "sw1a1aa",
    });
  });

  it("on create links to the chosen company with the job title and primary flag", () => {
    expect(individualBody(form({ first_name: "Ann", last_name: "Lee", company_id: "12", job_title_id: "4", is_primary: "on" }), "create")).toEqual({
      first_name: "Ann",
      last_name: "Lee",
      company_id: "12",
      is_primary: true,
      job_title_id: "4",
    });
    // No company chosen: the job title and primary box mean nothing.
    expect(individualBody(form({ first_name: "Ann", last_name: "Lee", company_id: "", job_title_id: "4", is_primary: "on" }), "create")).toEqual({
      first_name: "Ann",
      last_name: "Lee",
    });
  });

  it("on edit sends an emptied field as '' (cleared) and never sends link fields", () => {
    expect(individualBody(form({ first_name: "Ann", email: "", company_id: "12" }), "edit")).toEqual({ first_name: "Ann", email: "" });
  });
});

describe("company form body", () => {
  it("keeps only the company's fields; empty ones are left out on create and cleared on edit", () => {
    const f = form({ intent: "x", name: "Acme", type_id: "3", website: "", trade_id: "6" });
    expect(companyBody(f, "create")).toEqual({ name: "Acme", type_id: "3", trade_id: "6" });
    expect(companyBody(f, "edit")).toEqual({ name: "Acme", type_id: "3", website: "", trade_id: "6" });
  });
});

describe("line form body and its split rows", () => {
  const rows = form({
    line_type: "Cyber",
    insurer: "",
    premium: "1,250.50",
    renewal_date: "",
    [splitField(0, "party")]: "Us",
    [splitField(0, "party_type")]: "broker",
    [splitField(0, "percentage")]: "60",
    // an unused row
    [splitField(1, "party")]: " ",
    [splitField(1, "party_type")]: "network",
    [splitField(1, "percentage")]: "",
    [splitField(2, "party")]: "Them",
    [splitField(2, "party_type")]: "introducer",
    [splitField(2, "percentage")]: "",
  });

  it("sends the filled rows in order (an empty row is left out) and always sends the splits", () => {
    expect(lineBody(rows)).toEqual({
      line_type: "Cyber",
      insurer: "",
      premium: "1,250.50",
      renewal_date: "",
      splits: [
        { party: "Us", party_type: "broker", percentage: "60" },
        { party: "Them", party_type: "introducer", percentage: "" },
      ],
    });
    expect(lineBody(form({ line_type: "Cyber" })).splits).toEqual([]);
  });

  it("reads at most MAX_SPLITS rows", () => {
    const many = form(Object.fromEntries(Array.from({ length: MAX_SPLITS + 2 }, (_, i) => [splitField(i, "party"), `P${i}`])));
    expect((lineBody(many).splits as unknown[]).length).toBe(MAX_SPLITS);
  });

  it("puts the API's split errors back under the row they came from", () => {
    expect(
      splitErrorsByRow(rows, { "splits.1.percentage": ["Enter a percentage above 0 and up to 100."], splits: ["Name each party once."], premium: ["x"] }),
    ).toEqual({
      [splitField(2, "percentage")]: ["Enter a percentage above 0 and up to 100."],
      splits: ["Name each party once."],
      premium: ["x"],
    });
  });

  it("puts the body check's split errors (splits[1].party, as zod names them) under the same row", () => {
    expect(splitErrorsByRow(rows, { "splits[1].party": ["Enter the party."], "splits[0].percentage": ["Enter a percentage above 0 and up to 100."] })).toEqual({
      [splitField(2, "party")]: ["Enter the party."],
      [splitField(0, "percentage")]: ["Enter a percentage above 0 and up to 100."],
    });
  });
});

describe("form state of a page with several forms", () => {
  // The form protocol's answer (app/components/form/form-result.ts): conform's result for the form "bank".
  const failed = {
    form: {
      intent: "bank",
      result: {
        status: "error",
        initialValue: { account_name: "Acme", sort_code: "12345", flag: "on" },
        error: { "": ["Failed."], sort_code: ["Enter a 6-digit sort code."], _: ["Odd."] },
      },
    },
  };

  it("answers the refused form with what was typed and its messages", () => {
    const s = answerState(answerTo(failed, "bank"));
    expect(s.message).toBe("Failed.");
    expect(s.errors("sort_code")).toEqual(["Enter a 6-digit sort code."]);
    expect(s.errors("account_name")).toBeUndefined();
    expect(s.value("account_name", "Saved Ltd")).toBe("Acme");
    expect(s.value("account_number", "12345678")).toBe("");
    expect(s.checked("flag", false)).toBe(true);
    expect(s.checked("other", true)).toBe(false);
    expect(s.others(["sort_code", "account_name"])).toEqual(["Odd."]);
  });

  it("leaves every other form with its saved values", () => {
    const s = answerState(answerTo(failed, "broker"));
    expect(s.message).toBeNull();
    expect(s.value("account_name", "Saved Ltd")).toBe("Saved Ltd");
    expect(s.value("network", null)).toBe("");
    expect(s.checked("flag", true)).toBe(true);
    expect(s.others([])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { taskBody } from "#app/services/task-form.server";
import { formData } from "../helpers/form-data";

const form = formData;

describe("the task form's body for the API", () => {
  it("sends the client the task is for, and leaves out the form's own fields", () => {
    expect(
      taskBody(form({ name: " Renewal ", pipeline_id: "3", source_individual_id: "82", company_id: "279", intent: "x", _submission: "k" }), "create"),
    ).toEqual({
      name: "Renewal",
      pipeline_id: "3",
      source_individual_id: "82",
      company_id: "279",
    });
  });

  it("on create leaves empty fields out; on edit clears them (null), but sends an emptied name or pipeline for the API to refuse", () => {
    const emptied = form({ name: "", pipeline_id: "", source_individual_id: "", company_id: "", team_member_id: "" });
    expect(taskBody(emptied, "create")).toEqual({});
    expect(taskBody(emptied, "edit")).toEqual({ name: "", pipeline_id: "", source_individual_id: null, company_id: null, team_member_id: null });
  });
});

import { describe, expect, it } from "vitest";
import { dispatchIntent, refuseForm, valuesOf } from "#app/services/form-action.server";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

/** The body of a Remix `data()` answer: its `data` and its status. */
const answerOf = (answer: unknown) => answer as { data: unknown; init: { status: number } };

describe("the form protocol's answer", () => {
  it("keeps what was typed (a repeated field as a list), never a secret or the form's own file", () => {
    const form = formOf([
      ["name", "Acme"],
      ["tags", "a"],
      ["tags", "b"],
      ["password", "hunter2"],
    ]);
    form.append("logo", new File(["x"], "logo.png"));
    expect(valuesOf(form)).toEqual({ name: "Acme", tags: ["a", "b"] });
    expect(valuesOf(form, ["name"])).toEqual({ tags: ["a", "b"] });
  });

  it("answers a refusal with conform's result under the intent it answers: messages by field and the form's top line", () => {
    const answer = answerOf(refuseForm("note", formOf([["body", ""]]), { fieldErrors: { body: ["Enter a note."] }, formErrors: ["Failed to add note."] }));
    expect(answer.init.status).toBe(422);
    expect(answer.data).toEqual({
      form: { intent: "note", result: { status: "error", initialValue: { body: "" }, error: { body: ["Enter a note."], "": ["Failed to add note."] } } },
    });
  });
});

describe("an intent map", () => {
  it("runs the handler of the form's intent", () => {
    expect(dispatchIntent(formOf([["intent", "save"]]), { save: () => "saved", delete: () => "deleted" })).toBe("saved");
  });

  it.each([["unknown"], [""], ["toString"]])("answers 400 to the intent %j", (intent) => {
    let thrown: unknown;
    try {
      dispatchIntent(formOf([["intent", intent]]), { save: () => "saved" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});

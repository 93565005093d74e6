import { describe, expect, it } from "vitest";
import { z } from "zod";
import { locationBodySchema } from "#contract/terminal-app";
import { taskEmailBodySchema } from "#contract/tasks";
import { lineBodySchema } from "#contract/clients";
import { lineBody, splitErrorsByRow, splitField } from "#app/lib/client-forms";
import { companyPageAction, individualPageAction } from "#app/services/client-actions.server";
import { ApiValidationError } from "#app/services/api.server";
import { dispatchIntent, refuseForm, submitForm, underFields, valuesOf } from "#app/services/form-action.server";

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

  it("hands an intent it does not name to `unknown` (a family of intents, a resource route's own answer)", () => {
    const intents = { save: () => "saved" };
    const lines = (intent: string) => (intent.startsWith("remove-line-") ? `removed ${intent.slice(12)}` : undefined);
    expect(dispatchIntent(formOf([["intent", "remove-line-2"]]), intents, lines)).toBe("removed 2");
    expect(dispatchIntent(formOf([["intent", "save"]]), intents, lines)).toBe("saved");
    expect(dispatchIntent(formOf([["intent", "nope"]]), intents, () => "own answer")).toBe("own answer");
  });

  it.each([["unknown"], [""], ["toString"]])("answers 400 to the intent %j when `unknown` answers nothing", (intent) => {
    let thrown: unknown;
    try {
      dispatchIntent(formOf([["intent", intent]]), { save: () => "saved" }, (sent) => (sent.startsWith("remove-line-") ? "removed" : undefined));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});

describe("the client pages' intent maps", () => {
  const post = (path: string, intent: string) =>
    new Request(`http://portal.test${path}`, {
      method: "POST",
      body: new URLSearchParams({ intent }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
  const thrownBy = async (run: () => Promise<unknown>) => {
    try {
      return { answered: await run() };
    } catch (error) {
      return { thrown: error };
    }
  };

  it.each([
    ["/individual/5", individualPageAction],
    ["/company/5", companyPageAction],
  ])("%s answers 400 to an unknown intent before asking who sent it; a known one asks first (signed out, to sign in)", async (path, action) => {
    const unknown = await thrownBy(() => action(post(path, "toString"), { id: "5" }));
    expect((unknown.thrown as Response).status).toBe(400);
    const known = await thrownBy(() => action(post(path, "note-delete"), { id: "5" }));
    const answer = (known.thrown ?? known.answered) as Response;
    // Signed out: the guard sends the sender to sign in, back to the page.
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });
});

describe("submitForm, the one server helper of a form", () => {
  const request = () => new Request("http://portal.test/things/new", { method: "POST" });
  /** Runs submitForm over `fields` with `schema`; what `send` was given, and the answer (a refusal's data, or the redirect). */
  async function submit<S extends z.ZodType>(
    fields: [string, string][],
    schema: S,
    more: { refuse?: ApiValidationError; body?: (form: FormData) => Record<string, unknown>; finders?: Parameters<typeof submitForm>[1]["finders"] } = {},
  ) {
    const sent: unknown[] = [];
    const answer = await submitForm(request(), {
      form: formOf(fields),
      guard: async () => ({ who: "ann" }),
      schema,
      failure: "Failed to save.",
      ...(more.body ? { body: more.body } : {}),
      ...(more.finders ? { finders: more.finders } : {}),
      send: async (value) => {
        sent.push(value);
        if (more.refuse) throw more.refuse;
        return { id: 7 };
      },
      success: (saved) => ({ to: `/things/${saved.id}`, message: "Saved." }),
    });
    return {
      sent,
      answer: answer as unknown as
        | Response
        | {
            data: { form: { intent: string; result: { error?: Record<string, string[]>; initialValue?: unknown } }; found?: unknown };
            init: { status: number };
          },
    };
  }
  const refusal = (answer: Awaited<ReturnType<typeof submit>>["answer"]) => {
    expect(answer).not.toBeInstanceOf(Response);
    return (answer as Exclude<typeof answer, Response>).data;
  };

  it('sends an emptied field as the API reads it ("" clears it), not left out', async () => {
    const { sent, answer } = await submit(
      [
        ["display_name", "Shop"],
        ["line1", "1 High Street"],
        ["line2", ""],
        ["city", "Leeds"],
        ["postal_code", "ls1 4ap"],
      ],
      locationBodySchema,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe("/things/7");
    expect(sent).toEqual([{ display_name: "Shop", line1: "1 High Street", line2: null, city: "Leeds", postal_code: "LS1 4AP" }]);
  });

  it("says a refused item of a list under the field it was typed into, what was typed kept", async () => {
    const typed = "ann@example.com, not-an-address";
    const { sent, answer } = await submit(
      [
        ["to", typed],
        ["subject", "Hello"],
        ["body", "Hi"],
      ],
      taskEmailBodySchema,
    );
    expect(sent).toEqual([]);
    const data = refusal(answer);
    expect(data.form.intent).toBe("save");
    expect(data.form.result.error).toEqual({ to: [expect.stringMatching(/e-mail address/)], "": ["Failed to save."] });
    expect(data.form.result.initialValue).toMatchObject({ to: typed, subject: "Hello" });
  });

  it("files the API's errors under the form's fields: an item's under its list, a field of the form as it is, others as sent", async () => {
    const refuse = new ApiValidationError({ message: "Invalid", errors: { "to.1": ["Unknown address."], subject: ["Too rude."], "thread.id": ["Gone."] } });
    const { sent, answer } = await submit(
      [
        ["to", "ann@example.com, bob@example.com"],
        ["subject", "Hello"],
        ["body", "Hi"],
      ],
      taskEmailBodySchema,
      { refuse },
    );
    expect(sent).toHaveLength(1);
    expect(refusal(answer).form.result.error).toEqual({ to: ["Unknown address."], subject: ["Too rude."], "thread.id": ["Gone."], "": ["Failed to save."] });
  });

  it("checks the body built from the form when there is one, and sends it checked", async () => {
    const schema = z.object({ name: z.string().trim().min(1, "Enter a name."), company_id: z.coerce.number().int().positive("Choose a company.").optional() });
    const body = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => v !== ""));
    const ok = await submit(
      [
        ["name", " Ann "],
        ["company_id", ""],
      ],
      schema,
      { body },
    );
    expect(ok.sent).toEqual([{ name: "Ann" }]);
    const refused = await submit(
      [
        ["name", " "],
        ["company_id", "0"],
      ],
      schema,
      { body },
    );
    expect(refused.sent).toEqual([]);
    expect(refusal(refused.answer).form.result).toMatchObject({
      initialValue: { name: " ", company_id: "0" },
      error: { name: ["Enter a name."], company_id: ["Choose a company."], "": ["Failed to save."] },
    });
  });

  it("finds a dropdown's choice by the name typed beside it; a name that finds none refuses the form and says so under the field", async () => {
    const finders = () => ({
      owner_id: async (search: string) => ({ options: search === "Ann" ? [{ value: "12", label: "Ann" }] : [] }),
    });
    const schema = z.object({ owner_id: z.string().min(1, "Choose someone.") });
    const found = await submit([["owner_id_find", "Ann"]], schema, { finders });
    expect(found.sent).toEqual([{ owner_id: "12" }]);
    const none = await submit([["owner_id_find", "Zed"]], schema, { finders });
    expect(none.sent).toEqual([]);
    const data = refusal(none.answer);
    expect(data.form.result.error?.owner_id).toHaveLength(1);
    expect(data.found).toMatchObject({ errors: { owner_id: data.form.result.error?.owner_id } });
  });
});

describe("submitForm over a body the action builds, named otherwise than the form's fields (a line and its splits)", () => {
  const request = () => new Request("http://portal.test/company/1/lines/new", { method: "POST" });
  const line = (rows: [string, string][]) => formOf([["line_type", "Cyber"], ["premium", "100"], ...rows]);
  async function save(form: FormData, refuse?: ApiValidationError) {
    const sent: unknown[] = [];
    const answer = await submitForm(request(), {
      intent: "line",
      form,
      guard: async () => ({ edition: "flightdeck" }),
      precheck: ({ edition }) => (form.has("too_large") ? { logo: [`Too large in ${edition}.`] } : null),
      schema: lineBodySchema,
      body: lineBody,
      renameFields: (errors) => splitErrorsByRow(form, errors),
      failure: "Failed to add the line.",
      send: async (value) => {
        sent.push(value);
        if (refuse) throw refuse;
        return { id: 3 };
      },
      success: () => ({ to: "/company/1?tab=lines", message: "Line added." }),
    });
    return {
      sent,
      answer: answer as unknown as { data: { form: { intent: string; result: { error?: Record<string, string[]> } } }; init: { status: number } },
    };
  }

  it("says the body check's message about a split under the row it was typed in, and sends nothing", async () => {
    const form = line([
      [splitField(0, "party"), "Us"],
      [splitField(0, "percentage"), "40"],
      [splitField(2, "party"), "Them"],
      [splitField(2, "percentage"), "0"],
    ]);
    const { sent, answer } = await save(form);
    expect(sent).toEqual([]);
    expect(answer.init.status).toBe(422);
    expect(answer.data.form.intent).toBe("line");
    expect(answer.data.form.result.error).toEqual({
      [splitField(2, "percentage")]: ["Enter a percentage above 0 and up to 100."],
      "": ["Failed to add the line."],
    });
  });

  it("says the API's message about a split (splits.1.party) under its row too", async () => {
    const form = line([
      [splitField(1, "party"), "Us"],
      [splitField(1, "percentage"), "40"],
      [splitField(4, "party"), "Them"],
      [splitField(4, "percentage"), "10"],
    ]);
    const { sent, answer } = await save(form, new ApiValidationError({ message: "Invalid.", errors: { "splits.1.party": ["Name each party once."] } }));
    expect(sent).toHaveLength(1);
    expect(answer.data.form.result.error).toEqual({ [splitField(4, "party")]: ["Name each party once."], "": ["Failed to add the line."] });
  });

  it("gives the precheck what the guard answered", async () => {
    const { sent, answer } = await save(line([["too_large", "1"]]));
    expect(sent).toEqual([]);
    expect(answer.data.form.result.error).toEqual({ logo: ["Too large in flightdeck."], "": ["Failed to add the line."] });
  });
});

describe("messages under the form's fields", () => {
  it.each([
    ["to[0]", "to"],
    ["to.2", "to"],
    ["trigger.days", "trigger.days"],
    ["conditions[1].value", "conditions[1].value"],
    ["splits.1.percentage", "splits.1.percentage"],
    ["", ""],
  ])("%j is said under %j", (name, field) => {
    const form = formOf([
      ["to", "a@b.c"],
      ["trigger.days", "3"],
      ["conditions[1].value", "x"],
    ]);
    expect(underFields(form, { [name]: ["Wrong."] })).toEqual({ [field]: ["Wrong."] });
  });

  it("says a message once under a field however many of its items it was about", () => {
    expect(underFields(formOf([["to", "x, y"]]), { "to[0]": ["Bad address."], "to[1]": ["Bad address."], to: null })).toEqual({ to: ["Bad address."] });
  });
});

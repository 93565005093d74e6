import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/**
 * Automations without JavaScript: the list, the create page (conditions added and removed with submit buttons, a
 * condition of the wrong type refused under its field), the detail page's "test on a task" and run history, delete
 * with confirmation, and smallBusiness's words.
 */
type Api = Awaited<ReturnType<typeof apiAs>>;
type Pipeline = { id: number; stages: { id: number; name: string }[] };

/** A pipeline of two stages (Lead, Quote) in the company of `as`. */
const makePipeline = async (as: Api) =>
  (
    await as.call<{ data: Pipeline }>(
      "POST",
      "/pipelines",
      {
        name: `Nojs automations ${uniqueToken()}`,
        stages: [
          { name: "Lead", color: "#111111" },
          { name: "Quote", color: "#222222" },
        ],
      },
      201,
    )
  ).data;

/** An automation of the company of `as` that moves a new task of priority 1 to the pipeline's second stage. */
const draftIn = (as: Api, to: Pipeline, name: string, extra: Record<string, unknown> = {}) =>
  as.call<{ data: { id: number } }>(
    "POST",
    "/workflow",
    {
      name,
      workflow_type_id: 3,
      status: 2,
      trigger: { event: "task_created" },
      move_to_stage_id: to.stages[1].id,
      conditions: [{ field: "priority", type: 1, value: 1 }],
      ...extra,
    },
    201,
  );

let api: Api;
let pipeline: Pipeline;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
  pipeline = await makePipeline(api);
});

const admin = () => NojsBrowser.as("admin");
const draft = (name: string, extra: Record<string, unknown> = {}) => draftIn(api, pipeline, name, extra);

describe("Automations", () => {
  test("the list shows each workflow's type, trigger, action and status, and searches by its URL", async () => {
    const token = uniqueToken();
    await draft(`Nojs B ${token}`);
    await draft(`Nojs A ${token}`, { status: 1 });
    const list = await admin().goto(`/workflows?search=${token}`);
    expect(list.h1).toBe("Workflow management");
    expect(list.column()).toEqual([`Nojs A ${token}`, `Nojs B ${token}`]);
    const row = list.rowsWith(`Nojs A ${token}`)[0].text;
    expect(row).toContain("Move task");
    expect(row).toContain("Task created");
    expect(row).toContain("Moves the task to Quote");
    expect(row).toContain("Active");
  });

  test("create: conditions are added and removed with buttons; a wrong condition is refused under its field; saved, it opens", async () => {
    const token = uniqueToken();
    const list = await admin().goto("/workflows");
    const create = await list.click("ADD WORKFLOW");
    expect(create.path).toBe("/workflows/create");
    expect(create.text()).toContain("No conditions: every task.");

    const added = await create
      .form()
      .fill("name", `Nojs New ${token}`)
      .select("workflow_type_id", "2")
      .select("assign_to_user_id", "Amelia Hart")
      .submit("Add condition");
    expect(added.path).toBe("/workflows/create");
    expect(added.form().value("name")).toBe(`Nojs New ${token}`);
    expect(added.form().value("conditions[0].field")).toBe("priority");
    const two = await added.form().submit("Add condition");
    expect(two.form().value("conditions[1].field")).toBe("priority");
    const one = await two.form().submit("Remove condition 2");
    expect(() => one.form().value("conditions[1].field")).toThrow();

    const wrong = await one
      .form()
      .select("conditions[0].field", "name")
      .select("conditions[0].type", "3")
      .fill("conditions[0].from", "a")
      .fill("conditions[0].to", "b")
      .submit("Create");
    expect(wrong.fieldError("conditions[0].type")).toBe('"Between" applies to numbers and dates only, not to Name.');
    expect(wrong.form().value("name")).toBe(`Nojs New ${token}`);

    const saved = await wrong
      .form()
      .select("conditions[0].field", "priority")
      .select("conditions[0].type", "2")
      .fill("conditions[0].value", "1, 2")
      .submit("Create");
    expect(saved.toasts()).toContain("Workflow created.");
    expect(saved.path).toMatch(/^\/workflows\/\d+$/);
    expect(saved.h1).toBe(`Nojs New ${token}`);
    expect(saved.text()).toContain("Assigns the task to Amelia Hart");
    expect(saved.form().value("conditions[0].value")).toBe("1, 2");
    expect(saved.text()).toContain("No runs yet.");
  });

  test("the detail page tries the workflow on a task without changing it, and saves an edit", async () => {
    const token = uniqueToken();
    const { data: wf } = await draft(`Nojs Try ${token}`, { conditions: [{ field: "priority", type: 1, value: 2 }] });
    const task = (
      await api.call<{ data: { id: number; name: string } }>(
        "POST",
        "/task",
        { name: `Nojs task ${token}`, pipeline_id: pipeline.id, pipeline_stage_id: pipeline.stages[0].id, priority: 2 },
        201,
      )
    ).data;
    const page = await admin().goto(`/workflows/${wf.id}`);
    const tried = await page.form({ button: "Test" }).select("task_id", String(task.id)).submit("Test");
    expect(tried.text("[role=status]")).toContain(`Nojs task ${token}: Would move the task to Quote.`);
    expect(tried.text("[role=status]")).toContain("✓ Priority is 2");
    expect(tried.text("[role=status]")).toContain("nothing was changed");
    const again = await admin().goto(`/workflows/${wf.id}`);
    const edited = await again.form({ button: "Save" }).fill("name", `Nojs Tried ${token}`).submit("Save");
    expect(edited.toasts()).toContain("Workflow updated.");
    expect(edited.h1).toBe(`Nojs Tried ${token}`);
    expect(edited.text()).toContain("version 2");
  });

  test("Delete asks first; Remove deletes it", async () => {
    const token = uniqueToken();
    const name = `Nojs Del ${token}`;
    await draft(name);
    const list = await admin().goto(`/workflows?search=${token}`);
    const ask = await list.click(`Delete ${name}`);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this workflow?");
    const done = await ask.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Workflow deleted.");
    expect(done.text()).toContain("No workflows found");
  });

  test("smallBusiness calls them automations, and its types opportunities", async () => {
    const list = await NojsBrowser.as("owner").goto("/workflows");
    expect(list.h1).toBe("Automations");
    const create = await list.click("ADD AUTOMATION");
    const types = create
      .control("workflow_type_id")
      .querySelectorAll("option")
      .map((o) => o.text.trim());
    expect(types).toEqual(["Trigger e-mail", "Assign opportunity", "Move opportunity"]);
  });

  test("smallBusiness's create and edit pages answer with automations", async () => {
    const token = uniqueToken();
    const owner = await apiAs(USERS.owner.email);
    const stages = await makePipeline(owner);
    const create = await NojsBrowser.as("owner").goto("/workflows/create");
    const saved = await create
      .form()
      .fill("name", `Nojs SB New ${token}`)
      .select("workflow_type_id", "3")
      .select("move_to_stage_id", String(stages.stages[1].id))
      .submit("Create");
    expect(saved.toasts()).toContain("Automation created.");
    expect(saved.path).toMatch(/^\/workflows\/\d+$/);
    const edited = await saved.form({ button: "Save" }).fill("name", `Nojs SB Edited ${token}`).submit("Save");
    expect(edited.toasts()).toContain("Automation updated.");
    expect(edited.h1).toBe(`Nojs SB Edited ${token}`);
  });

  test("smallBusiness's list, bulk delete, confirmation and toasts say automations", async () => {
    const token = uniqueToken();
    const owner = await apiAs(USERS.owner.email);
    const name = `Nojs Auto ${token}`;
    await draftIn(owner, await makePipeline(owner), name);
    const list = await NojsBrowser.as("owner").goto(`/workflows?search=${token}`);
    expect(list.$('input[placeholder="Search automations"]')).not.toBeNull();
    const ask = await list.form({ button: "Delete automation(s)" }).check(`Select ${name}`).submit("Delete automation(s)");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this automation?");
    const done = await ask.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Automation deleted.");
    expect(done.text()).toContain("No automations found");
  });
});

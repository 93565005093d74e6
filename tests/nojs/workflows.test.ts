import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/** The Workflows screen without JavaScript: the list, add and edit in the drawer, a field error, delete with confirmation. */
let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const admin = () => NojsBrowser.as("admin");
const createWorkflow = (name: string) => api.call("POST", "/workflows", { name }, 201);

describe("Workflows", () => {
  test("the list searches and sorts by its URL", async () => {
    const token = uniqueToken();
    await createWorkflow(`Nojs B ${token}`);
    await createWorkflow(`Nojs A ${token}`);
    const list = await admin().goto(`/workflows?search=${token}`);
    expect(list.h1).toBe("Workflows");
    expect(list.column()).toEqual([`Nojs A ${token}`, `Nojs B ${token}`]);
    const th = list.$$("th").find((t) => t.text.trim().startsWith("Name"));
    const sorted = await list.click({ css: "a" }, th);
    expect(sorted.param("search")).toBe(token);
    expect(sorted.column()).toEqual([`Nojs B ${token}`, `Nojs A ${token}`]);
  });

  test("ADD WORKFLOW opens the drawer; a blank name is refused under the field; saved, it is listed", async () => {
    const token = uniqueToken();
    const list = await admin().goto(`/workflows?search=${token}`);
    expect(list.text()).toContain("No workflows found");
    const add = await list.click("ADD WORKFLOW");
    expect(add.path).toBe("/workflows/new");
    expect(add.text("[data-drawer]")).toContain("Add workflow");

    const refused = await add.form().fill("Name", " ").fill("Notes", `Kept ${token}`).submit("Save");
    expect(refused.fieldError("Name", refused.drawer()!)).toBe("Enter a name.");
    expect(refused.form().value("Notes")).toBe(`Kept ${token}`);

    const saved = await refused.form().fill("Name", `Nojs New ${token}`).submit("Save");
    expect(saved.toasts()).toContain("Workflow created.");
    expect(saved.path).toBe("/workflows");
    expect(saved.param("search")).toBe(token);
    expect(saved.column()).toEqual([`Nojs New ${token}`]);
  });

  test("Edit changes the workflow in the drawer", async () => {
    const token = uniqueToken();
    await createWorkflow(`Nojs Old ${token}`);
    const list = await admin().goto(`/workflows?search=${token}`);
    const edit = await list.click(`Edit Nojs Old ${token}`);
    expect(edit.form().value("Name")).toBe(`Nojs Old ${token}`);
    const saved = await edit.form().fill("Name", `Nojs Renamed ${token}`).submit("Save");
    expect(saved.toasts()).toContain("Workflow updated.");
    expect(saved.column()).toEqual([`Nojs Renamed ${token}`]);
  });

  test("Delete asks first; Cancel keeps the workflow, Remove deletes it", async () => {
    const token = uniqueToken();
    const name = `Nojs Del ${token}`;
    await createWorkflow(name);
    const list = await admin().goto(`/workflows?search=${token}`);
    const ask = await list.click(`Delete ${name}`);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this workflow?");
    const cancelled = await ask.click("Cancel", ask.confirmation()!);
    expect(cancelled.confirmation()).toBeNull();
    expect(cancelled.rowsWith(name)).toHaveLength(1);

    const again = await cancelled.click(`Delete ${name}`);
    const done = await again.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Workflow deleted.");
    expect(done.path).toBe("/workflows");
    expect(done.text()).toContain("No workflows found");
  });
});

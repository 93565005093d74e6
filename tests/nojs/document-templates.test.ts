import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/** The Document templates screen without JavaScript: the list, add and edit in the drawer, a field error, delete with confirmation. */
let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const admin = () => NojsBrowser.as("admin");
const createDocumentTemplate = (name: string) => api.call("POST", "/document-templates", { name }, 201);

describe("Document templates", () => {
  test("the list searches and sorts by its URL", async () => {
    const token = uniqueToken();
    await createDocumentTemplate(`Nojs B ${token}`);
    await createDocumentTemplate(`Nojs A ${token}`);
    const list = await admin().goto(`/document-templates?search=${token}`);
    expect(list.h1).toBe("Document templates");
    expect(list.column()).toEqual([`Nojs A ${token}`, `Nojs B ${token}`]);
    const th = list.$$("th").find((t) => t.text.trim().startsWith("Name"));
    const sorted = await list.click({ css: "a" }, th);
    expect(sorted.param("search")).toBe(token);
    expect(sorted.column()).toEqual([`Nojs B ${token}`, `Nojs A ${token}`]);
  });

  test("ADD DOCUMENT TEMPLATE opens the drawer; a blank name is refused under the field; saved, it is listed", async () => {
    const token = uniqueToken();
    const list = await admin().goto(`/document-templates?search=${token}`);
    expect(list.text()).toContain("No document templates found");
    const add = await list.click("ADD DOCUMENT TEMPLATE");
    expect(add.path).toBe("/document-templates/new");
    expect(add.text("[data-drawer]")).toContain("Add document template");

    const refused = await add.form().fill("Name", " ").fill("Notes", `Kept ${token}`).submit("Save");
    expect(refused.fieldError("Name", refused.drawer()!)).toBe("Enter a name.");
    expect(refused.form().value("Notes")).toBe(`Kept ${token}`);

    const saved = await refused.form().fill("Name", `Nojs New ${token}`).submit("Save");
    expect(saved.toasts()).toContain("Document template created.");
    expect(saved.path).toBe("/document-templates");
    expect(saved.param("search")).toBe(token);
    expect(saved.column()).toEqual([`Nojs New ${token}`]);
  });

  test("Edit changes the document template in the drawer", async () => {
    const token = uniqueToken();
    await createDocumentTemplate(`Nojs Old ${token}`);
    const list = await admin().goto(`/document-templates?search=${token}`);
    const edit = await list.click(`Edit Nojs Old ${token}`);
    expect(edit.form().value("Name")).toBe(`Nojs Old ${token}`);
    const saved = await edit.form().fill("Name", `Nojs Renamed ${token}`).submit("Save");
    expect(saved.toasts()).toContain("Document template updated.");
    expect(saved.column()).toEqual([`Nojs Renamed ${token}`]);
  });

  test("Delete asks first; Cancel keeps the document template, Remove deletes it", async () => {
    const token = uniqueToken();
    const name = `Nojs Del ${token}`;
    await createDocumentTemplate(name);
    const list = await admin().goto(`/document-templates?search=${token}`);
    const ask = await list.click(`Delete ${name}`);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this document template?");
    const cancelled = await ask.click("Cancel", ask.confirmation()!);
    expect(cancelled.confirmation()).toBeNull();
    expect(cancelled.rowsWith(name)).toHaveLength(1);

    const again = await cancelled.click(`Delete ${name}`);
    const done = await again.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Document template deleted.");
    expect(done.path).toBe("/document-templates");
    expect(done.text()).toContain("No document templates found");
  });
});

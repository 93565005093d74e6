import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/** The Off-platform policies screen without JavaScript: the list, add and edit in the drawer, a field error, delete with confirmation. */
let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const admin = () => NojsBrowser.as("admin");
const createOffPlatformPolicy = (name: string) => api.call("POST", "/off-platform-policies", { name }, 201);

describe("Off-platform policies", () => {
  test("the list searches and sorts by its URL", async () => {
    const token = uniqueToken();
    await createOffPlatformPolicy(`Nojs B ${token}`);
    await createOffPlatformPolicy(`Nojs A ${token}`);
    const list = await admin().goto(`/off-platform-policies?search=${token}`);
    expect(list.h1).toBe("Off-platform policies");
    expect(list.column()).toEqual([`Nojs A ${token}`, `Nojs B ${token}`]);
    const th = list.$$("th").find((t) => t.text.trim().startsWith("Name"));
    const sorted = await list.click({ css: "a" }, th);
    expect(sorted.param("search")).toBe(token);
    expect(sorted.column()).toEqual([`Nojs B ${token}`, `Nojs A ${token}`]);
  });

  test("ADD OFF-PLATFORM POLICY opens the drawer; a blank name is refused under the field; saved, it is listed", async () => {
    const token = uniqueToken();
    const list = await admin().goto(`/off-platform-policies?search=${token}`);
    expect(list.text()).toContain("No off-platform policies found");
    const add = await list.click("ADD OFF-PLATFORM POLICY");
    expect(add.path).toBe("/off-platform-policies/new");
    expect(add.text("[data-drawer]")).toContain("Add off-platform policy");

    const refused = await add.form().fill("Name", " ").fill("Notes", `Kept ${token}`).submit("Save");
    expect(refused.fieldError("Name", refused.drawer()!)).toBe("Enter a name.");
    expect(refused.form().value("Notes")).toBe(`Kept ${token}`);

    const saved = await refused.form().fill("Name", `Nojs New ${token}`).submit("Save");
    expect(saved.toasts()).toContain("Off-platform policy created.");
    expect(saved.path).toBe("/off-platform-policies");
    expect(saved.param("search")).toBe(token);
    expect(saved.column()).toEqual([`Nojs New ${token}`]);
  });

  test("Edit changes the off-platform policy in the drawer", async () => {
    const token = uniqueToken();
    await createOffPlatformPolicy(`Nojs Old ${token}`);
    const list = await admin().goto(`/off-platform-policies?search=${token}`);
    const edit = await list.click(`Edit Nojs Old ${token}`);
    expect(edit.form().value("Name")).toBe(`Nojs Old ${token}`);
    const saved = await edit.form().fill("Name", `Nojs Renamed ${token}`).submit("Save");
    expect(saved.toasts()).toContain("Off-platform policy updated.");
    expect(saved.column()).toEqual([`Nojs Renamed ${token}`]);
  });

  test("Delete asks first; Cancel keeps the off-platform policy, Remove deletes it", async () => {
    const token = uniqueToken();
    const name = `Nojs Del ${token}`;
    await createOffPlatformPolicy(name);
    const list = await admin().goto(`/off-platform-policies?search=${token}`);
    const ask = await list.click(`Delete ${name}`);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this off-platform policy?");
    const cancelled = await ask.click("Cancel", ask.confirmation()!);
    expect(cancelled.confirmation()).toBeNull();
    expect(cancelled.rowsWith(name)).toHaveLength(1);

    const again = await cancelled.click(`Delete ${name}`);
    const done = await again.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("Off-platform policy deleted.");
    expect(done.path).toBe("/off-platform-policies");
    expect(done.text()).toContain("No off-platform policies found");
  });
});

import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, norm, uniqueToken } from "./harness";

/**
 * Roles & permissions and the team drawer without JavaScript: create, rename (a taken name refused), delete
 * one or many with confirmation, the system Administrator role, a role's permissions; a team renamed in its
 * drawer, a blank name refused, members added (nobody chosen refused), given a role and removed.
 * Every role and team a test changes is its own, named with a random token.
 */

let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const createRole = async (name: string) => (await api.call<{ data: { id: number } }>("POST", "/role", { name }, 201)).data;
const createTeam = async (name: string) => (await api.call<{ data: { id: number } }>("POST", "/api/v1/teams", { name }, 201)).data.id;
const admin = () => NojsBrowser.as("admin");

const box = (page: NojsPage, name: string) => page.one(`input[type=checkbox][name=permissions][value="${name}"]`);

async function openPermissions(browser: NojsBrowser, search: string, roleName: string) {
  const list = await browser.goto(`/roles?search=${encodeURIComponent(search)}`);
  const page = await list.click("Permissions", list.rowsWith(roleName)[0]);
  expect(page.path).toMatch(/^\/role-permissions\/\d+$/);
  expect(page.h1).toBe(`${roleName}: permissions`);
  return page;
}

describe("Roles", () => {
  test("ADD ROLE creates a role, a taken name is refused, Rename renames it and Delete removes it", async () => {
    const token = uniqueToken();
    const name = `Nojs Role ${token}`;
    const list = await admin().goto(`/roles?search=${token}`);
    expect(list.h1).toBe("Roles & permissions");
    expect(list.text()).toContain("No roles found");

    const add = await list.click("ADD ROLE");
    expect(add.path).toBe("/roles/new");
    expect(add.text("[data-drawer]")).toContain("Add role");
    const created = await add.form({ button: "Save", within: add.drawer() }).fill("Role name", name).submit("Save");
    expect(created.toasts()).toContain("Role created.");
    expect(created.path).toBe("/roles");
    expect(created.param("search")).toBe(token);
    expect(created.drawer()).toBeNull();
    expect(created.column()).toEqual([name]);

    const again = await created.click("ADD ROLE");
    const refused = await again.form({ button: "Save", within: again.drawer() }).fill("Role name", name.toUpperCase()).submit("Save");
    expect(refused.$$("[data-drawer] .field-error").map((e) => norm(e.text))).toContain("A role with this name already exists.");
    expect(refused.control("Role name").getAttribute("aria-invalid")).toBe("true");
    expect(refused.form({ button: "Save", within: refused.drawer() }).value("Role name")).toBe(name.toUpperCase());
    expect(refused.path).toBe("/roles/new");
    const cancelled = await refused.click("Cancel", refused.drawer()!);
    expect(cancelled.drawer()).toBeNull();
    expect(cancelled.path).toBe("/roles");
    expect(cancelled.column()).toEqual([name]);

    const renamedName = `Nojs Renamed ${token}`;
    const rename = await cancelled.click(`Rename ${name}`);
    expect(rename.text("[data-drawer]")).toContain("Rename role");
    const form = rename.form({ button: "Save", within: rename.drawer() });
    expect(form.value("Role name")).toBe(name);
    const renamed = await form.fill("Role name", renamedName).submit("Save");
    expect(renamed.toasts()).toContain("Role updated.");
    expect(renamed.param("search")).toBe(token);
    expect(renamed.column()).toEqual([renamedName]);

    const ask = await renamed.click(`Delete ${renamedName}`);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this role?");
    const deleted = await ask.form({ button: "Remove", within: ask.confirmation() }).submit("Remove");
    expect(deleted.toasts()).toContain("Role deleted.");
    expect(deleted.path).toBe("/roles");
    expect(deleted.param("search")).toBe(token);
    expect(deleted.text()).toContain("No roles found");
  });

  test("bulk: selected roles are deleted after confirmation; nothing selected answers 'No items selected'", async () => {
    const token = uniqueToken();
    const names = [1, 2, 3].map((n) => `Nojs Bulk ${n} ${token}`);
    for (const n of names) await createRole(n);
    const list = await admin().goto(`/roles?search=${token}`);
    expect(list.rows()).toHaveLength(3);
    const none = await list.form({ button: "Delete role(s)" }).submit("Delete role(s)");
    expect(none.alerts().some((a) => a.includes("No items selected"))).toBe(true);
    expect(none.confirmation()).toBeNull();
    expect(none.rows()).toHaveLength(3);
    const ask = await none.form({ button: "Delete role(s)" }).check(`Select ${names[0]}`).check(`Select ${names[1]}`).submit("Delete role(s)");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete these 2 roles?");
    const done = await ask.form({ button: "Remove", within: ask.confirmation() }).submit("Remove");
    expect(done.toasts()).toContain("Roles deleted.");
    expect(done.param("search")).toBe(token);
    expect(done.column()).toEqual([names[2]]);
  });

  test("the system role Administrator can be renamed but not deleted or selected", async () => {
    const page = await admin().goto("/roles?search=Administrator");
    const rows = page.rowsWith("Administrator");
    expect(rows).toHaveLength(1);
    expect(norm(rows[0].text)).toContain("System");
    expect(page.control("Select Administrator").hasAttribute("disabled")).toBe(true);
    expect(page.links("Rename Administrator")).toHaveLength(1);
    expect(page.links("Delete Administrator")).toHaveLength(0);
  });
});

describe("Role permissions", () => {
  test("ticked permissions are saved and still ticked after a reload; unticked ones are removed", async () => {
    const token = uniqueToken();
    const name = `Nojs Perms ${token}`;
    await createRole(name);
    const browser = admin();
    const page = await openPermissions(browser, token, name);
    expect(page.text()).toContain("0 permissions granted.");
    expect(box(page, "task_view").hasAttribute("checked")).toBe(false);
    expect(box(page, "provider_manage").hasAttribute("checked")).toBe(false);
    expect(page.$$("fieldset legend").length).toBeGreaterThan(1);

    const saved = await page
      .form({ button: "Save permissions" })
      .check("permissions", true, "task_view")
      .check("permissions", true, "provider_manage")
      .submit("Save permissions");
    expect(saved.toasts()).toContain("Permissions saved.");
    const reloaded = await browser.goto(saved.path);
    expect(reloaded.h1).toBe(`${name}: permissions`);
    expect(box(reloaded, "task_view").hasAttribute("checked")).toBe(true);
    expect(box(reloaded, "provider_manage").hasAttribute("checked")).toBe(true);
    expect(box(reloaded, "task_manage").hasAttribute("checked")).toBe(false);
    expect(reloaded.text()).toContain("2 permissions granted.");

    const saved2 = await reloaded.form({ button: "Save permissions" }).uncheck("permissions", "task_view").submit("Save permissions");
    expect(saved2.toasts()).toContain("Permissions saved.");
    const again = await browser.goto(saved2.path);
    expect(box(again, "task_view").hasAttribute("checked")).toBe(false);
    expect(box(again, "provider_manage").hasAttribute("checked")).toBe(true);
    expect(again.text()).toMatch(/1 permission granted\./);
    const list = await browser.goto(`/roles?search=${token}`);
    expect(norm(list.rowsWith(name)[0].querySelectorAll("td")[3].text)).toBe("1");
  });

  test("the Administrator's locked permissions are shown Locked (no emoji), ticked and disabled; any other may change", async () => {
    const page = await openPermissions(admin(), "Administrator", "Administrator");
    for (const locked of ["role_view", "role_manage"]) {
      const b = box(page, locked);
      expect(b.hasAttribute("checked"), locked).toBe(true);
      expect(b.hasAttribute("disabled"), locked).toBe(true);
      expect(norm(b.closest("label")?.text)).toContain("Locked");
    }
    expect(page.$$("label").filter((l) => norm(l.text).includes("Locked"))).toHaveLength(2);
    // By their names for people, under their permission group's legend; never the machine key or an emoji.
    expect(norm(box(page, "role_manage").closest("label")?.text)).toContain("Manage roles");
    expect(norm(box(page, "task_view").closest("fieldset")?.querySelector("legend")?.text)).toBe("Tasks");
    expect(page.text("main")).not.toContain("task_view");
    expect(page.text("main")).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(box(page, "task_view").hasAttribute("checked")).toBe(true);
    expect(box(page, "task_view").hasAttribute("disabled")).toBe(false);
  });
});

describe("the team drawer", () => {
  test("a team is renamed in its drawer; a taken name is refused under the field", async () => {
    const token = uniqueToken();
    const name = `Nojs Team ${token}`;
    const other = `Nojs Team ${token} other`;
    const ids = [await createTeam(name), await createTeam(other)];
    const list = await admin().goto(`/team?search=${token}`);
    expect(list.rowsWith(other).length).toBeGreaterThan(0);
    const drawer = await list.click(name);
    expect(drawer.path).toBe(`/team/${ids[0]}`);
    expect(drawer.text("[data-drawer]")).toContain(`Team: ${name}`);
    const refused = await drawer.form({ button: "Rename", within: drawer.drawer() }).fill("#team-name", other).submit("Rename");
    expect(refused.text("[data-drawer]")).toContain("A team with this name already exists.");
    const renamed = await refused.form({ button: "Rename", within: refused.drawer() }).fill("#team-name", `${name} renamed`).submit("Rename");
    expect(renamed.toasts()).toContain("Team updated.");
    expect(renamed.text("[data-drawer]")).toContain(`Team: ${name} renamed`);
    expect(renamed.form({ button: "Rename", within: renamed.drawer() }).value("#team-name")).toBe(`${name} renamed`);
  });

  test("ADD TEAM with a blank name says to enter a team name, under the field", async () => {
    const page = await admin().goto("/team/new");
    const refused = await page.form({ button: "Save", within: page.drawer() }).fill("Team name", "   ").submit("Save");
    expect(refused.text("[data-drawer]")).toContain("Enter a team name.");
    expect(refused.text("[data-drawer]")).not.toContain("Enter a role name.");
  });

  test("a colleague is added to a team, given a role and removed; Add member with nobody chosen says to choose a user", async () => {
    const token = uniqueToken();
    const id = await createTeam(`Nojs Team ${token}`);
    const colleague = "Sophie Turner (sophie.turner@harbour.test)";
    const page = await admin().goto(`/team/${id}`);
    expect(page.text("[data-drawer]")).toContain("No members yet.");
    const nobody = await page.form({ button: "Add member", within: page.drawer() }).submit("Add member");
    expect(nobody.text("[data-drawer]")).toContain("Choose a user.");
    const added = await nobody
      .form({ button: "Add member", within: nobody.drawer() })
      .select("#team-add-user", colleague)
      .select("Role of the new member", "leader")
      .submit("Add member");
    expect(added.toasts()).toContain("Member added.");
    expect(added.text("[data-drawer]")).toContain("Members (1)");
    expect(added.control("Role of Sophie Turner").querySelector("option[selected]")?.getAttribute("value")).toBe("leader");
    expect(added.text("[data-drawer]")).not.toContain("Choose a user.");
    const removed = await added.form({ button: "Remove Sophie Turner", within: added.drawer() }).submit("Remove Sophie Turner");
    expect(removed.toasts()).toContain("Member removed.");
    expect(removed.text("[data-drawer]")).toContain("No members yet.");
  });
});

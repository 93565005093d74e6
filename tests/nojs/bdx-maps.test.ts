import { beforeAll, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/** Saved bordereau maps without JavaScript: renamed in place (a taken name refused by the field), deleted after a confirmation. */
let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const saveMap = async (name: string) =>
  (
    await api.call<{ data: { mapId: number; name: string } }>(
      "POST",
      `/mapper/mapper?company_uuid=${api.companyUuid}`,
      { name, map: { policy_number: "Policy No", client_name: "Insured Name" }, selectedProducts: [] },
      201,
    )
  ).data;

test("a saved map is renamed on the import page; a name another map has is refused under the field", async () => {
  const token = uniqueToken();
  const map = await saveMap(`Nojs map ${token}`);
  const other = await saveMap(`Nojs other ${token}`);
  const page = await NojsBrowser.as("admin").goto("/bdx-import");
  expect(page.text()).toContain("Saved maps");
  const field = `New name for ${map.name}`;

  const taken = await page.form(page.control(field).closest("form")!).fill(field, other.name.toLowerCase()).submit("Rename");
  expect(taken.status).toBe(422);
  expect(taken.fieldError(field)).toBe("A map with this name exists already.");

  const renamed = await page.form(page.control(field).closest("form")!).fill(field, `Nojs renamed ${token}`).submit("Rename");
  expect(renamed.path).toBe("/bdx-import");
  expect(renamed.text()).toContain("The map was renamed.");
  expect(renamed.text()).toContain(`Nojs renamed ${token}`);
  expect(renamed.text()).not.toContain(map.name);
});

test("a saved map is deleted only after the page asks, and Cancel keeps it", async () => {
  const token = uniqueToken();
  const map = await saveMap(`Nojs delete ${token}`);
  const page = await NojsBrowser.as("admin").goto("/bdx-import");
  const asked = await page.click({ css: `a[href="/bdx-import?delete_map=${map.mapId}"]` });
  expect(asked.text()).toContain(`Delete the map “${map.name}”?`);
  const kept = await asked.click("Cancel");
  expect(kept.path).toBe("/bdx-import");
  expect(kept.text()).toContain(map.name);

  const again = await kept.click({ css: `a[href="/bdx-import?delete_map=${map.mapId}"]` });
  const deleted = await again.form({ button: "Delete map" }).submit("Delete map");
  expect(deleted.path).toBe("/bdx-import");
  expect(deleted.text()).toContain("The map was deleted.");
  expect(deleted.text()).not.toContain(map.name);
  const maps = await api.call<{ data: { mapId: number }[] }>("GET", `/mapper/mapper?company_uuid=${api.companyUuid}`);
  expect(maps.data.map((m) => m.mapId)).not.toContain(map.mapId);
});

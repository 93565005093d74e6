import { describe, expect, test } from "vitest";
import { ICON_NAMES } from "#app/components/ui/icon-names";
import { NojsBrowser, type NojsPage } from "./harness";

/**
 * The kit's living reference (/datatable-showcase) without JavaScript: every control, button kind, badge, alert,
 * the empty state and every icon of the sprite are in the server's markup, its form works (a GET back to the page),
 * and the searchable dropdown is its native select. The look is checked in a browser (tests/e2e/showcase.spec.ts).
 */

function attr(page: NojsPage, selector: string, name: string): string[] {
  return page.$$(selector).map((el) => el.getAttribute(name) ?? "");
}

describe.each([
  ["flightDeck", "admin"],
  ["smallBusiness", "owner"],
] as const)("%s showcase", (_edition, user) => {
  test("shows every control of the kit, labelled, in one form", async () => {
    const page = await NojsBrowser.as(user).goto("/datatable-showcase");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Data table showcase");
    const form = page.one('[data-showcase="controls"]');
    const types = form.querySelectorAll("input").map((i) => i.getAttribute("type") ?? "text");
    for (const type of ["text", "email", "password", "date", "file", "checkbox", "radio"]) expect(types, type).toContain(type);
    expect(form.querySelectorAll("select").length, "native selects (incl. the searchable dropdown's)").toBeGreaterThanOrEqual(3);
    expect(form.querySelector("select[name=owner]"), "the searchable dropdown without JavaScript").not.toBeNull();
    expect(form.querySelectorAll("textarea").length).toBe(1);
    // Every control that takes a value has a label.
    for (const el of form.querySelectorAll("input:not([type=hidden]), select, textarea")) {
      const id = el.getAttribute("id");
      const labelled = (id && form.querySelector(`label[for="${id}"]`)) || el.closest("label");
      expect(labelled, `label of ${el.getAttribute("name")}`).toBeTruthy();
    }
    // Field states: the error line and its aria wiring, helper text.
    expect(page.fieldError("email")).toBe("Enter a valid e-mail address.");
    expect(page.control("email").getAttribute("aria-invalid")).toBe("true");
    expect(page.control("name").getAttribute("aria-describedby")).toContain("sc-name-help");
  });

  test("draws the four button kinds, the badges, the alerts, the empty state and every icon", async () => {
    const page = await NojsBrowser.as(user).goto("/datatable-showcase");
    const classes = attr(page, '[data-showcase="buttons"] button', "class").join(" ");
    for (const kind of ["btn-primary", "btn-secondary", "btn-danger", "btn-quiet"]) expect(classes, kind).toContain(kind);
    expect(page.$$('[data-showcase="badges"] .badge').length).toBe(6);
    expect(attr(page, '[data-showcase="alerts"] [data-alert]', "data-alert")).toEqual(["info", "success", "warning", "danger"]);
    expect(page.alerts()).toEqual(["Failed to create task."]);
    expect(page.text('[data-showcase="empty"] [data-empty-state]')).toContain("No tasks yet");
    expect(attr(page, '[data-showcase="icons"] svg[data-icon]', "data-icon")).toEqual([...ICON_NAMES]);
    // Icons are references into one sprite, not inline drawings or a font.
    const hrefs = new Set(attr(page, "svg[data-icon] use", "href").map((h) => h.split("#")[0]));
    expect(hrefs.size).toBe(1);
    expect([...hrefs][0]).toMatch(/^\/build\/_assets\/icons-[A-Z0-9]+\.svg$/);
  });

  test("its form comes back to the page with what was sent", async () => {
    const page = await NojsBrowser.as(user).goto("/datatable-showcase");
    const after = await page.form({ button: "Save" }).fill("name", "Harbour Freight Ltd").submit("Save");
    expect(after.status).toBe(200);
    expect(after.path).toBe("/datatable-showcase");
    expect(after.param("name")).toBe("Harbour Freight Ltd");
  });
});

test("every side-menu entry has its icon, from the same sprite", async () => {
  for (const user of ["admin", "owner"] as const) {
    const page = await NojsBrowser.as(user).goto("/dashboard");
    const links = page.$$("aside#side-menu a[href]").filter((a) => !a.querySelector("img"));
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(link.querySelector("svg[data-icon] use"), link.text.trim()).not.toBeNull();
  }
});

test("the brand typeface is preloaded from the app's own build", async () => {
  const page = await NojsBrowser.as("admin").goto("/dashboard");
  const preload = page.one('link[rel="preload"][as="font"]');
  expect(preload.getAttribute("href")).toMatch(/^\/build\/_assets\/inter-latin-wght-normal-[A-Z0-9]+\.woff2$/);
  expect(preload.getAttribute("type")).toBe("font/woff2");
  expect(preload.getAttribute("crossorigin")).toBe("anonymous");
});

import { expect, test } from "vitest";
import { NojsBrowser, type NojsPage, norm } from "./harness";

/**
 * The list kit's bar without JavaScript, on the tasks and companies lists: the "Filters" button (a <details>
 * disclosure, folded) shows the number of active filters, and the panel it opens keeps its Apply button; each
 * active filter is a chip whose ✕ is a link to the same list without it (the search, the sort and the other
 * filters kept); "Clear filters" drops them all and keeps the search; the search keeps its Search button and the
 * bulk form its buttons with nothing selected.
 */

const chipTexts = (page: NojsPage) => page.$$('[aria-label="Active filters"] li').map((li) => norm(li.text).replace(/✕$/, "").trim());
const count = (page: NojsPage) => norm(page.$("[data-filters-toggle] [data-filter-count]")?.text);
const params = (page: NojsPage) => Object.fromEntries([...page.url.searchParams].filter(([k]) => k !== "page"));

test("tasks: the Filters button counts the active filters, each chip removes its own, Clear filters removes them all", async () => {
  const page = await NojsBrowser.as("admin").goto("/tasks?search=e&sort=name&filter[created_at][from]=2026-01-05&filter[priority]=2&filter[open]=true");
  // Folded: the panel is a closed disclosure, its form sent by its Apply button; the search keeps its button.
  const details = page.one("details[data-filters]");
  expect(details.hasAttribute("open")).toBe(false);
  expect(norm(page.one("[data-filters-toggle]").text)).toMatch(/^Filters/);
  expect(
    page
      .form(page.control("#filter-pipeline_id").closest("form")!)
      .buttons()
      .map((b) => norm(b.text)),
  ).toContain("Apply");
  expect(page.$('[role="search"] button')).not.toBeNull();
  expect(count(page)).toBe("3 active");
  expect(chipTexts(page)).toHaveLength(4); // three chips and "Clear filters"
  expect(chipTexts(page)).toContain("Created: 05/01/26 – …");

  const withoutPriority = await page.click("Remove filter Priority");
  expect(params(withoutPriority)).toEqual({ search: "e", sort: "name", "filter[created_at][from]": "2026-01-05", "filter[open]": "true" });
  expect(count(withoutPriority)).toBe("2 active");
  expect(chipTexts(withoutPriority).some((t) => t.startsWith("Priority"))).toBe(false);

  const cleared = await withoutPriority.click("Clear filters");
  expect(params(cleared)).toEqual({ search: "e", sort: "name" });
  expect(cleared.$('[aria-label="Active filters"]')).toBeNull();
  expect(cleared.$("[data-filter-count]")).toBeNull();
  expect(cleared.$("[data-filters-toggle]")).not.toBeNull();
});

test("companies: a filter applied with Apply shows as a counted chip; its ✕ brings back the whole list", async () => {
  const page = await NojsBrowser.as("admin").goto("/companies?page=1");
  expect(page.$("[data-filter-count]")).toBeNull();
  const everything = page.range();
  const option = page.$$("#filter-type_id option").find((o) => o.getAttribute("value"))!;
  const filtered = await page.form(page.control("#filter-type_id").closest("form")!).select("#filter-type_id", norm(option.text)).submit("Apply");
  expect(filtered.param("filter[type_id]")).toBe(option.getAttribute("value"));
  expect(count(filtered)).toBe("1 active");
  expect(chipTexts(filtered)).toEqual([`Type: ${norm(option.text)}`, "Clear filters"]);
  const removed = await filtered.click("Remove filter Type");
  expect(removed.param("filter[type_id]")).toBeNull();
  expect(removed.range()).toBe(everything);
  expect(removed.$('[aria-label="Active filters"]')).toBeNull();
});

test("without JavaScript the bulk form keeps its buttons with nothing selected, in the list's own words", async () => {
  const page = await NojsBrowser.as("admin").goto("/tasks?page=1");
  const names = page
    .form({ button: "Delete task(s)" })
    .buttons()
    .map((b) => norm(b.text));
  expect(names).toContain("Delete task(s)");
});

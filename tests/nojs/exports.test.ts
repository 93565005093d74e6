import { parse } from "csv-parse/sync";
import { beforeAll, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, norm, uniqueToken } from "./harness";

/**
 * Exports without JavaScript: the Export button of a filtered, sorted tasks list downloads a CSV of exactly the rows
 * the list shows, in its order; the exports page lists it with its file; the individuals and companies lists have the
 * button too. (Big exports, written by a job, are proven by tests/api/exports.test.ts.)
 */

interface Pipeline {
  id: number;
  stages: { id: number; order: number }[];
}

let api: Awaited<ReturnType<typeof apiAs>>;
let pipeline: Pipeline;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
  const { data } = await api.call<{ data: Pipeline[] }>("GET", "/pipelines?filter%5Bstatus%5D=1&include=stages&page%5Bsize%5D=100&sort=name");
  pipeline = data.find((p) => p.stages.length >= 2)!;
});

const createTask = async (name: string, priority: number) =>
  (await api.call<{ data: { id: number } }>("POST", "/task", { name, pipeline_id: pipeline.id, pipeline_stage_id: pipeline.stages[0].id, priority }, 201)).data
    .id;

/** The CSV a response carries: its records after the header. */
function csvOf(body: string) {
  const records = parse(body, { bom: true }) as string[][];
  return { header: records[0], rows: records.slice(1) };
}

test("the Export button of a filtered tasks list downloads exactly the rows shown, in their order", async () => {
  const token = uniqueToken();
  const names = [`${token} Anchor`, `${token} Beacon`, `${token} =Cable`, `${token} Dock`];
  for (const [i, name] of names.entries()) await createTask(name, (i % 3) + 1);
  await createTask(`${uniqueToken()} Elsewhere`, 1);

  const page = await NojsBrowser.as("admin").goto(`/tasks?search=${token}&filter[priority]=1&sort=-name&perPage=10`);
  const shown = page.column(2);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((n) => n.startsWith(token))).toBe(true);
  expect(shown.length).toBeLessThan(names.length);

  const form = page.form({ button: "Export" });
  expect(form.el.getAttribute("method")).toBe("post");
  const file = await form.submit("Export");
  expect(file.status).toBe(200);
  expect(file.redirects[0]).toBe("/exports");
  expect(String(file.response.headers["content-type"])).toContain("text/csv");
  expect(String(file.response.headers["content-disposition"])).toMatch(/^attachment; filename="tasks-\d{4}-\d{2}-\d{2}\.csv"/);
  expect(file.html.startsWith("\uFEFF")).toBe(true);
  const { header, rows } = csvOf(file.html);
  expect(header.slice(0, 2)).toEqual(["ID", "Name"]);
  expect(rows.map((r) => r[1])).toEqual(shown);

  // The same list without the priority filter: every task of the search, a formula written as text.
  const all = await NojsBrowser.as("admin").goto(`/tasks?search=${token}&sort=name&perPage=10`);
  const everything = csvOf((await all.form({ button: "Export" }).submit("Export")).html);
  expect(everything.rows.map((r) => r[1])).toEqual(all.column(2).map((n) => (n.startsWith("=") ? `'${n}` : n)));
  expect(everything.rows.map((r) => r[1])).toContain(`${token} =Cable`);
  expect(everything.rows).toHaveLength(names.length);
});

test("the exports page lists the user's exports with their files", async () => {
  const token = uniqueToken();
  await createTask(`${token} Listed`, 2);
  const browser = NojsBrowser.as("admin");
  const list = await browser.goto(`/tasks?search=${token}`);
  const file = await list.form({ button: "Export" }).submit("Export");
  // This export's row: other tests of the same user export beside this one, so the newest row may be theirs.
  const download = file.url.pathname;
  expect(download).toMatch(/^\/exports\/\d+\/download$/);
  const exportsPage = await browser.goto("/exports");
  expect(exportsPage.status).toBe(200);
  expect(exportsPage.h1).toBe("Exports");
  const mine = exportsPage.rows().find((r) => r.querySelector(`a[href="${download}"]`));
  expect(mine).toBeDefined();
  const cells = mine!.querySelectorAll("td").map((td) => norm(td.text));
  expect(cells.slice(0, 4)).toEqual(["Tasks", expect.stringMatching(/^tasks-\d{4}-\d{2}-\d{2}\.csv$/), "1", "Ready"]);
  // Nothing is being written: the page does not refresh itself.
  expect(exportsPage.$('meta[http-equiv="refresh"]')).toBeNull();
  const again = await exportsPage.click({ css: `a[href="${download}"]` });
  expect(csvOf(again.html).rows.map((r) => r[1])).toEqual([`${token} Listed`]);
});

test("the individuals and companies lists export their rows too", async () => {
  const browser = NojsBrowser.as("admin");
  for (const [path, type] of [
    ["/individuals?sort=full_name&perPage=10", "individuals"],
    ["/companies?sort=name&perPage=10", "companies"],
  ] as const) {
    const page = await browser.goto(path);
    const file = await page.form({ button: "Export" }).submit("Export");
    expect(String(file.response.headers["content-disposition"]), path).toContain(`${type}-`);
    const { rows } = csvOf(file.html);
    // Every row of the list, not only the page shown.
    expect(rows.length, path).toBeGreaterThanOrEqual(page.rows().length);
  }
});

import { beforeAll, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, norm, uniqueToken } from "./harness";

/**
 * The tasks list and board without JavaScript: filter by pipeline then stage (Apply), the filtered URL in a
 * fresh browser, removing the pipeline removes its stage; date-range chips; the assignee found by a name typed
 * beside its filter; bulk delete with confirmation; a board card moved with its stage select. Lists are
 * always opened with an explicit query (the bare /tasks brings back the user's last list).
 */

interface Pipeline {
  id: number;
  name: string;
  stages: { id: number; name: string; order: number }[];
}

let api: Awaited<ReturnType<typeof apiAs>>;
let pipeline: Pipeline;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
  const { data } = await api.call<{ data: Pipeline[] }>("GET", "/pipelines?filter%5Bstatus%5D=1&include=stages&page%5Bsize%5D=100&sort=name");
  pipeline = data.map((p) => ({ ...p, stages: [...p.stages].sort((a, b) => a.order - b.order) })).find((p) => p.stages.length >= 3)!;
});

const createTask = async (name: string, stageId = pipeline.stages[0].id) =>
  (await api.call<{ data: { id: number } }>("POST", "/task", { name, pipeline_id: pipeline.id, pipeline_stage_id: stageId, priority: 1 }, 201)).data.id;
const filterForm = (page: NojsPage) => page.form(page.control("#filter-pipeline_id").closest("form")!);
const chips = (page: NojsPage) => page.text('[aria-label="Active filters"]');

test("filter tasks by pipeline and stage, share the URL, and drop the stage with its pipeline", async () => {
  const page = await NojsBrowser.as("admin").goto("/tasks?page=1");
  const everything = page.range();
  expect(page.control("#filter-pipeline_stage_id").hasAttribute("disabled")).toBe(true);
  const byPipeline = await filterForm(page).select("#filter-pipeline_id", "New business").submit("Apply");
  expect(byPipeline.url.search).toMatch(/filter%5Bpipeline_id%5D=\d+/);
  expect(byPipeline.range()).not.toBe(everything);
  expect(byPipeline.control("#filter-pipeline_stage_id").hasAttribute("disabled")).toBe(false);
  const byStage = await filterForm(byPipeline).select("#filter-pipeline_stage_id", "Qualified").submit("Apply");
  expect(byStage.url.search).toMatch(/filter%5Bpipeline_stage_id%5D=\d+/);
  expect(chips(byStage)).toContain("Stage: Qualified");
  const stages = byStage.column(3);
  expect(stages.length).toBeGreaterThan(0);
  for (const s of stages) expect(s).toMatch(/New business ·\s*Qualified/);
  expect(byStage.url.toString()).not.toMatch(/=&|=$/);

  const fresh = new NojsBrowser();
  await fresh.signIn(USERS.admin.email);
  const shared = await fresh.goto(byStage.url.pathname + byStage.url.search);
  expect(shared.range()).toBe(byStage.range());
  expect(shared.column(2)).toEqual(byStage.column(2));

  const removed = await byStage.click("Remove filter Pipeline");
  expect(removed.url.search).not.toMatch(/pipeline_id|pipeline_stage_id/);
  expect(removed.$('[aria-label="Active filters"]')).toBeNull();
});

test("a date range filter's chip shows its dates as dd/mm/yy", async () => {
  const page = await NojsBrowser.as("admin").goto(
    "/tasks?filter[created_at][from]=2026-01-05&filter[created_at][to]=2026-11-20&filter[expected_close_date][from]=2027-03-01",
  );
  expect(chips(page)).toContain("Created: 05/01/26 – 20/11/26");
  expect(chips(page)).toContain("Expected close: 01/03/27 – …");
  expect(chips(page)).not.toContain("2026-");
});

test("the assignee filter takes a colleague's name typed beside it: one found filters the list, none found says so", async () => {
  const FIND = "Assigned to: not listed? Type a name";
  const page = await NojsBrowser.as("admin").goto("/tasks?page=1");
  const none = await page.form(page.control(FIND).closest("form")!).fill(FIND, "Nobody Anywhere").submit("Apply");
  expect(none.text("#filter-team_member_id-error")).toBe("No results found for “Nobody Anywhere”.");
  expect(none.form(none.control(FIND).closest("form")!).value(FIND)).toBe("Nobody Anywhere");
  const found = await none.form(none.control(FIND).closest("form")!).fill(FIND, "grace.bennett@harbour.test").submit("Apply");
  expect(found.param("filter[team_member_id]")).toMatch(/^\d+$/);
  expect(found.url.search).not.toContain("find");
  expect(chips(found)).toContain("Assigned to: Grace Bennett");
  const assignees = found.column(6);
  expect(assignees.length).toBeGreaterThan(0);
  expect(new Set(assignees)).toEqual(new Set(["Grace Bennett"]));
});

test("tasks selected in the list are deleted after a confirmation, and the list keeps its search", async () => {
  const token = uniqueToken();
  const names = ["A", "B", "C"].map((letter) => `Bulk ${letter} ${token}`);
  for (const name of names) await createTask(name);
  const list = await NojsBrowser.as("admin").goto(`/tasks?page=1&search=${encodeURIComponent(token)}&sort=name`);
  expect(list.rows()).toHaveLength(3);
  const none = await list.form({ button: "Delete task(s)" }).submit("Delete task(s)");
  expect(none.alerts().some((a) => a.includes("No items selected"))).toBe(true);
  expect(none.confirmation()).toBeNull();
  const ask = await none.form({ button: "Delete task(s)" }).check(`Select ${names[0]}`).check(`Select ${names[1]}`).submit("Delete task(s)");
  expect(ask.path).toBe("/tasks/delete");
  expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete these 2 tasks?");
  const kept = await ask.click("Cancel", ask.confirmation()!);
  expect(kept.path).toBe("/tasks");
  expect(kept.rows()).toHaveLength(3);
  const again = await kept.form({ button: "Delete task(s)" }).check(`Select ${names[0]}`).check(`Select ${names[1]}`).submit("Delete task(s)");
  const done = await again.form({ button: "Remove", within: again.confirmation() }).submit("Remove");
  expect(done.toasts()).toContain("Tasks deleted.");
  expect(done.path).toBe("/tasks");
  expect(done.param("search")).toBe(token);
  expect(done.column()).toEqual([names[2]]);
});

test("a board card moves to another stage with its stage select and Move", async () => {
  const [first, second] = pipeline.stages;
  const name = `Nojs Board ${uniqueToken()}`;
  const id = await createTask(name, first.id);
  const card = (page: NojsPage, stageId: number) => page.$(`[data-stage-column="${stageId}"] [data-task-card="${id}"]`);
  const board = await NojsBrowser.as("admin").goto(`/tasks/board?pipeline=${pipeline.id}`);
  const el = card(board, first.id)!;
  expect(el).not.toBeNull();
  const moved = await board.form({ button: "Move", within: el }).select(`Move ${name} to stage`, String(second.id)).submit("Move");
  expect(moved.toasts()).toContain("Task moved.");
  expect(card(moved, second.id)).not.toBeNull();
  expect(card(moved, first.id)).toBeNull();
  expect(moved.path).toBe("/tasks/board");
  expect(moved.param("pipeline")).toBe(String(pipeline.id));
  expect(norm(card(moved, second.id)!.text)).toContain(name);
});

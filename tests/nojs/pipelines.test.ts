import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, type NojsPage, apiAs, norm, uniqueToken } from "./harness";

/**
 * Pipelines without JavaScript: the list with its status filter (Apply), adding a pipeline with its stages
 * ('Add stage' by a round trip), adding, editing and reordering stages with the move buttons, archiving
 * from the list and from the pipeline page, users and targets. (Drag and drop is the js project's.)
 * Every pipeline a test changes is its own, named with a random token.
 */

let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

async function createPipeline(name: string, stages: string[]) {
  return (
    await api.call<{ data: { id: number } }>(
      "POST",
      "/pipelines",
      { name, stages: stages.map((s, i) => ({ name: s, color: ["#64748b", "#0ea5e9", "#6366f1", "#f59e0b"][i % 4] })) },
      201,
    )
  ).data;
}

const stageNames = (page: NojsPage) => page.$$("[data-stage-list] [data-stage-name]").map((e) => norm(e.text));

async function chooseStatus(page: NojsPage, label: "Active" | "Archived") {
  const next = await page.form(page.control("Status").closest("form")!).select("Status", label).submit("Apply");
  expect(next.param("filter[status]")).toBe(label === "Active" ? "1" : "0");
  return next;
}

const admin = () => NojsBrowser.as("admin");

describe("Pipelines, as Harbour Brokers' admin", () => {
  test("the list shows the active pipelines first; the status filter switches to the archived ones", async () => {
    const page = await admin().goto("/pipelines?perPage=100");
    expect(page.h1).toBe("Pipelines");
    const active = await chooseStatus(page, "Active");
    expect(active.rowsWith("New business")).toHaveLength(1);
    expect(active.rowsWith("Legacy referrals")).toHaveLength(0);
    const archived = await chooseStatus(active, "Archived");
    expect(archived.rowsWith("Legacy referrals")).toHaveLength(1);
    expect(norm(archived.rowsWith("Legacy referrals")[0].text)).toContain("Archived");
    expect(archived.rowsWith("New business")).toHaveLength(0);
  });

  test("ADD PIPELINE saves a pipeline with its stages; a stage is added and reordered with move up and move down", async () => {
    const token = uniqueToken();
    const name = `Nojs Pipe ${token}`;
    const browser = admin();
    const list = await browser.goto(`/pipelines?search=${token}&filter[status]=1`);
    expect(list.text()).toContain("No results found for your filters");
    const add = await list.click("ADD PIPELINE");
    expect(add.path).toBe("/pipelines/new");
    expect(add.text("[data-drawer]")).toContain("Add pipeline");
    const form = add.form({ button: "Save", within: add.drawer() });
    expect(form.value("Stage 1 name")).toBe("New");
    expect(form.value("Stage 4 name")).toBe("Lost");
    // 'Add stage' adds a sixth row by a round trip; left empty, it is skipped.
    const more = await form.fill("Pipeline name", name).fill("Stage 5 name", "Review").submit("Add stage");
    const form2 = more.form({ button: "Save", within: more.drawer() });
    expect(form2.value("Stage 6 name")).toBe("");
    expect(form2.value("Pipeline name")).toBe(name);
    const created = await form2.submit("Save");
    expect(created.toasts()).toContain("Pipeline created.");
    expect(created.path).toMatch(/^\/pipeline\/\d+$/);
    expect(created.h1).toBe(name);
    expect(stageNames(created)).toEqual(["New", "In progress", "Won", "Lost", "Review"]);

    let page = await created.form({ button: "Add stage" }).fill("Stage name", "Quoted").submit("Add stage");
    expect(page.toasts()).toContain("Stage added.");
    expect(stageNames(page)).toEqual(["New", "In progress", "Won", "Lost", "Review", "Quoted"]);
    const move = (p: NojsPage, button: string) => p.form({ button }).submit(button);
    page = await move(page, "Move Quoted up");
    expect(stageNames(page)).toEqual(["New", "In progress", "Won", "Lost", "Quoted", "Review"]);
    page = await move(page, "Move Quoted up");
    expect(stageNames(page)).toEqual(["New", "In progress", "Won", "Quoted", "Lost", "Review"]);
    page = await move(page, "Move New down");
    expect(stageNames(page)).toEqual(["In progress", "New", "Won", "Quoted", "Lost", "Review"]);
    const disabled = (label: string) =>
      page
        .$$("button")
        .find((b) => b.getAttribute("aria-label") === label || norm(b.text) === label)
        ?.hasAttribute("disabled");
    expect(disabled("Move In progress up")).toBe(true);
    expect(disabled("Move Review down")).toBe(true);
    expect(stageNames(await browser.goto(page.path))).toEqual(["In progress", "New", "Won", "Quoted", "Lost", "Review"]);
  });

  test("a stage is renamed and recoloured in its drawer (a taken name refused, kept); its task count links to its tasks", async () => {
    const token = uniqueToken();
    const pipeline = await createPipeline(`Nojs Edit ${token}`, ["Lead", "Proposal", "Signed"]);
    const page = await admin().goto(`/pipeline/${pipeline.id}`);
    expect(stageNames(page)).toEqual(["Lead", "Proposal", "Signed"]);
    const proposal = page.$$("[data-stage-list] li").find((li) => norm(li.text).includes("Proposal"))!;
    const tasks = proposal.querySelector("[data-stage-tasks]")!;
    expect(tasks.getAttribute("href")).toMatch(/^\/tasks\?filter%5Bpipeline_id%5D=\d+&filter%5Bpipeline_stage_id%5D=\d+$/);
    expect(norm(tasks.text)).toContain("0 tasks");

    const edit = await page.click("Edit Proposal");
    expect(edit.path).toMatch(/^\/pipeline\/\d+\/stages\/\d+$/);
    expect(edit.text("[data-drawer]")).toContain("Edit stage: Proposal");
    const refused = await edit.form({ button: "Save", within: edit.drawer() }).fill("Stage name", "lead").submit("Save");
    expect(refused.text("[data-drawer]")).toContain("This pipeline already has a stage with this name.");
    const form = refused.form({ button: "Save", within: refused.drawer() });
    expect(form.value("Stage name")).toBe("lead");
    const saved = await form.fill("Stage name", "Quote sent").fill("Colour", "#aa3366").submit("Save");
    expect(saved.toasts()).toContain("Stage updated.");
    expect(saved.path).toBe(`/pipeline/${pipeline.id}`);
    expect(stageNames(saved)).toEqual(["Lead", "Quote sent", "Signed"]);
    const again = await saved.click("Edit Quote sent");
    expect(again.form({ button: "Save", within: again.drawer() }).value("Colour")).toBe("#aa3366");
  });

  test("archiving pipelines from the list takes them out of the active filter, and unarchiving brings them back", async () => {
    const token = uniqueToken();
    const name = `Nojs Archive ${token}`;
    await createPipeline(name, ["Open", "Closed"]);
    const list = await admin().goto(`/pipelines?search=${token}&filter[status]=1`);
    expect(norm(list.rowsWith(name)[0].text)).toContain("Active");
    const ask = await list.form({ button: "Archive" }).check(`Select ${name}`).submit("Archive");
    expect(ask.path).toBe("/pipelines/archive");
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to archive this pipeline?");
    const done = await ask.form({ button: "Archive", within: ask.confirmation() }).submit("Archive");
    expect(done.toasts()).toContain("Pipeline archived.");
    expect(done.path).toBe("/pipelines");
    expect(done.param("filter[status]")).toBe("1");
    expect(done.param("search")).toBe(token);
    expect(done.rowsWith(name)).toHaveLength(0);
    expect(done.text()).toContain("No results found for your filters");

    const archived = await chooseStatus(done, "Archived");
    expect(norm(archived.rowsWith(name)[0].text)).toContain("Archived");
    const ask2 = await archived.form({ button: "Unarchive" }).check(`Select ${name}`).submit("Unarchive");
    const restored = await ask2.form({ button: "Unarchive", within: ask2.confirmation() }).submit("Unarchive");
    expect(restored.toasts()).toContain("Pipeline restored.");
    expect(restored.rowsWith(name)).toHaveLength(0);
    const active = await chooseStatus(restored, "Active");
    expect(norm(active.rowsWith(name)[0].text)).toContain("Active");
  });

  test("a pipeline archived from its own page leaves the active list", async () => {
    const token = uniqueToken();
    const name = `Nojs Page ${token}`;
    const pipeline = await createPipeline(name, ["Open", "Closed"]);
    const browser = admin();
    const page = await browser.goto(`/pipeline/${pipeline.id}`);
    const ask = await page.click("Archive");
    expect(ask.path).toBe(`/pipeline/${pipeline.id}/archive`);
    const done = await ask.form({ button: "Archive", within: ask.confirmation() }).submit("Archive");
    expect(done.toasts()).toContain("Pipeline archived.");
    expect(done.path).toBe(`/pipeline/${pipeline.id}`);
    expect(done.$$("main *").some((e) => e.childNodes.length === 1 && norm(e.text) === "Archived")).toBe(true);
    expect(done.links("Unarchive")).toHaveLength(1);
    expect((await browser.goto(`/pipelines?search=${token}&filter[status]=1`)).rowsWith(name)).toHaveLength(0);
    expect((await browser.goto(`/pipelines?search=${token}&filter[status]=0`)).rowsWith(name)).toHaveLength(1);
  });

  test("choosing who works a pipeline, and setting their targets for a month", async () => {
    const token = uniqueToken();
    const pipeline = await createPipeline(`Nojs Users ${token}`, ["Open", "Closed"]);
    const page = await admin().goto(`/pipeline/${pipeline.id}`);
    expect(page.$("[data-pipeline-users]")).toBeNull();
    const users = await page.click("Choose users");
    const saved = await users
      .form({ button: "Save", within: users.drawer() })
      .check(/Amelia Hart/)
      .check(/Victor Lane/)
      .submit("Save");
    expect(saved.toasts()).toContain("Pipeline users saved.");
    expect(saved.$$("[data-pipeline-users] li")).toHaveLength(2);
    const targets = await saved.click("Set targets");
    const done = await targets
      .form({ button: "Save", within: targets.drawer() })
      .fill("Revenue target of Amelia Hart", "12,500")
      .fill("Tasks won target of Amelia Hart", "4")
      .submit("Save");
    expect(done.toasts()).toContain("Targets saved.");
    const amelia = done.$$("[data-user-targets] tr").find((tr) => norm(tr.text).includes("Amelia Hart"))!;
    expect(norm(amelia.text)).toContain("£12,500.00");
    expect(done.text("[data-target-summary]")).toContain("of £12,500.00 target");
  });
});

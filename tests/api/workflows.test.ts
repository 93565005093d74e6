import { and, asc, eq, ne } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_CHAIN_DEPTH, WORKFLOW_MESSAGES } from "#contract/workflows";
import type { Database } from "#api/db/client";
import { outboxMessages, pipelineStages, tasks, workflowRuns, workflows } from "#api/db/schema";
import type { MailProvider } from "#api/integrations/mail";
import { JobRunner } from "#api/jobs/runner";
import { scanIdleTasks } from "#api/modules/workflows/run";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, makeIndividual, makePipeline, makeTask, tenantId, userId, userWith } from "../helpers/crm";
import { eventually } from "../helpers/jobs";

/**
 * /workflow through HTTP: access, tenancy, validation, CRUD; and automations that really run: a task's change
 * queues runs in its own transaction, a worker does the action (assign, move, e-mail), the history says what
 * happened, loops stop, queued runs keep their version, a failing e-mail is retried then marked failed.
 */
let api: TestApi;
let admin: string;
let viewer: string;
let foreign: { token: string; tenantId: number };
let harbour: number;
let amelia: number;
let olive: number;
let pipeline: Awaited<ReturnType<typeof makePipeline>>;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  viewer = await api.login("viewer@harbour.test");
  foreign = await emptyTenant(api, ["task_view", "task_manage"]);
  amelia = await userId(api, "admin@harbour.test");
  olive = await userId(api, "ops@harbour.test");
  harbour = await tenantId(api, "Harbour Brokers");
  pipeline = await makePipeline(api, admin, {
    stages: [
      { name: "Lead", color: "#111111" },
      { name: "Stage A", color: "#222222" },
      { name: "Stage B", color: "#333333" },
      { name: "Won", color: "#16a34a", outcome: "won" },
    ],
  });
});

const workers: JobRunner[] = [];
async function startWorker(mail: MailProvider = api.app.mail, database: Database = api.database) {
  const runner = new JobRunner({ database, mail, config: api.config, log: api.app.log });
  workers.push(runner);
  await runner.startWorker({ pollSeconds: 0.5 });
  return runner;
}
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop(1);
});
afterAll(async () => {
  await api?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);
const stage = (name: string) => pipeline.stages.find((s) => s.name === name)!.id;
const onlyNamed = (name: string) => ({ field: "name", type: 1, value: name });

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: `Workflow ${unique()}`,
    workflow_type_id: 2,
    status: 2,
    trigger: { event: "task_created" },
    conditions: [],
    assign_to_user_id: amelia,
    ...overrides,
  };
}
/** An active workflow (the others are drafts, so they never act on another test's tasks). */
const active = (overrides: Record<string, unknown> = {}) => body({ status: 1, ...overrides });
const create = (b: Record<string, unknown>, token = admin) => api.request("POST", "/workflow", { token, body: b });
async function created(b: Record<string, unknown>) {
  const res = await create(b);
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; name: string; version: number };
}
const newTask = (name: string, extra: Record<string, unknown> = {}) =>
  makeTask(api, admin, { name, pipeline_id: pipeline.id, pipeline_stage_id: stage("Lead"), ...extra });
const runsOf = (workflowId: number) => api.database.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId)).orderBy(asc(workflowRuns.id));
const taskRow = async (id: number) => (await api.database.db.select().from(tasks).where(eq(tasks.id, id)))[0];

describe("/workflow: access and tenancy", () => {
  it("answers 401 without a token and 403 without the permission", async () => {
    expect((await api.request("GET", "/workflow")).status).toBe(401);
    expect((await api.request("POST", "/workflow", { body: body() })).status).toBe(401);
    const nobody = await userWith(api, "Harbour Brokers", []);
    expect((await api.request("GET", "/workflow", { token: nobody.token })).status).toBe(403);
    // task_view reads, only task_manage changes.
    expect((await api.request("GET", "/workflow", { token: viewer })).status).toBe(200);
    expect((await create(body(), viewer)).status).toBe(403);
  });

  it("answers 404 for another company's workflow and task, and leaves them as they were", async () => {
    const theirs = await create(
      body({ assign_to_user_id: undefined, workflow_type_id: 1, audience: 1, email_subject: "Hi", email_body: "Text" }),
      foreign.token,
    );
    expect(theirs.status, theirs.text).toBe(201);
    const id = theirs.body.data.id;
    const mine = await created(body());
    const task = await newTask(`Tenancy ${unique()}`);
    expect((await api.request("GET", `/workflow/${id}`, { token: admin })).status).toBe(404);
    expect((await api.request("PUT", `/workflow/${id}`, { token: admin, body: body() })).status).toBe(404);
    expect((await api.request("GET", `/workflow/${id}/runs`, { token: admin })).status).toBe(404);
    expect((await api.request("POST", `/workflow/${id}/test`, { token: admin, body: { task_id: task.id } })).status).toBe(404);
    expect((await api.request("DELETE", "/workflow", { token: admin, body: { ids: [id, mine.id] } })).status).toBe(404);
    expect((await api.request("DELETE", `/workflow/${id}`, { token: admin })).status).toBe(404);
    // Their user cannot try a workflow on our task either.
    expect((await api.request("POST", `/workflow/${id}/test`, { token: foreign.token, body: { task_id: task.id } })).status).toBe(404);
    const [row] = await api.database.db.select().from(workflows).where(eq(workflows.id, id));
    expect(row.name).toBe(theirs.body.data.name);
    expect((await api.database.db.select().from(workflows).where(eq(workflows.id, mine.id))).length).toBe(1);
  });
});

describe("/workflow: validation", () => {
  it("answers 422 with the errors of each field and stores nothing", async () => {
    const before = (await api.database.db.select().from(workflows)).length;
    const res = await create({ name: " ", workflow_type_id: 9, status: 1, trigger: { event: "task_idle" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual([WORKFLOW_MESSAGES.nameRequired]);
    expect(res.body.errors.workflow_type_id).toEqual([WORKFLOW_MESSAGES.typeRequired]);
    const idle = await create(body({ trigger: { event: "task_idle" } }));
    expect(idle.body.errors["trigger.days"]).toEqual([WORKFLOW_MESSAGES.daysRequired]);
    const email = await create(body({ workflow_type_id: 1 }));
    expect(email.body.errors).toMatchObject({ audience: [WORKFLOW_MESSAGES.audienceRequired], email_subject: [WORKFLOW_MESSAGES.subjectRequired] });
    expect((await create(body({ workflow_type_id: 3 }))).body.errors.move_to_stage_id).toEqual([WORKFLOW_MESSAGES.stageRequired]);
    expect((await api.database.db.select().from(workflows)).length).toBe(before);
  });

  it("answers 422 for a condition of the wrong type for its field", async () => {
    const between = await create(body({ conditions: [{ field: "name", type: 3, value: { from: "a", to: "b" } }] }));
    expect(between.status).toBe(422);
    expect(between.body.errors["conditions.0.type"]).toEqual(['"Between" applies to numbers and dates only, not to Name.']);
    const notNumber = await create(body({ conditions: [{ field: "priority", type: 1, value: "high" }] }));
    expect(notNumber.body.errors["conditions.0.value"]).toEqual(['Priority takes a number, not "high".']);
    const oneOfBool = await create(body({ conditions: [{ field: "kyb", type: 2, value: [true] }] }));
    expect(oneOfBool.body.errors["conditions.0.value"][0]).toMatch(/does not apply to KYB/);
    const badDate = await create(body({ conditions: [{ field: "expected_close_date", type: 3, value: { from: "2026-02-01", to: "yesterday" } }] }));
    expect(badDate.body.errors["conditions.0.value"][0]).toMatch(/takes a date/);
    const unknown = await create(body({ conditions: [{ field: "password", type: 1, value: "x" }] }));
    expect(unknown.body.errors["conditions.0.field"]).toEqual([WORKFLOW_MESSAGES.fieldUnknown]);
  });

  it("answers 422 for a stage or a user of another company", async () => {
    const other = await userWith(api, foreign.tenantId, []);
    const res = await create(body({ assign_to_user_id: other.id }));
    expect(res.status).toBe(422);
    expect(res.body.errors.assign_to_user_id).toBeDefined();
    const [theirStage] = await api.database.db.select({ id: pipelineStages.id }).from(pipelineStages).where(ne(pipelineStages.tenantId, harbour)).limit(1);
    const move = await create(body({ workflow_type_id: 3, move_to_stage_id: theirStage.id }));
    expect(move.status).toBe(422);
    expect(move.body.errors.move_to_stage_id).toEqual(["The stage is not one of your pipelines' stages."]);
  });
});

describe("/workflow: create, list, update, delete", () => {
  it("creates, lists with a filter, updates (the version goes up) and deletes one and many", async () => {
    const token = unique();
    const a = await created(body({ name: `A ${token}`, status: 2, conditions: [{ field: "priority", type: 2, value: "1, 2" }] }));
    const b = await created(
      body({
        name: `B ${token}`,
        status: 1,
        workflow_type_id: 3,
        move_to_stage_id: stage("Stage B"),
        trigger: { event: "task_moved", stage_id: stage("Stage A") },
      }),
    );
    const list = await api.request("GET", "/workflow", { token: viewer, query: { filter: { search: token }, sort: "-name" } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((w: { name: string }) => w.name)).toEqual([`B ${token}`, `A ${token}`]);
    expect(list.body.data[1]).toMatchObject({ status: 2, conditions: [{ field: "priority", type: 2, value: [1, 2], description: "Priority is one of 1, 2" }] });
    expect(list.body.data[0].summary).toBe("Moves the task to Stage B");
    const drafts = await api.request("GET", "/workflow", { token: admin, query: { filter: { search: token, status: "2" } } });
    expect(drafts.body.data.map((w: { id: number }) => w.id)).toEqual([a.id]);
    const updated = await api.request("PUT", `/workflow/${a.id}`, { token: admin, body: body({ name: `A2 ${token}`, assign_to_user_id: olive }) });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: `A2 ${token}`, version: 2, assign_to_user_id: olive, summary: "Assigns the task to Olive Price" });
    expect((await api.request("DELETE", `/workflow/${a.id}`, { token: admin })).status).toBe(204);
    const c = await created(body());
    const many = await api.request("DELETE", "/workflow", { token: admin, body: { ids: [b.id, c.id] } });
    expect(many.body).toEqual({ deleted: 2 });
    expect((await api.request("GET", `/workflow/${b.id}`, { token: admin })).status).toBe(404);
  });
});

describe("automations that run", () => {
  it("assigns a new task that meets the conditions, says so in its activity and the history; leaves the others", async () => {
    const name = `Assign me ${unique()}`;
    const wf = await created(active({ name: `Assign ${unique()}`, conditions: [onlyNamed(name), { field: "priority", type: 1, value: 1 }] }));
    const other = await newTask(name, { priority: 3 });
    const task = await newTask(name, { priority: 1 });
    // Queued with the change, before any worker runs.
    const queued = await runsOf(wf.id);
    expect(queued.map((r) => [r.taskId, r.status, r.event])).toEqual([[task.id, "queued", "task_created"]]);
    await startWorker();
    const run = await eventually(async () => (await runsOf(wf.id)).find((r) => r.status === "done"), 15_000, "the run");
    expect(run.outcome).toBe("Assigned the task to Amelia Hart.");
    expect((await taskRow(task.id)).teamMemberId).toBe(amelia);
    expect((await taskRow(other.id)).teamMemberId).toBeNull();
    const activity = await api.request("GET", `/activity-log/task/${task.id}`, { token: admin });
    expect(activity.body.data.map((a: { description: string }) => a.description)).toContain(`Automation "${wf.name}" assigned the task to Amelia Hart.`);
    const history = await api.request("GET", `/workflow/${wf.id}/runs`, { token: viewer });
    expect(history.body.data).toEqual([
      expect.objectContaining({ task_id: task.id, task_name: name, status: "done", outcome: "Assigned the task to Amelia Hart.", workflow_version: 1 }),
    ]);
  });

  it("e-mails the task's client through the outbox when the task is moved to a stage", async () => {
    const name = `Mail me ${unique()}`;
    const address = `client.${unique()}@example.test`;
    const individual = await makeIndividual(api, harbour, "Cara", "Client", address);
    const wf = await created(
      active({
        workflow_type_id: 1,
        audience: 2,
        email_subject: "Your {{task_name}} moved to {{stage}}",
        email_body: "Hello, we have moved it on.",
        trigger: { event: "task_moved", stage_id: stage("Stage A") },
        conditions: [onlyNamed(name)],
      }),
    );
    const task = await newTask(name, { source_individual_id: individual });
    expect(await runsOf(wf.id)).toEqual([]);
    await api.request("PUT", `/task/${task.id}`, { token: admin, body: { pipeline_stage_id: stage("Stage B") } });
    expect(await runsOf(wf.id)).toEqual([]);
    await api.request("PUT", `/task/${task.id}`, { token: admin, body: { pipeline_stage_id: stage("Stage A") } });
    await startWorker();
    const run = await eventually(async () => (await runsOf(wf.id)).find((r) => r.status === "done"), 15_000, "the run");
    expect(run.outcome).toBe(`E-mailed ${address}: Your ${name} moved to Stage A`);
    const [mail] = await api.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, address));
    expect(mail).toMatchObject({ subject: `Your ${name} moved to Stage A`, textBody: "Hello, we have moved it on." });
  });

  it("stops a loop: 'move A→B' and 'move B→A' both active end with the reason in the history", async () => {
    const name = `Loop ${unique()}`;
    const ab = await created(
      active({
        name: `A to B ${unique()}`,
        workflow_type_id: 3,
        move_to_stage_id: stage("Stage B"),
        trigger: { event: "task_moved", stage_id: stage("Stage A") },
        conditions: [onlyNamed(name)],
      }),
    );
    const ba = await created(
      active({
        name: `B to A ${unique()}`,
        workflow_type_id: 3,
        move_to_stage_id: stage("Stage A"),
        trigger: { event: "task_moved", stage_id: stage("Stage B") },
        conditions: [onlyNamed(name)],
      }),
    );
    const task = await newTask(name);
    await startWorker();
    await api.request("PUT", `/task/${task.id}`, { token: admin, body: { pipeline_stage_id: stage("Stage A") } });
    const stopped = await eventually(async () => (await runsOf(ba.id)).find((r) => r.status === "stopped"), 20_000, "the stopped run");
    expect(stopped.depth).toBe(MAX_CHAIN_DEPTH + 1);
    expect(stopped.outcome).toMatch(/^Stopped: this change was made by a chain of 3 automations on the task/);
    // Give a runaway loop the time to show itself: nothing more is queued.
    await new Promise((r) => setTimeout(r, 2000));
    const all = [...(await runsOf(ab.id)), ...(await runsOf(ba.id))].sort((x, y) => x.depth - y.depth);
    expect(all.map((r) => [r.workflowId, r.depth, r.status])).toEqual([
      [ab.id, 1, "done"],
      [ba.id, 2, "done"],
      [ab.id, 3, "done"],
      [ba.id, 4, "stopped"],
    ]);
    expect((await taskRow(task.id)).pipelineStageId).toBe(stage("Stage B"));
    const history = await api.request("GET", `/workflow/${ba.id}/runs`, { token: admin, query: { filter: { status: "stopped" } } });
    expect(history.body.data).toHaveLength(1);
  });

  it("an automation's own change does not trigger it again", async () => {
    const name = `Self ${unique()}`;
    // Assigned → assign to someone else: its own assignment is an "assigned" event it must not see.
    const wf = await created(active({ trigger: { event: "task_assigned" }, assign_to_user_id: olive, conditions: [onlyNamed(name)] }));
    const task = await newTask(name);
    await startWorker();
    await api.request("PUT", `/task/${task.id}`, { token: admin, body: { team_member_id: amelia } });
    await eventually(async () => (await runsOf(wf.id)).find((r) => r.status === "done"), 15_000, "the run");
    await new Promise((r) => setTimeout(r, 1500));
    expect((await runsOf(wf.id)).length).toBe(1);
    expect((await taskRow(task.id)).teamMemberId).toBe(olive);
  });

  it("a run queued before an edit uses the version it was queued with", async () => {
    const name = `Version ${unique()}`;
    const wf = await created(active({ assign_to_user_id: amelia, conditions: [onlyNamed(name)] }));
    const task = await newTask(name);
    const edited = await api.request("PUT", `/workflow/${wf.id}`, {
      token: admin,
      body: active({ name: wf.name, assign_to_user_id: olive, conditions: [onlyNamed(name)] }),
    });
    expect(edited.body.data.version).toBe(2);
    await startWorker();
    const run = await eventually(async () => (await runsOf(wf.id)).find((r) => r.status === "done"), 15_000, "the run");
    expect(run.workflowVersion).toBe(1);
    expect((await taskRow(task.id)).teamMemberId).toBe(amelia);
    // A task created after the edit gets the new version.
    const later = await newTask(name);
    await eventually(async () => ((await taskRow(later.id)).teamMemberId === olive ? true : undefined), 15_000, "the new version");
  });

  it("a failing e-mail is retried, then marked failed; another automation on the same task still runs", { timeout: 60_000 }, async () => {
    const name = `Down ${unique()}`;
    const mailWf = await created(active({ workflow_type_id: 1, audience: 1, email_subject: "Hello", email_body: "Text", conditions: [onlyNamed(name)] }));
    const assignWf = await created(active({ assign_to_user_id: olive, conditions: [onlyNamed(name)] }));
    const task = await newTask(name, { team_member_id: amelia });
    let tries = 0;
    const down: MailProvider = {
      kind: "smtp",
      send: async () => {
        tries++;
        throw new Error("The mail server is down.");
      },
    };
    await startWorker(down);
    const failed = await eventually(async () => (await runsOf(mailWf.id)).find((r) => r.status === "failed"), 45_000, "the failed run");
    expect(failed.outcome).toBe("Failed after 3 attempts: The mail server is down.");
    expect(failed.attempts).toBe(3);
    expect(tries).toBe(3);
    const [assigned] = await runsOf(assignWf.id);
    expect(assigned.status).toBe("done");
    expect((await taskRow(task.id)).teamMemberId).toBe(olive);
  });

  it("'test on a task' tells what would happen and changes nothing", async () => {
    const name = `Try ${unique()}`;
    const wf = await created(active({ status: 2, conditions: [onlyNamed(name), { field: "priority", type: 3, value: { from: 1, to: 2 } }] }));
    const yes = await newTask(name, { priority: 2 });
    const no = await newTask(name, { priority: 3 });
    const ok = await api.request("POST", `/workflow/${wf.id}/test`, { token: viewer, body: { task_id: yes.id } });
    expect(ok.body.data).toMatchObject({ would_run: true, outcome: "Would assign the task to Amelia Hart." });
    expect(ok.body.data.checks).toEqual([
      { description: `Name is ${name}`, met: true },
      { description: "Priority is between 1 and 2", met: true },
    ]);
    const not = await api.request("POST", `/workflow/${wf.id}/test`, { token: viewer, body: { task_id: no.id } });
    expect(not.body.data).toMatchObject({ would_run: false, outcome: "It would not run: the task does not meet every condition." });
    expect((await taskRow(yes.id)).teamMemberId).toBeNull();
    expect(await runsOf(wf.id)).toEqual([]);
    expect((await api.request("POST", `/workflow/${wf.id}/test`, { token: viewer, body: {} })).status).toBe(422);
  });

  it("a task idle for the workflow's days gets one run per idle spell", async () => {
    const name = `Idle ${unique()}`;
    const wf = await created(active({ trigger: { event: "task_idle", days: 3 }, conditions: [onlyNamed(name)] }));
    const idle = await newTask(name);
    const fresh = await newTask(name);
    await api.database.db
      .update(tasks)
      .set({ updatedAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(and(eq(tasks.id, idle.id)));
    await scanIdleTasks(api.database, new Date());
    await scanIdleTasks(api.database, new Date());
    const runs = await runsOf(wf.id);
    expect(runs.map((r) => [r.taskId, r.event])).toEqual([[idle.id, "task_idle"]]);
    expect(runs.some((r) => r.taskId === fresh.id)).toBe(false);
  });
});

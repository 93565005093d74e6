/**
 * Background jobs (api/jobs): pg-boss on the test's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 * Each test runs its own workers (JobRunner) with a short polling interval and stops them before it ends.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobListSchema, jobResponseSchema } from "#contract/jobs";
import { openDatabase, type Database } from "#api/db/client";
import { users } from "#api/db/schema";
import { createMail, type MailProvider } from "#api/integrations/mail";
import { defineJob, type JobContext } from "#api/jobs/define";
import { enqueue } from "#api/jobs/enqueue";
import { JobRunner } from "#api/jobs/runner";
import { createTestApi, type TestApi } from "../helpers/api";
import { eventually } from "../helpers/jobs";

const runs = new Map<string, { at: number; ctx: JobContext }[]>();
const record = (marker: string, ctx: JobContext) => runs.set(marker, [...(runs.get(marker) ?? []), { at: Date.now(), ctx }]);
const runsOf = (marker: string) => runs.get(marker) ?? [];
const payload = z.object({ marker: z.string() });

const echo = defineJob("test.echo", payload, async ({ marker }, ctx) => {
  record(marker, ctx);
});
const refused = defineJob(
  "test.refused",
  payload,
  async ({ marker }, ctx) => {
    record(marker, ctx);
    throw new Error("The provider refused the message.");
  },
  { retryLimit: 2, retryDelaySeconds: 1 },
);
const slow = defineJob("test.slow", payload, async ({ marker }, ctx) => {
  await new Promise((r) => setTimeout(r, 30));
  record(marker, ctx);
});
/** Hangs on its first run (a worker stopped mid-job); finishes on the next. */
const interrupted = defineJob(
  "test.interrupted",
  payload,
  async ({ marker }, ctx) => {
    record(marker, ctx);
    if (ctx.retryCount === 0) await new Promise(() => {});
  },
  { retryLimit: 3, retryDelaySeconds: 1 },
);

let api: TestApi;
let admin: string;
let harbourId: number;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  [{ harbourId }] = await api.database.db.select({ harbourId: users.tenantId }).from(users).where(eq(users.email, "admin@harbour.test"));
});
afterAll(async () => {
  await api?.close();
});

const workers: JobRunner[] = [];
async function startWorker(database: Database = api.database, mail: MailProvider = api.app.mail) {
  const runner = new JobRunner({ database, mail, config: api.config, log: api.app.log });
  workers.push(runner);
  await runner.startWorker({ pollSeconds: 0.5 });
  return runner;
}
async function stopWorkers() {
  for (const w of workers.splice(0)) await w.stop(1);
}

const marker = () => `m-${Math.random().toString(36).slice(2)}`;
const jobOf = (id: string, token = admin) => api.request("GET", `/jobs/${id}`, { token });
const stateOf = async (id: string) => (await jobOf(id)).body.data;
const add = (job: Parameters<typeof enqueue>[1], m: string, tenantId: number | null = harbourId) =>
  api.database.transaction((tx) => enqueue(tx, job, { marker: m }, { tenantId }));

describe("background jobs", () => {
  it("a job waits as queued, runs once with its payload and company, and is done", async () => {
    const m = marker();
    const id = await add(echo, m);
    expect(await stateOf(id)).toEqual({
      id,
      name: "test.echo",
      state: "queued",
      retries: 0,
      retry_limit: 5,
      reason: null,
      created_at: expect.any(String),
      run_after: expect.any(String),
      started_at: null,
      finished_at: null,
    });
    try {
      await startWorker();
      const done = await eventually(async () => ((await stateOf(id)).state === "done" ? await stateOf(id) : undefined));
      expect(done).toMatchObject({ state: "done", retries: 0, reason: null, started_at: expect.any(String), finished_at: expect.any(String) });
      expect(runsOf(m)).toHaveLength(1);
      expect(runsOf(m)[0].ctx).toMatchObject({ jobId: id, tenantId: harbourId, retryCount: 0 });
      const list = await api.request("GET", "/jobs", { token: admin, query: { filter: { name: "test.echo", state: "done" } } });
      expect(list.status).toBe(200);
      expect(list.body.data.map((j: { id: string }) => j.id)).toContain(id);
      expect(list.body.meta.total).toBeGreaterThanOrEqual(1);
      // The answers are the ones the routes declare (the OpenAPI document's schemas).
      expect(jobListSchema.safeParse(list.body).error).toBeUndefined();
      expect(jobResponseSchema.safeParse(await jobOf(id).then((r) => r.body)).error).toBeUndefined();
    } finally {
      await stopWorkers();
    }
  });

  it("a failing job is retried with growing delays, then ends failed with its reason", async () => {
    const m = marker();
    const id = await add(refused, m);
    try {
      await startWorker();
      const failed = await eventually(async () => ((await stateOf(id)).state === "failed" ? await stateOf(id) : undefined), 20_000, "the job to fail");
      expect(failed).toMatchObject({
        state: "failed",
        retries: 2,
        retry_limit: 2,
        reason: "The provider refused the message.",
        finished_at: expect.any(String),
      });
      const times = runsOf(m).map((r) => r.at);
      expect(runsOf(m).map((r) => r.ctx.retryCount)).toEqual([0, 1, 2]);
      // Backoff: the first retry waits 1–2 s, the second 2–4 s (plus polling).
      const [first, second] = [times[1] - times[0], times[2] - times[1]];
      expect(first).toBeGreaterThanOrEqual(900);
      expect(second).toBeGreaterThanOrEqual(1900);
      const list = await api.request("GET", "/jobs", { token: admin, query: { filter: { state: "failed", name: "test.refused" } } });
      expect(list.body.data).toEqual([expect.objectContaining({ id, reason: "The provider refused the message." })]);
    } finally {
      await stopWorkers();
    }
  }, 30_000);

  it("a job enqueued in a transaction that rolls back does not exist and never runs", async () => {
    const m = marker();
    let id: string | undefined;
    await expect(
      api.database.transaction(async (tx) => {
        id = await enqueue(tx, echo, { marker: m }, { tenantId: harbourId });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(id).toEqual(expect.any(String));
    expect((await jobOf(id!)).status).toBe(404);
    try {
      await startWorker();
      // A job enqueued after it runs, so the worker has looked at the queue since.
      const later = marker();
      const laterId = await add(echo, later);
      await eventually(async () => ((await stateOf(laterId)).state === "done" ? true : undefined));
      expect(runsOf(m)).toEqual([]);
    } finally {
      await stopWorkers();
    }
  });

  it("a job enqueued with a delay waits until its time", async () => {
    const before = Date.now();
    const id = await api.database.transaction((tx) => enqueue(tx, echo, { marker: marker() }, { tenantId: harbourId, delaySeconds: 3600 }));
    const job = await stateOf(id);
    expect(job.state).toBe("queued");
    expect(Date.parse(job.run_after) - before).toBeGreaterThanOrEqual(3599_000);
  });

  it("a payload that does not match the job's schema is refused when enqueued", async () => {
    await expect(api.database.transaction((tx) => enqueue(tx, echo, { marker: 42 } as never, { tenantId: harbourId }))).rejects.toThrow();
  });

  it("two workers on one database run each job once", async () => {
    // With PostgreSQL the second worker has a connection pool of its own, like another API process.
    let second: Database = api.database;
    if (process.env.TEST_DATABASE_URL) {
      const [{ name }] = (await api.database.raw("select current_database() as name")).rows as { name: string }[];
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      second = await openDatabase({ url: url.toString() });
    }
    const [mailA, mailB] = [createMail(api.database.db, api.config), createMail(second.db, api.config)];
    const markers = Array.from({ length: 10 }, marker);
    const ids: string[] = [];
    for (const m of markers) ids.push(await add(slow, m));
    try {
      await Promise.all([startWorker(api.database, mailA), startWorker(second, mailB)]);
      await eventually(async () => (markers.every((m) => runsOf(m).length > 0) ? true : undefined), 20_000, "every job to run");
      await eventually(async () => {
        const states = await Promise.all(ids.map(stateOf));
        return states.every((s) => s.state === "done") ? true : undefined;
      });
      // Give a duplicate run the time to happen, if one were coming.
      await new Promise((r) => setTimeout(r, 1000));
      expect(markers.map((m) => runsOf(m).length)).toEqual(markers.map(() => 1));
      expect(markers.every((m) => [mailA, mailB].includes(runsOf(m)[0].ctx.mail))).toBe(true);
    } finally {
      await stopWorkers();
      if (second !== api.database) await second.close();
    }
  }, 30_000);

  it("a worker stopped while a job runs hands it back; the next worker finishes it", async () => {
    const m = marker();
    const id = await add(interrupted, m);
    const first = await startWorker();
    try {
      await eventually(async () => (runsOf(m).length === 1 ? true : undefined));
      expect((await stateOf(id)).state).toBe("running");
      // SIGTERM: the worker waits (here 1 s) for its running job, then hands it back to be retried.
      await first.stop(1);
      expect(await stateOf(id)).toMatchObject({ state: "queued", retries: 0, reason: "The worker stopped while the job was running." });
      await startWorker();
      const done = await eventually(async () => ((await stateOf(id)).state === "done" ? await stateOf(id) : undefined), 15_000, "the job to finish");
      expect(done).toMatchObject({ state: "done", retries: 1, reason: null });
      expect(runsOf(m).map((r) => r.ctx.retryCount)).toEqual([0, 1]);
    } finally {
      await stopWorkers();
    }
  }, 30_000);

  it("a team invitation's e-mail is a job of the company; an invitation cancelled before it runs gets no e-mail", async () => {
    const [team] = await api.database.raw(`select id from teams where tenant_id = ${harbourId} order by id limit 1`).then((r) => r.rows as { id: number }[]);
    const address = `${marker()}@example.com`;
    const invited = await api.request("POST", `/teams/${team.id}/users`, { token: admin, body: { email: address, role: "member" } });
    expect(invited.status).toBe(201);
    const listed = await api.request("GET", "/jobs", { token: admin, query: { filter: { name: "team.invitation-email", state: "queued" } } });
    const job = listed.body.data[0];
    expect(job).toMatchObject({ name: "team.invitation-email", state: "queued" });
    expect((await api.request("DELETE", `/teams/${team.id}/invitations/${invited.body.data.invitation.id}`, { token: admin })).status).toBe(204);
    try {
      await startWorker();
      await eventually(async () => ((await stateOf(job.id)).state === "done" ? true : undefined));
      expect((await api.request("GET", "/sandbox/outbox", { query: { to: address } })).body.data).toEqual([]);
    } finally {
      await stopWorkers();
    }
  });

  it("another company's job answers 404 and is not listed; the platform's own jobs are nobody's", async () => {
    const id = await add(echo, marker());
    const platform = await add(echo, marker(), null);
    const bloom = await api.login("owner@bloom.test");
    const foreign = await jobOf(id, bloom);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: "Job not found." });
    const bloomList = await api.request("GET", "/jobs", { token: bloom, query: { page: { size: 100 } } });
    expect(bloomList.status).toBe(200);
    expect(bloomList.body.data.map((j: { id: string }) => j.id)).not.toContain(id);
    expect((await jobOf(platform)).status).toBe(404);
    expect((await jobOf("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await api.request("GET", "/jobs/not-a-uuid", { token: admin })).status).toBe(404);
  });

  it("401 without a token, 403 without role_manage, 422 for a bad page", async () => {
    const id = await add(echo, marker());
    expect((await api.request("GET", "/jobs")).status).toBe(401);
    expect((await api.request("GET", `/jobs/${id}`)).status).toBe(401);
    const viewer = await api.login("viewer@harbour.test");
    expect((await api.request("GET", "/jobs", { token: viewer })).status).toBe(403);
    expect((await api.request("GET", `/jobs/${id}`, { token: viewer })).status).toBe(403);
    const bad = await api.request("GET", "/jobs", { token: admin, query: { page: { size: 1000 } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toBeDefined();
    const unknown = await api.request("GET", "/jobs", { token: admin, query: { filter: { state: "sleeping" } } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
  });
});

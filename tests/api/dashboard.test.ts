import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, makePipeline, makeTask, tenantId, userWith } from "../helpers/crm";

let api: TestApi;
let admin: string;
let viewer: string;
/** A company of its own, so every figure is known. */
let boss: { id: number; token: string; tenantId: number };
let pipeline: Awaited<ReturnType<typeof makePipeline>>;

const DAY = 86_400_000;
const now = Date.now();

/** The UK calendar day of an instant, "YYYY-MM-DD" (independent of the API's SQL). */
const ukDay = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
function bucketOf(interval: string, d: Date): string {
  const [y, m, day] = ukDay(d).split("-").map(Number);
  const pad = (n: number) => String(n).padStart(2, "0");
  if (interval === "year") return `${y}-01-01`;
  if (interval === "quarter") return `${y}-${pad(m - ((m - 1) % 3))}-01`;
  if (interval === "month") return `${y}-${pad(m)}-01`;
  const date = new Date(Date.UTC(y, m - 1, day));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Made tasks, back-dated in the database: [created days ago, closed days ago or null, stage index, revenue, priority]. */
const BOOK: [number, number | null, number, number | null, number][] = [
  [0, null, 0, 1000, 1],
  [1, null, 1, 2500.5, 2],
  [3, 0, 2, 4000, 2],
  [10, null, 0, null, 3],
  [35, 34, 2, 700, 1],
  [40, 2, 3, 900, 3],
  [70, null, 1, 300, 2],
  [75, 60, 2, 1200, 2],
  [200, 150, 3, 100, 1],
  [500, 480, 2, 9999, 1],
];
const made: { id: number; created: Date; closed: Date | null; stage: number; revenue: number | null; priority: number }[] = [];

beforeAll(async () => {
  api = await createTestApi();
  [admin, viewer] = await Promise.all([api.login("admin@harbour.test"), api.login("viewer@harbour.test")]);
  boss = await emptyTenant(api, ["task_view", "task_manage", "pipeline_manage"]);
  pipeline = await makePipeline(api, boss.token, { name: "Sales" });
  const [type] = (await api.request("GET", "/task-product-type", { token: boss.token })).body.data;
  for (const [createdAgo, closedAgo, stage, revenue, priority] of BOOK) {
    const t = await makeTask(api, boss.token, { pipeline_id: pipeline.id, pipeline_stage_id: pipeline.stages[stage].id, expected_revenue: revenue, priority });
    const created = new Date(now - createdAgo * DAY - 3_600_000);
    const closed = closedAgo === null ? null : new Date(now - closedAgo * DAY - 1_800_000);
    await api.database.db.update(tasks).set({ createdAt: created, closedAt: closed }).where(eq(tasks.id, t.id));
    if (stage === 2)
      await api.request("POST", `/task/${t.id}/task-product`, {
        token: boss.token,
        body: { task_product_type_id: type.id, name: "P", premium: 100, commission: 10 },
      });
    made.push({ id: t.id, created, closed, stage, revenue, priority });
  }
});
afterAll(async () => {
  await api?.close();
});

const stats = (path: string, interval?: string, token = boss.token) =>
  api.request("GET", `/dashboard-stats/${path}`, { token, query: interval ? { interval } : {} });

describe("GET /dashboard-stats/task-new-vs-won", () => {
  it.each([
    ["week", 12],
    ["month", 12],
    ["quarter", 8],
    ["year", 5],
  ])("interval=%s: %i buckets, the current one last, new tasks by created date and won tasks by close date", async (interval, n) => {
    const res = await stats("task-new-vs-won", interval);
    expect(res.status).toBe(200);
    const { series, totals, from, to } = res.body.data;
    expect(res.body.data.interval).toBe(interval);
    expect(series).toHaveLength(n);
    expect(series[0].start).toBe(from);
    expect(series.at(-1).end).toBe(to);
    expect(series.at(-1).start).toBe(bucketOf(interval, new Date()));
    for (let i = 1; i < series.length; i++) expect(series[i].start).toBe(series[i - 1].end);
    for (const b of series) {
      const created = made.filter((t) => bucketOf(interval, t.created) === b.start);
      const won = made.filter((t) => t.stage === 2 && t.closed && bucketOf(interval, t.closed) === b.start);
      expect(b, `${interval} ${b.start}`).toEqual({
        start: b.start,
        end: b.end,
        label: expect.any(String),
        new: created.length,
        won: won.length,
        won_revenue: won.reduce((s, t) => s + (t.revenue ?? 0), 0),
      });
    }
    expect(totals.new).toBe(series.reduce((s: number, b: { new: number }) => s + b.new, 0));
    expect(totals.won).toBe(series.reduce((s: number, b: { won: number }) => s + b.won, 0));
  });

  it("labels buckets for the chart", async () => {
    const month = (await stats("task-new-vs-won", "month")).body.data.series.at(-1);
    const [y, m] = month.start.split("-").map(Number);
    expect(month.label).toBe(`${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]} ${y}`);
    const quarter = (await stats("task-new-vs-won", "quarter")).body.data.series.at(-1);
    expect(quarter.label).toMatch(/^Q[1-4] \d{4}$/);
    expect((await stats("task-new-vs-won", "year")).body.data.series.at(-1).label).toBe(String(new Date().getFullYear()));
    expect((await stats("task-new-vs-won", "week")).body.data.series.at(-1).label).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
  });

  it("defaults to month; the seeded book's year adds up to its tasks", async () => {
    expect((await stats("task-new-vs-won")).body.data.interval).toBe("month");
    const res = await stats("task-new-vs-won", "year", admin);
    const harbour = await tenantId(api, "Harbour Brokers");
    // Five years hold the whole seeded book (a year of history).
    const [{ created }] = await api.database.db.select({ created: count() }).from(tasks).where(eq(tasks.tenantId, harbour));
    const [{ won }] = await api.database.db
      .select({ won: count() })
      .from(tasks)
      .where(
        and(eq(tasks.tenantId, harbour), eq(tasks.state, "won"), sql`${tasks.closedAt} >= (${res.body.data.from}::timestamp at time zone 'Europe/London')`),
      );
    expect(res.body.data.totals.new).toBe(created);
    expect(res.body.data.totals.won).toBe(won);
    expect(won).toBeGreaterThan(0);
    // The seeded year has a shape: more than one month with new tasks.
    const monthly = (await stats("task-new-vs-won", "month", admin)).body.data.series.filter((b: { new: number }) => b.new > 0);
    expect(monthly.length).toBeGreaterThan(6);
  });
});

describe("GET /dashboard-stats/insurance-overview", () => {
  it("gives the open book by stage, priority and review status, and this period's new, won and lost", async () => {
    const res = await stats("insurance-overview", "year");
    expect(res.status).toBe(200);
    const d = res.body.data;
    const open = made.filter((t) => t.stage < 2);
    const yearStart = bucketOf("year", new Date());
    const inYear = (x: Date | null) => x !== null && bucketOf("year", x) === yearStart;
    const won = made.filter((t) => t.stage === 2 && inYear(t.closed));
    const lost = made.filter((t) => t.stage === 3 && inYear(t.closed));
    expect(d.period_start).toBe(yearStart);
    expect(d.open).toEqual({ count: open.length, value: open.reduce((s, t) => s + (t.revenue ?? 0), 0) });
    expect(d.new.count).toBe(made.filter((t) => inYear(t.created)).length);
    expect(d.won).toEqual({ count: won.length, revenue: won.reduce((s, t) => s + (t.revenue ?? 0), 0) });
    expect(d.lost).toEqual({ count: lost.length });
    expect(d.win_rate).toBe(Math.round((won.length / (won.length + lost.length)) * 1000) / 10);
    expect(d.by_stage.map((s: { stage_name: string; count: number }) => [s.stage_name, s.count])).toEqual([
      ["Lead", open.filter((t) => t.stage === 0).length],
      ["Quote", open.filter((t) => t.stage === 1).length],
    ]);
    expect(d.by_stage[0]).toMatchObject({ pipeline_id: pipeline.id, pipeline_name: "Sales", color: "#111111", order: 1 });
    expect(d.by_priority).toEqual(
      [1, 2, 3].map((p) => ({
        priority: p,
        name: ["High", "Medium", "Low"][p - 1],
        count: open.filter((t) => t.priority === p).length,
        value: open.filter((t) => t.priority === p).reduce((s, t) => s + (t.revenue ?? 0), 0),
      })),
    );
    expect(d.by_review_status[0]).toEqual({ review_status: 1, name: "Not started", count: open.length });
    expect(d.by_review_status).toHaveLength(6);
    expect(d.products).toEqual([
      { task_product_type_id: expect.any(Number), name: "Commercial combined", count: won.length, premium: 100 * won.length, commission: 10 * won.length },
    ]);
  });

  it("the week narrows the period; figures are the caller's company's only", async () => {
    const week = (await stats("insurance-overview", "week")).body.data;
    expect(week.period_start).toBe(bucketOf("week", new Date()));
    expect(week.won.count).toBe(made.filter((t) => t.stage === 2 && t.closed && bucketOf("week", t.closed) === week.period_start).length);
    expect(week.open.count).toBe(made.filter((t) => t.stage < 2).length);
    const harbour = (await stats("insurance-overview", "week", admin)).body.data;
    const harbourId = await tenantId(api, "Harbour Brokers");
    const [{ n }] = await api.database.db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.tenantId, harbourId), eq(tasks.state, "open")));
    expect(harbour.open.count).toBe(n);
    expect(harbour.by_stage.map((s: { pipeline_name: string }) => s.pipeline_name)).not.toContain("Sales");
    expect(harbour.by_stage.map((s: { pipeline_name: string }) => s.pipeline_name)).not.toContain("Legacy referrals"); // archived
  });
});

describe("access and input", () => {
  it("needs a task permission (403 otherwise), a token (401) and a known interval (422)", async () => {
    for (const path of ["task-new-vs-won", "insurance-overview"]) {
      expect((await stats(path, "month", viewer)).status).toBe(200);
      const other = await userWith(api, "Harbour Brokers", ["team_view"]);
      expect((await stats(path, "month", other.token)).status).toBe(403);
      expect((await api.request("GET", `/dashboard-stats/${path}`)).status).toBe(401);
      const bad = await stats(path, "decade");
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ interval: ["The interval must be week, month, quarter or year."] });
    }
  });

  it("an empty company gets zeros, not gaps", async () => {
    const fresh = await emptyTenant(api, ["task_view"]);
    const chart = (await stats("task-new-vs-won", "quarter", fresh.token)).body.data;
    expect(chart.series).toHaveLength(8);
    expect(chart.series.every((b: { new: number; won: number; won_revenue: number }) => b.new === 0 && b.won === 0 && b.won_revenue === 0)).toBe(true);
    const overview = (await stats("insurance-overview", "month", fresh.token)).body.data;
    expect(overview).toMatchObject({
      open: { count: 0, value: 0 },
      won: { count: 0, revenue: 0 },
      lost: { count: 0 },
      win_rate: null,
      by_stage: [],
      products: [],
    });
  });
});

describe("kept totals", () => {
  it("follow every write, bulk and straight in the database too: the figures equal the tasks themselves", async () => {
    const other = await emptyTenant(api, ["task_view", "task_manage", "pipeline_manage"]);
    const sales = await makePipeline(api, other.token, { name: "Kept" });
    for (let i = 0; i < 6; i++) {
      await makeTask(api, other.token, {
        pipeline_id: sales.id,
        pipeline_stage_id: sales.stages[i % 2].id,
        expected_revenue: 100 * (i + 1),
        priority: 1 + (i % 3),
      });
    }
    const db = api.database.db;
    const mine = eq(tasks.tenantId, other.tenantId);
    const ids = (await db.select({ id: tasks.id }).from(tasks).where(mine).orderBy(tasks.id)).map((r) => r.id);
    // One statement wins two tasks, another loses one; one changes priority, review status and revenue; one goes.
    await db
      .update(tasks)
      .set({ state: "won", closedAt: new Date(), pipelineStageId: sales.stages[2].id })
      .where(inArray(tasks.id, ids.slice(0, 2)));
    await db.update(tasks).set({ state: "lost", closedAt: new Date(), pipelineStageId: sales.stages[3].id }).where(eq(tasks.id, ids[2]));
    await db.update(tasks).set({ priority: 3, reviewStatus: 2, expectedRevenue: "55.50" }).where(eq(tasks.id, ids[3]));
    await db.delete(tasks).where(eq(tasks.id, ids[4]));

    const open = await db
      .select()
      .from(tasks)
      .where(and(mine, eq(tasks.state, "open")));
    const value = (rows: typeof open) => rows.reduce((s, t) => s + Number(t.expectedRevenue ?? 0), 0);
    const overview = (await stats("insurance-overview", "week", other.token)).body.data;
    expect(overview.open).toEqual({ count: open.length, value: value(open) });
    expect(overview.new.count).toBe(5);
    expect(overview.won).toEqual({ count: 2, revenue: 100 + 200 });
    expect(overview.lost).toEqual({ count: 1 });
    expect(overview.by_priority.map((p: { priority: number; count: number; value: number }) => [p.priority, p.count, p.value])).toEqual(
      [1, 2, 3].map((p) => [p, open.filter((t) => t.priority === p).length, value(open.filter((t) => t.priority === p))]),
    );
    expect(overview.by_review_status.find((r: { review_status: number }) => r.review_status === 2).count).toBe(1);
    const chart = (await stats("task-new-vs-won", "week", other.token)).body.data;
    expect(chart.totals).toEqual({ new: 5, won: 2, won_revenue: 300 });
    expect(chart.series.at(-1)).toMatchObject({ new: 5, won: 2, won_revenue: 300 });
  });
});

/**
 * Pipeline, stage and dashboard counts come from totals kept by one statement-level trigger function on tasks:
 * task_totals (tasks and their revenue per pipeline, stage, state, priority and review status; migration 0018,
 * which replaced the two tables of 0009/0017 and 0013). Whatever writes tasks — the API, a bulk insert, an update
 * that moves tasks between stages and pipelines or closes them, a delete, a truncate — the totals and
 * GET /pipelines equal an aggregate over the tasks.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/api";
import { demoPipeline, makeTask, tenantId } from "../helpers/crm";

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
});
afterAll(async () => {
  await api?.close();
});

async function rows(query: ReturnType<typeof sql>) {
  return ((await api.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)])),
  );
}

/**
 * The kept totals against a fresh aggregate, stage by stage (stages without tasks: zero or no row), and the
 * pipelines' counts as GET /pipelines answers them (all, open, open value) against the tasks.
 */
async function expectTotalsExact() {
  const kept = await rows(sql`
    select tenant_id, pipeline_id, pipeline_stage_id, (state = 'open')::int as open, (state = 'won')::int as won, priority, review_status, tasks, value
    from task_totals where tasks <> 0 or value <> 0 order by 1, 2, 3, 4, 5, 6, 7`);
  const actual = await rows(sql`
    select tenant_id, pipeline_id, pipeline_stage_id, (state = 'open')::int as open, (state = 'won')::int as won, priority, review_status, count(*) as tasks, coalesce(sum(expected_revenue), 0) as value
    from tasks group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`);
  expect(kept).toEqual(actual);

  const harbour = await tenantId(api, "Harbour Brokers");
  const res = await api.request("GET", "/pipelines", { token: admin, query: { page: { size: 100 } } });
  expect(res.status).toBe(200);
  const direct = await rows(sql`
    select pipeline_id as id, count(*) as tasks, count(*) filter (where state = 'open') as open,
           coalesce(sum(expected_revenue) filter (where state = 'open'), 0) as open_value
    from tasks where tenant_id = ${harbour} group by 1`);
  const answered = (res.body.data as { id: number; tasks_count: number; open_tasks_count: number; open_value: number }[]).map((p) => ({
    id: p.id,
    tasks: p.tasks_count,
    open: p.open_tasks_count,
    open_value: p.open_value,
  }));
  expect(answered.length).toBeGreaterThan(0);
  for (const p of answered) expect(p, `pipeline ${p.id}`).toEqual(direct.find((d) => d.id === p.id) ?? { id: p.id, tasks: 0, open: 0, open_value: 0 });
}

describe("task_totals", () => {
  it("matches the seeded tasks", async () => {
    await expectTotalsExact();
  });

  it("follows the API: a new task, a move to a won stage, a new revenue, a delete", async () => {
    const { id: pipeline, stages } = await demoPipeline(api, "Harbour Brokers", "New business");
    const created = await makeTask(api, admin, { name: "Totals check", pipeline_id: pipeline, pipeline_stage_id: stages[0].id, expected_revenue: 1234.5 });
    await expectTotalsExact();
    const won = stages.find((s) => s.outcome === "won") ?? stages[stages.length - 1];
    const moved = await api.request("PUT", `/task/${created.id}`, {
      token: admin,
      body: { pipeline_id: pipeline, pipeline_stage_id: won.id, expected_revenue: 99.99 },
    });
    expect(moved.status, moved.text).toBe(200);
    await expectTotalsExact();
    expect((await api.request("DELETE", `/task/${created.id}`, { token: admin })).status).toBeLessThan(300);
    await expectTotalsExact();
  });

  it("follows bulk statements: many rows at once, moves between pipelines, deletes", async () => {
    const harbour = await tenantId(api, "Harbour Brokers");
    await api.database.db.execute(sql`
      insert into tasks (tenant_id, name, pipeline_id, pipeline_stage_id, expected_revenue)
      select ${harbour}, 'Bulk ' || g, s.pipeline_id, s.id, case when g % 3 = 0 then null else g end
      from generate_series(1, 300) g
      join lateral (select id, pipeline_id from pipeline_stages where tenant_id = ${harbour} and outcome = 'open' order by (id * g) % 7, id limit 1) s on true`);
    await expectTotalsExact();
    await api.database.db.execute(sql`update tasks set expected_revenue = coalesce(expected_revenue, 0) + 10 where name like 'Bulk %' and id % 2 = 0`);
    await api.database.db.execute(sql`
      update tasks t set pipeline_id = s.pipeline_id, pipeline_stage_id = s.id
      from (select id, pipeline_id from pipeline_stages where tenant_id = ${harbour} and outcome = 'open' order by id desc limit 1) s
      where t.name like 'Bulk %' and t.id % 5 = 0`);
    await api.database.db.execute(sql`update tasks set name = name || ' (renamed)' where name like 'Bulk %'`);
    await expectTotalsExact();
    // Another priority or review status moves a task between rows of the same stage.
    await api.database.db.execute(sql`update tasks set priority = priority % 3 + 1 where name like 'Bulk %' and id % 4 = 0`);
    await api.database.db.execute(sql`update tasks set review_status = review_status % 6 + 1 where name like 'Bulk %' and id % 6 = 0`);
    await expectTotalsExact();
    // Closed where they stand (same stage, same revenue): only the open counts move.
    await api.database.db.execute(sql`update tasks set state = 'won', closed_at = now() where name like 'Bulk %' and id % 7 = 0`);
    await api.database.db.execute(sql`update tasks set state = 'lost', closed_at = now() where name like 'Bulk %' and id % 7 = 1`);
    await expectTotalsExact();
    await api.database.db.execute(sql`update tasks set state = 'open', closed_at = null where name like 'Bulk %' and id % 7 = 0`);
    await expectTotalsExact();
    await api.database.db.execute(sql`delete from tasks where name like 'Bulk %' and id % 3 = 0`);
    await expectTotalsExact();
  });

  it("is what GET /pipelines answers", async () => {
    const harbour = await tenantId(api, "Harbour Brokers");
    const res = await api.request("GET", "/pipelines", { token: admin, query: { include: "stages", page: { size: 100 } } });
    expect(res.status).toBe(200);
    const direct = await rows(
      sql`select pipeline_id as id, count(*) as tasks, count(*) filter (where state = 'open') as open from tasks where tenant_id = ${harbour} group by 1`,
    );
    for (const p of res.body.data as { id: number; tasks_count: number; open_tasks_count: number; stages: { id: number; tasks_count: number }[] }[]) {
      const d = direct.find((r) => r.id === p.id);
      expect([p.tasks_count, p.open_tasks_count]).toEqual([d?.tasks ?? 0, d?.open ?? 0]);
    }
  });

  // Last: it empties this file's database.
  it("is emptied with the tasks by a truncate, and counts what is added after", async () => {
    await api.database.db.execute(sql`truncate tasks cascade`);
    expect(await rows(sql`select count(*) as n from task_totals`)).toEqual([{ n: 0 }]);
    expect(await rows(sql`select count(*) as n from task_day_totals`)).toEqual([{ n: 0 }]);
    const { id: pipeline, stages } = await demoPipeline(api, "Harbour Brokers", "New business");
    await makeTask(api, admin, { name: "After the truncate", pipeline_id: pipeline, pipeline_stage_id: stages[0].id, expected_revenue: 10 });
    await expectTotalsExact();
  });
});

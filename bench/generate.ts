/**
 * Fills one tenant (Harbour Brokers) with a large book, in SQL with generate_series, on PGlite (the
 * data dir of DATA_DIR) or PostgreSQL (DATABASE_URL):
 *
 *   npx tsx bench/generate.ts --tasks 1000000 --individuals 200000 --companies 200000 --notifications 1000000
 *
 * Defaults are the sizes; BENCH_SCALE=0.01 (or --scale) shrinks all of them for a quick run.
 * The demo seed is applied first when the database is empty. Rows are added in batches so memory stays flat.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../api/config";
import { openDatabase, type Database } from "../api/db/client";
import { ensureReferenceData } from "../api/db/reference";
import { isSeeded, seedDemo } from "../api/db/seed";
import { createMail } from "../api/integrations/mail";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "1000000" },
    individuals: { type: "string", default: "200000" },
    companies: { type: "string", default: "200000" },
    notifications: { type: "string", default: "1000000" },
    scale: { type: "string", default: process.env.BENCH_SCALE ?? "1" },
    batch: { type: "string", default: "100000" },
  },
});
const scale = Number(values.scale);
const size = (n: string | undefined) => Math.max(0, Math.round(Number(n) * scale));
const want = { tasks: size(values.tasks), individuals: size(values.individuals), companies: size(values.companies), notifications: size(values.notifications) };
const BATCH = Number(values.batch);

async function scalar(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const res = (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(res.rows[0] ?? { n: 0 })[0] ?? 0);
}

async function inBatches(what: string, total: number, insert: (from: number, to: number) => ReturnType<typeof sql>, database: Database) {
  const started = Date.now();
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await database.db.execute(insert(from, to));
    process.stdout.write(`\r  ${what}: ${to.toLocaleString("en-GB")} / ${total.toLocaleString("en-GB")}`);
  }
  process.stdout.write(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

export async function generate(database: Database, sizes = want) {
  const tenant = await scalar(database, sql`select id from companies where name = 'Harbour Brokers'`);
  if (!tenant) throw new Error("Harbour Brokers is missing: seed the demo data first.");
  const admin = await scalar(database, sql`select id from users where email = 'admin@harbour.test'`);

  console.log(`Generating for tenant ${tenant}:`, sizes);
  await inBatches(
    "individuals",
    sizes.individuals,
    (from, to) => sql`
      insert into individuals (tenant_id, first_name, last_name, email, telephone, postcode, created_at, updated_at)
      select ${tenant}, 'Bench' || g, 'Client ' || (g % 997), 'bench.client' || g || '@example.com', '07700 9' || lpad((g % 100000)::text, 5, '0'),
             'SW1A ' || (g % 9) || 'AA', now() - (g % 3650) * interval '1 day', now() - (g % 365) * interval '1 day'
      from generate_series(${from}::int, ${to}::int) g`,
    database,
  );
  await inBatches(
    "companies",
    sizes.companies,
    (from, to) => sql`
      insert into client_companies (tenant_id, name, created_at, updated_at)
      select ${tenant}, 'Bench Company ' || g || ' Ltd', now() - (g % 3650) * interval '1 day', now() - (g % 365) * interval '1 day'
      from generate_series(${from}::int, ${to}::int) g`,
    database,
  );
  // Tasks spread over the tenant's active pipelines and their stages, members, priorities and dates.
  const stageRows = ((await database.db.execute(
    sql`select s.id, s.pipeline_id from pipeline_stages s join pipelines p on p.id = s.pipeline_id where p.tenant_id = ${tenant} and p.status = 1 order by s.pipeline_id, s.sort_order`,
  )) as unknown as { rows: { id: number; pipeline_id: number }[] }).rows;
  if (stageRows.length === 0) throw new Error("Harbour Brokers has no active pipeline.");
  const memberIds = ((await database.db.execute(sql`select id from users where tenant_id = ${tenant} and status = 'active' order by id`)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  const stageArray = `{${stageRows.map((r) => r.id).join(",")}}`;
  const stagePipelineArray = `{${stageRows.map((r) => r.pipeline_id).join(",")}}`;
  const memberArray = `{${memberIds.join(",")}}`;
  await inBatches(
    "tasks",
    sizes.tasks,
    (from, to) => sql`
      insert into tasks (tenant_id, name, priority, review_status, pipeline_id, pipeline_stage_id, team_member_id, expected_revenue, expected_close_date, created_by, created_at, updated_at)
      select ${tenant}, 'Bench opportunity ' || g, 1 + g % 3, 1 + g % 6,
             (${stagePipelineArray}::int[])[1 + g % ${stageRows.length}], (${stageArray}::int[])[1 + g % ${stageRows.length}],
             (${memberArray}::int[])[1 + g % ${memberIds.length}], (g % 500) * 100 + 250,
             (current_date + ((g % 400) - 100))::date, ${admin}, now() - (g % 1500) * interval '6 hours', now() - (g % 900) * interval '1 hour'
      from generate_series(${from}::int, ${to}::int) g`,
    database,
  );
  await inBatches(
    "notifications",
    sizes.notifications,
    (from, to) => sql`
      insert into notifications (tenant_id, user_id, data, read_at, created_at)
      select ${tenant}, ${admin}, jsonb_build_object('title', 'Bench notification ' || g, 'desc', 'Generated for the benchmark', 'link', '/tasks'),
             case when g % 10 = 0 then null else now() end, now() - g * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) g`,
    database,
  );
  console.log("Analysing tables …");
  await database.db.execute(sql`analyze`);
  return { tenant, firstPipeline: Number(stageRows[0].pipeline_id) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, "pglite") });
  await database.migrate();
  await ensureReferenceData(database.db);
  if (!(await isSeeded(database))) await seedDemo(database, createMail(database.db, config), config.PORTAL_URL);
  await generate(database);
  await database.close();
}

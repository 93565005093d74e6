/**
 * Fills one tenant (Harbour Brokers) with a large book, in SQL with generate_series, on PGlite (the
 * data dir of DATA_DIR) or PostgreSQL (DATABASE_URL):
 *
 *   npx tsx bench/generate.ts --tasks 1000000 --individuals 200000 --companies 200000 --notifications 1000000 --policies 1000000
 *
 * Defaults are the sizes; BENCH_SCALE=0.01 (or --scale) shrinks all of them for a quick run. Payments
 * (customer transactions, `--payments N`) are made only when asked: none by default.
 * The demo seed is applied first when the database is empty. Rows are added in batches so memory stays flat.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "#api/config";
import { openDatabase, type Database } from "#api/db/client";
import { ensureReferenceData } from "#api/db/reference";
import { isSeeded, seedDemo } from "#api/db/seed";
import { createMail } from "#api/integrations/mail";

/** The sizes. */
export const FULL_SIZES = { tasks: 1_000_000, individuals: 200_000, companies: 200_000, notifications: 1_000_000, policies: 1_000_000 };
/** The policies are optional (older callers give the four first sizes only), and so are the payments. */
export type Sizes = Omit<typeof FULL_SIZES, "policies"> & { policies?: number; payments?: number };
/** The sizes times a scale (BENCH_SCALE when imported, e.g. by bench/run.ts). */
export const scaled = (scale: number, sizes: Sizes = FULL_SIZES): Sizes =>
  Object.fromEntries(Object.entries(sizes).map(([k, n]) => [k, Math.max(0, Math.round(n * scale))])) as Sizes;

// The command line is read only when this file is run (run.ts imports it with its own options).
const isMain = import.meta.url === `file://${process.argv[1]}`;
const { values } = parseArgs({
  args: isMain ? process.argv.slice(2) : [],
  options: {
    tasks: { type: "string", default: String(FULL_SIZES.tasks) },
    individuals: { type: "string", default: String(FULL_SIZES.individuals) },
    companies: { type: "string", default: String(FULL_SIZES.companies) },
    notifications: { type: "string", default: String(FULL_SIZES.notifications) },
    policies: { type: "string", default: String(FULL_SIZES.policies) },
    payments: { type: "string", default: "0" },
    scale: { type: "string", default: process.env.BENCH_SCALE ?? "1" },
    batch: { type: "string", default: "100000" },
  },
});
const want = scaled(Number(values.scale), {
  tasks: Number(values.tasks),
  individuals: Number(values.individuals),
  companies: Number(values.companies),
  notifications: Number(values.notifications),
  policies: Number(values.policies),
  payments: Number(values.payments),
});
const BATCH = Number(values.batch);

async function scalar(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const res = (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(res.rows[0] ?? { n: 0 })[0] ?? 0);
}

let quiet = false;
const say = (text: string) => quiet || process.stdout.write(text);

async function inBatches(what: string, total: number, insert: (from: number, to: number) => ReturnType<typeof sql>, database: Database) {
  const started = Date.now();
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await database.db.execute(insert(from, to));
    say(`\r  ${what}: ${to.toLocaleString("en-GB")} / ${total.toLocaleString("en-GB")}`);
  }
  say(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

/** Adds the rows to Harbour Brokers; `options.quiet` for tests (no progress lines). */
export async function generate(database: Database, sizes: Sizes = want, options: { quiet?: boolean } = {}) {
  quiet = options.quiet ?? false;
  const tenant = await scalar(database, sql`select id from companies where name = 'Harbour Brokers'`);
  if (!tenant) throw new Error("Harbour Brokers is missing: seed the demo data first.");
  const admin = await scalar(database, sql`select id from users where email = 'admin@harbour.test'`);

  say(`Generating for tenant ${tenant}: ${JSON.stringify(sizes)}\n`);
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
  const stageRows = (
    (await database.db.execute(
      sql`select s.id, s.pipeline_id from pipeline_stages s join pipelines p on p.id = s.pipeline_id where p.tenant_id = ${tenant} and p.status = 1 order by s.pipeline_id, s.sort_order`,
    )) as unknown as { rows: { id: number; pipeline_id: number }[] }
  ).rows;
  if (stageRows.length === 0) throw new Error("Harbour Brokers has no active pipeline.");
  const memberIds = (
    (await database.db.execute(sql`select id from users where tenant_id = ${tenant} and status = 'active' order by id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => Number(r.id));
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
  // Policies in every state, for the tenant's individuals (every 4th for a client company), renewals spread over two
  // years around today; numbers unique per tenant ('BENCH-' and the series).
  const clients = (
    (await database.db.execute(sql`select id from individuals where tenant_id = ${tenant} order by id limit 5000`)) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => Number(r.id));
  const firms = (
    (await database.db.execute(sql`select id from client_companies where tenant_id = ${tenant} order by id limit 5000`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => Number(r.id));
  const policyCount = sizes.policies ?? 0;
  if (policyCount > 0 && clients.length === 0) throw new Error("Harbour Brokers has no individuals for the policies.");
  const clientArray = `{${clients.join(",")}}`;
  const firmArray = `{${(firms.length ? firms : [0]).join(",")}}`;
  const states = `{QUOTE,BOUND,BOUND,BOUND,RENEWAL,COOLING_OFF,REFERRED,DECLINED,CANCELLED,EXPIRED}`;
  await inBatches(
    "policies",
    policyCount,
    (from, to) => sql`
      insert into policies (tenant_id, number, product_name, class_of_business, insurer, individual_id, client_company_id, main_broker_name,
                            premium_pence, ipt_rate, ipt_pence, fees_pence, inception_date, renewal_date, state, cancellation_reason, created_by, created_at, updated_at)
      select ${tenant}, 'BENCH-' || lpad(g::text, 8, '0'), (array['Commercial Combined','Fleet Motor','Professional Indemnity','Cyber Liability','Home Insurance','Business Travel'])[1 + g % 6],
             (array['Property','Motor','Liability','Cyber','Household','Travel'])[1 + g % 6], (array['Aviva','AXA','Allianz','Zurich','RSA','Hiscox'])[1 + g % 6],
             case when ${firms.length} > 0 and g % 4 = 0 then null else (${clientArray}::int[])[1 + g % ${clients.length}] end,
             case when ${firms.length} > 0 and g % 4 = 0 then (${firmArray}::int[])[1 + g % ${Math.max(1, firms.length)}] else null end,
             (array['Harbour Brokers','Coastline Wholesale','Meridian MGA','Northgate Placing'])[1 + g % 4],
             (g % 5000) * 100 + 5000, case when g % 6 = 5 then 20 else 12 end,
             round(((g % 5000) * 100 + 5000) * (case when g % 6 = 5 then 20 else 12 end) / 100.0), (g % 4) * 2500,
             (current_date - (g % 730) + 30)::date - 365, (current_date - (g % 730) + 30)::date,
             (${states}::text[])[1 + g % 10], case when g % 10 = 8 then 'client_request' end,
             ${admin}, now() - (g % 2000) * interval '5 hours', now() - (g % 900) * interval '1 hour'
      from generate_series(${from}::int, ${to}::int) g`,
    database,
  );
  // Payments (customer transactions) in every status, card or card present, for the tenant's individuals (every 5th
  // for a client company, every 7th a walk-in payer only), amounts from £1 to £5,000, spread over a year; no invoice.
  const statuses = `{succeeded,succeeded,succeeded,succeeded,failed,refunded,partially_refunded,authorised,cancelled,succeeded}`;
  await inBatches(
    "payments",
    sizes.payments ?? 0,
    (from, to) => sql`
      insert into payments (tenant_id, individual_id, client_company_id, payer_name, description, method, status, amount_pence, refunded_pence,
                            provider, provider_payment_id, card_brand, card_last4, idempotency_key, paid_at, created_at, updated_at)
      select ${tenant},
             case when g % 7 = 6 or (${firms.length} > 0 and g % 5 = 0) then null else (${clientArray}::int[])[1 + g % ${Math.max(1, clients.length)}] end,
             case when g % 7 <> 6 and ${firms.length} > 0 and g % 5 = 0 then (${firmArray}::int[])[1 + g % ${Math.max(1, firms.length)}] end,
             'Bench Payer ' || (g % 997), 'Bench payment ' || g, case when g % 10 = 3 then 'card_present' else 'card' end, status, amount,
             case status when 'refunded' then amount when 'partially_refunded' then amount / 2 else 0 end,
             'sandbox', 'pi_bench_' || g, 'visa', lpad((g % 10000)::text, 4, '0'), 'bench-payment-' || g,
             case when status in ('succeeded', 'refunded', 'partially_refunded') then made end, made, made
      from (select g, (${statuses}::text[])[1 + g % 10] as status, (g % 50000) * 10 + 100 as amount, now() - (g % 8760) * interval '1 hour' - (g % 60) * interval '1 second' as made
            from generate_series(${from}::int, ${to}::int) g) s`,
    database,
  );
  // As autovacuum would on a live database: statistics for the planner, and the visibility map that lets
  // index-only scans skip the table.
  say("Vacuuming and analysing the tables …\n");
  for (const table of ["tasks", "individuals", "client_companies", "notifications", "policies", "payments"])
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  await database.db.execute(sql`analyze`);
  return { tenant, firstPipeline: Number(stageRows[0].pipeline_id) };
}

if (isMain) {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, "pglite") });
  await database.migrate();
  await ensureReferenceData(database.db);
  if (!(await isSeeded(database))) await seedDemo(database, createMail(database.db, config), config.PORTAL_URL);
  await generate(database);
  await database.close();
}

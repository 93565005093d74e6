/**
 * The payments list (customer transactions) at scale, filter by filter, in process (the API's own service function):
 *
 *   DATABASE_URL=… npx tsx bench/payment-list.ts [--runs 15] [--no-migrate]
 *
 * Data: bench/generate.ts (`--payments 200000`). For each of the list's filters and sorts: page 1 on a first view
 * (remembered counts and page starts forgotten, as after a write) and on a repeat view (the count remembered at the
 * payments version), median and p95; then page 500 of the busiest view. SERVICE=path loads another copy of the
 * service (the figures before a change). Results on stdout, as Markdown.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { listQuerySchema } from "#contract/common";
import { openDatabase } from "#api/db/client";
import { countMemory, pageStarts } from "#api/http/paging";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "15" }, "no-migrate": { type: "boolean", default: false } } });
const RUNS = Number(args.runs);
const service = (await import(process.env.SERVICE ?? "#api/modules/payments/service")) as typeof import("#api/modules/payments/service");

const database = await openDatabase({ url: process.env.DATABASE_URL });
if (!args["no-migrate"]) {
  const t = performance.now();
  await database.migrate();
  console.log(`Migrations applied in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
const res = (await database.db.execute(
  sql`select c.id as tenant, (select count(*) from payments p where p.tenant_id = c.id) as n from companies c where c.name = 'Harbour Brokers'`,
)) as unknown as { rows: { tenant: unknown; n: unknown }[] };
const tenant = Number(res.rows[0].tenant);
console.log(`${Number(res.rows[0].n).toLocaleString("en-GB")} payments in the tenant\n`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function time(filter: Record<string, unknown>, sort: string, page: number, firstView: boolean) {
  const query = listQuerySchema({ maxSize: 100 }).parse({ page: { number: page, size: 10 }, filter, sort });
  const times: number[] = [];
  let total = 0;
  let capped = false;
  for (let i = 0; i < RUNS + 2; i++) {
    if (firstView) {
      countMemory(database.db).clear();
      pageStarts(database.db).clear();
    }
    const t = performance.now();
    const out = await service.listPayments(database.db, tenant, query);
    if (i >= 2) times.push(performance.now() - t);
    const counted = out.total as number | { total: number; capped: boolean };
    total = typeof counted === "number" ? counted : counted.total;
    capped = typeof counted === "number" ? false : counted.capped;
  }
  return { median: median(times), p95: p95(times), total: `${total.toLocaleString("en-GB")}${capped ? "+" : ""}` };
}

const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const views: [string, Record<string, unknown>, string][] = [
  ["no filter", {}, "-created_at"],
  ["status succeeded", { status: "succeeded" }, "-created_at"],
  ["status refunded,partially_refunded", { status: "refunded,partially_refunded" }, "-created_at"],
  ["method card_present", { method: "card_present" }, "-created_at"],
  ["created_at last 30 days", { created_at: { from: monthAgo } }, "-created_at"],
  ["amount £100–£200", { amount_from: "100", amount_to: "200" }, "-created_at"],
  ["client 'Payer 12'", { client: "Payer 12" }, "-created_at"],
  ["search 'pi_bench_12345'", { search: "pi_bench_12345" }, "-created_at"],
  ["sort amount", {}, "amount"],
  ["sort -amount", {}, "-amount"],
  ["sort status", {}, "status"],
  ["sort -status", {}, "-status"],
  ["sort client", {}, "client"],
];

console.log("| View (10 a page, page 1) | Total | First view median | p95 | Repeat view median | p95 |");
console.log("|---|---|---|---|---|---|");
for (const [label, filter, sort] of views) {
  const first = await time(filter, sort, 1, true);
  const again = await time(filter, sort, 1, false);
  console.log(`| ${label}, sort ${sort} | ${first.total} | ${ms(first.median)} | ${ms(first.p95)} | ${ms(again.median)} | ${ms(again.p95)} |`);
}
const deepFirst = await time({ status: "succeeded" }, "-created_at", 500, true);
const deepAgain = await time({ status: "succeeded" }, "-created_at", 500, false);
console.log(
  `| page 500: status succeeded | ${deepFirst.total} | ${ms(deepFirst.median)} | ${ms(deepFirst.p95)} | ${ms(deepAgain.median)} | ${ms(deepAgain.p95)} |`,
);
await database.close();

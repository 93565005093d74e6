/**
 * The policies list at scale, filter by filter, in process (the API's own service function):
 *
 *   DATABASE_URL=… npx tsx bench/policy-list.ts [--runs 15] [--no-migrate]
 *
 * Data: bench/generate.ts (`--policies 1000000`). For each of the list's filters (and a sort), alone and with
 * the state: page 1 on a first view (remembered counts and page starts forgotten, as after a write) and on a
 * repeat view (the count remembered at the policies version), median and p95; then page 500 of the busiest view.
 * SERVICE=path loads another copy of the service (the figures before a change). Results on stdout, as Markdown.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { listQuerySchema } from "#contract/common";
import { openDatabase } from "#api/db/client";
import { countMemory, pageStarts } from "#api/http/paging";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "15" }, "no-migrate": { type: "boolean", default: false } } });
const RUNS = Number(args.runs);
const service = (await import(process.env.SERVICE ?? "#api/modules/policies/service")) as typeof import("#api/modules/policies/service");

const database = await openDatabase({ url: process.env.DATABASE_URL });
if (!args["no-migrate"]) {
  const t = performance.now();
  await database.migrate();
  console.log(`Migrations applied in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
const res = (await database.db.execute(
  sql`select c.id as tenant, (select count(*) from policies p where p.tenant_id = c.id) as n from companies c where c.name = 'Harbour Brokers'`,
)) as unknown as { rows: { tenant: unknown; n: unknown }[] };
const tenant = Number(res.rows[0].tenant);
console.log(`${Number(res.rows[0].n).toLocaleString("en-GB")} policies in the tenant\n`);

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
    const out = await service.listPolicies(database.db, tenant, query);
    if (i >= 2) times.push(performance.now() - t);
    total = typeof out.total === "number" ? out.total : out.total.total;
    capped = typeof out.total === "number" ? false : out.total.capped;
  }
  return { median: median(times), p95: p95(times), total: `${total.toLocaleString("en-GB")}${capped ? "+" : ""}` };
}

const year = new Date().getFullYear();
const views: [string, Record<string, unknown>, string][] = [
  ["no filter", {}, "-created_at"],
  ["policyNumber 'BENCH-0001'", { policyNumber: "BENCH-0001" }, "-created_at"],
  ["productName 'Cyber'", { productName: "Cyber" }, "-created_at"],
  ["mainBrokerName 'Harbour'", { mainBrokerName: "Harbour" }, "-created_at"],
  ["client_name 'a'", { client_name: "an" }, "-created_at"],
  ["creationDate this year", { creationDate: { from: `${year}-01-01`, to: `${year}-12-31` } }, "-created_at"],
  ["renewalDate next 90 days", { renewalDate: { from: `${year}-12-01`, to: `${year + 1}-02-28` } }, "renewal_date"],
  ["state BOUND", { state: "BOUND" }, "-created_at"],
  ["state BOUND + mainBrokerName 'Harbour'", { state: "BOUND", mainBrokerName: "Harbour" }, "-created_at"],
  ["state CANCELLED + productName 'Fleet'", { state: "CANCELLED", productName: "Fleet" }, "-created_at"],
  ["renewal_due 30", { renewal_due: "30" }, "renewal_date"],
  ["sort number", {}, "number"],
  ["sort -main_broker_name", {}, "-main_broker_name"],
  ["sort state", {}, "state"],
];

console.log("| View (10 a page, page 1) | Total | First view median | p95 | Repeat view median | p95 |");
console.log("|---|---|---|---|---|---|");
for (const [label, filter, sort] of views) {
  const first = await time(filter, sort, 1, true);
  const again = await time(filter, sort, 1, false);
  console.log(`| ${label}, sort ${sort} | ${first.total} | ${ms(first.median)} | ${ms(first.p95)} | ${ms(again.median)} | ${ms(again.p95)} |`);
}
const deepFirst = await time({ state: "BOUND", mainBrokerName: "Harbour" }, "-created_at", 500, true);
const deepAgain = await time({ state: "BOUND", mainBrokerName: "Harbour" }, "-created_at", 500, false);
console.log(
  `| page 500: state BOUND + mainBrokerName 'Harbour' | ${deepFirst.total} | ${ms(deepFirst.median)} | ${ms(deepFirst.p95)} | ${ms(deepAgain.median)} | ${ms(deepAgain.p95)} |`,
);
await database.close();

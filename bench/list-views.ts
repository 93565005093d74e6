/**
 * A large list timed view by view, in process (the API's own list function), for bench/policy-list.ts and
 * bench/payment-list.ts: for each view, page 1 on a first view (remembered counts and page starts forgotten, as after
 * a write) and on a repeat view (the count remembered at the list's version), median and p95 of `--runs` (two warm-up
 * runs first); then one deep page. Harbour Brokers' rows (bench/generate.ts). Results on stdout, as Markdown.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { listQuerySchema, type ListQuery } from "#contract/common";
import { openDatabase, type Db } from "#api/db/client";
import { countMemory, pageStarts } from "#api/http/paging";

/** A view: its label, its filters and its sort. */
export type ListView = [label: string, filter: Record<string, unknown>, sort: string];

export interface ListViews {
  /** The list's table (its rows in the tenant are counted for the heading). */
  table: "policies" | "payments";
  list: (db: Db, tenantId: number, query: ListQuery) => Promise<{ total: number | { total: number; capped: boolean } }>;
  views: ListView[];
  /** The view whose page `deepPage` is timed last. */
  deep: ListView;
  deepPage?: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function timeListViews({ table, list, views, deep, deepPage = 500 }: ListViews) {
  const { values: args } = parseArgs({ options: { runs: { type: "string", default: "15" }, "no-migrate": { type: "boolean", default: false } } });
  const runs = Number(args.runs);
  const database = await openDatabase({ url: process.env.DATABASE_URL });
  if (!args["no-migrate"]) {
    const t = performance.now();
    await database.migrate();
    console.log(`Migrations applied in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const res = (await database.db.execute(
    sql`select c.id as tenant, (select count(*) from ${sql.identifier(table)} r where r.tenant_id = c.id) as n from companies c where c.name = 'Harbour Brokers'`,
  )) as unknown as { rows: { tenant: unknown; n: unknown }[] };
  const tenant = Number(res.rows[0].tenant);
  console.log(`${Number(res.rows[0].n).toLocaleString("en-GB")} ${table} in the tenant\n`);

  async function time([, filter, sort]: ListView, page: number, firstView: boolean) {
    const query = listQuerySchema({ maxSize: 100 }).parse({ page: { number: page, size: 10 }, filter, sort });
    const times: number[] = [];
    let counted: number | { total: number; capped: boolean } = 0;
    for (let i = 0; i < runs + 2; i++) {
      if (firstView) {
        countMemory(database.db).clear();
        pageStarts(database.db).clear();
      }
      const t = performance.now();
      counted = (await list(database.db, tenant, query)).total;
      if (i >= 2) times.push(performance.now() - t);
    }
    const total = typeof counted === "number" ? `${counted.toLocaleString("en-GB")}` : `${counted.total.toLocaleString("en-GB")}${counted.capped ? "+" : ""}`;
    return { median: median(times), p95: p95(times), total };
  }
  const row = async (label: string, view: ListView, page: number) => {
    const first = await time(view, page, true);
    const again = await time(view, page, false);
    console.log(`| ${label} | ${first.total} | ${ms(first.median)} | ${ms(first.p95)} | ${ms(again.median)} | ${ms(again.p95)} |`);
  };

  console.log("| View (10 a page, page 1) | Total | First view median | p95 | Repeat view median | p95 |");
  console.log("|---|---|---|---|---|---|");
  for (const view of views) await row(`${view[0]}, sort ${view[2]}`, view, 1);
  await row(`page ${deepPage}: ${deep[0]}`, deep, deepPage);
  await database.close();
}

/**
 * The main lists stay on their indexes at scale: on a generated tenant of moderate size (Harbour Brokers with
 * 50,000 tasks, 50,000 individuals and companies, 20,000 notifications and payments, by bench/generate.ts) every
 * query behind the tasks list (each filter and sort of the portal's list, page 1 and a deep page), the individuals
 * and companies lists, the notifications panel and the payments list (its sorts and the filters on its own table) is
 * EXPLAINed as the API sent it, and a sequential scan of tasks, individuals, client_companies, notifications or
 * payments fails the test. Counts are capped (TOTAL_CAP), so a
 * large list answers total_capped with a lower bound. The free-text search is served by trigram indexes
 * (pg_trgm): anywhere in a name for a term of three characters or more, the start of a word for one or two.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_SORTS, INDIVIDUAL_SORTS } from "#contract/clients";
import { TOTAL_CAP } from "#api/http/paging";
import { generate } from "#bench/generate";
import { createTestApi, type TestApi } from "../helpers/api";
import { countQueries, tenantId, userId, userWith } from "../helpers/crm";

const BIG_TABLES = new Set(["tasks", "individuals", "client_companies", "notifications", "payments"]);
const SIZES = { tasks: 50_000, individuals: 50_000, companies: 50_000, notifications: 20_000, payments: 20_000 };

let api: TestApi;
let admin: string;
/** A user of Harbour Brokers who may see its payments (the generated ones). */
let cashier: string;
let harbour: number;
let adminId: number;

type Run = (...args: unknown[]) => Promise<unknown>;
interface Captured {
  text: string;
  params: unknown[];
}
interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function client() {
  return (api.database.db as unknown as { session: { client: Record<string, Run> } }).session.client;
}

/** The statements the API runs while fn runs (PGlite: query(text, params); pg: query({ text, … }, params)). */
async function capture(fn: () => Promise<unknown>): Promise<Captured[]> {
  const c = client();
  const original = c.query;
  const seen: Captured[] = [];
  c.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === "string") seen.push({ text: first, params: Array.isArray(second) ? second : [] });
    else if (first && typeof first === "object" && "text" in first) {
      // drizzle's node-postgres session: query({ text, rowMode, types }, params).
      seen.push({
        text: String((first as { text: string }).text),
        params: (Array.isArray(second) ? second : ((first as { values?: unknown[] }).values ?? [])) as unknown[],
      });
    }
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    c.query = original;
  }
  return seen;
}

async function explain(statement: Captured): Promise<PlanNode> {
  const c = client();
  const text = `explain (format json) ${statement.text}`;
  const res = (api.database.kind === "pglite" ? await c.query(text, statement.params) : await c.query({ text, values: statement.params })) as {
    rows: Record<string, unknown>[];
  };
  const cell = res.rows[0]["QUERY PLAN"];
  const doc = (typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return doc[0].Plan;
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
const touchesBigTable = (s: Captured) => /^\s*select/i.test(s.text) && [...BIG_TABLES].some((t) => s.text.includes(`"${t}"`));

/** GETs url and EXPLAINs every select on a large table it ran: the sequential scans found, and the indexes used. */
async function plansOf(url: string, query: Record<string, unknown>, token = admin) {
  let status = 0;
  const statements = await capture(async () => {
    status = (await api.request("GET", url, { token, query })).status;
  });
  expect(status, `${url} ${JSON.stringify(query)}`).toBe(200);
  const listQueries = statements.filter(touchesBigTable);
  expect(listQueries.length).toBeGreaterThan(0);
  const seqScans: string[] = [];
  const indexes = new Set<string>();
  for (const s of listQueries) {
    for (const n of nodes(await explain(s))) {
      if (n["Node Type"] === "Seq Scan" && n["Relation Name"] && BIG_TABLES.has(n["Relation Name"])) seqScans.push(`${n["Relation Name"]} in: ${s.text}`);
      if (n["Index Name"]) indexes.add(n["Index Name"]);
    }
  }
  return { seqScans, indexes: [...indexes] };
}

beforeAll(async () => {
  api = await createTestApi();
  await generate(api.database, SIZES, { quiet: true });
  admin = await api.login("admin@harbour.test");
  harbour = await tenantId(api, "Harbour Brokers");
  adminId = await userId(api, "admin@harbour.test");
  cashier = (await userWith(api, harbour, ["payment_view"])).token;
}, 300_000);
afterAll(async () => {
  await api?.close();
});

async function firstId(sqlText: string): Promise<number> {
  const res = (await api.database.db.execute(sql.raw(sqlText))) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(res.rows[0])[0]);
}

describe("list queries on a generated tenant (50,000 tasks)", () => {
  it("tasks list: every filter and sort of the portal's list, page 1 and page 500, on indexes", async () => {
    const pipeline = await firstId(`select id from pipelines where tenant_id = ${harbour} and status = 1 order by id limit 1`);
    const stage = await firstId(`select id from pipeline_stages where pipeline_id = ${pipeline} order by sort_order limit 1`);
    const team = await firstId(`select coalesce(min(id), 0) from teams where tenant_id = ${harbour}`);
    const cases: Record<string, unknown>[] = [
      {},
      { filter: { pipeline_id: pipeline } },
      { filter: { pipeline_id: pipeline, priority: 1 } },
      { filter: { pipeline_id: pipeline, priority: 1 }, page: { number: 500 } },
      { filter: { pipeline_id: pipeline, pipeline_stage_id: stage } },
      { filter: { pipeline_stage_id: stage } },
      { filter: { team_member_id: adminId } },
      { filter: { team_member_id: adminId }, sort: "name" },
      ...(team ? [{ filter: { team_id: team } }] : []),
      { filter: { priority: 1 } },
      { filter: { review_status: 2 } },
      { filter: { open: "true" } },
      { filter: { state: "won" } },
      { filter: { created_at: { from: "2020-01-01", to: "2030-12-31" } } },
      { filter: { expected_close_date: { from: "2020-01-01", to: "2030-12-31" } } },
      { page: { number: 500 } },
      { filter: { search: "zzqx" } },
      { filter: { search: "opportunity 4865" } },
      ...[
        "name",
        "-name",
        "priority",
        "-priority",
        "review_status",
        "updated_at",
        "-updated_at",
        "expected_revenue",
        "-expected_revenue",
        "expected_close_date",
        "created_at",
      ].map((sort) => ({ sort })),
    ];
    const failures: string[] = [];
    for (const query of cases) {
      const { seqScans } = await plansOf("/task", { include: "pipeline,pipelineStage,teamMember,team", ...query });
      if (seqScans.length) failures.push(`${JSON.stringify(query)} → ${seqScans.join("; ")}`);
    }
    expect(failures).toEqual([]);
  });

  it("a page seen again, and the page after it, start at a row (a keyset) on the same indexes: tasks, individuals, companies", async () => {
    const pipeline = await firstId(`select id from pipelines where tenant_id = ${harbour} and status = 1 order by id limit 1`);
    // Pages at least KEYSET_FROM rows in (10 a page): nearer the top an offset is read.
    const cases: [string, { filter?: Record<string, unknown>; sort?: string; page: { number: number } }][] = [
      ["/task", { filter: { pipeline_id: pipeline, priority: 1 }, page: { number: 500 } }],
      ["/task", { page: { number: 500 } }],
      ["/task", { filter: { team_member_id: adminId }, sort: "name", page: { number: 150 } }],
      ["/task", { sort: "-priority", page: { number: 300 } }],
      ["/task", { filter: { review_status: 2 }, sort: "updated_at", page: { number: 150 } }],
      ["/individual", { page: { number: 500 } }],
      ["/individual", { sort: "-created_at", page: { number: 300 } }],
      ["/company", { page: { number: 500 } }],
      ["/company", { sort: "-name", page: { number: 300 } }],
    ];
    const failures: string[] = [];
    for (const [url, query] of cases) {
      // The first view reads the page by its offset and remembers where it and the next page start.
      expect((await api.request("GET", url, { token: admin, query })).status).toBe(200);
      for (const again of [query, { ...query, page: { number: query.page.number + 1 } }]) {
        const statements = await capture(() => api.request("GET", url, { token: admin, query: again }));
        const fromRow = statements.filter((s) => /\) (<=|<|>=|>) \(select /.test(s.text));
        expect(fromRow, `${url} ${JSON.stringify(again)}`).toHaveLength(1);
        const scans = nodes(await explain(fromRow[0])).filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] && BIG_TABLES.has(n["Relation Name"]));
        if (scans.length) failures.push(`${url} ${JSON.stringify(again)} → ${fromRow[0].text}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("individuals, companies and the notifications panel on indexes", async () => {
    const individualSorts = INDIVIDUAL_SORTS.flatMap((f) => [f, `-${f}`]);
    const companySorts = COMPANY_SORTS.flatMap((f) => [f, `-${f}`]);
    const cases: [string, Record<string, unknown>][] = [
      ["/individual", {}],
      ["/individual", { page: { number: 500 } }],
      // Every sort either way, the first page and a deep one.
      ...individualSorts.flatMap((sort): [string, Record<string, unknown>][] => [
        ["/individual", { sort }],
        ["/individual", { sort, page: { number: 200 } }],
      ]),
      ["/individual", { filter: { archived: "all" } }],
      ["/individual", { filter: { owner_user_id: adminId } }],
      ["/company", {}],
      ["/company", { page: { number: 500 } }],
      ...companySorts.flatMap((sort): [string, Record<string, unknown>][] => [
        ["/company", { sort }],
        ["/company", { sort, page: { number: 200 } }],
      ]),
      ["/company", { filter: { owner_user_id: adminId } }],
      ["/company", { filter: { type_id: 1 } }],
      ["/company", { filter: { employee_size_id: 1 } }],
      ["/company", { filter: { industry_id: 1 } }],
      ["/company", { filter: { trade_id: 1 } }],
      ["/individual", { filter: { search: "zzqx" } }],
      ["/company", { filter: { search: "zzqx" } }],
      ["/notification", {}],
      ["/notification", { page: { number: 2 } }],
      ["/notification/count", {}],
      ["/notification/count", { max: 100 }],
    ];
    const failures: string[] = [];
    for (const [url, query] of cases) {
      const { seqScans } = await plansOf(url, query);
      if (seqScans.length) failures.push(`${url} ${JSON.stringify(query)} → ${seqScans.join("; ")}`);
    }
    expect(failures).toEqual([]);
  });

  it("payments list: every sort and the filters on the payments table's columns, page 1 and page 500, on indexes; a deep page seen again from a row", async () => {
    const cases: Record<string, unknown>[] = [
      {},
      { page: { number: 500 } },
      { filter: { status: "succeeded" } },
      { filter: { status: "succeeded" }, page: { number: 500 } },
      { filter: { status: "refunded,partially_refunded" } },
      { filter: { created_at: { from: "2020-01-01", to: "2030-12-31" } } },
      { filter: { amount_from: "100", amount_to: "200" } },
      ...["created_at", "-created_at", "amount", "-amount", "status", "-status", "client", "-client"].flatMap((sort) => [
        { sort },
        { sort, page: { number: 200 } },
      ]),
    ];
    const failures: string[] = [];
    for (const query of cases) {
      const { seqScans } = await plansOf("/payment", query, cashier);
      if (seqScans.length) failures.push(`${JSON.stringify(query)} → ${seqScans.join("; ")}`);
    }
    expect(failures).toEqual([]);
    for (const query of [{ page: { number: 500 } }, { sort: "-status", page: { number: 300 } }, { sort: "amount", page: { number: 300 } }]) {
      expect((await api.request("GET", "/payment", { token: cashier, query })).status).toBe(200);
      const statements = await capture(() => api.request("GET", "/payment", { token: cashier, query }));
      const fromRow = statements.filter((s) => /\) (<=|<|>=|>) \(select /.test(s.text));
      expect(fromRow, JSON.stringify(query)).toHaveLength(1);
      const scans = nodes(await explain(fromRow[0])).filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "payments");
      expect(scans, JSON.stringify(query)).toEqual([]);
    }
  });

  it("searches of one or two characters (the start of a word) use the trigram indexes too", async () => {
    const cases: [string, string][] = [
      ["/task", "tasks_name_trgm_idx"],
      ["/individual", "individuals_search_trgm_idx"],
      ["/company", "client_companies_search_trgm_idx"],
    ];
    for (const [url, index] of cases) {
      const { seqScans, indexes } = await plansOf(url, { filter: { search: "zq" } });
      expect(seqScans, url).toEqual([]);
      expect(indexes, url).toContain(index);
    }
  });

  it("a large list counts up to the cap: total_capped, a lower-bound total, and pages on from the last one known", async () => {
    const first = await api.request("GET", "/task", { token: admin });
    expect(first.body.meta).toEqual({ current_page: 1, per_page: 10, total: TOTAL_CAP, last_page: TOTAL_CAP / 10, total_capped: true });
    // Beyond the cap: the rows up to this page are the lower bound, and the next page exists.
    const far = await api.request("GET", "/task", { token: admin, query: { page: { number: 1500 } } });
    expect(far.body.data).toHaveLength(10);
    expect(far.body.meta).toMatchObject({ current_page: 1500, total: 15_000, last_page: 1501, total_capped: true });
    expect(far.body.links.next).toContain("page[number]=1501");
    // The very last page: no next page, and the total is exact again from what was read.
    const all = await firstId(`select count(*) from tasks where tenant_id = ${harbour}`);
    const lastPage = Math.ceil(all / 10);
    const last = await api.request("GET", "/task", { token: admin, query: { page: { number: lastPage } } });
    expect(last.body.meta).toMatchObject({ current_page: lastPage, last_page: lastPage, total_capped: true });
    expect(last.body.links.next).toBeNull();
    // A filtered list under the cap is exact, as before.
    const few = await api.request("GET", "/task", { token: admin, query: { filter: { state: "won" } } });
    expect(few.body.meta.total_capped).toBeUndefined();
  });

  it("the tasks list runs the same number of queries for 1 or 100 rows a page, at page 1 and deep", async () => {
    const include = "pipeline,pipelineStage,teamMember,team,sourceIndividual,company,products,confidence";
    const one = await countQueries(api, () => api.request("GET", "/task", { token: admin, query: { include, page: { size: 1 } } }));
    const hundred = await countQueries(api, () => api.request("GET", "/task", { token: admin, query: { include, page: { size: 100 } } }));
    const deep = await countQueries(api, () => api.request("GET", "/task", { token: admin, query: { include, page: { size: 100, number: 50 } } }));
    expect(hundred).toBe(one);
    expect(deep).toBe(one);
  });
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_INLINE_LIMIT } from "#contract/exports";
import type { Permission } from "#contract/permissions";
import { dataExports, exportRows, notifications } from "#api/db/schema";
import { DiskStorage } from "#api/integrations/storage";
import { writeExport } from "#api/modules/exports/service";
import { createTestApi, type TestApi } from "../helpers/api";
import { emptyTenant, makeCompany, makeIndividual, makePipeline, makeTask, userWith } from "../helpers/crm";
import { eventually } from "../helpers/jobs";
import { create, item, pdfText, unique } from "../helpers/sales";

let api: TestApi;
const TASKS: Permission[] = ["task_view", "task_manage", "pipeline_view", "pipeline_manage", "pipeline_access"];
const BOM = "\uFEFF";

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** A fresh company whose user manages tasks, with a pipeline of its own. */
async function taskCompany(perms: Permission[] = TASKS) {
  const me = await emptyTenant(api, perms);
  const pipeline = await makePipeline(api, me.token);
  return { ...me, pipeline };
}

/** The CSV of a finished export, read back: the text (BOM included) and its records. */
async function download(token: string, id: number) {
  const res = await api.request("GET", `/export/download/${id}`, { token });
  expect(res.status, res.text).toBe(200);
  const records = parse(res.text, { bom: true }) as string[][];
  return { res, text: res.text, header: records[0], rows: records.slice(1) };
}

/** `count` tasks of the company in one INSERT … SELECT (names "<prefix> 000001" …), created a second apart. */
async function manyTasks(me: Awaited<ReturnType<typeof taskCompany>>, count: number, prefix: string) {
  const stage = me.pipeline.stages[0].id;
  await api.database.db.execute(sql`
    insert into tasks (tenant_id, name, pipeline_id, pipeline_stage_id, created_by, created_at, updated_at)
    select ${me.tenantId}, ${prefix} || ' ' || lpad(g::text, 6, '0'), ${me.pipeline.id}, ${stage}, ${me.id},
           now() - (g || ' seconds')::interval, now()
    from generate_series(1, ${count}) g`);
}

describe("guards", () => {
  it("401 without a token, 403 without the list's permission, 404 for a list without an export, 422 for a bad filter", async () => {
    const me = await taskCompany();
    const task = await makeTask(api, me.token, { name: unique("Guarded"), pipeline_id: me.pipeline.id });
    for (const [method, url] of [
      ["POST", "/export/tasks"],
      ["GET", "/export/tasks"],
      ["GET", "/export"],
      ["GET", "/export/download/1"],
      ["GET", `/export-pdf/tasks/${task.id}`],
    ] as const) {
      expect((await api.request(method, url, method === "POST" ? { body: {} } : {})).status, url).toBe(401);
    }

    const quotesOnly = await userWith(api, me.tenantId, ["quote_view"]);
    expect((await api.request("POST", "/export/tasks", { token: quotesOnly.token, body: {} })).status).toBe(403);
    expect((await api.request("GET", "/export/tasks", { token: quotesOnly.token })).status).toBe(403);
    expect((await api.request("GET", `/export-pdf/tasks/${task.id}`, { token: quotesOnly.token })).status).toBe(403);
    expect((await api.request("POST", "/export/individuals", { token: me.token, body: {} })).status).toBe(403);
    // …but the lists it may see, it may export.
    expect((await api.request("POST", "/export/quotes", { token: quotesOnly.token, body: {} })).status).toBe(201);

    // A list with no export: not found, like any path that does not exist.
    expect((await api.request("POST", "/export/spaceships", { token: me.token, body: {} })).status).toBe(404);
    expect((await api.request("GET", "/export/spaceships", { token: me.token })).status).toBe(404);

    // The list's own checks of its filters: the same 422 as GET /task, and nothing recorded.
    const before = await api.request("GET", "/export/tasks", { token: me.token });
    const badState = await api.request("POST", "/export/tasks", { token: me.token, body: { filter: { state: "sideways" } } });
    expect(badState.status).toBe(422);
    expect(badState.body.errors["filter.state"]).toEqual(
      (await api.request("GET", "/task", { token: me.token, query: { filter: { state: "sideways" } } })).body.errors["filter.state"],
    );
    const badDate = await api.request("POST", "/export/tasks", { token: me.token, body: { filter: { created_at: { from: "31/02/2026" } } } });
    expect(badDate.status).toBe(422);
    const badSort = await api.request("POST", "/export/tasks", { token: me.token, body: { sort: "name; drop table tasks" } });
    expect(badSort.status).toBe(422);
    expect(badSort.body.errors).toBeDefined();
    const badBody = await api.request("POST", "/export/tasks", { token: me.token, body: { filter: { name: { nested: "x" } } } });
    expect(badBody.status).toBe(422);
    const after = await api.request("GET", "/export/tasks", { token: me.token });
    expect(after.body.meta.total).toBe(before.body.meta.total);
  });
});

describe("a small export", () => {
  it("holds exactly the list's rows in its order, UTF-8 with a BOM, formulas escaped, written at once", async () => {
    const me = await taskCompany();
    const tag = unique("Harvest");
    const names = [`${tag} =HYPERLINK("http://evil.test","x")`, `${tag} plain`, `${tag} +1`, `${tag} café €5`];
    for (const name of names) await makeTask(api, me.token, { name, pipeline_id: me.pipeline.id, expected_revenue: 1250.5 });
    const risky = ["=1+2", "+44 20 7946 0000", "-2+3", "@SUM(A1:A2)"];
    for (const name of risky) await makeTask(api, me.token, { name, pipeline_id: me.pipeline.id });
    await makeTask(api, me.token, { name: unique("Other"), pipeline_id: me.pipeline.id });

    const query = { filter: { search: tag, pipeline_id: String(me.pipeline.id) }, sort: "-name" };
    const res = await api.request("POST", "/export/tasks", { token: me.token, body: query });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ type: "tasks", label: "Tasks", state: "done", total_rows: 4, row_count: 4, progress: 100, sort: "-name" });
    expect(res.body.data.download_url).toBe(`/export/download/${res.body.data.id}`);

    const file = await download(me.token, res.body.data.id);
    expect(file.text.startsWith(BOM)).toBe(true);
    expect(file.res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(String(file.res.headers["content-disposition"])).toContain(`tasks-`);
    expect(file.header.slice(0, 3)).toEqual(["ID", "Name", "Pipeline"]);
    // The list's own answer for the same filter and sort: the same ids, in the same order.
    const list = await api.request("GET", "/task", { token: me.token, query: { ...query, page: { size: 100 } } });
    expect(file.rows.map((r) => Number(r[0]))).toEqual(list.body.data.map((t: { id: number }) => t.id));
    expect(file.rows.map((r) => r[1])).toEqual([...names].sort().reverse());
    expect(file.rows.find((r) => r[1].endsWith("€5"))).toBeDefined();
    expect(file.rows[0][file.header.indexOf("Expected revenue (GBP)")]).toBe("1250.5");

    // Cells that start with = + - @ are written with a leading quote: a spreadsheet shows them, it does not run them.
    const all = await api.request("POST", "/export/tasks", { token: me.token, body: { filter: { pipeline_id: String(me.pipeline.id) }, sort: "name" } });
    const everything = await download(me.token, all.body.data.id);
    const written = everything.rows.map((r) => r[1]);
    for (const name of risky) expect(written).toContain(`'${name}`);
    expect(written).not.toContain("=1+2");
    expect(written).toContain(`${tag} plain`);
  });

  it("exports individuals, companies, quotes and invoices by their lists' filters", async () => {
    const me = await emptyTenant(api, ["individual_view", "company_view", "quote_view", "quote_manage", "invoice_view", "invoice_manage"]);
    const surname = unique("Exportson");
    await makeIndividual(api, me.tenantId, "Ada", surname, "ada@example.test");
    await makeIndividual(api, me.tenantId, "Bob", surname);
    await makeIndividual(api, me.tenantId, "Cy", unique("Elsewhere"));
    const people = await api.request("POST", "/export/individuals", { token: me.token, body: { filter: { search: surname }, sort: "-first_name" } });
    expect(people.status, people.text).toBe(201);
    const peopleFile = await download(me.token, people.body.data.id);
    expect(peopleFile.rows.map((r) => r[1])).toEqual(["Bob", "Ada"]);

    const coName = unique("Export Co");
    await makeCompany(api, me.tenantId, coName, "Leeds");
    await makeCompany(api, me.tenantId, unique("Skipped Co"));
    const cos = await api.request("POST", "/export/companies", { token: me.token, body: { filter: { search: coName } } });
    const coFile = await download(me.token, cos.body.data.id);
    expect(coFile.rows.map((r) => r[1])).toEqual([coName]);
    expect(coFile.rows[0][coFile.header.indexOf("Town")]).toBe("Leeds");

    const clientId = await makeIndividual(api, me.tenantId, "Quinn", unique("Client"), "quinn@example.test");
    await create(api, me.token, "/simple-quotes", { individual_id: clientId, items: [item({ unit_price_pence: 12345 })] });
    await create(api, me.token, "/simple-invoices", { individual_id: clientId, items: [item({ unit_price_pence: 500 })] });
    const quotes = await api.request("POST", "/export/quotes", { token: me.token, body: { filter: { status: "draft" } } });
    const quoteFile = await download(me.token, quotes.body.data.id);
    expect(quoteFile.rows).toHaveLength(1);
    expect(quoteFile.rows[0][quoteFile.header.indexOf("Total (GBP)")]).toBe("148.14");
    const invoices = await api.request("POST", "/export/invoices", { token: me.token, body: { filter: { status: "paid" } } });
    expect((await download(me.token, invoices.body.data.id)).rows).toHaveLength(0);
    const badStatus = await api.request("POST", "/export/invoices", { token: me.token, body: { filter: { status: "lost-at-sea" } } });
    expect(badStatus.status).toBe(422);
  });
});

describe("owners", () => {
  it("lists and serves an export to its owner only: another user, or another company, is told it does not exist", async () => {
    const me = await taskCompany();
    await makeTask(api, me.token, { name: unique("Mine"), pipeline_id: me.pipeline.id });
    const made = await api.request("POST", "/export/tasks", { token: me.token, body: {} });
    const id = made.body.data.id as number;

    const mine = await api.request("GET", "/export/tasks", { token: me.token });
    expect(mine.body.data.map((e: { id: number }) => e.id)).toContain(id);
    expect((await api.request("GET", "/export", { token: me.token })).body.data[0].id).toBe(id);

    const colleague = await userWith(api, me.tenantId, TASKS);
    expect((await api.request("GET", `/export/download/${id}`, { token: colleague.token })).status).toBe(404);
    expect((await api.request("GET", "/export/tasks", { token: colleague.token })).body.data).toEqual([]);
    const stranger = await taskCompany();
    const foreign = await api.request("GET", `/export/download/${id}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain("Mine");
    expect((await api.request("GET", "/export/download/999999999", { token: me.token })).status).toBe(404);
    expect((await api.request("GET", "/export/download/abc", { token: me.token })).status).toBe(404);
    // The owner who lost the list's permission may no longer download it.
    const downgraded = await userWith(api, me.tenantId, ["quote_view"]);
    const theirs = await api.request("POST", "/export/quotes", { token: downgraded.token, body: {} });
    expect((await api.request("GET", `/export/download/${theirs.body.data.id}`, { token: downgraded.token })).status).toBe(200);
  });
});

describe("a record's PDF", () => {
  it("answers the record's columns for a task, the document's own PDF for a quote, 404 for another company's", async () => {
    const me = await taskCompany([...TASKS, "quote_view", "quote_manage"]);
    const task = await makeTask(api, me.token, { name: unique("Printable"), pipeline_id: me.pipeline.id });
    const pdf = await api.app.inject({ method: "GET", url: `/export-pdf/tasks/${task.id}`, headers: { authorization: `Bearer ${me.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(task.name);
    expect(text).toContain("Pipeline");

    const clientId = await makeIndividual(api, me.tenantId, "Pat", unique("Client"), "pat@example.test");
    const quote = await create(api, me.token, "/simple-quotes", { individual_id: clientId, items: [item({ description: "Survey work" })] });
    const quotePdf = await api.app.inject({ method: "GET", url: `/export-pdf/quotes/${quote.id}`, headers: { authorization: `Bearer ${me.token}` } });
    expect(quotePdf.statusCode).toBe(200);
    expect(pdfText(quotePdf.rawPayload)).toContain("Survey work");

    const stranger = await taskCompany([...TASKS, "quote_view"]);
    expect((await api.request("GET", `/export-pdf/tasks/${task.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api.request("GET", `/export-pdf/quotes/${quote.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api.request("GET", `/export-pdf/nothing/${task.id}`, { token: me.token })).status).toBe(404);
  });
});

describe("a big export", () => {
  it("runs as a job: queued, then done with progress and the row count, and a notification in the bell", async () => {
    const me = await taskCompany();
    const prefix = unique("Bulk");
    await manyTasks(me, EXPORT_INLINE_LIMIT + 5, prefix);
    const res = await api.request("POST", "/export/tasks", { token: me.token, body: { filter: { search: prefix }, sort: "name" } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toMatchObject({ state: "queued", download_url: null, progress: null });
    const id = res.body.data.id as number;
    expect((await api.request("GET", `/export/download/${id}`, { token: me.token })).status).toBe(409);

    await api.app.jobs.startWorker({ pollSeconds: 0.5 });
    try {
      const done = await eventually(
        async () => {
          const list = await api.request("GET", "/export/tasks", { token: me.token });
          const mine = list.body.data.find((e: { id: number }) => e.id === id);
          return mine.state === "done" || mine.state === "failed" ? mine : undefined;
        },
        60_000,
        "the export job",
      );
      expect(done).toMatchObject({ state: "done", row_count: EXPORT_INLINE_LIMIT + 5, total_rows: EXPORT_INLINE_LIMIT + 5, progress: 100 });
    } finally {
      await api.app.jobs.stopWorker();
    }
    const file = await download(me.token, id);
    expect(file.rows).toHaveLength(EXPORT_INLINE_LIMIT + 5);
    expect(file.rows[0][1]).toBe(`${prefix} 000001`);
    expect(file.rows.at(-1)![1]).toBe(`${prefix} ${String(EXPORT_INLINE_LIMIT + 5).padStart(6, "0")}`);
    const [note] = await api.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.tenantId, me.tenantId)));
    expect(note.data).toMatchObject({ title: "Your export is ready", link: "/exports" });
    expect(note.data.desc).toContain("5,005 rows");
    // Its chosen ids are gone once written.
    expect(await api.database.db.select().from(exportRows).where(eq(exportRows.exportId, id))).toEqual([]);
  }, 120_000);

  it("writes 100,000 rows with the memory of one page: the heap does not grow with the file", async () => {
    const me = await taskCompany();
    const prefix = unique("Flat");
    // This file's own database: the list's indexes are not what is measured here, and without them the 100,000 rows
    // go in several times faster (PGlite maintains a dozen indexes of the tasks table row by row).
    const indexes = (await api.database.db.execute(
      sql`select indexname from pg_indexes where tablename = 'tasks' and indexname not like '%pkey'`,
    )) as unknown as { rows: { indexname: string }[] };
    for (const { indexname } of indexes.rows) await api.database.db.execute(sql`drop index ${sql.identifier(indexname)}`);
    await manyTasks(me, 100_000, prefix);
    const dir = await mkdtemp(path.join(tmpdir(), "exports-"));
    const storage = new DiskStorage(dir);
    try {
      const [row] = await api.database.db
        .insert(dataExports)
        .values({ tenantId: me.tenantId, userId: me.id, type: "tasks", query: { filter: { search: prefix }, sort: "-created_at" }, fileName: "flat.csv" })
        .returning();
      // What the heap holds, not the garbage waiting for the collector: collected before each sample.
      v8.setFlagsFromString("--expose-gc");
      const gc = vm.runInNewContext("gc") as () => void;
      const heap = () => {
        gc();
        return process.memoryUsage().heapUsed;
      };
      const base = heap();
      let peak = base;
      const sampler = setInterval(() => {
        peak = Math.max(peak, heap());
      }, 1000);
      try {
        await writeExport({ database: api.database, storage }, row.id, { notifyWhenDone: false });
      } finally {
        clearInterval(sampler);
      }
      const [done] = await api.database.db.select().from(dataExports).where(eq(dataExports.id, row.id));
      expect(done).toMatchObject({ state: "done", rowCount: 100_000, totalRows: 100_000 });
      // The file is some megabytes; 100,000 tasks loaded at once would hold well over a hundred of heap.
      expect(done.sizeBytes!).toBeGreaterThan(8_000_000);
      const growth = peak - base;
      console.log(`100,000-row export: file ${(done.sizeBytes! / 1e6).toFixed(1)} MB, heap growth at most ${(growth / 1e6).toFixed(1)} MB`);
      expect(growth).toBeLessThan(32 * 1024 * 1024);
      // The first and last rows of the file, without reading it whole.
      const file = await storage.openStream(done.storageKey!);
      let head = "";
      for await (const chunk of file!.stream) {
        head += chunk.toString("utf8");
        if (head.length > 2000) break;
      }
      expect(head.startsWith(BOM)).toBe(true);
      expect(head).toContain(`${prefix} 000001`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

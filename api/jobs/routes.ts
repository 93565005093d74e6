import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { jobListSchema, jobResponseSchema, jobStates, type Job, type JobState } from "#contract/jobs";
import { notFound } from "../http/errors";
import { offsetOf, paged, textFilter } from "../http/paging";
import { routes } from "../http/route";
import { JOBS_SCHEMA } from "./enqueue";

/** Background jobs are watched by the company's administrators (those who manage roles, like the audit log). */
const ACCESS = { permissions: ["role_manage"] } as const;

const listQuery = listQuerySchema({ maxSize: 100, defaultSize: 25 });
const jobParams = z.object({ id: z.string().uuid() });

/** pg-boss's states as the API names them. */
const bossStates: Record<JobState, string[]> = {
  queued: ["created", "retry"],
  running: ["active"],
  done: ["completed"],
  failed: ["failed", "cancelled"],
};
const stateOf = (s: string): JobState => jobStates.find((k) => bossStates[k].includes(s)) ?? "failed";

interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function reasonOf(row: JobRow): string | null {
  const state = stateOf(row.state);
  if (row.state === "cancelled") return "The job was cancelled.";
  if (state !== "failed" && row.state !== "retry") return null;
  const output = row.output as { message?: unknown; value?: unknown } | null;
  const text = typeof output?.message === "string" ? output.message : typeof output?.value === "string" ? output.value : null;
  if (text === "pg-boss shut down while active") return "The worker stopped while the job was running.";
  return text ?? (row.state === "failed" ? "The job failed." : null);
}

function toJob(row: JobRow): Job {
  const state = stateOf(row.state);
  return {
    id: row.id,
    name: row.name,
    state,
    retries: Number(row.retry_count),
    retry_limit: Number(row.retry_limit),
    reason: reasonOf(row),
    created_at: iso(row.created_on)!,
    run_after: iso(row.start_after)!,
    started_at: iso(row.started_on),
    finished_at: state === "done" || state === "failed" ? iso(row.completed_on) : null,
  };
}

/** Live jobs and those pg-boss has archived, of one company. */
function tenantJobs(tenantId: number, where: SQL = sql`true`) {
  const columns = sql.raw("id, name, state::text as state, retry_count, retry_limit, output, created_on, start_after, started_on, completed_on");
  const mine = sql`data->>'tenantId' = ${String(tenantId)} and ${where}`;
  return sql`(select ${columns} from ${sql.identifier(JOBS_SCHEMA)}.job where ${mine}
    union all select ${columns} from ${sql.identifier(JOBS_SCHEMA)}.archive where ${mine})`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export default routes((r) => {
  r.get(
    "/jobs",
    { access: ACCESS, query: listQuery, response: jobListSchema, summary: "The company's background jobs, newest first" },
    async ({ auth, query, request }) => {
      const { db } = request.server.database;
      const conditions: SQL[] = [];
      const state = textFilter(query, "state");
      if (state) {
        const states = bossStates[state as JobState];
        // An unknown state matches nothing rather than everything.
        conditions.push(
          states
            ? sql`state::text in (${sql.join(
                states.map((s) => sql`${s}`),
                sql`, `,
              )})`
            : sql`false`,
        );
      }
      const name = textFilter(query, "name");
      if (name) conditions.push(sql`name = ${name}`);
      const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
      const jobs = tenantJobs(auth.tenantId, where);
      const [page, counted] = await Promise.all([
        db.execute(sql`select * from ${jobs} j order by created_on desc, id desc limit ${query.page.size} offset ${offsetOf(query)}`),
        db.execute(sql`select count(*) as total from ${jobs} j`),
      ]);
      return paged(request, query, rowsOf<JobRow>(page).map(toJob), Number(rowsOf<{ total: number | string }>(counted)[0].total));
    },
  );

  r.get(
    "/jobs/:id",
    { access: ACCESS, params: jobParams, response: jobResponseSchema, summary: "A background job's state" },
    async ({ auth, params, request }) => {
      const { db } = request.server.database;
      const [row] = rowsOf<JobRow>(await db.execute(sql`select * from ${tenantJobs(auth.tenantId, sql`id = ${params.id}::uuid`)} j limit 1`));
      if (!row) throw notFound("Job");
      return { data: toJob(row) };
    },
  );
});

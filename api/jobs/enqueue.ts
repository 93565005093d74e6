import { Param, sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { z } from "zod";
import type { Db, Tx } from "../db/client";
import type { JobDefinition } from "./define";

/** pg-boss keeps its tables in this schema (created and migrated by pg-boss itself, not by drizzle). */
export const JOBS_SCHEMA = "pgboss";

/** A job's data as stored: the company it works for beside the payload, so the API can scope its state. */
export interface JobData {
  tenantId: number | null;
  payload: unknown;
}

/** pg-boss's executeSql on a drizzle connection or transaction: "$1 … $n" text becomes drizzle SQL. */
export function drizzleExecutor(db: Db | Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await db.execute(toSql(text, values));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

/**
 * drizzle numbers parameters in the order they appear; pg-boss's SQL uses some more than once ($5 in a CASE as
 * text and as a time). Each one becomes a drizzle parameter where it first appears, and a repeat names that same
 * parameter again, so that PostgreSQL infers one type per parameter as it would for pg-boss's own text.
 */
function toSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  const numbered = new Map<number, number>();
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    const n = Number(m[1]);
    const seen = numbered.get(n);
    if (seen !== undefined) chunks.push(sql.raw(`$${seen}`));
    else {
      numbered.set(n, numbered.size + 1);
      const value = values[n - 1] ?? null;
      // Objects (a job's data) go as JSON text; Param keeps drizzle from expanding arrays into lists.
      chunks.push(sql`${new Param(value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value)}`);
    }
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

let sender: PgBoss | undefined;
/** A pg-boss that is never started: it only builds the insert, always run on the caller's connection. */
function senderBoss(): PgBoss {
  sender ??= new PgBoss({
    schema: JOBS_SCHEMA,
    db: {
      executeSql: () => {
        throw new Error("Jobs are enqueued on the caller's connection");
      },
    },
  });
  return sender;
}

export interface EnqueueOptions {
  /** The company the job works for; its state is shown to that company only. null: the platform's own work. */
  tenantId: number | null;
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
}

/**
 * Adds a job on the given connection. Pass the transaction that makes the change causing the job: the job
 * exists only if that transaction commits, and a worker sees it only then. Answers the job's id.
 */
export async function enqueue<S extends z.ZodType>(db: Db | Tx, job: JobDefinition<S>, payload: z.input<S>, options: EnqueueOptions): Promise<string> {
  const checked = job.schema.parse(payload);
  const data: JobData = { tenantId: options.tenantId, payload: checked };
  const id = await senderBoss().send(job.name, data as object, {
    db: drizzleExecutor(db),
    ...(options.delaySeconds ? { startAfter: options.delaySeconds } : {}),
  });
  if (!id) throw new Error(`Job ${job.name} was not enqueued: its queue does not exist (was the job runner prepared?)`);
  return id;
}

import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { ApiConfig } from "../config";
import type { Database } from "../db/client";
import type { MailProvider } from "../integrations/mail";

/** What a job's handler is given besides its payload. */
export interface JobContext {
  database: Database;
  mail: MailProvider;
  config: ApiConfig;
  log: FastifyBaseLogger;
  jobId: string;
  /** The company the job works for (null for work of the platform itself). */
  tenantId: number | null;
  /** 0 on the first run, 1 on the first retry … */
  retryCount: number;
}

export interface JobOptions {
  /** Retries after the first run fails (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled for each next one with jitter (default 30). */
  retryDelaySeconds?: number;
  /** A run still going after this long is taken as crashed and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** A schedule (cron, UTC): the worker enqueues the job with an empty payload on it. */
  cron?: string;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** The queue's name: letters, digits, dots, dashes, underscores. */
  name: string;
  schema: S;
  handler: (payload: z.infer<S>, ctx: JobContext) => Promise<void>;
  options: Required<Omit<JobOptions, "cron">> & { cron?: string };
}

const registry = new Map<string, JobDefinition>();

/**
 * Declares a kind of background job: its name, the zod schema of its payload (checked when it is enqueued and
 * again when it runs) and what running it does. A handler may run more than once for one job (a retry after a
 * crash), so it must be safe to repeat. Define jobs at module level in the area's `jobs.ts` and import that
 * file from api/jobs/catalogue.ts so that every process (API and worker) knows them.
 */
export function defineJob<S extends z.ZodType>(
  name: string,
  schema: S,
  handler: (payload: z.infer<S>, ctx: JobContext) => Promise<void>,
  options: JobOptions = {},
): JobDefinition<S> {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`Job name ${name} may hold letters, digits, dots, dashes and underscores only`);
  if (registry.has(name)) throw new Error(`Job ${name} is defined twice`);
  const definition: JobDefinition<S> = {
    name,
    schema,
    handler,
    options: { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60, ...options },
  };
  registry.set(name, definition as unknown as JobDefinition);
  return definition;
}

export function jobDefinitions(): JobDefinition[] {
  return [...registry.values()];
}

export function jobDefinition(name: string): JobDefinition | undefined {
  return registry.get(name);
}

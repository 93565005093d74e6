import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { ApiConfig } from "../config";
import type { Database } from "../db/client";
import type { MailProvider } from "../integrations/mail";
import "./catalogue";
import { jobDefinitions, type JobDefinition } from "./define";
import { JOBS_SCHEMA, type JobData } from "./enqueue";

export interface JobRunnerDeps {
  database: Database;
  mail: MailProvider;
  config: ApiConfig;
  log: FastifyBaseLogger;
}

export interface WorkerOptions {
  /** Seconds between looks for new jobs when idle (at least 0.5); default JOBS_POLL_SECONDS. */
  pollSeconds?: number;
}

/**
 * The background job runner: pg-boss on the API's own database (PGlite or PostgreSQL), through the Database's
 * raw connection. prepare() creates pg-boss's schema and one queue per defined job; startWorker() runs them.
 * Any number of processes may prepare and work on one PostgreSQL: a job is fetched by one of them only
 * (SELECT … FOR UPDATE SKIP LOCKED).
 */
export class JobRunner {
  private readonly boss: PgBoss;
  private worker: PgBoss | undefined;
  private prepared = false;

  constructor(private readonly deps: JobRunnerDeps) {
    this.boss = this.newBoss({ supervise: false, schedule: false });
  }

  private newBoss(options: { supervise: boolean; schedule: boolean }) {
    const { database, log } = this.deps;
    const boss = new PgBoss({
      schema: JOBS_SCHEMA,
      db: { executeSql: (text, values) => database.raw(text, values) },
      ...options,
      // Maintenance (expiring crashed runs, archiving finished jobs) every minute.
      maintenanceIntervalSeconds: 60,
    });
    boss.on("error", (error) => log.error({ err: error }, "job queue error"));
    return boss;
  }

  /** Creates or migrates pg-boss's tables and the queues of every defined job (their retry settings included). */
  async prepare() {
    if (this.prepared) return;
    await this.boss.start();
    for (const job of jobDefinitions()) await this.ensureQueue(job);
    this.prepared = true;
  }

  private async ensureQueue(job: JobDefinition) {
    const settings = {
      name: job.name,
      retryLimit: job.options.retryLimit,
      retryDelay: job.options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: job.options.expireInSeconds,
    };
    if (await this.boss.getQueue(job.name)) {
      await this.boss.updateQueue(job.name, settings);
      return;
    }
    try {
      await this.boss.createQueue(job.name, settings);
    } catch (error) {
      // Another process created it at the same moment.
      if (!(await this.boss.getQueue(job.name))) throw error;
    }
  }

  get working() {
    return this.worker !== undefined;
  }

  /** Starts fetching and running jobs of every defined kind in this process. */
  async startWorker(options: WorkerOptions = {}) {
    if (this.worker) return;
    await this.prepare();
    const { database, mail, config, log } = this.deps;
    const scheduled = jobDefinitions().filter((j) => j.options.cron);
    const worker = this.newBoss({ supervise: true, schedule: scheduled.length > 0 });
    await worker.start();
    for (const job of scheduled) await worker.schedule(job.name, job.options.cron!, { tenantId: null, payload: {} } satisfies JobData, { tz: "UTC" });
    const pollingIntervalSeconds = Math.max(0.5, options.pollSeconds ?? config.JOBS_POLL_SECONDS);
    for (const job of jobDefinitions()) {
      await worker.work<JobData>(job.name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async ([row]) => {
        const parsed = job.schema.safeParse(row.data?.payload);
        if (!parsed.success) throw new Error(`The job's payload is not valid: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
        const jobLog = log.child({ job: job.name, jobId: row.id });
        jobLog.debug("job started");
        await job.handler(parsed.data, { database, mail, config, log: jobLog, jobId: row.id, tenantId: row.data.tenantId ?? null, retryCount: row.retryCount });
      });
    }
    this.worker = worker;
    log.info({ jobs: jobDefinitions().map((j) => j.name), pollingIntervalSeconds }, "job worker started");
  }

  /**
   * Stops fetching; waits up to timeoutSeconds (default JOBS_SHUTDOWN_SECONDS) for running jobs to finish. A job
   * still running then is failed with "The worker stopped while the job was running." and retried later by
   * another worker (or this one after a restart).
   */
  async stopWorker(timeoutSeconds = this.deps.config.JOBS_SHUTDOWN_SECONDS) {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    await worker.stop({ graceful: true, wait: true, close: false, timeout: Math.max(1, timeoutSeconds) * 1000 });
  }

  async stop(timeoutSeconds?: number) {
    await this.stopWorker(timeoutSeconds);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 1000 });
  }
}

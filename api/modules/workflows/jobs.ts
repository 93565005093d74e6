import { z } from "zod";
import { defineJob } from "#api/jobs/define";

/** Retries of a failing action (e-mail down …) before its run is marked failed. */
export const RUN_RETRY_LIMIT = 2;

/**
 * One automation's action on one task (the run row says which, with the workflow's definition as it was queued).
 * A failed attempt is retried with backoff; after the last one the run is marked failed with the reason. Each run
 * is its own job, so one failing automation never holds up another.
 */
export const workflowRunJob = defineJob(
  "workflow.run",
  z.object({ runId: z.number().int().positive() }),
  async (payload, ctx) => (await import("./run")).runWorkflow(payload.runId, ctx, RUN_RETRY_LIMIT),
  { retryLimit: RUN_RETRY_LIMIT, retryDelaySeconds: 2, expireInSeconds: 5 * 60 },
);

/** Every hour: the tasks idle for the days of an active "task idle" workflow get a run (once per idle spell). */
export const workflowIdleScanJob = defineJob(
  "workflow.idle-scan",
  z.object({}).passthrough(),
  async (_payload, ctx) => {
    await (await import("./run")).scanIdleTasks(ctx.database, new Date());
  },
  { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 10 * 60, schedule: "17 * * * *" },
);

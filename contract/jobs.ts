import { z } from "zod";
import { pagedSchema } from "./common";

/** Where a background job is: waiting (first run or a retry), running, finished, or given up with its reason. */
export const jobStates = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof jobStates)[number];

export const jobSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  state: z.enum(jobStates),
  /** Runs so far that failed (a retry waits for its turn as queued). */
  retries: z.number().int(),
  retry_limit: z.number().int(),
  /** Why the last run failed (a failed job; a queued one waiting for a retry), otherwise null. */
  reason: z.string().nullable(),
  created_at: z.string(),
  /** When it may run next (a retry's backoff). */
  run_after: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobResponseSchema = z.object({ data: jobSchema });
export const jobListSchema = pagedSchema(jobSchema);

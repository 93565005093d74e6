import { z } from "zod";
import { defineJob } from "#api/jobs/define";
import { failExport, retryLater, writeExport } from "./service";

const RETRIES = 2;

/**
 * Writes a big export (more rows than EXPORT_INLINE_LIMIT) in the background: its rows chosen, streamed to a CSV in
 * the storage a page at a time, its progress noted; its owner is notified when it is ready. A try that fails is
 * retried (the export shows queued with the reason meanwhile); the last one marks it failed with the reason.
 */
export const writeExportJob = defineJob(
  "export.write",
  z.object({ exportId: z.number().int().positive() }),
  async ({ exportId }, { database, storage, retryCount }) => {
    try {
      await writeExport({ database, storage }, exportId, { notifyWhenDone: true });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (retryCount >= RETRIES) await failExport(database.db, exportId, reason, { notifyOwner: true });
      else await retryLater(database.db, exportId, reason);
      throw error;
    }
  },
  { retryLimit: RETRIES, retryDelaySeconds: 10, expireInSeconds: 60 * 60 },
);

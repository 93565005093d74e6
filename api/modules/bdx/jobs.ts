import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { BdxMap } from "#contract/bdx";
import { bdxImportRows, bdxImports, policyActivity } from "#api/db/schema";
import { defineJob } from "#api/jobs/define";
import { readBordereau } from "./read-file";
import { policyOfRow, valuesOf } from "./rows";
import { importRow } from "./service";

/** For tests: rows per transaction, and a hook run after each batch (a test makes it throw to stop the job midway). */
export const bdxImportTuning: { batchSize: number; afterBatch?: (processed: number) => void | Promise<void> } = { batchSize: 200 };

const RETRIES = 3;

/**
 * Imports an uploaded bordereau into the company's policies, in batches of rows, each batch one transaction that
 * writes its policies and their rows' outcomes together. Run again (a retry after a failure or a crash), it skips
 * the rows already done, so nothing is imported twice; the policy number is the natural key (a policy of that
 * number in the company is updated, not made again). Progress is kept on the import as it goes.
 */
export const bdxImportJob = defineJob(
  "bdx.import",
  z.object({ importId: z.number().int().positive() }),
  async ({ importId }, { database, tenantId, retryCount }) => {
    const { db } = database;
    if (tenantId === null) return;
    const [imp] = await db
      .select()
      .from(bdxImports)
      .where(and(eq(bdxImports.id, importId), eq(bdxImports.tenantId, tenantId)))
      .limit(1);
    if (!imp || imp.status === "done" || !imp.map) return;
    await db.update(bdxImports).set({ status: "running", failure: null, updatedAt: new Date() }).where(eq(bdxImports.id, importId));
    try {
      const read = await readBordereau(imp.content, imp.fileName);
      const map = imp.map as BdxMap;
      const done = new Set(
        (await db.select({ line: bdxImportRows.rowNumber }).from(bdxImportRows).where(eq(bdxImportRows.importId, importId))).map((r) => r.line),
      );
      // The rows a retried job has not imported yet (a row already done is skipped, never imported twice).
      const remaining = read.rows.filter((r) => !done.has(r.line));
      let processed = done.size;
      for (let i = 0; i < remaining.length; i += bdxImportTuning.batchSize) {
        const batch = remaining.slice(i, i + bdxImportTuning.batchSize);
        await database.transaction(async (tx) => {
          for (const r of batch) {
            const checked = policyOfRow(valuesOf(map, read.headers, r.cells));
            const number = (valuesOf(map, read.headers, r.cells).policy_number ?? "").trim().slice(0, 100) || null;
            if ("reasons" in checked) {
              await tx
                .insert(bdxImportRows)
                .values({ tenantId, importId, rowNumber: r.line, outcome: "refused", policyNumber: number, reasons: checked.reasons })
                .onConflictDoNothing();
              continue;
            }
            const result = await importRow(tx, tenantId, imp.userId, checked.policy);
            await tx.insert(policyActivity).values({
              tenantId,
              policyId: result.policyId,
              userId: imp.userId,
              action: result.outcome,
              details: { source: "import", import_id: importId, line: r.line },
            });
            await tx
              .insert(bdxImportRows)
              .values({ tenantId, importId, rowNumber: r.line, outcome: result.outcome, policyNumber: checked.policy.number, policyId: result.policyId })
              .onConflictDoNothing();
          }
          processed += batch.length;
          await tx.update(bdxImports).set({ processedRows: processed, updatedAt: new Date() }).where(eq(bdxImports.id, importId));
        });
        await bdxImportTuning.afterBatch?.(processed);
      }
      const totals = await db
        .select({ outcome: bdxImportRows.outcome, n: count() })
        .from(bdxImportRows)
        .where(eq(bdxImportRows.importId, importId))
        .groupBy(bdxImportRows.outcome);
      const of = (o: string) => totals.find((t) => t.outcome === o)?.n ?? 0;
      await db
        .update(bdxImports)
        .set({
          status: "done",
          processedRows: sql`${of("created") + of("updated") + of("refused")}`,
          createdRows: of("created"),
          updatedRows: of("updated"),
          refusedRows: of("refused"),
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(bdxImports.id, importId));
    } catch (error) {
      // Retried while retries remain (queued again, with the reason); failed with the reason after the last.
      const last = retryCount >= RETRIES;
      await db
        .update(bdxImports)
        .set({ status: last ? "failed" : "queued", failure: (error as Error).message.slice(0, 500), updatedAt: new Date() })
        .where(eq(bdxImports.id, importId));
      throw error;
    }
  },
  { retryLimit: RETRIES, retryDelaySeconds: 5, expireInSeconds: 30 * 60 },
);

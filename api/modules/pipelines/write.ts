import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  PIPELINE_NAME_TAKEN,
  STAGE_NAME_TAKEN,
  STAGE_ORDER_MESSAGE,
  type PipelineCreateBody,
  type PipelineDetail,
  type PipelineStage,
  type StageBody,
} from "#contract/pipelines";
import type { Database, Db } from "#api/db/client";
import { pipelines, pipelineStages, pipelineUsers, tasks, users } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { isUniqueViolation } from "#api/lib/db-errors";
import { findPipeline, getPipeline, listStages, stagesOf, toStage, withCounts } from "./service";

// ---------------------------------------------------------------- writing

/** Active users of the tenant; any other id is a field error on `field`. */
export async function assertTenantUsers(db: Db, tenantId: number, ids: number[], field = "user_ids") {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.status, "active"), inArray(users.id, unique)));
  if (rows.length !== unique.length) throw invalid({ [field]: ["Choose users of your company."] });
  return unique;
}

function assertUniqueStageNames(stages: { name: string }[], field = "stages") {
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  stages.forEach((s, i) => {
    const key = s.name.toLowerCase();
    if (seen.has(key)) errors[`${field}.${i}.name`] = [STAGE_NAME_TAKEN];
    seen.add(key);
  });
  if (Object.keys(errors).length) throw invalid(errors);
}

export const DEFAULT_STAGES: StageBody[] = [
  { name: "New", color: "#64748b", outcome: "open" },
  { name: "In progress", color: "#2563eb", outcome: "open" },
  { name: "Won", color: "#16a34a", outcome: "won", is_revenue: true },
  { name: "Lost", color: "#dc2626", outcome: "lost" },
];

const stageValues = (tenantId: number, pipelineId: number, s: StageBody, order: number) => ({
  tenantId,
  pipelineId,
  name: s.name,
  color: s.color,
  sortOrder: order,
  outcome: s.outcome,
  isRevenue: s.is_revenue ?? s.outcome === "won",
  isContract: s.is_contract ?? false,
});

async function assertNameFree(db: Db, tenantId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.tenantId, tenantId), eq(sql`lower(${pipelines.name})`, name.toLowerCase())))
    .limit(1);
  if (clash && clash.id !== exceptId) throw invalid({ name: [PIPELINE_NAME_TAKEN] });
}

export async function createPipeline(database: Database, tenantId: number, body: PipelineCreateBody): Promise<PipelineDetail> {
  const { db } = database;
  const stages = body.stages?.length ? body.stages : DEFAULT_STAGES;
  assertUniqueStageNames(stages);
  await assertNameFree(db, tenantId, body.name);
  const userIds = await assertTenantUsers(db, tenantId, body.user_ids ?? []);
  let id: number;
  try {
    id = await database.transaction(async (tx) => {
      const [p] = await tx.insert(pipelines).values({ tenantId, name: body.name, status: body.status }).returning({ id: pipelines.id });
      await tx.insert(pipelineStages).values(stages.map((s, i) => stageValues(tenantId, p.id, s, i + 1)));
      if (userIds.length) await tx.insert(pipelineUsers).values(userIds.map((userId) => ({ tenantId, pipelineId: p.id, userId })));
      return p.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [PIPELINE_NAME_TAKEN] });
    throw e;
  }
  return getPipeline(db, tenantId, id);
}

export async function updatePipeline(db: Db, tenantId: number, id: number, body: { name: string; status?: 0 | 1 }) {
  await findPipeline(db, tenantId, id);
  await assertNameFree(db, tenantId, body.name, id);
  try {
    await db
      .update(pipelines)
      .set({ name: body.name, ...(body.status === undefined ? {} : { status: body.status }), updatedAt: new Date() })
      .where(and(eq(pipelines.tenantId, tenantId), eq(pipelines.id, id)));
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [PIPELINE_NAME_TAKEN] });
    throw e;
  }
  return getPipeline(db, tenantId, id);
}

/** Archives (0) or restores (1) pipelines; every id must be the tenant's (404 otherwise, nothing changes). */
export async function setPipelinesStatus(db: Db, tenantId: number, ids: number[], status: 0 | 1) {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.tenantId, tenantId), inArray(pipelines.id, unique)));
  if (found.length !== unique.length) throw notFound("Pipeline");
  await db
    .update(pipelines)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(pipelines.tenantId, tenantId), inArray(pipelines.id, unique)));
  const rows = await db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.tenantId, tenantId), inArray(pipelines.id, unique)))
    .orderBy(asc(sql`lower(${pipelines.name})`), asc(pipelines.id));
  return withCounts(db, tenantId, rows, false);
}

async function assertStageNameFree(db: Db, pipelineId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: pipelineStages.id })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.pipelineId, pipelineId), eq(sql`lower(${pipelineStages.name})`, name.toLowerCase())))
    .limit(1);
  if (clash && clash.id !== exceptId) throw invalid({ name: [STAGE_NAME_TAKEN] });
}

/** Adds a stage at the end of the pipeline. */
export async function createStage(db: Db, tenantId: number, pipelineId: number, body: StageBody): Promise<PipelineStage> {
  await findPipeline(db, tenantId, pipelineId);
  await assertStageNameFree(db, pipelineId, body.name);
  try {
    const [row] = await db
      .insert(pipelineStages)
      .values({
        ...stageValues(tenantId, pipelineId, body, 0),
        sortOrder: sql`(select coalesce(max(${pipelineStages.sortOrder}), 0) + 1 from ${pipelineStages} where ${pipelineStages.pipelineId} = ${pipelineId})`,
      })
      .returning();
    return toStage(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [STAGE_NAME_TAKEN] });
    throw e;
  }
}

/** The task state a stage outcome stands for, and closed_at to go with it (SQL, for bulk updates). */
export function stateForOutcome(outcome: "open" | "won" | "lost") {
  return { state: outcome, closedAt: outcome === "open" ? null : sql`coalesce(${tasks.closedAt}, now())` };
}

export async function updateStage(
  database: Database,
  tenantId: number,
  pipelineId: number,
  stageId: number,
  body: { pipeline_id?: number; name: string; color: string; outcome?: "open" | "won" | "lost"; is_revenue?: boolean; is_contract?: boolean },
): Promise<PipelineStage> {
  const { db } = database;
  await findPipeline(db, tenantId, pipelineId);
  const [stage] = await db
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.pipelineId, pipelineId), eq(pipelineStages.id, stageId)))
    .limit(1);
  if (!stage) throw notFound("Pipeline stage");
  if (body.pipeline_id !== undefined && body.pipeline_id !== pipelineId) {
    throw invalid({ pipeline_id: ["The stage belongs to another pipeline."] });
  }
  await assertStageNameFree(db, pipelineId, body.name, stageId);
  const outcomeChanged = body.outcome !== undefined && body.outcome !== stage.outcome;
  try {
    await database.transaction(async (tx) => {
      await tx
        .update(pipelineStages)
        .set({
          name: body.name,
          color: body.color,
          ...(body.outcome ? { outcome: body.outcome } : {}),
          ...(body.is_revenue === undefined ? {} : { isRevenue: body.is_revenue }),
          ...(body.is_contract === undefined ? {} : { isContract: body.is_contract }),
          updatedAt: new Date(),
        })
        .where(eq(pipelineStages.id, stageId));
      // The tasks in the stage follow its outcome (open, won or lost).
      if (outcomeChanged) {
        await tx
          .update(tasks)
          .set({ ...stateForOutcome(body.outcome!), updatedAt: new Date() })
          .where(and(eq(tasks.tenantId, tenantId), eq(tasks.pipelineStageId, stageId)));
      }
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ name: [STAGE_NAME_TAKEN] });
    throw e;
  }
  const stages = await listStages(db, tenantId, pipelineId);
  return stages.find((s) => s.id === stageId)!;
}

/** Puts the pipeline's stages in the given order: the list must hold each of its stages exactly once. */
export async function reorderStages(db: Db, tenantId: number, pipelineId: number, ids: number[]): Promise<PipelineStage[]> {
  await findPipeline(db, tenantId, pipelineId);
  const current = await stagesOf(db, tenantId, [pipelineId]);
  const have = new Set(current.map((s) => s.id));
  const sent = new Set(ids);
  if (sent.size !== ids.length || sent.size !== have.size || ids.some((id) => !have.has(id))) {
    throw invalid({ pipeline_stage_id: [STAGE_ORDER_MESSAGE] });
  }
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db
    .update(pipelineStages)
    .set({ sortOrder: sql`array_position(array[${list}]::int[], ${pipelineStages.id})`, updatedAt: new Date() })
    .where(and(eq(pipelineStages.pipelineId, pipelineId), inArray(pipelineStages.id, ids)));
  return listStages(db, tenantId, pipelineId);
}

export async function setPipelineUsers(database: Database, tenantId: number, pipelineId: number, ids: number[]) {
  const { db } = database;
  await findPipeline(db, tenantId, pipelineId);
  const userIds = await assertTenantUsers(db, tenantId, ids);
  await database.transaction(async (tx) => {
    await tx.delete(pipelineUsers).where(eq(pipelineUsers.pipelineId, pipelineId));
    if (userIds.length) await tx.insert(pipelineUsers).values(userIds.map((userId) => ({ tenantId, pipelineId, userId })));
  });
  return getPipeline(db, tenantId, pipelineId);
}

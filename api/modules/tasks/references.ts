import { and, asc, eq, inArray } from "drizzle-orm";
import { CONFIDENCE_QUESTIONS, PIPELINE_ARCHIVED, STAGE_NOT_IN_PIPELINE } from "#contract/tasks";
import type { Db } from "#api/db/client";
import {
  clientCompanies,
  confidenceScores,
  expectedCloseDateChangeReasons,
  individuals,
  paymentFrequencies,
  pipelines,
  pipelineStages,
  teams,
  users,
} from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { fullName } from "./task-rows";

// ---------------------------------------------------------------- references of a write

async function inSequence(fns: readonly (() => unknown)[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const f of fns) out.push(await f());
  return out;
}

interface Labelled {
  id: number;
  label: string;
}

/**
 * Checks every reference a write sends, all at once (so the form gets every error together): each must
 * be the caller's company's (or a platform lookup), the stage must belong to the pipeline, and a task
 * cannot be put into an archived pipeline. Answers labels for the activity log.
 */
export async function resolveRefs(
  db: Db,
  inTransaction: boolean,
  tenantId: number,
  want: {
    pipelineId?: number;
    stageId?: number;
    /** The pipeline is new to the task (create, or a move to another pipeline): it must be active. */
    pipelineIsNew: boolean;
    teamId?: number | null;
    memberId?: number | null;
    individualId?: number | null;
    companyId?: number | null;
    frequencyId?: number | null;
    reasonId?: number | null;
    confidence?: Partial<Record<(typeof CONFIDENCE_QUESTIONS)[number]["field"], number | null>>;
  },
) {
  const errors: Record<string, string[]> = {};
  const one = async <T>(q: PromiseLike<T[]>) => (await q)[0];
  const lookups = [
    () =>
      want.pipelineId
        ? one(
            db
              .select()
              .from(pipelines)
              .where(and(eq(pipelines.tenantId, tenantId), eq(pipelines.id, want.pipelineId))),
          )
        : undefined,
    () =>
      want.stageId
        ? one(
            db
              .select()
              .from(pipelineStages)
              .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.id, want.stageId))),
          )
        : undefined,
    () =>
      want.pipelineId && !want.stageId
        ? one(
            db
              .select()
              .from(pipelineStages)
              .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.pipelineId, want.pipelineId)))
              .orderBy(asc(pipelineStages.sortOrder), asc(pipelineStages.id))
              .limit(1),
          )
        : undefined,
    () =>
      want.teamId
        ? one(
            db
              .select({ id: teams.id, name: teams.name })
              .from(teams)
              .where(and(eq(teams.tenantId, tenantId), eq(teams.id, want.teamId))),
          )
        : undefined,
    () =>
      want.memberId
        ? one(
            db
              .select({ id: users.id, name: users.name, lastName: users.lastName })
              .from(users)
              .where(and(eq(users.tenantId, tenantId), eq(users.status, "active"), eq(users.id, want.memberId))),
          )
        : undefined,
    () =>
      want.individualId
        ? one(
            db
              .select({ id: individuals.id, name: individuals.fullName })
              .from(individuals)
              .where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, want.individualId))),
          )
        : undefined,
    () =>
      want.companyId
        ? one(
            db
              .select({ id: clientCompanies.id, name: clientCompanies.name })
              .from(clientCompanies)
              .where(and(eq(clientCompanies.tenantId, tenantId), eq(clientCompanies.id, want.companyId))),
          )
        : undefined,
    () => (want.frequencyId ? one(db.select().from(paymentFrequencies).where(eq(paymentFrequencies.id, want.frequencyId))) : undefined),
    () => (want.reasonId ? one(db.select().from(expectedCloseDateChangeReasons).where(eq(expectedCloseDateChangeReasons.id, want.reasonId))) : undefined),
    () =>
      Object.values(want.confidence ?? {}).some((v) => v)
        ? db
            .select()
            .from(confidenceScores)
            .where(
              inArray(
                confidenceScores.id,
                Object.values(want.confidence ?? {}).filter((v): v is number => Boolean(v)),
              ),
            )
        : Promise.resolve([]),
  ] as const;
  // In parallel on the pool; one after another inside a transaction (one connection).
  const results = inTransaction ? await inSequence(lookups) : await Promise.all(lookups.map((f) => f() as unknown));
  const [pipeline, stage, firstStage, team, memberRow, individual, company, frequency, reason, answers] = results as unknown as [
    Awaited<ReturnType<(typeof lookups)[0]>>,
    Awaited<ReturnType<(typeof lookups)[1]>>,
    Awaited<ReturnType<(typeof lookups)[2]>>,
    Awaited<ReturnType<(typeof lookups)[3]>>,
    Awaited<ReturnType<(typeof lookups)[4]>>,
    Awaited<ReturnType<(typeof lookups)[5]>>,
    Awaited<ReturnType<(typeof lookups)[6]>>,
    Awaited<ReturnType<(typeof lookups)[7]>>,
    Awaited<ReturnType<(typeof lookups)[8]>>,
    Awaited<ReturnType<(typeof lookups)[9]>>,
  ];

  if (want.pipelineId) {
    if (!pipeline) errors.pipeline_id = ["Choose a pipeline of your company."];
    else if (want.pipelineIsNew && pipeline.status !== 1) errors.pipeline_id = [PIPELINE_ARCHIVED];
  }
  const chosenStage = stage ?? firstStage;
  if (want.stageId) {
    if (!stage) errors.pipeline_stage_id = ["Choose a stage of the pipeline."];
    else if (want.pipelineId && stage.pipelineId !== want.pipelineId) errors.pipeline_stage_id = [STAGE_NOT_IN_PIPELINE];
  } else if (want.pipelineId && pipeline && !firstStage) {
    errors.pipeline_stage_id = ["This pipeline has no stages yet."];
  }
  if (want.teamId && !team) errors.team_id = ["Choose a team of your company."];
  if (want.memberId && !memberRow) errors.team_member_id = ["Choose an active user of your company."];
  if (want.individualId && !individual) errors.source_individual_id = ["Choose an individual of your company."];
  if (want.companyId && !company) errors.company_id = ["Choose a company of your company's clients."];
  if (want.frequencyId && !frequency) errors.payment_frequency_id = ["Choose a payment frequency from the list."];
  if (want.reasonId && !reason) errors.expected_close_date_change_reason_id = ["Choose a reason from the list."];
  const answerById = new Map(answers.map((a) => [a.id, a]));
  for (const q of CONFIDENCE_QUESTIONS) {
    const id = want.confidence?.[q.field];
    if (!id) continue;
    const a = answerById.get(id);
    if (!a || a.type !== q.type) errors[q.field] = [`Choose an answer to '${q.name}'.`];
  }
  if (Object.keys(errors).length) throw invalid(errors);

  const labelled = (r: { id: number; name: string } | undefined): Labelled | undefined => (r ? { id: r.id, label: r.name } : undefined);
  return {
    pipeline: labelled(pipeline),
    stage: chosenStage ? { id: chosenStage.id, label: chosenStage.name, outcome: chosenStage.outcome } : undefined,
    team: labelled(team),
    member: memberRow ? { id: memberRow.id, label: fullName(memberRow.name, memberRow.lastName) } : undefined,
    individual: labelled(individual),
    company: labelled(company),
    frequency: labelled(frequency),
    reason: labelled(reason),
    answers: answerById,
  };
}

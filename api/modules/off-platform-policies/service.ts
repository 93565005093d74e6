import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import {
  OFF_PLATFORM_POLICY_MESSAGES,
  OFF_PLATFORM_POLICY_SORTS,
  OFF_PLATFORM_POLICY_STAGES,
  OFF_PLATFORM_POLICY_STATES,
  STAGE_SCHEMAS,
  type OffPlatformPolicy,
  type OffPlatformPolicyBody,
  type OffPlatformPolicyStage,
} from "#contract/off-platform-policies";
import type { Db } from "#api/db/client";
import { offPlatformPolicies } from "#api/db/schema";
import { iptOf } from "#contract/policy-constants";
import { invalid, notFound } from "#api/http/errors";
import { isUniqueViolation } from "#api/lib/db-errors";
import { countedListStatements, countedPage, ListShape, listOrder, sortOf, textFilter } from "#api/http/paging";
import { parseOr422 } from "#api/http/validation";

type Row = typeof offPlatformPolicies.$inferSelect;

export function toOffPlatformPolicy(row: Row): OffPlatformPolicy {
  return {
    id: row.id,
    policy_number: row.policyNumber,
    product_name: row.productName,
    insurer: row.insurer,
    class_of_business: row.classOfBusiness,
    state: row.state as OffPlatformPolicy["state"],
    client_type: row.clientType as OffPlatformPolicy["client_type"],
    client_name: row.clientName,
    client_email: row.clientEmail,
    inception_date: row.inceptionDate,
    renewal_date: row.renewalDate,
    premium_pence: Number(row.premiumPence),
    ipt_rate: row.iptRate,
    ipt_pence: iptOf(Number(row.premiumPence), row.iptRate),
    fees_pence: row.feesPence === null ? null : Number(row.feesPence),
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The list's statements, prepared per shape. */
const listStatements = countedListStatements(offPlatformPolicies, (db) => db.select().from(offPlatformPolicies).$dynamic());

/**
 * The list's filters (read and checked as GET /off-platform-policies reads them), WHERE clause and order with their
 * values (`shape.values`): the list's page, and an export of the list (api/modules/exports), select with them.
 */
export function offPlatformPolicyListPlan(tenantId: number, query: ListQuery) {
  const shape = new ListShape();
  const t = offPlatformPolicies;
  const state = textFilter(query, "state");
  if (state !== undefined && !(OFF_PLATFORM_POLICY_STATES as readonly string[]).includes(state)) {
    throw invalid({ "filter.state": [OFF_PLATFORM_POLICY_MESSAGES.state] });
  }
  const where = and(
    eq(t.tenantId, shape.value("tenant", tenantId)),
    shape.contains("search", [t.policyNumber, t.clientName, t.insurer, t.productName], textFilter(query, "search")),
    shape.when("state", state, (p) => eq(t.state, p)),
  )!;
  const sort = sortOf(query, OFF_PLATFORM_POLICY_SORTS) ?? { field: "renewal_date" as const, desc: false };
  const column = {
    policy_number: sql`lower(${t.policyNumber})`,
    client_name: sql`lower(${t.clientName})`,
    insurer: sql`lower(${t.insurer})`,
    renewal_date: t.renewalDate,
    premium_pence: t.premiumPence,
    created_at: t.createdAt,
  }[sort.field];
  const order = shape.sorted(sort, listOrder(column, t.id, sort.desc, false).order);
  return { shape, where, order, values: shape.values };
}

export async function listOffPlatformPolicies(db: Db, tenantId: number, query: ListQuery) {
  const { shape, where, order } = offPlatformPolicyListPlan(tenantId, query);
  const { rows, total } = await countedPage(db, shape, listStatements, { where, order }, query);
  return { rows: rows.map(toOffPlatformPolicy), total };
}

/** Off-platform policies by id, of the tenant only, in the order of the ids (an export's page). */
export async function loadOffPlatformPolicies(db: Db, tenantId: number, ids: number[]): Promise<OffPlatformPolicy[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(offPlatformPolicies)
    .where(and(eq(offPlatformPolicies.tenantId, tenantId), inArray(offPlatformPolicies.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, toOffPlatformPolicy(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getOffPlatformPolicy(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(offPlatformPolicies)
    .where(and(eq(offPlatformPolicies.tenantId, tenantId), eq(offPlatformPolicies.id, id)))
    .limit(1);
  if (!row) throw notFound("Off-platform policy");
  return toOffPlatformPolicy(row);
}

/** Is the policy number used by another of the tenant's off-platform policies (case-insensitive)? */
async function numberTaken(db: Db, tenantId: number, policyNumber: string, exceptId?: number) {
  const t = offPlatformPolicies;
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), sql`lower(${t.policyNumber}) = lower(${policyNumber})`, exceptId ? ne(t.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

const takenError = () => invalid({ policy_number: [OFF_PLATFORM_POLICY_MESSAGES.policyNumberTaken] });

/**
 * One stage of the stepped form checked: its fields' rules and, for the policy stage, that the number is free
 * (`exceptId`: the policy being edited). Answers the next stage (null after the last).
 */
export async function validateStage(db: Db, tenantId: number, stage: OffPlatformPolicyStage, body: unknown, exceptId?: number) {
  if (exceptId !== undefined) await getOffPlatformPolicy(db, tenantId, exceptId);
  const value = parseOr422(STAGE_SCHEMAS[stage], body ?? {});
  if (stage === "policy" && (await numberTaken(db, tenantId, (value as { policy_number: string }).policy_number, exceptId))) throw takenError();
  const next = OFF_PLATFORM_POLICY_STAGES[OFF_PLATFORM_POLICY_STAGES.indexOf(stage) + 1] ?? null;
  return { stage, valid: true as const, next_stage: next };
}

const columnsOf = (body: OffPlatformPolicyBody) => ({
  policyNumber: body.policy_number,
  productName: body.product_name,
  insurer: body.insurer,
  classOfBusiness: body.class_of_business,
  state: body.state,
  clientType: body.client_type,
  clientName: body.client_name,
  clientEmail: body.client_email,
  inceptionDate: body.inception_date,
  renewalDate: body.renewal_date,
  premiumPence: body.premium_pence as number,
  iptRate: body.ipt_rate,
  feesPence: body.fees_pence,
  notes: body.notes,
});

/** A unique violation of the policy number (two saves racing) is the same 422 as the check before it. */
async function uniqueNumber<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw takenError();
    throw error;
  }
}

export async function createOffPlatformPolicy(db: Db, tenantId: number, body: OffPlatformPolicyBody) {
  if (await numberTaken(db, tenantId, body.policy_number)) throw takenError();
  const [row] = await uniqueNumber(() =>
    db
      .insert(offPlatformPolicies)
      .values({ tenantId, ...columnsOf(body) })
      .returning(),
  );
  return toOffPlatformPolicy(row);
}

export async function updateOffPlatformPolicy(db: Db, tenantId: number, id: number, body: OffPlatformPolicyBody) {
  await getOffPlatformPolicy(db, tenantId, id);
  if (await numberTaken(db, tenantId, body.policy_number, id)) throw takenError();
  const [row] = await uniqueNumber(() =>
    db
      .update(offPlatformPolicies)
      .set({ ...columnsOf(body), updatedAt: new Date() })
      .where(and(eq(offPlatformPolicies.tenantId, tenantId), eq(offPlatformPolicies.id, id)))
      .returning(),
  );
  if (!row) throw notFound("Off-platform policy");
  return toOffPlatformPolicy(row);
}

/** Deletes those of `ids` that are the tenant's; the number deleted (404 when none was). */
export async function deleteOffPlatformPolicies(db: Db, tenantId: number, ids: number[]) {
  const gone = await db
    .delete(offPlatformPolicies)
    .where(and(eq(offPlatformPolicies.tenantId, tenantId), inArray(offPlatformPolicies.id, ids)))
    .returning({ id: offPlatformPolicies.id });
  if (gone.length === 0) throw notFound("Off-platform policy");
  return gone.length;
}

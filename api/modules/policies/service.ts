import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import {
  canTransition,
  COOLING_OFF_DAYS,
  iptOf,
  nextStates,
  POLICY_MESSAGES,
  POLICY_SORTS,
  POLICY_STATE_LABELS,
  POLICY_STATES,
  type Policy,
  type PolicyActivity,
  type PolicyBody,
  type PolicyInvoice,
  type PolicyState,
  type PolicyStateBody,
} from "#contract/policies";
import { todayInLondon } from "#common/dates";
import type { Database, Db, Tx } from "#api/db/client";
import { clientCompanies, individuals, policies, policyActivity, policyEmails, policyInvoices, salesDocuments, users } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { isUniqueViolation } from "#api/lib/db-errors";
import { likeEscape, ListShape, listOrder, londonDayStart, listStatements, shapedPage, sortOf, textFilter } from "#api/http/paging";

type Q = Db | Tx;
export interface Actor {
  tenantId: number;
  userId: number | null;
}

const clientName = sql<string>`coalesce(${individuals.fullName}, ${clientCompanies.name}, '')`;
const clientEmail = sql<string | null>`coalesce(${individuals.email}, ${clientCompanies.email})`;
const invoicesCount = sql<number>`(select count(*)::int from ${policyInvoices} where ${policyInvoices.policyId} = ${policies.id})`;
const sentThisTerm = (kind: "welcome" | "renewal") =>
  sql<
    string | null
  >`(select to_char(${policyEmails.sentAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${policyEmails} where ${policyEmails.policyId} = ${policies.id} and ${policyEmails.kind} = ${kind} and ${policyEmails.termRenewalDate} = ${policies.renewalDate})`;

/** The columns a policy is shown with: the row, its client's name and e-mail, its linked invoices' count. */
const selection = {
  policy: policies,
  clientName,
  clientEmail,
  invoicesCount,
  welcomeSentAt: sentThisTerm("welcome"),
  renewalSentAt: sentThisTerm("renewal"),
};
type Selected = {
  policy: typeof policies.$inferSelect;
  clientName: string;
  clientEmail: string | null;
  invoicesCount: number;
  welcomeSentAt: string | Date | null;
  renewalSentAt: string | Date | null;
};

const iso = (d: Date | string | null) => (d === null ? null : typeof d === "string" ? new Date(d).toISOString() : d.toISOString());

export function toPolicy(r: Selected): Policy {
  const p = r.policy;
  return {
    id: p.id,
    number: p.number,
    product: { name: p.productName, class_of_business: p.classOfBusiness, insurer: p.insurer },
    client: {
      type: p.individualId !== null ? "individual" : "company",
      id: (p.individualId ?? p.clientCompanyId)!,
      name: r.clientName,
      email: r.clientEmail,
    },
    main_broker_name: p.mainBrokerName,
    premium_pence: p.premiumPence,
    ipt_rate: p.iptRate,
    ipt_pence: p.iptPence,
    fees_pence: p.feesPence,
    total_pence: p.premiumPence + p.iptPence + p.feesPence,
    inception_date: p.inceptionDate,
    renewal_date: p.renewalDate,
    state: p.state,
    cancellation_reason: p.cancellationReason,
    cancelled_at: iso(p.cancelledAt),
    source: p.source,
    invoices_count: Number(r.invoicesCount),
    welcome_email_sent_at: iso(r.welcomeSentAt),
    renewal_email_sent_at: iso(r.renewalSentAt),
    next_states: [...nextStates(p.state)],
    created_at: iso(p.createdAt)!,
    updated_at: iso(p.updatedAt)!,
  };
}

const selectPolicies = (db: Q) =>
  db
    .select(selection)
    .from(policies)
    .leftJoin(individuals, eq(individuals.id, policies.individualId))
    .leftJoin(clientCompanies, eq(clientCompanies.id, policies.clientCompanyId));

const range = (query: ListQuery, key: string): { from?: string; to?: string } | undefined => {
  const v = query.filter[key];
  if (!v || typeof v === "string") return undefined;
  const ok = (s: string | undefined) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) ? s : undefined);
  const r = { from: ok(v.from), to: ok(v.to) };
  return r.from || r.to ? r : undefined;
};

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * The list's filters (spec: policyNumber, productName, mainBrokerName, client_name, creationDate, renewalDate, state),
 * and `renewal_due` (30, 60 or 90: a live policy renewing from today to that many days on — the "renewals due" view),
 * their values recorded in the list's shape (placeholders: the statements are built once per shape).
 */
function policyWhere(shape: ListShape, tenant: Placeholder, query: ListQuery, today: string): SQL {
  const like = (key: string) => {
    const t = textFilter(query, key);
    return t === undefined ? undefined : `%${likeEscape(t)}%`;
  };
  const client = like("client_name") ?? like("clientName");
  const created = range(query, "creationDate");
  const renewal = range(query, "renewalDate");
  const state = textFilter(query, "state");
  const states = state?.split(",").filter((s): s is PolicyState => (POLICY_STATES as readonly string[]).includes(s));
  const due = textFilter(query, "renewal_due");
  const days = due === undefined ? undefined : ["30", "60", "90"].includes(due) ? Number(due) : 30;
  return and(
    eq(policies.tenantId, tenant),
    shape.when("number", like("policyNumber"), (p) => ilike(policies.number, p)),
    shape.when("product", like("productName"), (p) => ilike(policies.productName, p)),
    shape.when("broker", like("mainBrokerName"), (p) => ilike(policies.mainBrokerName, p)),
    shape.when("client", client, (p) =>
      or(
        inArray(
          policies.individualId,
          sql`(select ${individuals.id} from ${individuals} where ${individuals.tenantId} = ${tenant} and ${individuals.fullName} ilike ${p})`,
        ),
        inArray(
          policies.clientCompanyId,
          sql`(select ${clientCompanies.id} from ${clientCompanies} where ${clientCompanies.tenantId} = ${tenant} and ${clientCompanies.name} ilike ${p})`,
        ),
      )!,
    ),
    shape.when("search", like("search"), (p) => or(ilike(policies.number, p), ilike(policies.productName, p), ilike(policies.mainBrokerName, p))!),
    shape.when("createdFrom", created?.from, (p) => gte(policies.createdAt, londonDayStart(p))),
    shape.when("createdTo", created?.to && addDays(created.to, 1), (p) => sql`${policies.createdAt} < ${londonDayStart(p)}`),
    shape.when("renewalFrom", renewal?.from, (p) => sql`${policies.renewalDate} >= ${p}::date`),
    shape.when("renewalTo", renewal?.to, (p) => sql`${policies.renewalDate} <= ${p}::date`),
    states === undefined
      ? undefined
      : states.length === 0
        ? shape.part("noState", sql`false`)
        : inArray(
            policies.state,
            states.map((s, i) => shape.value(`state_${i}`, s)),
          ),
    days === undefined
      ? undefined
      : and(
          shape.when("dueFrom", today, (p) => sql`${policies.renewalDate} >= ${p}::date`),
          shape.when("dueTo", addDays(today, days), (p) => sql`${policies.renewalDate} <= ${p}::date`),
          shape.part("live", inArray(policies.state, ["BOUND", "RENEWAL", "COOLING_OFF"])),
        ),
  )!;
}

/**
 * The list's filters (read as GET /policies reads them), WHERE clause, order and keys with their values
 * (`shape.values`): the list's page, and an export of the list (api/modules/exports), select with them.
 */
export function policyListPlan(tenantId: number, query: ListQuery, today = todayInLondon()) {
  const shape = new ListShape();
  const tenant = shape.value("tenant", tenantId);
  const where = policyWhere(shape, tenant, query, today);
  const sort = sortOf(query, POLICY_SORTS) ?? { field: "created_at" as const, desc: true };
  const column = {
    number: sql`lower(${policies.number})`,
    product_name: sql`lower(${policies.productName})`,
    main_broker_name: sql`lower(${policies.mainBrokerName})`,
    premium: policies.premiumPence,
    inception_date: policies.inceptionDate,
    renewal_date: policies.renewalDate,
    created_at: policies.createdAt,
    state: policies.state,
  }[sort.field];
  // Policies without a main broker go last either way.
  const { order, keys } = shape.sorted(sort, listOrder(column, policies.id, sort.desc, sort.field === "main_broker_name"));
  return { shape, tenant, where, order, keys, values: shape.values };
}

/**
 * The list's statements, prepared per shape: the page's ids from the policies table alone (its filters and sorts
 * on its indexes) with the company's policies version, and the capped count — in the default order whatever the
 * sort (the state filter's index ends in (created_at, id)); a count is remembered at the version it was taken at.
 */
const statements = listStatements(
  policies,
  "policies",
  (db, version) => db.select({ id: policies.id, listVersion: version }).from(policies).$dynamic(),
  [desc(policies.createdAt), desc(policies.id)],
  { id: policies.id, tenantId: policies.tenantId },
);

/** Policies by id, of the tenant only, in the order of the ids (a list's page, an export's page). */
export async function loadPolicies(db: Q, tenantId: number, ids: number[]): Promise<Policy[]> {
  if (ids.length === 0) return [];
  const rows = await selectPolicies(db).where(and(eq(policies.tenantId, tenantId), inArray(policies.id, ids)));
  const byId = new Map(rows.map((r) => [r.policy.id, toPolicy(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * GET /policies: the page's ids (filters and sort on the policies table's indexes) beside the capped count, then
 * the page's rows by id. A count taken at the company's policies version is reused while nothing changed (paging,
 * many users on the same view), and a deep page seen before starts at a remembered row (`shapedPage`).
 */
export async function listPolicies(db: Db, tenantId: number, query: ListQuery) {
  const { shape, tenant, where, order, keys } = policyListPlan(tenantId, query);
  const { rows, total } = await shapedPage(db, shape, shape.countKey("policies"), statements, { where, order, tenant, keys }, query.page);
  return {
    rows: await loadPolicies(
      db,
      tenantId,
      rows.map((r) => r.id),
    ),
    total,
  };
}

async function findRow(db: Q, tenantId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(policies)
    .where(and(eq(policies.tenantId, tenantId), eq(policies.id, id)))
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("Policy");
  return row;
}

export async function getPolicy(db: Q, tenantId: number, id: number): Promise<Policy> {
  const [row] = await selectPolicies(db)
    .where(and(eq(policies.tenantId, tenantId), eq(policies.id, id)))
    .limit(1);
  if (!row) throw notFound("Policy");
  return toPolicy(row);
}

export async function recordActivity(
  db: Q,
  actor: Actor,
  policyId: number,
  action: string,
  extra: { fromState?: string | null; toState?: string | null; details?: Record<string, unknown> } = {},
) {
  await db.insert(policyActivity).values({
    tenantId: actor.tenantId,
    policyId,
    userId: actor.userId,
    action,
    fromState: extra.fromState ?? null,
    toState: extra.toState ?? null,
    details: extra.details ?? {},
  });
}

/** The client must be an individual or a company of the tenant (another company's answers a field error). */
async function assertClient(db: Q, tenantId: number, body: PolicyBody) {
  const found = body.individual_id
    ? await db
        .select({ id: individuals.id })
        .from(individuals)
        .where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, body.individual_id)))
        .limit(1)
    : await db
        .select({ id: clientCompanies.id })
        .from(clientCompanies)
        .where(and(eq(clientCompanies.tenantId, tenantId), eq(clientCompanies.id, body.client_company_id!)))
        .limit(1);
  if (found.length === 0) throw invalid({ client: [POLICY_MESSAGES.clientNotFound] });
}

const fieldsOf = (body: PolicyBody) => ({
  number: body.number,
  productName: body.product_name,
  classOfBusiness: body.class_of_business,
  insurer: body.insurer,
  mainBrokerName: body.main_broker_name,
  individualId: body.individual_id,
  clientCompanyId: body.client_company_id,
  premiumPence: body.premium_pence,
  iptRate: body.ipt_rate,
  iptPence: iptOf(body.premium_pence, body.ipt_rate),
  feesPence: body.fees_pence,
  inceptionDate: body.inception_date,
  renewalDate: body.renewal_date,
});

/** A unique-number clash as the number field's error. */
async function guardNumber<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ number: [POLICY_MESSAGES.numberTaken] });
    throw e;
  }
}

export async function createPolicy(database: Database, actor: Actor, body: PolicyBody, source: "portal" | "import" = "portal"): Promise<Policy> {
  return guardNumber(() =>
    database.transaction(async (tx) => {
      await assertClient(tx, actor.tenantId, body);
      const state = body.state ?? "QUOTE";
      const [row] = await tx
        .insert(policies)
        .values({ tenantId: actor.tenantId, ...fieldsOf(body), state, source, createdBy: actor.userId })
        .returning({ id: policies.id });
      await recordActivity(tx, actor, row.id, "created", { toState: state });
      return getPolicy(tx, actor.tenantId, row.id);
    }),
  );
}

export async function updatePolicy(database: Database, actor: Actor, id: number, body: PolicyBody): Promise<Policy> {
  return guardNumber(() =>
    database.transaction(async (tx) => {
      const before = await findRow(tx, actor.tenantId, id, true);
      await assertClient(tx, actor.tenantId, body);
      const fields = fieldsOf(body);
      await tx
        .update(policies)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(policies.id, id));
      const changed: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(fields)) {
        const old = (before as Record<string, unknown>)[k];
        if (old !== v) changed[k] = { old, new: v };
      }
      if (Object.keys(changed).length) await recordActivity(tx, actor, id, "updated", { details: changed });
      return getPolicy(tx, actor.tenantId, id);
    }),
  );
}

/**
 * Changes the state by the transition table: a change it does not allow answers 422 with the reason. CANCELLED keeps
 * its reason and time; a RENEWAL that is BOUND again starts its next term (inception on the old renewal date, renewal
 * a year later). Recorded in the activity with who (null: the scheduled job) and when.
 */
export async function changeState(database: Database, actor: Actor, id: number, body: PolicyStateBody): Promise<Policy> {
  return database.transaction(async (tx) => {
    const row = await findRow(tx, actor.tenantId, id, true);
    await transition(tx, actor, row, body.state, body.cancellation_reason ?? null);
    return getPolicy(tx, actor.tenantId, id);
  });
}

async function transition(tx: Tx, actor: Actor, row: typeof policies.$inferSelect, to: PolicyState, reason: string | null) {
  if (row.state === to) throw invalid({ state: [POLICY_MESSAGES.sameState] });
  if (!canTransition(row.state, to)) throw invalid({ state: [POLICY_MESSAGES.transition(POLICY_STATE_LABELS[row.state], POLICY_STATE_LABELS[to])] });
  const set: Partial<typeof policies.$inferInsert> = { state: to, updatedAt: new Date() };
  const details: Record<string, unknown> = {};
  if (to === "CANCELLED") {
    set.cancellationReason = reason;
    set.cancelledAt = new Date();
    details.cancellation_reason = reason;
  }
  if (row.state === "RENEWAL" && to === "BOUND") {
    set.inceptionDate = row.renewalDate;
    set.renewalDate = addYears(row.renewalDate, 1);
    details.new_term = { inception_date: set.inceptionDate, renewal_date: set.renewalDate };
  }
  await tx.update(policies).set(set).where(eq(policies.id, row.id));
  await recordActivity(tx, actor, row.id, "state_changed", { fromState: row.state, toState: to, details });
}

function addYears(day: string, years: number) {
  const [y, m, d] = day.split("-").map(Number);
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/**
 * The scheduled job's work: every COOLING_OFF policy whose 14 days since inception are over (on `today`, a UK date)
 * becomes BOUND, recorded as done by the system. Answers how many changed. Safe to run twice: a policy already
 * BOUND is no longer picked.
 */
export async function endCoolingOff(database: Database, today = todayInLondon()): Promise<number> {
  const cutoff = addDays(today, -COOLING_OFF_DAYS);
  let changed = 0;
  for (;;) {
    const batch = await database.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(policies)
        .where(and(eq(policies.state, "COOLING_OFF"), lte(policies.inceptionDate, cutoff)))
        .orderBy(asc(policies.inceptionDate), asc(policies.id))
        .limit(500)
        .for("update", { skipLocked: true });
      for (const row of rows) {
        await tx.update(policies).set({ state: "BOUND", updatedAt: new Date() }).where(eq(policies.id, row.id));
        await recordActivity(tx, { tenantId: row.tenantId, userId: null }, row.id, "state_changed", {
          fromState: "COOLING_OFF",
          toState: "BOUND",
          details: { reason: `The ${COOLING_OFF_DAYS}-day cooling-off period ended.` },
        });
      }
      return rows.length;
    });
    changed += batch;
    if (batch < 500) return changed;
  }
}

export async function deletePolicy(database: Database, actor: Actor, id: number) {
  const gone = await database.db
    .delete(policies)
    .where(and(eq(policies.tenantId, actor.tenantId), eq(policies.id, id)))
    .returning({ id: policies.id });
  if (gone.length === 0) throw notFound("Policy");
}

export async function listActivity(db: Db, tenantId: number, id: number): Promise<PolicyActivity[]> {
  await findRow(db, tenantId, id);
  const rows = await db
    .select({ a: policyActivity, userName: sql<string | null>`nullif(btrim(coalesce(${users.name}, '') || ' ' || coalesce(${users.lastName}, '')), '')` })
    .from(policyActivity)
    .leftJoin(users, eq(users.id, policyActivity.userId))
    .where(and(eq(policyActivity.tenantId, tenantId), eq(policyActivity.policyId, id)))
    .orderBy(desc(policyActivity.createdAt), desc(policyActivity.id))
    .limit(200);
  return rows.map(({ a, userName }) => ({
    id: a.id,
    action: a.action,
    from_state: a.fromState,
    to_state: a.toState,
    details: a.details,
    user: a.userId === null ? null : { id: a.userId, name: userName ?? "A former user" },
    created_at: iso(a.createdAt)!,
  }));
}

// ---------------------------------------------------------------- linked invoices

export async function listInvoices(db: Q, tenantId: number, id: number): Promise<PolicyInvoice[]> {
  await findRow(db, tenantId, id);
  const rows = await db
    .select({ d: salesDocuments, linkedAt: policyInvoices.createdAt })
    .from(policyInvoices)
    .innerJoin(salesDocuments, eq(salesDocuments.id, policyInvoices.invoiceId))
    .where(and(eq(policyInvoices.tenantId, tenantId), eq(policyInvoices.policyId, id)))
    .orderBy(asc(salesDocuments.issueDate), asc(salesDocuments.id));
  return rows.map(({ d, linkedAt }) => ({
    id: d.id,
    number: d.number,
    status: d.status,
    issue_date: d.issueDate,
    total_pence: d.totalPence,
    linked_at: iso(linkedAt)!,
  }));
}

async function findInvoice(db: Q, tenantId: number, invoiceId: number) {
  const [invoice] = await db
    .select({ id: salesDocuments.id, number: salesDocuments.number })
    .from(salesDocuments)
    .where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, "invoice"), eq(salesDocuments.id, invoiceId)))
    .limit(1);
  if (!invoice) throw notFound("Invoice");
  return invoice;
}

/** Links an invoice of the tenant to the policy (again: nothing changes); one linked to another policy answers 422. */
export async function linkInvoice(database: Database, actor: Actor, id: number, invoiceId: number) {
  await database.transaction(async (tx) => {
    await findRow(tx, actor.tenantId, id, true);
    const invoice = await findInvoice(tx, actor.tenantId, invoiceId);
    const [existing] = await tx.select().from(policyInvoices).where(eq(policyInvoices.invoiceId, invoiceId)).limit(1);
    if (existing?.policyId === id) return;
    if (existing) throw invalid({ invoice: [POLICY_MESSAGES.invoiceTaken] });
    await tx.insert(policyInvoices).values({ tenantId: actor.tenantId, policyId: id, invoiceId });
    await recordActivity(tx, actor, id, "invoice_linked", { details: { invoice_id: invoiceId, number: invoice.number } });
  });
  return listInvoices(database.db, actor.tenantId, id);
}

export async function unlinkInvoice(database: Database, actor: Actor, id: number, invoiceId: number) {
  await database.transaction(async (tx) => {
    await findRow(tx, actor.tenantId, id, true);
    const invoice = await findInvoice(tx, actor.tenantId, invoiceId);
    const gone = await tx
      .delete(policyInvoices)
      .where(and(eq(policyInvoices.policyId, id), eq(policyInvoices.invoiceId, invoiceId)))
      .returning({ id: policyInvoices.invoiceId });
    if (gone.length === 0) throw notFound("Linked invoice");
    await recordActivity(tx, actor, id, "invoice_unlinked", { details: { invoice_id: invoiceId, number: invoice.number } });
  });
}

/** The tenant's invoices not linked to any policy yet (the detail page's "link an invoice" choice). */
export async function linkableInvoices(db: Db, tenantId: number) {
  const rows = await db
    .select({
      id: salesDocuments.id,
      number: salesDocuments.number,
      status: salesDocuments.status,
      total: salesDocuments.totalPence,
      issueDate: salesDocuments.issueDate,
    })
    .from(salesDocuments)
    .leftJoin(policyInvoices, eq(policyInvoices.invoiceId, salesDocuments.id))
    .where(and(eq(salesDocuments.tenantId, tenantId), eq(salesDocuments.kind, "invoice"), isNull(policyInvoices.invoiceId)))
    .orderBy(desc(salesDocuments.createdAt), desc(salesDocuments.id))
    .limit(200);
  return rows.map((r) => ({ id: r.id, number: r.number, status: r.status, total_pence: r.total, issue_date: r.issueDate }));
}

// ---------------------------------------------------------------- stats

const LIVE: PolicyState[] = ["BOUND", "COOLING_OFF", "RENEWAL"];

async function stateCounts(db: Db, where: SQL) {
  const rows = await db
    .select({
      state: policies.state,
      n: count(),
      premium: sql<string>`coalesce(sum(${policies.premiumPence}), 0)`,
      ipt: sql<string>`coalesce(sum(${policies.iptPence}), 0)`,
    })
    .from(policies)
    .where(where)
    .groupBy(policies.state);
  const byState = Object.fromEntries(POLICY_STATES.map((s) => [s, 0])) as Record<string, number>;
  let live = 0;
  let livePremium = 0;
  let liveIpt = 0;
  for (const r of rows) {
    byState[r.state] = Number(r.n);
    if (LIVE.includes(r.state)) {
      live += Number(r.n);
      livePremium += Number(r.premium);
      liveIpt += Number(r.ipt);
    }
  }
  return { byState, live, livePremium, liveIpt };
}

/** GET /policies/stats/individual/{id}: the individual (of the tenant, else 404) and their policies. */
export async function individualStats(db: Db, tenantId: number, individualId: number) {
  const [person] = await db
    .select({ id: individuals.id })
    .from(individuals)
    .where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, individualId)))
    .limit(1);
  if (!person) throw notFound("Individual");
  const where = and(eq(policies.tenantId, tenantId), eq(policies.individualId, individualId))!;
  const { byState, live, livePremium } = await stateCounts(db, where);
  const [next] = await db
    .select({ d: sql<string | null>`min(${policies.renewalDate})` })
    .from(policies)
    .where(and(where, inArray(policies.state, LIVE), gte(policies.renewalDate, todayInLondon())));
  return {
    total: Object.values(byState).reduce((a, b) => a + b, 0),
    by_state: byState,
    live,
    live_premium_pence: livePremium,
    next_renewal_date: next?.d ?? null,
  };
}

/** GET /dashboard-stats/insurance-overview: the tenant's book, and what was written in the interval's days. */
export async function insuranceOverview(db: Db, tenantId: number, intervalDays: number) {
  const tenant = eq(policies.tenantId, tenantId);
  const today = todayInLondon();
  const since = addDays(today, -intervalDays + 1);
  const [{ byState, live, livePremium, liveIpt }, [due], [written]] = await Promise.all([
    stateCounts(db, tenant),
    db
      .select({ n: count() })
      .from(policies)
      .where(and(tenant, inArray(policies.state, LIVE), gte(policies.renewalDate, today), lte(policies.renewalDate, addDays(today, 30)))),
    db
      .select({ n: count(), premium: sql<string>`coalesce(sum(${policies.premiumPence}), 0)` })
      .from(policies)
      .where(and(tenant, gte(policies.createdAt, londonDayStart(since)))),
  ]);
  return {
    by_state: byState,
    live,
    live_premium_pence: livePremium,
    live_ipt_pence: liveIpt,
    renewals_due_30: Number(due.n),
    written_in_interval: Number(written.n),
    written_premium_in_interval_pence: Number(written.premium),
  };
}

export { addDays, findRow };

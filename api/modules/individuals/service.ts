import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, notInArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { INDIVIDUAL_SORTS, MESSAGES, type Individual, type IndividualCreateBody, type IndividualUpdateBody } from "#contract/clients";
import type { Database, Db } from "#api/db/client";
import { companies, individuals } from "#api/db/schema";
import { invalid, notFound } from "#api/http/errors";
import { ListShape, listOrder, listStatements, shapedPage, shapedSearch, sortOf, textFilter } from "#api/http/paging";
import type { MailProvider } from "#api/integrations/mail";
import { idFilter } from "#api/http/ids";
import { assertTenantUser, booleanFilter, distinct, iso, ref, userNames } from "../clients/common";
import { deleteClients } from "../clients/bulk";
import { assertJobTitle, linkedIds, linksOfIndividuals, writeLink } from "../clients/links";

type Row = typeof individuals.$inferSelect;

/** Rows → the wire shape, with owners and company links loaded in two queries for the whole page. */
async function hydrate(db: Db, tenantId: number, rows: Row[]): Promise<Individual[]> {
  if (!rows.length) return [];
  const [names, links] = await Promise.all([
    userNames(
      db,
      tenantId,
      rows.map((r) => r.ownerUserId),
    ),
    linksOfIndividuals(
      db,
      tenantId,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    full_name: r.fullName,
    email: r.email,
    telephone: r.telephone,
    date_of_birth: r.dateOfBirth,
    address_line_1: r.addressLine1,
    address_line_2: r.addressLine2,
    town: r.town,
    county: r.county,
    postcode: r.postcode,
    owner: ref(r.ownerUserId, names),
    archived: r.archivedAt !== null,
    archived_at: iso(r.archivedAt),
    portal_invited_at: iso(r.portalInvitedAt),
    companies: links.filter((l) => l.individual_id === r.id),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

export interface ListScope {
  /** Only the clients this user looks after (GET /me/client). */
  ownerUserId?: number;
  /** Only clients invited to the client portal (GET /me/client/external). */
  portalInvited?: boolean;
  /** Individuals not yet linked to this company (the shell's for_linking_to_company_id). */
  notLinkedToCompanyId?: number;
}

/** The list's page and count, prepared per shape. */
const statements = listStatements(
  individuals,
  "individuals",
  (db, version) =>
    db
      .select({ ...getTableColumns(individuals), listVersion: version })
      .from(individuals)
      .$dynamic(),
  undefined,
  { id: individuals.id, tenantId: individuals.tenantId },
);

/**
 * GET /individual. Filters: search (name, e-mail, telephone), company_id (or companies.id), archived
 * (0 default: active only; 1: archived only; all), owner_user_id, portal_invited (1/0),
 * for_linking_to_company_id. Sorts: INDIVIDUAL_SORTS, default full_name.
 */
export async function listIndividuals(db: Db, tenantId: number, query: ListQuery, scope: ListScope = {}) {
  const { shape, tenant, where, order, keys } = individualListPlan(db, tenantId, query, scope);
  const countKey = shape.countKey("individuals");
  const { rows, total } = await shapedPage(db, shape, countKey, statements, { where, order, tenant, keys }, query.page);
  return {
    rows: await hydrate(
      db,
      tenantId,
      rows.map(({ listVersion: _, ...row }) => row),
    ),
    total,
  };
}

/** Individuals by id with their owners and links, in the order of the ids (an export's page of rows). */
export async function loadIndividuals(db: Db, tenantId: number, ids: number[]): Promise<Individual[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(individuals)
    .where(and(eq(individuals.tenantId, tenantId), inArray(individuals.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hydrate(
    db,
    tenantId,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/**
 * The list's filters (read and checked), WHERE clause and order with their values (`shape.values`): GET /individual's
 * page, and an export of the list (api/modules/exports), select with them.
 */
export function individualListPlan(db: Db, tenantId: number, query: ListQuery, scope: ListScope = {}) {
  const search = textFilter(query, "search");
  const companyId = idFilter(query, "company_id", "companies.id");
  const ownerId = scope.ownerUserId ?? idFilter(query, "owner_user_id");
  const notLinked = scope.notLinkedToCompanyId ?? idFilter(query, "for_linking_to_company_id");
  const archivedText = textFilter(query, "archived")?.toLowerCase();
  const archived = archivedText === "all" ? "all" : (booleanFilter(query, "archived") ?? false);
  const invited = scope.portalInvited ?? booleanFilter(query, "portal_invited");
  const shape = new ListShape();
  const tenant = shape.value("tenant", tenantId);
  const where = and(
    eq(individuals.tenantId, tenant),
    search ? shapedSearch(shape, [individuals.fullName, individuals.email, individuals.telephone], search) : undefined,
    shape.when("company", companyId, (p) => inArray(individuals.id, linkedIds(db, tenant, "individuals", p))),
    shape.when("not_linked", notLinked, (p) => notInArray(individuals.id, linkedIds(db, tenant, "individuals", p))),
    shape.when("owner", ownerId, (p) => eq(individuals.ownerUserId, p)),
    archived === "all"
      ? shape.part("archived_all", undefined)
      : archived
        ? shape.part("archived", isNotNull(individuals.archivedAt))
        : isNull(individuals.archivedAt),
    invited === undefined
      ? undefined
      : invited
        ? shape.part("invited", isNotNull(individuals.portalInvitedAt))
        : shape.part("not_invited", isNull(individuals.portalInvitedAt)),
  )!;
  const sort = sortOf(query, INDIVIDUAL_SORTS) ?? { field: "full_name" as const, desc: false };
  const column: SQL | AnyColumn = {
    full_name: sql`lower(${individuals.fullName})`,
    first_name: sql`lower(${individuals.firstName})`,
    last_name: sql`lower(${individuals.lastName})`,
    email: sql`lower(${individuals.email})`,
    created_at: individuals.createdAt,
    updated_at: individuals.updatedAt,
  }[sort.field];
  // Blank e-mails go last either way.
  const blanksLast = sort.field === "email";
  const { order, keys } = shape.sorted(sort, listOrder(column, individuals.id, sort.desc, blanksLast));
  return { shape, tenant, where, order, keys, values: shape.values };
}

export async function findRow(db: Db, tenantId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(individuals)
    .where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, id)))
    .limit(1);
  if (!row) throw notFound("Individual");
  return row;
}

export async function getIndividual(db: Db, tenantId: number, id: number) {
  const [one] = await hydrate(db, tenantId, [await findRow(db, tenantId, id)]);
  return one;
}

type Fields = Omit<IndividualUpdateBody, "archived">;

function columns(b: Fields) {
  const out: Partial<typeof individuals.$inferInsert> = {};
  if (b.first_name !== undefined) out.firstName = b.first_name;
  if (b.last_name !== undefined) out.lastName = b.last_name;
  if (b.email !== undefined) out.email = b.email;
  if (b.telephone !== undefined) out.telephone = b.telephone;
  if (b.date_of_birth !== undefined) out.dateOfBirth = b.date_of_birth;
  if (b.address_line_1 !== undefined) out.addressLine1 = b.address_line_1;
  if (b.address_line_2 !== undefined) out.addressLine2 = b.address_line_2;
  if (b.town !== undefined) out.town = b.town;
  if (b.county !== undefined) out.county = b.county;
  if (b.postcode !== undefined) out.postcode = b.postcode;
  if (b.owner_user_id !== undefined) out.ownerUserId = b.owner_user_id;
  return out;
}

/** POST /individual: the owner defaults to the creator; with company_id the new person is linked at once. */
export async function createIndividual(database: Database, tenantId: number, userId: number, body: IndividualCreateBody) {
  const { db } = database;
  if (body.owner_user_id) await assertTenantUser(db, tenantId, body.owner_user_id);
  await assertJobTitle(db, body.job_title_id);
  const id = await database.transaction(async (tx) => {
    const [row] = await tx
      .insert(individuals)
      .values({
        tenantId,
        firstName: body.first_name,
        lastName: body.last_name,
        ...columns(body),
        ownerUserId: body.owner_user_id === undefined ? userId : body.owner_user_id,
      })
      .returning({ id: individuals.id });
    if (body.company_id !== undefined) {
      try {
        await writeLink(tx, tenantId, body.company_id, row.id, { isPrimary: body.is_primary ?? false, jobTitleId: body.job_title_id ?? null }, "create");
      } catch (e) {
        if ((e as { statusCode?: number }).statusCode === 404) throw invalid({ company_id: ["Choose a company."] });
        throw e;
      }
    }
    return row.id;
  });
  return getIndividual(db, tenantId, id);
}

/** PATCH /individual/{id}: the fields sent change; archived true/false archives or restores. */
export async function updateIndividual(db: Db, tenantId: number, id: number, body: IndividualUpdateBody) {
  const current = await findRow(db, tenantId, id);
  if (body.owner_user_id) await assertTenantUser(db, tenantId, body.owner_user_id);
  const set: Partial<typeof individuals.$inferInsert> = { ...columns(body), updatedAt: new Date() };
  if (body.archived !== undefined) set.archivedAt = body.archived ? (current.archivedAt ?? new Date()) : null;
  await db
    .update(individuals)
    .set(set)
    .where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, id)));
  return getIndividual(db, tenantId, id);
}

/**
 * The ids of a bulk request, all of which must be the caller's: one id of another tenant (or of no
 * row) answers 404 and nothing is changed.
 */
async function ownIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  const wanted = distinct(ids);
  const rows = await db
    .select({ id: individuals.id })
    .from(individuals)
    .where(and(eq(individuals.tenantId, tenantId), inArray(individuals.id, wanted)));
  if (rows.length !== wanted.length) throw notFound("Individual");
  return wanted;
}

/** DELETE /individual-bulk-delete: the individuals, their company links, notes and e-mail threads. */
export async function bulkDelete(database: Database, tenantId: number, ids: number[]) {
  const own = await ownIds(database.db, tenantId, ids);
  await deleteClients(database, tenantId, "individual", "individuals", own, (tx) =>
    tx.delete(individuals).where(and(eq(individuals.tenantId, tenantId), inArray(individuals.id, own))),
  );
}

/** POST /individual/archive: archive (or restore) many. */
export async function bulkArchive(db: Db, tenantId: number, ids: number[], archived: boolean) {
  const own = await ownIds(db, tenantId, ids);
  const now = new Date();
  // Archiving keeps the first archive date of those already archived.
  await db
    .update(individuals)
    .set(archived ? { archivedAt: now, updatedAt: now } : { archivedAt: null, updatedAt: now })
    .where(
      and(eq(individuals.tenantId, tenantId), inArray(individuals.id, own), archived ? isNull(individuals.archivedAt) : isNotNull(individuals.archivedAt)),
    );
}

/**
 * POST /individual/portal-invite: marks each individual invited and e-mails the invitation. Archived
 * individuals and those without an e-mail address are skipped (and listed with the reason).
 */
export async function portalInvite(database: Database, mail: MailProvider, portalUrl: string, tenantId: number, ids: number[]) {
  const { db } = database;
  const own = await ownIds(db, tenantId, ids);
  const [tenant] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, tenantId));
  const rows = await db
    .select()
    .from(individuals)
    .where(and(eq(individuals.tenantId, tenantId), inArray(individuals.id, own)))
    .orderBy(asc(individuals.id));
  const invited: number[] = [];
  const skipped: { id: number; reason: string }[] = [];
  for (const r of rows) {
    if (r.archivedAt) {
      skipped.push({ id: r.id, reason: "Archived individuals cannot be invited." });
      continue;
    }
    if (!r.email) {
      skipped.push({ id: r.id, reason: MESSAGES.noEmail });
      continue;
    }
    await mail.send({
      tenantId,
      to: r.email,
      subject: `${tenant.name} has invited you to its client portal`,
      text: [
        `Dear ${r.fullName},`,
        "",
        `${tenant.name} has invited you to its client portal, where you can see your policies and documents and send messages to your adviser.`,
        "",
        `Open the portal: ${portalUrl.replace(/\/$/, "")}/`,
        "",
        "If you were not expecting this e-mail, you can ignore it.",
      ].join("\n"),
    });
    await db
      .update(individuals)
      .set({ portalInvitedAt: new Date() })
      .where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, r.id)));
    invited.push(r.id);
  }
  return { invited, skipped };
}

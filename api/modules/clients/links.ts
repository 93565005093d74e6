/** Links between individuals and client companies: a primary-contact flag (one per company) and a job title. */
import { and, asc, count, desc, eq, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import { MESSAGES, type CompanyLink } from "#contract/clients";
import type { Database, Db, Tx } from "#api/db/client";
import { oneOfIds, preparedPerDatabase } from "#api/db/prepared";
import { clientCompanies, companyIndividuals, individuals, jobTitles } from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import { isUniqueViolation } from "#api/lib/db-errors";

/** The ids on one side of the links whose other side is `id`: the individuals of a company, or the companies of an individual. */
export function linkedIds(db: Db, tenant: number | Placeholder, wanted: "individuals" | "companies", id: number | Placeholder) {
  const [column, other] =
    wanted === "individuals"
      ? [companyIndividuals.individualId, companyIndividuals.companyId]
      : [companyIndividuals.companyId, companyIndividuals.individualId];
  return db
    .select({ id: column })
    .from(companyIndividuals)
    .where(and(eq(companyIndividuals.tenantId, tenant), eq(other, id)));
}

const linkColumns = {
  companyId: companyIndividuals.companyId,
  companyName: clientCompanies.name,
  individualId: companyIndividuals.individualId,
  fullName: individuals.fullName,
  email: individuals.email,
  telephone: individuals.telephone,
  isPrimary: companyIndividuals.isPrimary,
  jobTitleId: companyIndividuals.jobTitleId,
  jobTitle: jobTitles.name,
};
type LinkRow = {
  companyId: number;
  companyName: string;
  individualId: number;
  fullName: string;
  email: string | null;
  telephone: string | null;
  isPrimary: boolean;
  jobTitleId: number | null;
  jobTitle: string | null;
};

const toLink = (l: LinkRow): CompanyLink => ({
  company_id: l.companyId,
  company_name: l.companyName,
  individual_id: l.individualId,
  full_name: l.fullName,
  email: l.email,
  telephone: l.telephone,
  is_primary: l.isPrimary,
  job_title_id: l.jobTitleId,
  job_title: l.jobTitle,
});

/** Links of the tenant matching `where`, primary contacts first, then by company and person name. */
function selectLinks(db: Db | Tx, tenant: number | Placeholder, where: SQL | undefined) {
  return db
    .select(linkColumns)
    .from(companyIndividuals)
    .innerJoin(clientCompanies, eq(clientCompanies.id, companyIndividuals.companyId))
    .innerJoin(individuals, eq(individuals.id, companyIndividuals.individualId))
    .leftJoin(jobTitles, eq(jobTitles.id, companyIndividuals.jobTitleId))
    .where(and(eq(companyIndividuals.tenantId, tenant), where))
    .orderBy(
      desc(companyIndividuals.isPrimary),
      asc(sql`lower(${clientCompanies.name})`),
      asc(sql`lower(${individuals.fullName})`),
      asc(companyIndividuals.id),
    );
}

export async function linksWhere(db: Db | Tx, tenantId: number, where: SQL | undefined): Promise<CompanyLink[]> {
  return (await selectLinks(db, tenantId, where)).map(toLink);
}

/** A list page's links, by one named statement each, planned once per connection. */
const pageLinks = {
  ofIndividuals: preparedPerDatabase((db) =>
    selectLinks(db, sql.placeholder("tenant"), oneOfIds(companyIndividuals.individualId)).prepare("links_of_individuals"),
  ),
  primaryOfCompanies: preparedPerDatabase((db) =>
    selectLinks(db, sql.placeholder("tenant"), and(oneOfIds(companyIndividuals.companyId), eq(companyIndividuals.isPrimary, true))).prepare(
      "primary_links_of_companies",
    ),
  ),
};

/** The company links of some individuals (a page of the individuals list). */
export async function linksOfIndividuals(db: Db, tenantId: number, ids: number[]): Promise<CompanyLink[]> {
  return (await pageLinks.ofIndividuals(db).execute({ tenant: tenantId, ids })).map(toLink);
}

/** The primary contacts of some companies (a page of the companies list). */
export async function primaryLinksOfCompanies(db: Db, tenantId: number, ids: number[]): Promise<CompanyLink[]> {
  return (await pageLinks.primaryOfCompanies(db).execute({ tenant: tenantId, ids })).map(toLink);
}

/** How many individuals each of some companies has linked. */
const linkCounts = preparedPerDatabase((db) =>
  db
    .select({ companyId: companyIndividuals.companyId, n: count() })
    .from(companyIndividuals)
    .where(and(eq(companyIndividuals.tenantId, sql.placeholder("tenant")), oneOfIds(companyIndividuals.companyId)))
    .groupBy(companyIndividuals.companyId)
    .prepare("link_counts_of_companies"),
);

export async function linkCountsOfCompanies(db: Db, tenantId: number, ids: number[]): Promise<Map<number, number>> {
  return new Map((await linkCounts(db).execute({ tenant: tenantId, ids })).map((c) => [c.companyId, Number(c.n)]));
}

export async function assertJobTitle(db: Db | Tx, jobTitleId: number | null | undefined) {
  if (jobTitleId == null) return;
  const [row] = await db.select({ id: jobTitles.id }).from(jobTitles).where(eq(jobTitles.id, jobTitleId)).limit(1);
  if (!row) throw invalid({ job_title_id: ["Choose a job title from the list."] });
}

export interface LinkChange {
  isPrimary?: boolean;
  jobTitleId?: number | null;
}

/**
 * Links (or re-links) an individual to a company inside `tx`. Making someone the primary contact
 * demotes the company's previous primary contact; the company row is locked first, so two requests
 * cannot both make a primary contact at once.
 * - "create": 422 when already linked; "update": 404 when not linked; "upsert": either.
 */
export async function writeLink(
  tx: Db | Tx,
  tenantId: number,
  companyId: number,
  individualId: number,
  change: LinkChange,
  mode: "create" | "update" | "upsert",
) {
  const [company] = await tx
    .select({ id: clientCompanies.id })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.tenantId, tenantId), eq(clientCompanies.id, companyId)))
    .for("update");
  if (!company) throw notFound("Company");
  const [person] = await tx
    .select({ id: individuals.id })
    .from(individuals)
    .where(and(eq(individuals.tenantId, tenantId), eq(individuals.id, individualId)))
    .limit(1);
  if (!person) throw mode === "update" ? notFound("Individual") : invalid({ individual_id: ["Choose an individual."] });
  await assertJobTitle(tx, change.jobTitleId);
  const [existing] = await tx
    .select()
    .from(companyIndividuals)
    .where(and(eq(companyIndividuals.companyId, companyId), eq(companyIndividuals.individualId, individualId)))
    .limit(1);
  if (existing && mode === "create") throw invalid({ individual_id: [MESSAGES.alreadyLinked] });
  if (!existing && mode === "update") throw notFound("Link");
  if (change.isPrimary) {
    await tx
      .update(companyIndividuals)
      .set({ isPrimary: false })
      .where(and(eq(companyIndividuals.companyId, companyId), eq(companyIndividuals.isPrimary, true), ne(companyIndividuals.individualId, individualId)));
  }
  if (existing) {
    const set = {
      ...(change.isPrimary !== undefined ? { isPrimary: change.isPrimary } : {}),
      ...(change.jobTitleId !== undefined ? { jobTitleId: change.jobTitleId } : {}),
    };
    // A change naming no field leaves the link as it is (an empty SET is not SQL).
    if (Object.keys(set).length) await tx.update(companyIndividuals).set(set).where(eq(companyIndividuals.id, existing.id));
  } else {
    await tx
      .insert(companyIndividuals)
      .values({ tenantId, companyId, individualId, isPrimary: change.isPrimary ?? false, jobTitleId: change.jobTitleId ?? null });
  }
  await tx.update(clientCompanies).set({ updatedAt: new Date() }).where(eq(clientCompanies.id, companyId));
  const [link] = await linksWhere(tx, tenantId, and(eq(companyIndividuals.companyId, companyId), eq(companyIndividuals.individualId, individualId)));
  return link;
}

/** writeLink in its own transaction; a primary-contact race that still slips through answers 409. */
export async function saveLink(
  database: Database,
  tenantId: number,
  companyId: number,
  individualId: number,
  change: LinkChange,
  mode: "create" | "update" | "upsert",
) {
  try {
    return await database.transaction((tx) => writeLink(tx, tenantId, companyId, individualId, change, mode));
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(409, "The company's contacts changed at the same time; please try again.");
    throw e;
  }
}

export async function removeLink(db: Db, tenantId: number, companyId: number, individualId: number) {
  const gone = await db
    .delete(companyIndividuals)
    .where(and(eq(companyIndividuals.tenantId, tenantId), eq(companyIndividuals.companyId, companyId), eq(companyIndividuals.individualId, individualId)))
    .returning({ id: companyIndividuals.id });
  if (!gone.length) throw notFound("Link");
}

import { and, count, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { ListQuery } from "#contract/common";
import {
  brandingBodySchema,
  COMPANY_SORTS,
  type complianceBodySchema,
  type Company,
  type CompanyCreateBody,
  type CompanyDetail,
  type CompanyUpdateBody,
} from "#contract/clients";
import { todayInLondon } from "#common/dates";
import type { Database, Db } from "#api/db/client";
import { inIdOrder, oneOfIds, preparedPerDatabase } from "#api/db/prepared";
import { clientCompanies, companies, companyCompliance, companyIndividuals, companyTypes, employeeSizes, industries, trades, users } from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import type { FormBody, UploadedFile } from "#api/http/multipart";
import { ListShape, listOrder, listStatements, shapedPage, shapedSearch, sortOf, textFilter } from "#api/http/paging";
import { zodErrors } from "#api/http/validation";
import type { Storage } from "#api/integrations/storage";
import { checkImageUpload, type ImageType } from "#api/integrations/storage/image";
import { idFilter } from "#api/http/ids";
import { assertTenantUser, distinct, iso, ref, userNames } from "../clients/common";
import { deleteClients } from "../clients/bulk";
import { linkCountsOfCompanies, linkedIds, linksWhere, primaryLinksOfCompanies } from "../clients/links";
import * as lookups from "../lookups/service";

type Row = typeof clientCompanies.$inferSelect;

const type = alias(companyTypes, "type");
const size = alias(employeeSizes, "size");
const industry = alias(industries, "industry");
const trade = alias(trades, "trade");

/** A company row with the names of its lookups. */
function selectCompanies(db: Db) {
  return db
    .select({ c: clientCompanies, typeName: type.name, sizeName: size.name, industryName: industry.name, tradeName: trade.name })
    .from(clientCompanies)
    .leftJoin(type, eq(type.id, clientCompanies.typeId))
    .leftJoin(size, eq(size.id, clientCompanies.employeeSizeId))
    .leftJoin(industry, eq(industry.id, clientCompanies.industryId))
    .leftJoin(trade, eq(trade.id, clientCompanies.tradeId));
}
type Joined = { c: Row; typeName: string | null; sizeName: string | null; industryName: string | null; tradeName: string | null };

const named = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);
const fileUrl = (key: string | null) => (key ? `/files/${key}` : null);

/** Rows → the wire shape; owners, primary contacts and link counts are loaded for the whole page at once. */
async function hydrate(db: Db, tenantId: number, rows: Joined[]): Promise<Company[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.c.id);
  const [names, primaries, countOf] = await Promise.all([
    userNames(
      db,
      tenantId,
      rows.map((r) => r.c.ownerUserId),
    ),
    primaryLinksOfCompanies(db, tenantId, ids),
    linkCountsOfCompanies(db, tenantId, ids),
  ]);
  return rows.map(({ c, typeName, sizeName, industryName, tradeName }) => {
    const primary = primaries.find((p) => p.company_id === c.id);
    return {
      id: c.id,
      name: c.name,
      type_id: c.typeId,
      type: named(c.typeId, typeName),
      employee_size_id: c.employeeSizeId,
      employee_size: named(c.employeeSizeId, sizeName),
      industry_id: c.industryId,
      industry: named(c.industryId, industryName),
      trade_id: c.tradeId,
      trade: named(c.tradeId, tradeName),
      registration_number: c.registrationNumber,
      website: c.website,
      email: c.email,
      telephone: c.telephone,
      address_line_1: c.addressLine1,
      address_line_2: c.addressLine2,
      town: c.town,
      county: c.county,
      postcode: c.postcode,
      owner: ref(c.ownerUserId, names),
      company_branding_colour: c.companyBrandingColour,
      logo_url: fileUrl(c.logoKey),
      icon_url: fileUrl(c.iconKey),
      bank_account: { account_name: c.accountName, account_number: c.accountNumber, sort_code: c.sortCode },
      broker_data: { fca_number: c.fcaNumber, network: c.network, appointed_representative: c.appointedRepresentative, principal_firm: c.principalFirm },
      communication_details: {
        preferred_channel: c.preferredChannel,
        marketing_email: c.marketingEmail,
        marketing_sms: c.marketingSms,
        marketing_telephone: c.marketingTelephone,
        marketing_post: c.marketingPost,
        consent_updated_at: iso(c.consentUpdatedAt),
      },
      primary_contact: primary
        ? { id: primary.individual_id, full_name: primary.full_name, email: primary.email, telephone: primary.telephone, job_title: primary.job_title }
        : null,
      individuals_count: countOf.get(c.id) ?? 0,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
    };
  });
}

/**
 * The list's page (its ids and the list's version) and count, prepared per shape; the page's rows with their
 * lookups' names come by id from one named statement (`companiesByIds`), so PostgreSQL plans the four joins once
 * per connection instead of with every page.
 */
const statements = listStatements(
  clientCompanies,
  "companies",
  (db, version) => db.select({ id: clientCompanies.id, listVersion: version }).from(clientCompanies).$dynamic(),
  undefined,
  { id: clientCompanies.id, tenantId: clientCompanies.tenantId },
);

/** Companies by id with their lookups' names (a list's page, one company): planned once per connection. */
const companiesByIds = preparedPerDatabase((db) =>
  selectCompanies(db)
    .where(and(eq(clientCompanies.tenantId, sql.placeholder("tenant")), oneOfIds(clientCompanies.id)))
    .prepare("companies_by_ids"),
);

export async function loadCompanies(db: Db, tenantId: number, ids: number[]): Promise<Company[]> {
  if (!ids.length) return [];
  const rows = await companiesByIds(db).execute({ tenant: tenantId, ids });
  return hydrate(
    db,
    tenantId,
    inIdOrder(ids, rows, (r) => r.c.id),
  );
}

/**
 * GET /company, /companies. Filters: search (name, e-mail, registration number, postcode), type_id,
 * employee_size_id, industry_id, trade_id, owner_user_id, individuals.id (companies linked to that
 * individual; also individual_id). Sorts: COMPANY_SORTS, default name.
 */
export async function listCompanies(db: Db, tenantId: number, query: ListQuery) {
  const { shape, tenant, where, order, keys } = companyListPlan(db, tenantId, query);
  const countKey = shape.countKey("companies");
  const { rows, total } = await shapedPage(db, shape, countKey, statements, { where, order, tenant, keys }, query.page);
  return {
    rows: await loadCompanies(
      db,
      tenantId,
      rows.map((r) => r.id),
    ),
    total,
  };
}

/**
 * The list's filters (read and checked), WHERE clause and order with their values (`shape.values`): GET /companies'
 * page, and an export of the list (api/modules/exports), select with them.
 */
export function companyListPlan(db: Db, tenantId: number, query: ListQuery) {
  const search = textFilter(query, "search");
  const typeId = idFilter(query, "type_id");
  const sizeId = idFilter(query, "employee_size_id");
  const industryId = idFilter(query, "industry_id");
  const tradeId = idFilter(query, "trade_id");
  const ownerId = idFilter(query, "owner_user_id");
  const individualId = idFilter(query, "individuals.id", "individual_id");
  const shape = new ListShape();
  const tenant = shape.value("tenant", tenantId);
  const where = and(
    eq(clientCompanies.tenantId, tenant),
    search
      ? shapedSearch(shape, [clientCompanies.name, clientCompanies.email, clientCompanies.registrationNumber, clientCompanies.postcode], search)
      : undefined,
    shape.when("type", typeId, (p) => eq(clientCompanies.typeId, p)),
    shape.when("size", sizeId, (p) => eq(clientCompanies.employeeSizeId, p)),
    shape.when("industry", industryId, (p) => eq(clientCompanies.industryId, p)),
    shape.when("trade", tradeId, (p) => eq(clientCompanies.tradeId, p)),
    shape.when("owner", ownerId, (p) => eq(clientCompanies.ownerUserId, p)),
    shape.when("individual", individualId, (p) => inArray(clientCompanies.id, linkedIds(db, tenant, "companies", p))),
  )!;
  const sort = sortOf(query, COMPANY_SORTS) ?? { field: "name" as const, desc: false };
  const column: SQL | AnyColumn = {
    name: sql`lower(${clientCompanies.name})`,
    created_at: clientCompanies.createdAt,
    updated_at: clientCompanies.updatedAt,
    postcode: clientCompanies.postcode,
  }[sort.field];
  // Companies without a postcode go last either way.
  const blanksLast = sort.field === "postcode";
  const { order, keys } = shape.sorted(sort, listOrder(column, clientCompanies.id, sort.desc, blanksLast));
  return { shape, tenant, where, order, keys, values: shape.values };
}

export async function findRow(db: Db, tenantId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(clientCompanies)
    .where(and(eq(clientCompanies.tenantId, tenantId), eq(clientCompanies.id, id)))
    .limit(1);
  if (!row) throw notFound("Company");
  return row;
}

export async function getCompany(db: Db, tenantId: number, id: number): Promise<Company> {
  const [one] = await loadCompanies(db, tenantId, [id]);
  if (!one) throw notFound("Company");
  return one;
}

/** GET /company/{id}: the company and its linked individuals (primary contact first). */
export async function getCompanyDetail(db: Db, tenantId: number, id: number): Promise<CompanyDetail> {
  const company = await getCompany(db, tenantId, id);
  const individualsLinked = await linksWhere(db, tenantId, eq(companyIndividuals.companyId, id));
  return { ...company, individuals: individualsLinked };
}

type Fields = CompanyUpdateBody;

function columns(b: Fields) {
  const out: Partial<typeof clientCompanies.$inferInsert> = {};
  if (b.name !== undefined) out.name = b.name;
  if (b.type_id !== undefined) out.typeId = b.type_id;
  if (b.employee_size_id !== undefined) out.employeeSizeId = b.employee_size_id;
  if (b.industry_id !== undefined) out.industryId = b.industry_id;
  if (b.trade_id !== undefined) out.tradeId = b.trade_id;
  if (b.registration_number !== undefined) out.registrationNumber = b.registration_number;
  if (b.website !== undefined) out.website = b.website;
  if (b.email !== undefined) out.email = b.email;
  if (b.telephone !== undefined) out.telephone = b.telephone;
  if (b.address_line_1 !== undefined) out.addressLine1 = b.address_line_1;
  if (b.address_line_2 !== undefined) out.addressLine2 = b.address_line_2;
  if (b.town !== undefined) out.town = b.town;
  if (b.county !== undefined) out.county = b.county;
  if (b.postcode !== undefined) out.postcode = b.postcode;
  if (b.owner_user_id !== undefined) out.ownerUserId = b.owner_user_id;
  return out;
}

/**
 * Checks the lookups a company form refers to, all at once: the type (the platform's or the tenant's),
 * employee size, industry, trade (of the chosen industry; an industry is filled in from the trade) and
 * owner. Answers the columns to write.
 */
async function checkedColumns(db: Db, tenantId: number, body: Fields, current?: Row) {
  const errors: Record<string, string[]> = {};
  const out = columns(body);
  if (body.type_id != null && !(await lookups.typeVisible(db, tenantId, body.type_id))) errors.type_id = ["Choose a company type from the list."];
  if (body.employee_size_id != null && !(await lookups.exists(db, employeeSizes, body.employee_size_id)))
    errors.employee_size_id = ["Choose an employee size from the list."];
  if (body.industry_id != null && !(await lookups.exists(db, industries, body.industry_id))) errors.industry_id = ["Choose an industry from the list."];
  const tradeId = body.trade_id !== undefined ? body.trade_id : current?.tradeId;
  const industryId = body.industry_id !== undefined ? body.industry_id : current?.industryId;
  if (tradeId != null && (body.trade_id !== undefined || body.industry_id !== undefined)) {
    const tradeIndustry = await lookups.tradeIndustry(db, tradeId);
    if (tradeIndustry === null) errors.trade_id = ["Choose a trade from the list."];
    else if (industryId == null) out.industryId = tradeIndustry;
    else if (industryId !== tradeIndustry) errors.trade_id = ["Choose a trade of the chosen industry."];
  }
  if (body.owner_user_id != null) {
    try {
      await assertTenantUser(db, tenantId, body.owner_user_id);
    } catch (e) {
      if (e instanceof HttpError && e.errors) Object.assign(errors, e.errors);
      else throw e;
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

/** POST /company: the owner defaults to the creator. */
export async function createCompany(db: Db, tenantId: number, userId: number, body: CompanyCreateBody) {
  const cols = await checkedColumns(db, tenantId, body);
  const [row] = await db
    .insert(clientCompanies)
    .values({ tenantId, name: body.name, ...cols, ownerUserId: body.owner_user_id === undefined ? userId : body.owner_user_id })
    .returning({ id: clientCompanies.id });
  return getCompany(db, tenantId, row.id);
}

async function write(db: Db, tenantId: number, id: number, set: Partial<typeof clientCompanies.$inferInsert>) {
  const updated = await db
    .update(clientCompanies)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(clientCompanies.tenantId, tenantId), eq(clientCompanies.id, id)))
    .returning({ id: clientCompanies.id });
  if (!updated.length) throw notFound("Company");
}

/** POST /company/{id}: the fields sent change. */
export async function updateCompany(db: Db, tenantId: number, id: number, body: CompanyUpdateBody) {
  const current = await findRow(db, tenantId, id);
  await write(db, tenantId, id, await checkedColumns(db, tenantId, body, current));
  return getCompanyDetail(db, tenantId, id);
}

export async function setBankAccount(db: Db, tenantId: number, id: number, bank: { account_name: string; account_number: string; sort_code: string }) {
  await findRow(db, tenantId, id);
  await write(db, tenantId, id, { accountName: bank.account_name, accountNumber: bank.account_number, sortCode: bank.sort_code });
  return getCompanyDetail(db, tenantId, id);
}

export async function setBrokerData(
  db: Db,
  tenantId: number,
  id: number,
  b: { fca_number?: string | null; network?: string | null; appointed_representative: boolean; principal_firm?: string | null },
) {
  await findRow(db, tenantId, id);
  await write(db, tenantId, id, {
    fcaNumber: b.fca_number ?? null,
    network: b.network ?? null,
    appointedRepresentative: b.appointed_representative,
    // A principal firm only means something for an appointed representative.
    principalFirm: b.appointed_representative ? (b.principal_firm ?? null) : null,
  });
  return getCompanyDetail(db, tenantId, id);
}

export async function setCommunication(
  db: Db,
  tenantId: number,
  id: number,
  b: { preferred_channel?: Row["preferredChannel"]; marketing_email: boolean; marketing_sms: boolean; marketing_telephone: boolean; marketing_post: boolean },
) {
  const current = await findRow(db, tenantId, id);
  const consentChanged =
    current.marketingEmail !== b.marketing_email ||
    current.marketingSms !== b.marketing_sms ||
    current.marketingTelephone !== b.marketing_telephone ||
    current.marketingPost !== b.marketing_post;
  await write(db, tenantId, id, {
    preferredChannel: b.preferred_channel ?? null,
    marketingEmail: b.marketing_email,
    marketingSms: b.marketing_sms,
    marketingTelephone: b.marketing_telephone,
    marketingPost: b.marketing_post,
    // When the marketing consents were last changed (a record of consent).
    ...(consentChanged ? { consentUpdatedAt: new Date() } : {}),
  });
  return getCompanyDetail(db, tenantId, id);
}

/**
 * POST /company/{id}/branding (multipart): `logo` and `icon` images (checked by their bytes),
 * company_branding_colour #rrggbb, remove_logo / remove_icon. Files are stored first and removed
 * again if the update fails; replaced files are deleted afterwards.
 */
export async function setBranding(db: Db, storage: Storage, tenantId: number, id: number, form: FormBody) {
  const current = await findRow(db, tenantId, id);
  const errors: Record<string, string[]> = {};
  const parsed = brandingBodySchema.safeParse(form.fields);
  if (!parsed.success) Object.assign(errors, zodErrors(parsed.error));
  const images: Partial<Record<"logo" | "icon", { file: UploadedFile; type: ImageType }>> = {};
  for (const field of ["logo", "icon"] as const) {
    const file = form.files[field];
    if (!file) continue;
    try {
      images[field] = { file, type: checkImageUpload(file, field) };
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      Object.assign(errors, e.errors);
    }
  }
  if (!parsed.success || Object.keys(errors).length) throw invalid(errors);
  const body = parsed.data;
  const stored: string[] = [];
  try {
    const logoKey = images.logo ? await storage.put(images.logo.file.bytes, images.logo.type) : body.remove_logo ? null : current.logoKey;
    if (images.logo) stored.push(logoKey!);
    const iconKey = images.icon ? await storage.put(images.icon.file.bytes, images.icon.type) : body.remove_icon ? null : current.iconKey;
    if (images.icon) stored.push(iconKey!);
    await write(db, tenantId, id, {
      logoKey,
      iconKey,
      ...(body.company_branding_colour !== undefined ? { companyBrandingColour: body.company_branding_colour } : {}),
    });
    for (const old of [current.logoKey, current.iconKey]) {
      if (old && old !== logoKey && old !== iconKey) await storage.delete(old);
    }
  } catch (e) {
    for (const key of stored) await storage.delete(key);
    throw e;
  }
  return getCompanyDetail(db, tenantId, id);
}

/** The ids of a bulk request, all the caller's, or 404 and nothing changes. */
async function ownIds(db: Db, tenantId: number, ids: number[]) {
  const wanted = distinct(ids);
  const rows = await db
    .select({ id: clientCompanies.id, logoKey: clientCompanies.logoKey, iconKey: clientCompanies.iconKey })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.tenantId, tenantId), inArray(clientCompanies.id, wanted)));
  if (rows.length !== wanted.length) throw notFound("Company");
  return rows;
}

/** DELETE /company-bulk-delete: the companies with their links, lines, compliance, notes, e-mail threads and images. */
export async function bulkDelete(database: Database, storage: Storage, tenantId: number, ids: number[]) {
  const rows = await ownIds(database.db, tenantId, ids);
  const own = rows.map((r) => r.id);
  await deleteClients(database, tenantId, "company", "companies", own, (tx) =>
    tx.delete(clientCompanies).where(and(eq(clientCompanies.tenantId, tenantId), inArray(clientCompanies.id, own))),
  );
  for (const r of rows) {
    if (r.logoKey) await storage.delete(r.logoKey);
    if (r.iconKey) await storage.delete(r.iconKey);
  }
}

/** The address for POST company/email when none is given: the company's, else its primary contact's. */
export async function defaultEmail(db: Db, tenantId: number, company: Row): Promise<string | null> {
  if (company.email) return company.email;
  const [primary] = await linksWhere(db, tenantId, and(eq(companyIndividuals.companyId, company.id), eq(companyIndividuals.isPrimary, true)));
  return primary?.email ?? null;
}

// --- Compliance ----------------------------------------------------------------------------------------

export async function getCompliance(db: Db, tenantId: number, id: number) {
  await findRow(db, tenantId, id);
  const [row] = await db
    .select()
    .from(companyCompliance)
    .where(and(eq(companyCompliance.tenantId, tenantId), eq(companyCompliance.companyId, id)))
    .limit(1);
  const names = await userNames(db, tenantId, [row?.updatedBy]);
  const today = todayInLondon();
  return {
    company_id: id,
    aml_checked_at: row?.amlCheckedAt ?? null,
    sanctions_checked_at: row?.sanctionsCheckedAt ?? null,
    risk_rating: row?.riskRating ?? null,
    politically_exposed: row?.politicallyExposed ?? false,
    next_review_at: row?.nextReviewAt ?? null,
    review_overdue: Boolean(row?.nextReviewAt && row.nextReviewAt < today),
    notes: row?.notes ?? null,
    updated_by: ref(row?.updatedBy, names),
    updated_at: iso(row?.updatedAt),
  };
}

export async function setCompliance(db: Db, tenantId: number, userId: number, id: number, b: z.infer<typeof complianceBodySchema>) {
  await findRow(db, tenantId, id);
  const values = {
    amlCheckedAt: b.aml_checked_at,
    sanctionsCheckedAt: b.sanctions_checked_at,
    riskRating: b.risk_rating,
    politicallyExposed: b.politically_exposed,
    nextReviewAt: b.next_review_at,
    notes: b.notes,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(companyCompliance)
    .values({ companyId: id, tenantId, ...values })
    .onConflictDoUpdate({ target: companyCompliance.companyId, set: values });
  return getCompliance(db, tenantId, id);
}

// --- The tenant's own company --------------------------------------------------------------------------

/** GET /company/details: the caller's own company (the tenant). */
export async function tenantProfile(db: Db, tenantId: number) {
  const [c] = await db.select().from(companies).where(eq(companies.id, tenantId)).limit(1);
  if (!c) throw notFound("Company");
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.tenantId, tenantId));
  return {
    id: c.id,
    uuid: c.uuid,
    name: c.name,
    is_small_business: c.isSmallBusiness,
    tenant_is_seg_parent: c.tenantIsSegParent,
    main_color: c.mainColor,
    full_logo: c.fullLogo,
    company_icon: c.companyIcon,
    needs_kyb: c.needsKyb,
    kyb_status: c.kybStatus,
    users_count: Number(n),
    created_at: c.createdAt.toISOString(),
  };
}

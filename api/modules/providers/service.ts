import { and, eq, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { NAME_TAKEN, PROVIDER_SORTS, providerBodySchema, type Provider, type ProviderBody } from "#contract/providers";
import type { Db } from "#api/db/client";
import { companies, providers } from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import type { FormBody, UploadedFile } from "#api/http/multipart";
import { countedListStatements, countedPage, ListShape, listOrder, sortOf, textFilter } from "#api/http/paging";
import { zodErrors } from "#api/http/validation";
import type { Storage } from "#api/integrations/storage";
import { checkImageUpload, type ImageType } from "#api/integrations/storage/image";
import { isUniqueViolation } from "#api/lib/db-errors";

type Row = typeof providers.$inferSelect;

export function toProvider(p: Row): Provider {
  return {
    id: p.id,
    uuid: p.uuid,
    name: p.name,
    nominal_code: p.nominalCode,
    claims_email: p.claimsEmail,
    claims_telephone: p.claimsTelephone,
    support_email: p.supportEmail,
    support_telephone: p.supportTelephone,
    complaints_email: p.complaintsEmail,
    logo_url: p.logoKey ? `/files/${p.logoKey}` : null,
    functions: p.functions,
    roles: p.roles,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** Providers belong to parent tenants only: any other tenant gets 403 from every providers call. */
export async function assertParentTenant(db: Db, tenantId: number) {
  const [c] = await db.select({ parent: companies.tenantIsSegParent }).from(companies).where(eq(companies.id, tenantId)).limit(1);
  if (!c?.parent) throw new HttpError(403, "Providers are available to parent companies only.");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's statements, prepared per shape. */
const listStatements = countedListStatements(providers, (db) => db.select().from(providers).$dynamic());

export async function listProviders(db: Db, tenantId: number, query: ListQuery) {
  const search = textFilter(query, "search");
  const shape = new ListShape();
  const where = and(
    eq(providers.tenantId, shape.value("tenant", tenantId)),
    shape.contains("search", [providers.name, providers.nominalCode], search),
    shape.contains("name", providers.name, textFilter(query, "name")),
    shape.contains("nominal_code", providers.nominalCode, textFilter(query, "nominal_code")),
  )!;
  const sort = sortOf(query, PROVIDER_SORTS) ?? { field: "name" as const, desc: false };
  const column = { name: sql`lower(${providers.name})`, nominal_code: providers.nominalCode, created_at: providers.createdAt }[sort.field];
  // Providers without a nominal code go last either way.
  const order = shape.sorted(sort, listOrder(column, providers.id, sort.desc, sort.field === "nominal_code").order);
  const { rows, total } = await countedPage(db, shape, listStatements, { where, order }, query);
  return { rows: rows.map(toProvider), total };
}

async function findRow(db: Db, tenantId: number, uuid: string): Promise<Row> {
  if (!UUID.test(uuid)) throw notFound("Provider");
  const [row] = await db
    .select()
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.uuid, uuid)))
    .limit(1);
  if (!row) throw notFound("Provider");
  return row;
}

export async function getProvider(db: Db, tenantId: number, uuid: string) {
  return toProvider(await findRow(db, tenantId, uuid));
}

/**
 * Validates a provider form (JSON or multipart) in one go, so every field error comes back together:
 * the fields with the contract's zod schema, the logo by its bytes, the name against the tenant's others.
 */
async function validate(
  db: Db,
  tenantId: number,
  form: FormBody,
  exceptId?: number,
): Promise<{ body: ProviderBody; logo?: { file: UploadedFile; type: ImageType } }> {
  const errors: Record<string, string[]> = {};
  const parsed = providerBodySchema.safeParse(form.fields);
  if (!parsed.success) Object.assign(errors, zodErrors(parsed.error));
  let logo: { file: UploadedFile; type: ImageType } | undefined;
  if (form.files.logo) {
    try {
      logo = { file: form.files.logo, type: checkImageUpload(form.files.logo, "logo") };
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      Object.assign(errors, e.errors);
    }
  }
  if (parsed.success && !errors.name && (await nameTaken(db, tenantId, parsed.data.name, exceptId))) errors.name = [NAME_TAKEN];
  if (Object.keys(errors).length || !parsed.success) throw invalid(errors);
  return { body: parsed.data, logo };
}

async function nameTaken(db: Db, tenantId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(sql`lower(${providers.name})`, name.toLowerCase())))
    .limit(1);
  return Boolean(clash && clash.id !== exceptId);
}

const columns = (b: ProviderBody) => ({
  name: b.name,
  claimsEmail: b.claims_email,
  claimsTelephone: b.claims_telephone,
  supportEmail: b.support_email,
  supportTelephone: b.support_telephone,
  complaintsEmail: b.complaints_email,
  nominalCode: b.nominal_code,
  functions: b.functions,
  roles: b.roles,
});

/** Runs a write that stored a new logo first; if the write fails, the new logo is removed again. */
async function withStoredLogo<T>(storage: Storage, logo: { file: UploadedFile; type: ImageType } | undefined, write: (key: string | undefined) => Promise<T>) {
  const key = logo ? await storage.put(logo.file.bytes, logo.type) : undefined;
  try {
    return await write(key);
  } catch (e) {
    if (key) await storage.delete(key);
    if (isUniqueViolation(e)) throw invalid({ name: [NAME_TAKEN] });
    throw e;
  }
}

export async function createProvider(db: Db, storage: Storage, tenantId: number, form: FormBody) {
  const { body, logo } = await validate(db, tenantId, form);
  const row = await withStoredLogo(storage, logo, async (logoKey) => {
    const [inserted] = await db
      .insert(providers)
      .values({ tenantId, ...columns(body), logoKey: logoKey ?? null })
      .returning();
    return inserted;
  });
  return toProvider(row);
}

export async function updateProvider(db: Db, storage: Storage, tenantId: number, uuid: string, form: FormBody) {
  const current = await findRow(db, tenantId, uuid);
  const { body, logo } = await validate(db, tenantId, form, current.id);
  const row = await withStoredLogo(storage, logo, async (newKey) => {
    const logoKey = newKey ?? (body.remove_logo ? null : current.logoKey);
    const [updated] = await db
      .update(providers)
      .set({ ...columns(body), logoKey, updatedAt: new Date() })
      .where(and(eq(providers.tenantId, tenantId), eq(providers.id, current.id)))
      .returning();
    if (!updated) throw notFound("Provider");
    return updated;
  });
  if (current.logoKey && current.logoKey !== row.logoKey) await storage.delete(current.logoKey);
  return toProvider(row);
}

export async function deleteProvider(db: Db, storage: Storage, tenantId: number, uuid: string) {
  const current = await findRow(db, tenantId, uuid);
  const [gone] = await db
    .delete(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, current.id)))
    .returning({ logoKey: providers.logoKey });
  if (!gone) throw notFound("Provider");
  if (gone.logoKey) await storage.delete(gone.logoKey);
}

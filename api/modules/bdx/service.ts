import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { BDX_FIELDS, BDX_LIMITS, BDX_MESSAGES, type BdxMap, type BdxRunBody, type BdxUpload } from "#contract/bdx";
import type { Database, Db, Tx } from "#api/db/client";
import { bdxImportRows, bdxImports, bdxMaps, clientCompanies, companies, individuals, policies } from "#api/db/schema";
import { HttpError, invalid, notFound } from "#api/http/errors";
import { iptOf } from "#contract/policy-constants";
import { enqueue } from "#api/jobs/enqueue";
import { isUniqueViolation } from "#api/lib/db-errors";
import { readBordereau } from "./read-file";
import { autoMatch, columnsKeyOf, mapProblems, policyOfRow, valuesOf, type PolicyImport } from "./rows";

type ImportRow = typeof bdxImports.$inferSelect;
type MapRow = typeof bdxMaps.$inferSelect;

/** The mapper's calls name the caller's company by its uuid: another (or none) is 'Company uuid not found!'. */
export async function checkCompanyUuid(db: Db, tenantId: number, uuid: string | undefined) {
  if (!uuid) throw new HttpError(422, BDX_MESSAGES.companyUuid, { company_uuid: [BDX_MESSAGES.companyUuid] });
  const [row] = await db.select({ uuid: companies.uuid }).from(companies).where(eq(companies.id, tenantId)).limit(1);
  if (!row || row.uuid !== uuid) throw new HttpError(404, BDX_MESSAGES.companyUuid);
}

export function toUpload(row: ImportRow): BdxUpload {
  return {
    id: row.id,
    file_name: row.fileName,
    file_type: row.fileType as BdxUpload["file_type"],
    encoding: row.encoding,
    row_count: row.rowCount,
    status: row.status,
    declaration_month: row.declarationMonth,
    declaration_year: row.declarationYear,
    map_id: row.mapId,
    map: row.map,
    processed_rows: row.processedRows,
    created_rows: row.createdRows,
    updated_rows: row.updatedRows,
    refused_rows: row.refusedRows,
    failure: row.failure,
    job_id: row.jobId,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export const toMap = (m: MapRow) => ({ mapId: m.id, name: m.name, map: m.map, selectedProducts: m.selectedProducts, created_at: m.createdAt.toISOString() });

/** Reads the file (refusing a malformed one before anything is stored) and keeps it for the next steps. */
export async function upload(db: Db, tenantId: number, userId: number, file: { filename: string; bytes: Buffer }) {
  const read = await readBordereau(file.bytes, file.filename);
  const [row] = await db
    .insert(bdxImports)
    .values({
      tenantId,
      userId,
      fileName: file.filename.slice(0, 255) || "bordereau",
      fileType: read.fileType,
      encoding: read.encoding,
      content: file.bytes,
      headers: read.headers,
      rowCount: read.rows.length,
    })
    .returning();
  return toUpload(row);
}

export async function getImport(db: Db, tenantId: number, id: number): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(bdxImports)
    .where(and(eq(bdxImports.tenantId, tenantId), eq(bdxImports.id, id)))
    .limit(1);
  if (!row) throw notFound("Upload");
  return row;
}

export async function listImports(db: Db, tenantId: number, page: { number: number; size: number }) {
  const where = eq(bdxImports.tenantId, tenantId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(bdxImports)
      .where(where)
      .orderBy(desc(bdxImports.createdAt), desc(bdxImports.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ total: count() }).from(bdxImports).where(where),
  ]);
  return { rows: rows.map(toUpload), total };
}

export async function listMaps(db: Db, tenantId: number) {
  const rows = await db
    .select()
    .from(bdxMaps)
    .where(eq(bdxMaps.tenantId, tenantId))
    .orderBy(asc(sql`lower(${bdxMaps.name})`), asc(bdxMaps.id));
  return rows.map(toMap);
}

async function getMap(db: Db | Tx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(bdxMaps)
    .where(and(eq(bdxMaps.tenantId, tenantId), eq(bdxMaps.id, id)))
    .limit(1);
  if (!row) throw invalid({ map_id: [BDX_MESSAGES.mapRequired] });
  return row;
}

/** Saves a map under a name (a name is one map per company). */
export async function saveMap(db: Db | Tx, tenantId: number, body: { name: string; map: BdxMap; selectedProducts: string[] }, headers?: string[]) {
  const [taken] = await db
    .select({ id: bdxMaps.id })
    .from(bdxMaps)
    .where(and(eq(bdxMaps.tenantId, tenantId), sql`lower(${bdxMaps.name}) = lower(${body.name})`))
    .limit(1);
  if (taken) throw invalid({ map_name: [BDX_MESSAGES.mapNameTaken] });
  const columns = headers ?? Object.values(body.map);
  const [row] = await db
    .insert(bdxMaps)
    .values({ tenantId, name: body.name, map: body.map, selectedProducts: body.selectedProducts, columnsKey: columnsKeyOf(columns) })
    .returning();
  return toMap(row);
}

/** The company's map (another company's, or none, is not found). */
export async function ownMap(db: Db | Tx, tenantId: number, id: number): Promise<MapRow> {
  const [row] = await db
    .select()
    .from(bdxMaps)
    .where(and(eq(bdxMaps.tenantId, tenantId), eq(bdxMaps.id, id)))
    .limit(1);
  if (!row) throw notFound("Map");
  return row;
}

/** Renames a saved map (a name is one map per company, whatever its case). Imports keep the map they were started with. */
export async function renameMap(db: Db, tenantId: number, id: number, name: string) {
  await ownMap(db, tenantId, id);
  const [taken] = await db
    .select({ id: bdxMaps.id })
    .from(bdxMaps)
    .where(and(eq(bdxMaps.tenantId, tenantId), sql`lower(${bdxMaps.name}) = lower(${name})`, ne(bdxMaps.id, id)))
    .limit(1);
  if (taken) throw invalid({ name: [BDX_MESSAGES.mapNameTaken] });
  const [row] = await db
    .update(bdxMaps)
    .set({ name })
    .where(and(eq(bdxMaps.tenantId, tenantId), eq(bdxMaps.id, id)))
    .returning()
    .catch((e: unknown) => {
      // The same name saved at the same moment by another request: the unique index answers.
      if (isUniqueViolation(e)) throw invalid({ name: [BDX_MESSAGES.mapNameTaken] });
      throw e;
    });
  return toMap(row);
}

/**
 * Deletes a saved map, unless an import started with it has not finished (queued or running): refused with a
 * conflict then. Finished imports keep their own copy of the map (`bdx_imports.map`) and lose only the link.
 */
export async function deleteMap(database: Database, tenantId: number, id: number) {
  await database.transaction(async (tx) => {
    const [map] = await tx
      .select({ id: bdxMaps.id })
      .from(bdxMaps)
      .where(and(eq(bdxMaps.tenantId, tenantId), eq(bdxMaps.id, id)))
      .for("update");
    if (!map) throw notFound("Map");
    const [busy] = await tx
      .select({ id: bdxImports.id })
      .from(bdxImports)
      .where(and(eq(bdxImports.tenantId, tenantId), eq(bdxImports.mapId, id), inArray(bdxImports.status, ["queued", "running"])))
      .limit(1);
    if (busy) throw new HttpError(409, BDX_MESSAGES.mapInUse);
    await tx.delete(bdxMaps).where(and(eq(bdxMaps.tenantId, tenantId), eq(bdxMaps.id, id)));
  });
}

/** What the mapping step shows: the file's columns, example values, suggestions, the saved maps, one that fits. */
export async function fieldData(db: Db, tenantId: number, id: number) {
  const row = await getImport(db, tenantId, id);
  const read = await readBordereau(row.content, row.fileName);
  const examples: Record<string, string[]> = {};
  read.headers.forEach((h, i) => {
    examples[h] = [
      ...new Set(
        read.rows
          .slice(0, 50)
          .map((r) => r.cells[i])
          .filter(Boolean),
      ),
    ].slice(0, 3);
  });
  const maps = await db
    .select()
    .from(bdxMaps)
    .where(eq(bdxMaps.tenantId, tenantId))
    .orderBy(asc(sql`lower(${bdxMaps.name})`));
  const key = columnsKeyOf(read.headers);
  // A saved map fits when its file had these same columns and every column it names is here; the newest of them.
  const matching = [...maps]
    .sort((a, b) => b.id - a.id)
    .find((m) => m.columnsKey === key && Object.keys(mapProblems(m.map as BdxMap, read.headers)).length === 0);
  const products = await db
    .selectDistinct({ name: policies.productName })
    .from(policies)
    .where(eq(policies.tenantId, tenantId))
    .orderBy(asc(policies.productName))
    .limit(100);
  return {
    upload: toUpload(row),
    fields: BDX_FIELDS.map((f) => ({ key: f.key, label: f.label, required: f.required })),
    importFields: read.headers,
    examples,
    autoMatchedFields: autoMatch(read.headers) as Record<string, string>,
    productTypes: products.map((p) => p.name),
    mapOptions: maps.map((m) => ({ name: m.name, mapId: m.id })),
    matchingMapId: matching?.id ?? null,
  };
}

/** The map a run uses: the saved one named, or the one sent; checked against the file's columns. */
async function mapOfRun(db: Db | Tx, tenantId: number, body: BdxRunBody, headers: string[]) {
  let map: BdxMap;
  if (body.map_id !== undefined) map = (await getMap(db, tenantId, body.map_id)).map as BdxMap;
  else if (body.map) map = body.map;
  else throw invalid({ map_id: [BDX_MESSAGES.mapRequired] });
  const problems = mapProblems(map, headers);
  if (Object.keys(problems).length) throw invalid(problems);
  return map;
}

/** The preview: the first rows as they would be imported, with each one's errors, and the count of good and bad rows. */
export async function preview(db: Db, tenantId: number, body: BdxRunBody) {
  const row = await getImport(db, tenantId, body.upload_id);
  const read = await readBordereau(row.content, row.fileName);
  const map = await mapOfRun(db, tenantId, body, read.headers);
  let invalidRows = 0;
  const shown: { line: number; values: Record<string, string>; errors: string[] }[] = [];
  for (const r of read.rows) {
    const values = valuesOf(map, read.headers, r.cells);
    const checked = policyOfRow(values);
    const errors = "reasons" in checked ? checked.reasons : [];
    if (errors.length) invalidRows++;
    if (shown.length < BDX_LIMITS.previewRows) shown.push({ line: r.line, values: values as Record<string, string>, errors });
  }
  return { upload_id: row.id, row_count: read.rows.length, valid_rows: read.rows.length - invalidRows, invalid_rows: invalidRows, rows: shown, map };
}

/**
 * Starts the import: the map (saved first when a name is given), the declaration period, and the job, all in one
 * transaction. An import runs once: starting it again answers 409.
 */
export async function start(database: Database, tenantId: number, body: BdxRunBody) {
  const row = await getImport(database.db, tenantId, body.upload_id);
  if (row.status !== "uploaded") throw new HttpError(409, BDX_MESSAGES.started);
  const read = await readBordereau(row.content, row.fileName);
  const map = await mapOfRun(database.db, tenantId, body, read.headers);
  return database.transaction(async (tx) => {
    let mapId = body.map_id ?? null;
    if (mapId === null && body.map_name)
      mapId = (await saveMap(tx, tenantId, { name: body.map_name, map, selectedProducts: body.selected_products }, read.headers)).mapId;
    const [claimed] = await tx
      .update(bdxImports)
      .set({ status: "queued", map, mapId, declarationMonth: body.declaration_month, declarationYear: body.declaration_year, updatedAt: new Date() })
      .where(and(eq(bdxImports.id, row.id), eq(bdxImports.status, "uploaded")))
      .returning();
    if (!claimed) throw new HttpError(409, BDX_MESSAGES.started);
    const { bdxImportJob } = await import("./jobs");
    const jobId = await enqueue(tx, bdxImportJob, { importId: row.id }, { tenantId });
    const [saved] = await tx.update(bdxImports).set({ jobId }).where(eq(bdxImports.id, row.id)).returning();
    return toUpload(saved);
  });
}

/** The report's rows (created, updated, refused with reasons), in file order. */
export async function reportRows(db: Db, tenantId: number, id: number, page?: { number: number; size: number }) {
  await getImport(db, tenantId, id);
  const where = and(eq(bdxImportRows.tenantId, tenantId), eq(bdxImportRows.importId, id));
  const q = db.select().from(bdxImportRows).where(where).orderBy(asc(bdxImportRows.rowNumber)).$dynamic();
  const rows = page ? await q.limit(page.size).offset((page.number - 1) * page.size) : await q;
  const [{ total }] = await db.select({ total: count() }).from(bdxImportRows).where(where);
  return {
    rows: rows.map((r) => ({ line: r.rowNumber, outcome: r.outcome, policy_number: r.policyNumber, policy_id: r.policyId, reasons: r.reasons })),
    total,
  };
}

/** The client of an imported policy: the company's client (individual or company) of that name, made when there is none. */
async function clientOf(tx: Tx, tenantId: number, p: PolicyImport): Promise<{ individualId: number | null; clientCompanyId: number | null }> {
  if (p.clientType === "company") {
    const [found] = await tx
      .select({ id: clientCompanies.id })
      .from(clientCompanies)
      .where(and(eq(clientCompanies.tenantId, tenantId), sql`lower(${clientCompanies.name}) = lower(${p.clientName})`))
      .orderBy(asc(clientCompanies.id))
      .limit(1);
    if (found) return { individualId: null, clientCompanyId: found.id };
    const [made] = await tx.insert(clientCompanies).values({ tenantId, name: p.clientName, email: p.clientEmail }).returning({ id: clientCompanies.id });
    return { individualId: null, clientCompanyId: made.id };
  }
  const [found] = await tx
    .select({ id: individuals.id })
    .from(individuals)
    .where(and(eq(individuals.tenantId, tenantId), sql`lower(${individuals.fullName}) = lower(${p.clientName})`))
    .orderBy(asc(individuals.id))
    .limit(1);
  if (found) return { individualId: found.id, clientCompanyId: null };
  const [first, ...rest] = p.clientName.split(/\s+/);
  const [made] = await tx
    .insert(individuals)
    .values({ tenantId, firstName: first, lastName: rest.join(" "), email: p.clientEmail })
    .returning({ id: individuals.id });
  return { individualId: made.id, clientCompanyId: null };
}

/**
 * Writes one row: the policy with this number in the company is updated, otherwise created (the number is the
 * natural key, unique in SQL), and the row's outcome recorded — in one transaction, so a row is done once.
 */
export async function importRow(tx: Tx, tenantId: number, userId: number | null, p: PolicyImport) {
  const client = await clientOf(tx, tenantId, p);
  const columns = {
    productName: p.productName,
    classOfBusiness: p.classOfBusiness,
    insurer: p.insurer,
    ...client,
    mainBrokerName: p.mainBrokerName,
    premiumPence: p.premiumPence,
    iptRate: p.iptRate,
    iptPence: iptOf(p.premiumPence, p.iptRate),
    feesPence: p.feesPence,
    inceptionDate: p.inceptionDate,
    renewalDate: p.renewalDate,
    state: p.state,
  };
  const [existing] = await tx
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.tenantId, tenantId), sql`lower(${policies.number}) = lower(${p.number})`))
    .limit(1);
  if (existing) {
    await tx
      .update(policies)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(policies.id, existing.id));
    return { outcome: "updated" as const, policyId: existing.id };
  }
  const [made] = await tx
    .insert(policies)
    .values({ tenantId, number: p.number, ...columns, source: "import", createdBy: userId })
    .returning({ id: policies.id });
  return { outcome: "created" as const, policyId: made.id };
}

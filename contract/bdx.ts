import { z } from "zod";
import { BDX_FIELD_KEYS, BDX_IMPORT_STATUSES, BDX_MESSAGES } from "./bdx-constants";
import { pagedSchema } from "./common";

export * from "./bdx-constants";

/**
 * Bordereaux (BDX) import: a broker's monthly file of policies (CSV or XLSX) read, its columns mapped to policy
 * fields (maps saved per company and reused), previewed with each row's errors, and imported into the policies
 * by a background job that reports each row created, updated or refused. Served by the mapper (its own prefix of
 * the API, `/mapper`, with its own base URL setting in the portal: MAPPER_BASE_URL).
 */

/** A map: policy field → the file's column header (fields left out are not imported). */
export const bdxMapSchema = z.partialRecord(z.enum(BDX_FIELD_KEYS), z.string().max(255));
export type BdxMap = z.infer<typeof bdxMapSchema>;

const companyUuid = z.string({ error: BDX_MESSAGES.companyUuid }).trim().max(100, BDX_MESSAGES.companyUuid).optional();
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Every mapper call names the caller's company (spec §5: 'Company uuid not found!' without one; checked after the record's own tenancy). */
export const mapperQuerySchema = z.object({ company_uuid: companyUuid });

export const bdxMapBodySchema = z.object({
  name: z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string({ error: BDX_MESSAGES.mapName }).trim().min(1, BDX_MESSAGES.mapName).max(100)),
  map: bdxMapSchema,
  selectedProducts: z.array(z.string().trim().min(1).max(255)).max(100).default([]),
});

/** `PUT /mapper/mapper/{id}`: a saved map's new name (one name, one map per company). */
export const bdxMapRenameSchema = z.object({ name: bdxMapBodySchema.shape.name });

/**
 * `POST /mapper/validate` and `POST /mapper/api/policy/import`: the upload, and either a saved map (`map_id`) or a
 * new one (`map`, saved under `map_name` when given), with the declaration month and year.
 */
export const bdxRunBodySchema = z.object({
  upload_id: z.coerce.number({ error: "Upload the file again." }).int().positive().max(2147483647),
  map_id: z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number({ error: BDX_MESSAGES.mapRequired }).int().positive().max(2147483647).optional()),
  map: bdxMapSchema.optional(),
  map_name: z.preprocess((v) => (blank(v) ? undefined : v), z.string().trim().max(100).optional()),
  selected_products: z.array(z.string().trim().min(1).max(255)).max(100).default([]),
  declaration_month: z.coerce.number({ error: BDX_MESSAGES.month }).int(BDX_MESSAGES.month).min(1, BDX_MESSAGES.month).max(12, BDX_MESSAGES.month),
  declaration_year: z.coerce.number({ error: BDX_MESSAGES.year }).int(BDX_MESSAGES.year).min(2000, BDX_MESSAGES.year).max(2100, BDX_MESSAGES.year),
});
export type BdxRunBody = z.infer<typeof bdxRunBodySchema>;

export const bdxMapRowSchema = z.object({
  mapId: z.number().int(),
  name: z.string(),
  map: z.record(z.string(), z.string()),
  selectedProducts: z.array(z.string()),
  created_at: z.string(),
});
export type BdxMapRow = z.infer<typeof bdxMapRowSchema>;
export const bdxMapListSchema = z.object({ data: z.array(bdxMapRowSchema) });
export const bdxMapResponseSchema = z.object({ data: bdxMapRowSchema });

export const bdxUploadSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  file_type: z.enum(["csv", "xlsx"]),
  encoding: z.string().nullable(),
  row_count: z.number().int(),
  status: z.enum(BDX_IMPORT_STATUSES),
  declaration_month: z.number().int().nullable(),
  declaration_year: z.number().int().nullable(),
  map_id: z.number().int().nullable(),
  map: z.record(z.string(), z.string()).nullable(),
  processed_rows: z.number().int(),
  created_rows: z.number().int(),
  updated_rows: z.number().int(),
  refused_rows: z.number().int(),
  failure: z.string().nullable(),
  job_id: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BdxUpload = z.infer<typeof bdxUploadSchema>;
export const bdxUploadResponseSchema = z.object({ data: bdxUploadSchema });
export const bdxUploadListSchema = pagedSchema(bdxUploadSchema);

/** `GET /mapper/fields?upload_id=`: what the mapping step shows (spec: "field data" and "map options"). */
export const bdxFieldDataSchema = z.object({
  data: z.object({
    upload: bdxUploadSchema,
    fields: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
    importFields: z.array(z.string()),
    examples: z.record(z.string(), z.array(z.string())),
    autoMatchedFields: z.record(z.string(), z.string()),
    productTypes: z.array(z.string()),
    mapOptions: z.array(z.object({ name: z.string(), mapId: z.number().int() })),
    /** A saved map made for a file with these same columns: the import needs no mapping. */
    matchingMapId: z.number().int().nullable(),
  }),
});
export type BdxFieldData = z.infer<typeof bdxFieldDataSchema>["data"];

export const bdxPreviewRowSchema = z.object({ line: z.number().int(), values: z.record(z.string(), z.string()), errors: z.array(z.string()) });
export const bdxPreviewSchema = z.object({
  data: z.object({
    upload_id: z.number().int(),
    row_count: z.number().int(),
    valid_rows: z.number().int(),
    invalid_rows: z.number().int(),
    rows: z.array(bdxPreviewRowSchema),
    map: z.record(z.string(), z.string()),
  }),
});
export type BdxPreview = z.infer<typeof bdxPreviewSchema>["data"];

export const bdxReportRowSchema = z.object({
  line: z.number().int(),
  outcome: z.enum(["created", "updated", "refused"]),
  policy_number: z.string().nullable(),
  policy_id: z.number().int().nullable(),
  reasons: z.array(z.string()),
});
export const bdxReportSchema = pagedSchema(bdxReportRowSchema);

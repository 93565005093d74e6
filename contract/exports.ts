import { z } from "zod";
import { pagedSchema } from "./common";

/** Where an export is: waiting for the worker, being written, ready to download, or given up with its reason. */
export const exportStates = ["queued", "running", "done", "failed"] as const;
export type ExportStateName = (typeof exportStates)[number];

/**
 * A list of this many rows or fewer is written while the request waits and downloads at once; a longer one is
 * written by a background job (its progress under GET /export, a notification when it is ready).
 */
export const EXPORT_INLINE_LIMIT = 5_000;

const filterValue = z.union([z.string().max(500), z.object({ from: z.string().max(100).optional(), to: z.string().max(100).optional() }).strict()]);

/**
 * POST /export/{type}: the list's filter and sort, as the list's own endpoint takes them (`filter[key]`, ranges as
 * `filter[key][from]` / `[to]`, `sort` with `-` for descending). The search is `filter[search]`, as on the lists.
 */
export const exportBodySchema = z.object({
  filter: z.record(z.string().max(100), filterValue).default({}),
  sort: z
    .string()
    .max(100)
    .regex(/^-?[a-z_.]+$/i, "Sort must be a field name, with '-' for descending.")
    .optional(),
});
export type ExportBody = z.infer<typeof exportBodySchema>;

export const exportSchema = z.object({
  id: z.number().int(),
  /** The list exported (`tasks`, `individuals` …). */
  type: z.string(),
  /** The list's name as screens show it ("Tasks"). */
  label: z.string(),
  state: z.enum(exportStates),
  /** Why it failed, or null. */
  reason: z.string().nullable(),
  /** Rows the list held when the export started (null until they are chosen). */
  total_rows: z.number().int().nullable(),
  /** Rows written so far (all of them once done). */
  row_count: z.number().int(),
  /** Per cent written (0–100); null until the rows are chosen. */
  progress: z.number().int().nullable(),
  file_name: z.string(),
  size_bytes: z.number().int().nullable(),
  /** The list's filter and sort it was asked with. */
  filter: z.record(z.string(), filterValue),
  sort: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The API path of the file once done (GET /export/download/{id}), else null. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof exportSchema>;

export const exportResponseSchema = z.object({ data: exportSchema });
export const exportListSchema = pagedSchema(exportSchema);

export const EXPORT_MESSAGES = {
  unknownType: "There is no export of that list.",
  notReady: "The export is not ready yet.",
  readyTitle: "Your export is ready",
  failedTitle: "Your export failed",
} as const;

import { z } from "zod";

/** A list's key: a slug such as "providers", "team-members" or "roles". */
export const LIST_KEY_PATTERN = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/;
export const listKeySchema = z.string().max(50).regex(LIST_KEY_PATTERN);

/** How much one list may remember (the JSON text of its filters). */
export const MAX_LIST_FILTERS_BYTES = 8 * 1024;
/** How many lists one user may have remembered filters for. */
export const MAX_REMEMBERED_LISTS = 100;

const scalar = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]);
const list = z.array(scalar).max(200);
const leaf = z.union([scalar, list]);
// Three levels at most: { search: "x" }, { filter: { status: "1" } }, { filter: { created_at: { from, to } } }.
const value = z.union([leaf, z.record(z.string().max(100), z.union([leaf, z.record(z.string().max(100), leaf)]))]);
const TOO_LARGE = `The saved filters may not be larger than ${MAX_LIST_FILTERS_BYTES / 1024} KB.`;

/**
 * What a list remembers: any small object of the portal's choosing (search, sort, filters, page size;
 * or the list's query string), at most three levels deep. null forgets it.
 */
export const listFiltersSchema = z
  .record(z.string().max(100), value, { error: "The filters must be an object." })
  .refine((f) => Object.keys(f).length <= 100, TOO_LARGE)
  .refine((f) => Buffer.byteLength(JSON.stringify(f), "utf8") <= MAX_LIST_FILTERS_BYTES, TOO_LARGE)
  .nullable();
export type ListFilters = z.infer<typeof listFiltersSchema>;

export const listPreferencesBodySchema = z.object({
  filters: listFiltersSchema,
});

export const listPreferencesResponseSchema = z.object({
  data: z.object({
    filters: z.record(z.string(), z.unknown()).nullable(),
    updated_at: z.string().nullable(),
  }),
});

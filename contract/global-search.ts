import { z } from "zod";

export const GLOBAL_SEARCH_MAX_LIMIT = 20;

/**
 * GET /global-search?q=…&limit=…: q matches, case-insensitively, the start of a name (or an individual's e-mail),
 * then the start of a later word of a name; names that start with it come first. limit is per group (default 5).
 */
export const globalSearchQuerySchema = z.object({
  q: z.string({ error: "Enter something to search for." }).trim().min(1, "Enter something to search for.").max(100, "Search for at most 100 characters."),
  limit: z.coerce
    .number({ error: "The limit must be a number." })
    .int("The limit must be a whole number.")
    .min(1, "The limit must be at least 1.")
    .max(GLOBAL_SEARCH_MAX_LIMIT, `The limit may be at most ${GLOBAL_SEARCH_MAX_LIMIT}.`)
    .default(5),
});

/** One result: what it is, what to show, and the portal path that opens it. */
export const searchResultSchema = z.object({
  id: z.number().int(),
  type: z.enum(["task", "individual", "company"]),
  name: z.string(),
  /** A second line: the task's pipeline and stage, the individual's e-mail, the company's town. */
  subtitle: z.string().nullable(),
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Groups the caller may see only: no task permission, no `tasks` key; likewise individuals and companies. */
export const globalSearchResponseSchema = z.object({
  data: z.object({
    tasks: z.array(searchResultSchema).optional(),
    individuals: z.array(searchResultSchema).optional(),
    companies: z.array(searchResultSchema).optional(),
  }),
  meta: z.object({ q: z.string(), limit: z.number().int() }),
});
export type GlobalSearchResults = z.infer<typeof globalSearchResponseSchema>["data"];

/** Who sees which group (any-of). */
export const SEARCH_GROUP_PERMISSIONS = {
  tasks: ["task_view", "task_manage"],
  individuals: ["individual_view", "individual_create", "individual_manage"],
  companies: ["company_view", "company_create", "company_manage"],
} as const;

import { z } from "zod";

/** `{ message, errors? }`: every 4xx of the API. */
export const apiErrorSchema = z.object({
  message: z.string(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  /**
   * Present (true) when the rows were counted only up to a cap: `total` is then the cap, a lower bound
   * ('10,000+'), and `last_page` the last page known to exist. Absent on an exact total, so clients that
   * know only the four fields above keep working.
   */
  total_capped: z.boolean().optional(),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: pageMetaSchema,
    links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
  });
}
export type Paged<T> = {
  data: T[];
  meta: z.infer<typeof pageMetaSchema>;
  links: { first: string; last: string; prev: string | null; next: string | null };
};

const filterValue = z.union([z.string().max(500), z.object({ from: z.string().max(100).optional(), to: z.string().max(100).optional() })]);

/**
 * The list query of every list endpoint: page[number], page[size], filter[x] (or a range
 * filter[x][from] / filter[x][to]), sort (a field, '-' for descending).
 */
export function listQuerySchema(options: { maxSize?: number; defaultSize?: number } = {}) {
  const { maxSize = 1000, defaultSize = 10 } = options;
  return z.object({
    page: z
      .object({
        number: z.coerce.number({ error: "Page number must be a number." }).int().min(1, "Page number must be at least 1.").max(1_000_000).default(1),
        size: z.coerce
          .number({ error: "Page size must be a number." })
          .int()
          .min(1, "Page size must be at least 1.")
          .max(maxSize, `Page size may be at most ${maxSize}.`)
          .default(defaultSize),
      })
      .default({ number: 1, size: defaultSize }),
    filter: z.record(z.string().max(100), filterValue).default({}),
    sort: z
      .string()
      .max(100)
      .regex(/^-?[a-z_.]+$/i, "Sort must be a field name, with '-' for descending.")
      .optional(),
  });
}
export type ListQuery = z.infer<ReturnType<typeof listQuerySchema>>;

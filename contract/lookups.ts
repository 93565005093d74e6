/** Lookups of the client forms: company types, employee sizes, job titles, industries, trades, data lists, business units. */
import { z } from "zod";
import { pagedSchema } from "./common";

export const DATA_LIST_GROUPS = ["company", "task", "product", "wealth-source"] as const;
export type DataListGroup = (typeof DATA_LIST_GROUPS)[number];

export const TYPE_NAME_TAKEN = "A company type with this name already exists.";

/** POST /type: a company type of the caller's company. */
export const typeBodySchema = z.object({
  name: z.string({ error: "Enter a name." }).trim().min(1, "Enter a name.").max(100, "Use 100 characters or fewer."),
});

export const lookupSchema = z.object({ id: z.number().int(), name: z.string() });
export type Lookup = z.infer<typeof lookupSchema>;

/** A company type; is_custom when the caller's company added it (POST /type). */
export const companyTypeSchema = lookupSchema.extend({ is_custom: z.boolean() });
export const tradeSchema = lookupSchema.extend({ industry_id: z.number().int() });
export const industryWithTradesSchema = lookupSchema.extend({ trades: z.array(lookupSchema) });
export const dataListItemSchema = lookupSchema.extend({ group: z.enum(DATA_LIST_GROUPS) });

/** GET /type, /employee-size, /job-title, /trade: paged (the forms ask for page[size]=999). */
export const companyTypeListSchema = pagedSchema(companyTypeSchema);
export const lookupListSchema = pagedSchema(lookupSchema);
export const tradeListSchema = pagedSchema(tradeSchema);
/** GET /get-types, /api/v1/get-industries, /business-units, /data-lists: the whole list. */
export const companyTypesSchema = z.object({ data: z.array(companyTypeSchema) });
export const lookupsSchema = z.object({ data: z.array(lookupSchema) });
export const tradeIndustrySchema = z.object({ data: z.array(industryWithTradesSchema) });
export const dataListSchema = z.object({ data: z.array(dataListItemSchema) });

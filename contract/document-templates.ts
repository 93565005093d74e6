import { z } from "zod";
import { pagedSchema } from "./common";
import { RECORD_TYPES } from "./list-sorts";

/** The messages of the document template forms, word for word on both sides. */
export const DOCUMENT_TEMPLATE_MESSAGES = {
  nameRequired: "Enter a name.",
  nameTooLong: "The name may not be longer than 255 characters.",
  bodyTooLong: "The text may not be longer than 20000 characters.",
  contentRequired: "Upload a Word document (DOCX) or write the template's text.",
  notDocx: "The file is not a Word document (DOCX).",
  brokenPlaceholders: "The template has broken placeholders",
  unknownPlaceholders: "The template uses placeholders that are not data points",
  idsRequired: "Choose at least one document template.",
  recordTypeRequired: "Choose what to use the template on.",
  recordRequired: "Choose the record to use the template on.",
} as const;

/** The records a template is used on. */
export { RECORD_TYPES };
export type RecordType = (typeof RECORD_TYPES)[number];
export const RECORD_TYPE_LABELS: Record<RecordType, string> = {
  task: "Task",
  individual: "Client (individual)",
  company: "Client (company)",
  policy: "Policy",
  quote: "Quote",
  invoice: "Invoice",
};

/**
 * The data points a template may use, by group: `{task.name}` in a DOCX or a text template. The groups are the
 * fields of a client, company, task, policy, quote and invoice, and the date of the day.
 */
export const DATAPOINTS = {
  general: { today: "Today's date" },
  client: {
    "client.full_name": "Client's full name",
    "client.first_name": "Client's first name",
    "client.last_name": "Client's last name",
    "client.email": "Client's e-mail",
    "client.telephone": "Client's telephone",
  },
  company: {
    "company.name": "Company name",
    "company.email": "Company e-mail",
    "company.telephone": "Company telephone",
    "company.town": "Company town",
    "company.postcode": "Company postcode",
  },
  task: {
    "task.name": "Task name",
    "task.description": "Task description",
    "task.pipeline": "Pipeline",
    "task.stage": "Stage",
    "task.assignee": "Assigned to",
    "task.expected_revenue": "Expected revenue",
    "task.expected_close_date": "Expected close date",
  },
  policy: {
    "policy.number": "Policy number",
    "policy.provider": "Policy provider",
    "policy.start_date": "Policy start date",
    "policy.premium": "Policy premium",
  },
  quote: {
    "quote.number": "Quote number",
    "quote.date": "Quote date",
    "quote.valid_until": "Quote valid until",
    "quote.total": "Quote total",
    "quote.client": "Quote client",
  },
  invoice: {
    "invoice.number": "Invoice number",
    "invoice.date": "Invoice date",
    "invoice.due_date": "Invoice due date",
    "invoice.total": "Invoice total",
    "invoice.client": "Invoice client",
  },
} as const;
export type DatapointGroup = keyof typeof DATAPOINTS;
export const DATAPOINT_KEYS: readonly string[] = Object.values(DATAPOINTS).flatMap((g) => Object.keys(g));

/** The placeholders of a text template: `{task.name}`. Unbalanced braces answer the broken parts. */
export function textPlaceholders(body: string): { tags: string[]; broken: string[] } {
  const tags: string[] = [];
  const broken: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === "{") {
      if (depth === 1) broken.push(body.slice(start, i + 1));
      depth = 1;
      start = i;
    } else if (ch === "}") {
      if (depth === 0) broken.push(body.slice(Math.max(0, i - 20), i + 1));
      else tags.push(body.slice(start + 1, i).trim());
      depth = 0;
    }
  }
  if (depth === 1) broken.push(body.slice(start, start + 30));
  return { tags: [...new Set(tags)], broken };
}

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

/** The text fields of a template (the DOCX, when there is one, comes as the multipart file `file`). */
export const documentTemplateBodySchema = z.object({
  name: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ error: DOCUMENT_TEMPLATE_MESSAGES.nameRequired })
      .trim()
      .min(1, DOCUMENT_TEMPLATE_MESSAGES.nameRequired)
      .max(255, DOCUMENT_TEMPLATE_MESSAGES.nameTooLong),
  ),
  body: z.preprocess(blankToNull, z.string({ error: "The text must be text." }).max(20000, DOCUMENT_TEMPLATE_MESSAGES.bodyTooLong).nullable()).optional(),
});
export type DocumentTemplateBody = z.output<typeof documentTemplateBodySchema>;

export const documentTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** docx: a Word document with placeholders; rich_text: a text body. */
  kind: z.enum(["docx", "rich_text"]),
  body: z.string().nullable(),
  file_name: z.string().nullable(),
  placeholders: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;

export const documentTemplateListSchema = pagedSchema(documentTemplateSchema);
export const documentTemplateResponseSchema = z.object({ data: documentTemplateSchema });

/** DELETE /document-templates?document_template_ids=1,2 */
export const documentTemplateIdsQuerySchema = z.object({
  document_template_ids: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter((s) => s.trim() !== "") : v === undefined ? [] : v),
    z
      .array(z.coerce.number({ error: DOCUMENT_TEMPLATE_MESSAGES.idsRequired }).int().positive().max(2147483647), {
        error: DOCUMENT_TEMPLATE_MESSAGES.idsRequired,
      })
      .min(1, DOCUMENT_TEMPLATE_MESSAGES.idsRequired)
      .max(100),
  ),
});

/** POST /document-templates/use/{id}: the record to fill the template from. */
export const useTemplateBodySchema = z.object({
  record_type: z.enum(RECORD_TYPES, { error: DOCUMENT_TEMPLATE_MESSAGES.recordTypeRequired }),
  record_id: z.coerce
    .number({ error: DOCUMENT_TEMPLATE_MESSAGES.recordRequired })
    .int(DOCUMENT_TEMPLATE_MESSAGES.recordRequired)
    .positive(DOCUMENT_TEMPLATE_MESSAGES.recordRequired)
    .max(2147483647, DOCUMENT_TEMPLATE_MESSAGES.recordRequired),
});
export type UseTemplateBody = z.output<typeof useTemplateBodySchema>;

export const generatedDocumentSchema = z.object({
  id: z.number().int(),
  template_id: z.number().int().nullable(),
  record_type: z.enum(RECORD_TYPES),
  record_id: z.number().int(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type GeneratedDocument = z.infer<typeof generatedDocumentSchema>;
export const generatedDocumentResponseSchema = z.object({ data: generatedDocumentSchema });
export const generatedDocumentListSchema = z.object({ data: z.array(generatedDocumentSchema) });

export const datapointListSchema = z.object({
  data: z.array(z.object({ group: z.string(), key: z.string(), label: z.string() })),
});

/** POST /document-templates/get-quotes-and-invoices: the quotes and invoices to choose from. */
export const quotesAndInvoicesBodySchema = z.object({
  search: z.preprocess(blankToNull, z.string().trim().max(100).nullable()).optional(),
});
export const quotesAndInvoicesSchema = z.object({
  data: z.array(
    z.object({ id: z.number().int(), type: z.enum(["quote", "invoice"]), number: z.string(), client: z.string().nullable(), issue_date: z.string() }),
  ),
});
export const policyChoicesSchema = z.object({ data: z.array(z.object({ id: z.number().int(), label: z.string() })) });

export { DOCUMENT_TEMPLATE_SORTS } from "./list-sorts";

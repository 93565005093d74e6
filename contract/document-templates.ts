import { z } from "zod";
import { pagedSchema } from "./common";

/** The messages of the document template form, word for word on both sides. */
export const DOCUMENT_TEMPLATE_MESSAGES = {
  nameRequired: "Enter a name.",
  nameTooLong: "The name may not be longer than 255 characters.",
  notesTooLong: "The notes may not be longer than 2000 characters.",
  idsRequired: "Choose at least one document template.",
} as const;

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

/** A document template as created or updated (an update replaces every field). */
export const documentTemplateBodySchema = z.object({
  name: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string({ error: DOCUMENT_TEMPLATE_MESSAGES.nameRequired }).trim().min(1, DOCUMENT_TEMPLATE_MESSAGES.nameRequired).max(255, DOCUMENT_TEMPLATE_MESSAGES.nameTooLong),
  ),
  notes: z.preprocess(blankToNull, z.string({ error: "The notes must be text." }).trim().max(2000, DOCUMENT_TEMPLATE_MESSAGES.notesTooLong).nullable()),
});
export type DocumentTemplateBody = z.output<typeof documentTemplateBodySchema>;

export const documentTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;

export const documentTemplateListSchema = pagedSchema(documentTemplateSchema);
export const documentTemplateResponseSchema = z.object({ data: documentTemplateSchema });

/** DELETE /document-templates: the ids of the document templates to delete, at most 100. */
export const documentTemplateIdsSchema = z.object({
  ids: z.array(z.coerce.number().int().positive().max(2147483647), { error: DOCUMENT_TEMPLATE_MESSAGES.idsRequired }).min(1, DOCUMENT_TEMPLATE_MESSAGES.idsRequired).max(100),
});
export const documentTemplateDeletedSchema = z.object({ deleted: z.number().int() });

/** Sort fields of GET /document-templates ('-' prefix for descending); default name ascending. */
export const DOCUMENT_TEMPLATE_SORTS = ["name", "created_at"] as const;

/**
 * Simple quotes (`/simple-quotes`) and simple invoices (`/simple-invoices`): the wire format of both, which
 * share every field. Money is integer pence (`*_pence`); a quantity is text or a number with up to 3 decimals
 * and comes back as text ("1.5"); VAT rates are percent (0, 5, 20). See common/money.ts for the rules.
 */
import { z } from "zod";
import { MAX_LINES, MONEY_MESSAGES, parseQuantity, parseUnitPricePence, parseVatRate } from "#common/money";
import { pagedSchema } from "./common";
import { optionalDateField, optionalIdField } from "./pipelines";
export { DOCUMENT_SORTS } from "./list-sorts";

export const QUOTE_STATUSES = ["draft", "sent", "approved", "converted", "cancelled"] as const;
export const INVOICE_STATUSES = ["draft", "sent", "paid", "cancelled"] as const;
export const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  sent: "Sent",
  approved: "Approved",
  converted: "Converted to invoice",
  paid: "Paid",
  cancelled: "Cancelled",
};

export const PAYMENT_METHODS = [
  { value: "bank_transfer", label: "Bank transfer" },
  { value: "card", label: "Card" },
  { value: "cash", label: "Cash" },
  { value: "cheque", label: "Cheque" },
  { value: "direct_debit", label: "Direct debit" },
  { value: "other", label: "Other" },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

/** What a document without a number shows in its place. */
export const DRAFT_NUMBER_LABEL = "Draft";

export const SALES_MESSAGES = {
  description: "Enter a description of the item.",
  client: "Choose the client: an individual or a company.",
  clientBoth: "Choose either an individual or a company as the client, not both.",
  individual: "Choose an individual of your company.",
  company: "Choose a company of your company.",
  task: "Choose a task of your company.",
  product: "Choose a product of your company.",
  tooManyLines: `A document may have at most ${MAX_LINES} items.`,
  accountCode: "Use 20 characters or fewer: letters, digits, dashes and dots.",
  dueBeforeIssue: "The due date may not be before the document's date.",
  noEmail: "The client has no e-mail address. Add one to the client, or mark the document as sent instead.",
  noItems: "Add at least one item before sending.",
  quoteConverted: "This quote has already been converted to an invoice.",
  invoicePaid: "This invoice is already marked as paid.",
  invoiceNotPaid: "This invoice is not marked as paid.",
  paidOn: "Enter the date the invoice was paid.",
  paymentMethod: "Choose how the invoice was paid.",
  deleteQuote: "Only a draft quote can be deleted.",
  deleteInvoice: "Only a draft invoice can be deleted: a sent invoice is cancelled, never deleted.",
  approveLink: "This approval link is not valid.",
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

function moneyRule<T>(parse: (v: unknown) => T | { error: string }, pick: (ok: T) => number) {
  return z.unknown().transform((v, ctx) => {
    const r = parse(v);
    if (r && typeof r === "object" && "error" in r) {
      ctx.addIssue({ code: "custom", message: (r as { error: string }).error });
      return z.NEVER;
    }
    return pick(r as T);
  });
}

/** One item of a quote or invoice, as created or replaced. */
export const itemBodySchema = z.object({
  description: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string({ error: SALES_MESSAGES.description }).trim().min(1, SALES_MESSAGES.description).max(1000, "Use 1000 characters or fewer."),
  ),
  /** Thousandths of a unit once parsed. */
  quantity: moneyRule(parseQuantity, (r) => (r as { milli: number }).milli),
  unit_price_pence: moneyRule(parseUnitPricePence, (r) => (r as { pence: number }).pence),
  vat_rate: moneyRule(parseVatRate, (r) => (r as { rate: number }).rate as 0 | 5 | 20),
  product_id: optionalIdField(SALES_MESSAGES.product),
  account_code: z.preprocess(
    (v) => (blank(v) ? null : v),
    z
      .string({ error: SALES_MESSAGES.accountCode })
      .trim()
      .regex(/^[A-Za-z0-9.-]{1,20}$/, SALES_MESSAGES.accountCode)
      .nullable()
      .optional(),
  ),
});
export type ItemBody = z.infer<typeof itemBodySchema>;
export { MONEY_MESSAGES };

const optionalLongText = (max: number) =>
  z.preprocess((v) => (blank(v) ? null : v), z.string({ error: "Enter text." }).trim().max(max, `Use ${max} characters or fewer.`).nullable().optional());

/**
 * A quote or invoice as created (POST) or updated (PUT: the fields sent are changed; `items`, when sent, replace
 * every item). The client is `individual_id` or `company_id`, exactly one.
 */
export const documentBodySchema = z.object({
  individual_id: optionalIdField(SALES_MESSAGES.individual),
  company_id: optionalIdField(SALES_MESSAGES.company),
  task_id: optionalIdField(SALES_MESSAGES.task),
  issue_date: optionalDateField(),
  due_date: optionalDateField(),
  reference: optionalLongText(100),
  notes: optionalLongText(5000),
  terms_and_conditions: optionalLongText(10000),
  items: z.array(z.unknown(), { error: "Send the items as a list." }).max(MAX_LINES, SALES_MESSAGES.tooManyLines).optional(),
});
export type DocumentBody = z.infer<typeof documentBodySchema>;

export const paidStatusBodySchema = z.object({
  paid: z.preprocess(
    (v) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" ? false : v),
    z.boolean({ error: "Say whether the invoice is paid." }),
  ),
  paid_on: optionalDateField(),
  payment_method: z.preprocess(
    (v) => (blank(v) ? null : v),
    z
      .enum(PAYMENT_METHODS.map((m) => m.value) as [PaymentMethod, ...PaymentMethod[]], { error: SALES_MESSAGES.paymentMethod })
      .nullable()
      .optional(),
  ),
});
export type PaidStatusBody = z.infer<typeof paidStatusBodySchema>;

export const approveBodySchema = z.object({ token: z.string({ error: SALES_MESSAGES.approveLink }).max(200, SALES_MESSAGES.approveLink) });

export const NUMBER_FORMAT_MESSAGES = {
  prefix: "Use up to 20 letters, digits, dashes, slashes, dots or underscores.",
  width: "Choose a width of 1 to 10 digits.",
} as const;
export const numberFormatBodySchema = z.object({
  prefix: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string({ error: NUMBER_FORMAT_MESSAGES.prefix }).regex(/^[A-Za-z0-9\-/._]{0,20}$/, NUMBER_FORMAT_MESSAGES.prefix),
  ),
  width: z.coerce
    .number({ error: NUMBER_FORMAT_MESSAGES.width })
    .int(NUMBER_FORMAT_MESSAGES.width)
    .min(1, NUMBER_FORMAT_MESSAGES.width)
    .max(10, NUMBER_FORMAT_MESSAGES.width),
});
export type NumberFormatBody = z.infer<typeof numberFormatBodySchema>;
export const DEFAULT_NUMBER_FORMATS = { quote: { prefix: "QUO-", width: 4 }, invoice: { prefix: "INV-", width: 4 } } as const;

/** A number from a format: ("INV-", 4, 7) → "INV-0007"; a number wider than the width is shown whole. */
export const formatDocumentNumber = (prefix: string, width: number, n: number) => `${prefix}${String(n).padStart(width, "0")}`;

// ------------------------------------------------------------------------------------------------ answers

export const itemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  description: z.string(),
  /** Text, up to 3 decimals: "1.5". */
  quantity: z.string(),
  unit_price_pence: z.number().int(),
  vat_rate: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  account_code: z.string().nullable(),
  net_pence: z.number().int(),
  vat_pence: z.number().int(),
  total_pence: z.number().int(),
});
export type Item = z.infer<typeof itemSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  /** Download path on the API host (signed-in users of the company). */
  url: z.string(),
  created_at: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const reference = z.object({ id: z.number().int(), number: z.string().nullable() }).nullable();

export const documentRowSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  /** The number, or "Draft". */
  number_label: z.string(),
  status: z.string(),
  status_label: z.string(),
  client: z.object({ type: z.enum(["individual", "company"]), id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  task: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  reference: z.string().nullable(),
  subtotal_pence: z.number().int(),
  vat_pence: z.number().int(),
  total_pence: z.number().int(),
  items_count: z.number().int(),
  sent_at: z.string().nullable(),
  sent_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  paid_on: z.string().nullable(),
  payment_method: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** A quote: the invoice it became. */
  converted_invoice: reference,
  /** An invoice: the quote it came from. */
  source_quote: reference,
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;

export const documentSchema = documentRowSchema.extend({
  notes: z.string().nullable(),
  terms_and_conditions: z.string().nullable(),
  items: z.array(itemSchema),
  documents: z.array(attachmentSchema),
  vat_breakdown: z.array(z.object({ rate: z.number().int(), net_pence: z.number().int(), vat_pence: z.number().int() })),
  /** The client's link: the summary (and, for a quote, its approval) without an account. Absolute, on the API host. */
  client_link: z.string(),
  /** The summary and its PDF for the company's users (paths on the API host; the bearer token or the link's token). */
  summary_url: z.string(),
  pdf_url: z.string(),
});
export type SalesDocument = z.infer<typeof documentSchema>;

export const documentListSchema = pagedSchema(documentRowSchema);
export const documentResponseSchema = z.object({ data: documentSchema });

/**
 * Filters of the lists: status, individual_id, company_id, task_id, number (part of the number), search (number,
 * reference or client name), and the ranges created_at, issue_date, due_date (dates) and total (pence).
 */
export const DOCUMENT_FILTERS = [
  "status",
  "individual_id",
  "company_id",
  "task_id",
  "number",
  "search",
  "created_at",
  "issue_date",
  "due_date",
  "total",
] as const;

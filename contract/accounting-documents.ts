/**
 * Accounting-synced quotes (`/xero-quotes`) and invoices (`/xero-invoices`): kept here and in the accounting
 * system (the sandbox ledger by default, Xero when configured). Money is integer pence; a quantity is text with up
 * to 3 decimals; VAT rates are percent (0, 5, 20); each line is booked to an account code of the chart.
 */
import { z } from "zod";
import { MAX_LINES } from "#common/money";
import { pagedSchema } from "./common";
import { optionalDateField, optionalIdField } from "./pipelines";
import { itemBodySchema as simpleItemBodySchema, paidStatusBodySchema, SALES_MESSAGES } from "./sales-documents";
export { ACCOUNTING_DOCUMENT_SORTS } from "./list-sorts";

export const ACCOUNTING_STATUSES = ["draft", "sent", "paid", "cancelled"] as const;
export const ACCOUNTING_QUOTE_STATUSES = ["draft", "sent", "cancelled"] as const;
export const ACCOUNTING_STATUS_LABELS: Record<string, string> = { draft: "Draft", sent: "Sent", paid: "Paid", cancelled: "Cancelled" };
export const SYNC_LABELS = { synced: "Synced", not_synced: "Not synced" } as const;

/** The sales account a line is booked to when none is chosen. */
export const DEFAULT_SALES_ACCOUNT = "200";
/** The bank account a payment goes into when none is chosen. */
export const DEFAULT_BANK_ACCOUNT = "090";

export const ACCOUNTING_MESSAGES = {
  ...SALES_MESSAGES,
  accountCode: "Choose a sales account of the chart of accounts.",
  bankAccount: "Choose a bank account of the chart of accounts.",
  division: "Choose a division (tracking option) of the accounting system.",
  recurrence: "Choose a repeat of the list, or none.",
  recurrenceQuote: "Only an invoice repeats.",
  ids: "Choose at least one document.",
  notSynced: "Sync the document with the accounting system first: use Retry sync.",
  synced: "The document is already synced.",
  cancelled: "A cancelled document cannot be changed.",
  editSent: "A sent invoice cannot be changed: cancel it and make a new one.",
  convertedXero: "This quote has already been converted to an invoice.",
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** An item: description, quantity, unit price (pence), VAT rate and the sales account code (default 200). */
export const accountingItemBodySchema = simpleItemBodySchema.omit({ product_id: true });
export type AccountingItemBody = z.infer<typeof accountingItemBodySchema>;

const optionalText = (max: number) =>
  z.preprocess((v) => (blank(v) ? null : v), z.string({ error: "Enter text." }).trim().max(max, `Use ${max} characters or fewer.`).nullable().optional());

export const accountingDocumentBodySchema = z.object({
  individual_id: optionalIdField(SALES_MESSAGES.individual),
  company_id: optionalIdField(SALES_MESSAGES.company),
  issue_date: optionalDateField(),
  due_date: optionalDateField(),
  reference: optionalText(255),
  terms_and_conditions: optionalText(10000),
  /** "Category: Option" of GET /xero/divisions-recurrences. */
  division: optionalText(200),
  /** A recurrence's value of GET /xero/divisions-recurrences ("MONTHLY/1"); an invoice only. */
  recurrence: optionalText(20),
  items: z.array(z.unknown(), { error: "Send the items as a list." }).max(MAX_LINES, SALES_MESSAGES.tooManyLines).optional(),
});
export type AccountingDocumentBody = z.infer<typeof accountingDocumentBodySchema>;

export const termsBodySchema = z.object({ terms_and_conditions: optionalText(10000) });

export const accountingPaidStatusBodySchema = paidStatusBodySchema.extend({
  /** The bank account the money went into (default 090). */
  account_code: z.preprocess((v) => (blank(v) ? null : v), z.string({ error: ACCOUNTING_MESSAGES.bankAccount }).trim().max(20).nullable().optional()),
});
export type AccountingPaidStatusBody = z.infer<typeof accountingPaidStatusBodySchema>;

/** PUT /xero-invoices (the collection) with `{ ids }`: cancels each. */
export const cancelManyBodySchema = z.object({
  ids: z
    .array(z.coerce.number({ error: ACCOUNTING_MESSAGES.ids }).int(ACCOUNTING_MESSAGES.ids).positive(ACCOUNTING_MESSAGES.ids), {
      error: ACCOUNTING_MESSAGES.ids,
    })
    .min(1, ACCOUNTING_MESSAGES.ids)
    .max(100, "Choose at most 100 documents at once."),
});

// ------------------------------------------------------------------------------------------------ answers

export const accountingItemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  description: z.string(),
  quantity: z.string(),
  unit_price_pence: z.number().int(),
  vat_rate: z.number().int(),
  account_code: z.string(),
  net_pence: z.number().int(),
  vat_pence: z.number().int(),
  total_pence: z.number().int(),
});
export type AccountingItem = z.infer<typeof accountingItemSchema>;

export const syncSchema = z.object({
  status: z.enum(["synced", "not_synced"]),
  /** "Synced" with Xero; "Sandbox ledger" when the sandbox holds it (never shown as a real sync); "Not synced". */
  label: z.string(),
  /** "sandbox" or "xero": where it is kept; null before its first sync. */
  provider: z.enum(["sandbox", "xero"]).nullable(),
  provider_label: z.string().nullable(),
  provider_id: z.string().nullable(),
  error: z.string().nullable(),
  synced_at: z.string().nullable(),
});
export type SyncState = z.infer<typeof syncSchema>;

export const accountingRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["quote", "invoice"]),
  /** The accounting system's number (INV-0001, QU-0001), null until first synced. */
  number: z.string().nullable(),
  /** The number, or "Not synced". */
  number_label: z.string(),
  status: z.string(),
  status_label: z.string(),
  client: z.object({ type: z.enum(["individual", "company"]), id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  reference: z.string().nullable(),
  division: z.string().nullable(),
  recurrence: z.string().nullable(),
  subtotal_pence: z.number().int(),
  vat_pence: z.number().int(),
  total_pence: z.number().int(),
  items_count: z.number().int(),
  sent_at: z.string().nullable(),
  paid_on: z.string().nullable(),
  payment_method: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  source_quote: z.object({ id: z.number().int(), number: z.string().nullable() }).nullable(),
  sync: syncSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AccountingRow = z.infer<typeof accountingRowSchema>;

export const accountingDocumentSchema = accountingRowSchema.extend({
  terms_and_conditions: z.string().nullable(),
  items: z.array(accountingItemSchema),
  summary_url: z.string(),
  /** The summary through the document's link (its token), a path on the API host: what the portal's frame opens. */
  summary_link: z.string(),
});
export type AccountingDocument = z.infer<typeof accountingDocumentSchema>;

export const accountingListSchema = pagedSchema(accountingRowSchema);
/** `message`: set when the document was saved here but the accounting system did not take it (not synced). */
export const accountingResponseSchema = z.object({ data: accountingDocumentSchema, message: z.string().optional() });

export const accountSchema = z.object({ code: z.string(), name: z.string(), type: z.string(), sales: z.boolean(), status: z.string() });
export const accountsResponseSchema = z.object({ data: z.array(accountSchema), meta: z.object({ provider: z.string(), provider_label: z.string() }) });
export const divisionsResponseSchema = z.object({
  data: z.object({
    divisions: z.array(z.object({ name: z.string(), options: z.array(z.string()) })),
    recurrences: z.array(z.object({ value: z.string(), label: z.string(), unit: z.string(), period: z.number().int() })),
  }),
  meta: z.object({ provider: z.string(), provider_label: z.string() }),
});

export const cancelManyResponseSchema = z.object({
  data: z.object({ cancelled: z.array(z.number().int()), failed: z.array(z.object({ id: z.number().int(), message: z.string() })) }),
});

/** The sandbox ledger as the portal watches it: what the "accounting system" holds. */
export const sandboxLedgerSchema = z.object({
  data: z.object({
    provider: z.enum(["sandbox", "xero"]),
    label: z.string(),
    outage: z.boolean(),
    calls_last_minute: z.number().int(),
    calls_per_minute: z.number().int(),
    records: z.array(
      z.object({
        provider_id: z.string(),
        type: z.string(),
        number: z.string(),
        status: z.string(),
        contact_name: z.string(),
        reference: z.string().nullable(),
        date: z.string(),
        total_pence: z.number().int(),
        amount_paid_pence: z.number().int(),
        lines_count: z.number().int(),
        updated_at: z.string(),
      }),
    ),
  }),
});
export type SandboxLedger = z.infer<typeof sandboxLedgerSchema>["data"];
export const outageBodySchema = z.object({
  outage: z.preprocess(
    (v) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" ? false : v),
    z.boolean({ error: "Say on or off." }),
  ),
});

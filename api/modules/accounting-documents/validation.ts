import { and, eq } from "drizzle-orm";
import { lineWithinLimit, MONEY_MESSAGES, type VatRate } from "#common/money";
import { todayInLondon } from "#common/dates";
import { ACCOUNTING_MESSAGES, accountingItemBodySchema, DEFAULT_SALES_ACCOUNT, type AccountingDocumentBody } from "#contract/accounting-documents";
import { type accountingDocuments, clientCompanies, individuals, type AccountingDocumentKind } from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { zodErrors } from "#api/http/validation";
import type { AccountingProvider } from "#api/integrations/accounting";
import { RECURRENCES, SANDBOX_DIVISIONS } from "#api/integrations/accounting/chart";
import { refuse, type AccRow, type Q } from "./service";

// ------------------------------------------------------------------------------------------------ validation

export interface ParsedItem {
  description: string;
  quantityMilli: number;
  unitPricePence: number;
  vatRate: VatRate;
  accountCode: string;
}

export function parseItems(provider: AccountingProvider, raw: unknown[], prefix: (i: number) => string, errors: Record<string, string[]>): ParsedItem[] {
  const known = provider.knownSalesAccountCodes();
  const parsed: ParsedItem[] = [];
  raw.forEach((value, i) => {
    const r = accountingItemBodySchema.safeParse(value ?? {});
    if (!r.success) {
      for (const [k, v] of Object.entries(zodErrors(r.error))) errors[`${prefix(i)}${k}`] = k === "account_code" ? [ACCOUNTING_MESSAGES.accountCode] : v;
      return;
    }
    const item: ParsedItem = {
      description: r.data.description,
      quantityMilli: r.data.quantity,
      unitPricePence: r.data.unit_price_pence,
      vatRate: r.data.vat_rate as VatRate,
      accountCode: r.data.account_code ?? DEFAULT_SALES_ACCOUNT,
    };
    if (!lineWithinLimit(item)) errors[`${prefix(i)}quantity`] = [MONEY_MESSAGES.lineTooLarge];
    if (known && !known.includes(item.accountCode)) errors[`${prefix(i)}account_code`] = [ACCOUNTING_MESSAGES.accountCode];
    parsed.push(item);
  });
  return parsed;
}

async function belongs(db: Q, table: typeof individuals | typeof clientCompanies, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}

function divisionAllowed(provider: AccountingProvider, division: string) {
  const [category, option, more] = division.split(": ");
  if (!category || !option || more !== undefined) return false;
  if (provider.kind !== "sandbox") return true;
  return SANDBOX_DIVISIONS.some((d) => d.name === category && d.options.includes(option));
}

interface Validated {
  fields: Partial<typeof accountingDocuments.$inferInsert>;
  items?: ParsedItem[];
}

export async function validate(
  db: Q,
  provider: AccountingProvider,
  tenantId: number,
  kind: AccountingDocumentKind,
  body: AccountingDocumentBody,
  current?: AccRow,
) {
  const errors: Record<string, string[]> = {};
  const fields: Validated["fields"] = {};
  if (!current || body.individual_id !== undefined || body.company_id !== undefined) {
    const individualId = body.individual_id ?? null;
    const companyId = body.company_id ?? null;
    if (individualId === null && companyId === null) errors.individual_id = [ACCOUNTING_MESSAGES.client];
    else if (individualId !== null && companyId !== null) errors.company_id = [ACCOUNTING_MESSAGES.clientBoth];
    else if (individualId !== null && !(await belongs(db, individuals, tenantId, individualId))) errors.individual_id = [ACCOUNTING_MESSAGES.individual];
    else if (companyId !== null && !(await belongs(db, clientCompanies, tenantId, companyId))) errors.company_id = [ACCOUNTING_MESSAGES.company];
    fields.individualId = individualId;
    fields.clientCompanyId = companyId;
  }
  if (body.issue_date !== undefined) fields.issueDate = body.issue_date ?? todayInLondon();
  else if (!current) fields.issueDate = todayInLondon();
  if (body.due_date !== undefined) fields.dueDate = body.due_date;
  const issue = fields.issueDate ?? current?.issueDate;
  const due = fields.dueDate !== undefined ? fields.dueDate : current?.dueDate;
  if (issue && due && due < issue) errors.due_date = [ACCOUNTING_MESSAGES.dueBeforeIssue];
  if (body.reference !== undefined) fields.reference = body.reference;
  if (body.terms_and_conditions !== undefined) fields.termsAndConditions = body.terms_and_conditions;
  if (body.division !== undefined) {
    if (body.division !== null && !divisionAllowed(provider, body.division)) errors.division = [ACCOUNTING_MESSAGES.division];
    fields.division = body.division;
  }
  if (body.recurrence !== undefined) {
    if (body.recurrence !== null && kind === "quote") errors.recurrence = [ACCOUNTING_MESSAGES.recurrenceQuote];
    else if (body.recurrence !== null && !RECURRENCES.some((r) => r.value === body.recurrence)) errors.recurrence = [ACCOUNTING_MESSAGES.recurrence];
    fields.recurrence = body.recurrence;
  }
  const items = body.items ? parseItems(provider, body.items, (i) => `items.${i}.`, errors) : undefined;
  if (Object.keys(errors).length) throw invalid(errors);
  return { fields, items };
}

export function assertEditable(kind: AccountingDocumentKind, row: AccRow) {
  if (row.status === "cancelled") throw refuse(ACCOUNTING_MESSAGES.cancelled);
  if (row.status === "paid") throw refuse("A paid invoice cannot be changed.");
  if (kind === "invoice" && row.status !== "draft") throw refuse(ACCOUNTING_MESSAGES.editSent);
}

import { and, eq, inArray } from "drizzle-orm";
import { lineWithinLimit, MONEY_MESSAGES, type VatRate } from "#common/money";
import { todayInLondon } from "#common/dates";
import { itemBodySchema, SALES_MESSAGES, type DocumentBody, type ItemBody } from "#contract/sales-documents";
import { clientCompanies, individuals, type salesDocuments, taskProducts, tasks, type SalesDocumentKind } from "#api/db/schema";
import { invalid } from "#api/http/errors";
import { zodErrors } from "#api/http/validation";
import type { DocRow, Q } from "./service";

// ------------------------------------------------------------------------------------------------ validation

export interface ParsedItem {
  description: string;
  quantityMilli: number;
  unitPricePence: number;
  vatRate: VatRate;
  productId: number | null;
  accountCode: string | null;
}

/** Parses items (each under `${prefix}${i}.field`), and checks their products belong to the tenant. */
export async function parseItems(
  db: Q,
  tenantId: number,
  raw: unknown[],
  prefix: (i: number) => string,
  errors: Record<string, string[]>,
): Promise<ParsedItem[]> {
  const parsed: ParsedItem[] = [];
  raw.forEach((value, i) => {
    const r = itemBodySchema.safeParse(value ?? {});
    if (!r.success) {
      for (const [k, v] of Object.entries(zodErrors(r.error))) errors[`${prefix(i)}${k}`] = v;
      return;
    }
    const item = toParsed(r.data);
    if (!lineWithinLimit(item)) errors[`${prefix(i)}quantity`] = [MONEY_MESSAGES.lineTooLarge];
    parsed.push(item);
  });
  const productIds = [...new Set(parsed.map((p) => p.productId).filter((p): p is number => p !== null))];
  if (productIds.length) {
    const found = await db
      .select({ id: taskProducts.id })
      .from(taskProducts)
      .where(and(eq(taskProducts.tenantId, tenantId), inArray(taskProducts.id, productIds)));
    const ok = new Set(found.map((f) => f.id));
    raw.forEach((value, i) => {
      const id = (value as { product_id?: unknown } | null)?.product_id;
      if (id !== undefined && id !== null && id !== "" && !ok.has(Number(id))) errors[`${prefix(i)}product_id`] = [SALES_MESSAGES.product];
    });
  }
  return parsed;
}

function toParsed(b: ItemBody): ParsedItem {
  return {
    description: b.description,
    quantityMilli: b.quantity,
    unitPricePence: b.unit_price_pence,
    vatRate: b.vat_rate as VatRate,
    productId: b.product_id ?? null,
    accountCode: b.account_code ?? null,
  };
}

async function belongs(db: Q, table: typeof individuals | typeof clientCompanies | typeof tasks, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}

interface Validated {
  fields: Partial<typeof salesDocuments.$inferInsert>;
  items?: ParsedItem[];
}

/** Checks a body against the tenant's records; every problem comes back together, under its field. */
export async function validate(db: Q, tenantId: number, body: DocumentBody, current?: DocRow): Promise<Validated> {
  const errors: Record<string, string[]> = {};
  const fields: Validated["fields"] = {};
  const clientSent = body.individual_id !== undefined || body.company_id !== undefined;
  if (!current || clientSent) {
    const individualId = body.individual_id ?? null;
    const companyId = body.company_id ?? null;
    if (individualId === null && companyId === null) errors.individual_id = [SALES_MESSAGES.client];
    else if (individualId !== null && companyId !== null) errors.company_id = [SALES_MESSAGES.clientBoth];
    else if (individualId !== null && !(await belongs(db, individuals, tenantId, individualId))) errors.individual_id = [SALES_MESSAGES.individual];
    else if (companyId !== null && !(await belongs(db, clientCompanies, tenantId, companyId))) errors.company_id = [SALES_MESSAGES.company];
    fields.individualId = individualId;
    fields.clientCompanyId = companyId;
  }
  if (body.task_id !== undefined) {
    if (body.task_id !== null && !(await belongs(db, tasks, tenantId, body.task_id))) errors.task_id = [SALES_MESSAGES.task];
    fields.taskId = body.task_id;
  }
  if (body.issue_date !== undefined) fields.issueDate = body.issue_date ?? todayInLondon();
  else if (!current) fields.issueDate = todayInLondon();
  if (body.due_date !== undefined) fields.dueDate = body.due_date;
  const issue = fields.issueDate ?? current?.issueDate;
  const due = fields.dueDate !== undefined ? fields.dueDate : current?.dueDate;
  if (issue && due && due < issue) errors.due_date = [SALES_MESSAGES.dueBeforeIssue];
  if (body.reference !== undefined) fields.reference = body.reference;
  if (body.notes !== undefined) fields.notes = body.notes;
  if (body.terms_and_conditions !== undefined) fields.termsAndConditions = body.terms_and_conditions;
  const items = body.items ? await parseItems(db, tenantId, body.items, (i) => `items.${i}.`, errors) : undefined;
  if (Object.keys(errors).length) throw invalid(errors);
  return { fields, items };
}

/** Whether a document's content (client, dates, text, items, attachments) may still change. */
export function assertEditable(kind: SalesDocumentKind, row: DocRow) {
  if (kind === "invoice" && row.status !== "draft") {
    throw invalid({
      status: [row.status === "cancelled" ? "A cancelled invoice cannot be changed." : "A sent invoice cannot be changed: cancel it and make a new one."],
    });
  }
  if (kind === "quote" && row.status !== "draft" && row.status !== "sent") {
    throw invalid({
      status: [
        row.status === "converted"
          ? SALES_MESSAGES.quoteConverted + " It can no longer be changed."
          : row.status === "cancelled"
            ? "A cancelled quote cannot be changed."
            : "An approved quote cannot be changed.",
      ],
    });
  }
}

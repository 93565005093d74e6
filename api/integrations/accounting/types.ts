/**
 * One interface for the accounting system that keeps the synced quotes and invoices. The sandbox (default) keeps
 * its own ledger in the database; the Xero adapter speaks to Xero through the official xero-node client.
 */

export type AccountingKind = "quote" | "invoice";

export interface AccountingAccount {
  code: string;
  name: string;
  /** Xero's account types: BANK, REVENUE, SALES, OTHERINCOME, DIRECTCOSTS, EXPENSE, CURRENT, CURRLIAB … */
  type: string;
  /** Whether a sales line may be booked to it. */
  sales: boolean;
  status: "ACTIVE" | "ARCHIVED";
}

/** A tracking category ("Region") and its options ("North", "South"). */
export interface AccountingDivision {
  name: string;
  options: string[];
}

/** A repeating schedule: every `period` `unit` ("MONTHLY", 1: every month). */
export interface AccountingRecurrence {
  value: string;
  label: string;
  unit: "WEEKLY" | "MONTHLY";
  period: number;
}

export interface AccountingLine {
  description: string;
  quantityMilli: number;
  unitPricePence: number;
  vatRate: number;
  accountCode: string;
  netPence: number;
  vatPence: number;
}

export interface AccountingDocumentInput {
  kind: AccountingKind;
  /** The accounting system's id when it holds the document already (an update), or null (a create). */
  providerId: string | null;
  contactName: string;
  contactEmail: string | null;
  issueDate: string;
  dueDate: string | null;
  reference: string | null;
  terms: string | null;
  /** "Category: Option", or null. */
  division: string | null;
  /** A recurrence's value ("MONTHLY/1"), or null. */
  recurrence: string | null;
  lines: AccountingLine[];
  subtotalPence: number;
  vatPence: number;
  totalPence: number;
}

export interface AccountingRecordRef {
  providerId: string;
  number: string;
  status: string;
}

export interface AccountingPayment {
  amountPence: number;
  date: string;
  /** The bank account code the money went into ("090"). */
  accountCode: string;
  reference: string | null;
}

/**
 * Every call that writes carries an idempotency key (Xero's `Idempotency-Key`): the same key with the same request
 * answers the first answer and does nothing a second time, so a call sent again (a retry after an outage, a job run
 * twice) never makes a second document or payment. The same key with another request is refused.
 */
export interface WriteOptions {
  idempotencyKey: string;
}

export interface AccountingProvider {
  readonly kind: "sandbox" | "xero";
  /** What the portal shows as where the documents are kept: "Sandbox ledger" or "Xero". */
  readonly label: string;
  accounts(tenantId: number): Promise<AccountingAccount[]>;
  divisionsAndRecurrences(tenantId: number): Promise<{ divisions: AccountingDivision[]; recurrences: AccountingRecurrence[] }>;
  /** The sales account codes known without a call (the sandbox's chart), or null when only the system can say. */
  knownSalesAccountCodes(): readonly string[] | null;
  /** Creates the document (a draft) or replaces its content; answers its id, number and status there. */
  push(tenantId: number, doc: AccountingDocumentInput, options: WriteOptions): Promise<AccountingRecordRef>;
  /** Sent to the client: an invoice is approved (AUTHORISED), a quote SENT. */
  markSent(tenantId: number, kind: AccountingKind, providerId: string, options?: WriteOptions): Promise<AccountingRecordRef>;
  /** Pays an approved invoice in full; answers the payment's id. */
  pay(tenantId: number, providerId: string, payment: AccountingPayment, options?: WriteOptions): Promise<{ paymentId: string }>;
  /** Takes a payment back (the invoice is owed again). */
  unpay(tenantId: number, paymentId: string, options?: WriteOptions): Promise<void>;
  /** Cancels: an approved invoice is voided, a draft deleted; a quote deleted. */
  cancel(tenantId: number, kind: AccountingKind, providerId: string, options?: WriteOptions): Promise<void>;
}

/** Why the accounting system did not do what was asked. */
export type AccountingErrorCode = "rate_limited" | "unavailable" | "rejected";

export class AccountingError extends Error {
  constructor(
    readonly code: AccountingErrorCode,
    message: string,
    /** rate_limited: seconds until a call is accepted again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const ACCOUNTING_MESSAGES = {
  rateLimited: (label: string, seconds: number) =>
    `${label} allows 60 calls a minute for your company and they are used up: nothing was changed there. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  unavailable: (label: string) => `${label} is not answering right now: nothing was changed there. Try again in a moment.`,
} as const;

/** UK VAT rates as Xero's tax types. */
export const TAX_TYPES: Record<number, string> = { 20: "OUTPUT2", 5: "RROUTPUT", 0: "ZERORATEDOUTPUT" };

import type * as XeroNode from "xero-node";
import type { Invoice, LineItem, Quote, XeroClient } from "xero-node";
import { onFirstUse } from "#api/lib/on-first-use";
import { RECURRENCES } from "./chart";
import {
  ACCOUNTING_MESSAGES,
  AccountingError,
  TAX_TYPES,
  type AccountingAccount,
  type AccountingDocumentInput,
  type AccountingKind,
  type AccountingPayment,
  type AccountingProvider,
  type AccountingRecordRef,
  type WriteOptions,
} from "./types";

/** The official `xero-node` package, loaded when the Xero adapter is first used (the sandbox ledger is the default). */
const xero = onFirstUse<typeof XeroNode>("xero-node");

export interface XeroSettings {
  clientId: string;
  clientSecret: string;
  /** The organisation's tenant id; empty for a custom connection (client credentials reach one organisation). */
  tenantId: string;
  scopes: string[];
}

export const XERO_LABEL = "Xero";
const pounds = (pence: number) => pence / 100;
const pence = (amount: number | undefined) => Math.round((amount ?? 0) * 100);

/** Xero's answer to a failed call, as xero-node rejects it (a JSON string of { response: { statusCode, headers, body } }). */
export function toAccountingError(error: unknown): AccountingError {
  if (error instanceof AccountingError) return error;
  type XeroBody = { Elements?: { ValidationErrors?: { Message?: string }[] }[]; Message?: string; message?: string };
  let parsed = error as { response?: { statusCode?: number; status?: number; headers?: Record<string, string>; body?: XeroBody }; body?: XeroBody } | null;
  if (typeof error === "string") {
    try {
      parsed = JSON.parse(error);
    } catch {
      parsed = null;
    }
  }
  const status: number | undefined = parsed?.response?.statusCode ?? parsed?.response?.status;
  const headers: Record<string, string> = parsed?.response?.headers ?? {};
  if (status === 429) {
    const seconds = Math.max(1, Number(headers["retry-after"] ?? headers["Retry-After"]) || 60);
    return new AccountingError("rate_limited", ACCOUNTING_MESSAGES.rateLimited(XERO_LABEL, seconds), seconds);
  }
  if (status === 400) {
    const body: XeroBody = parsed?.response?.body ?? parsed?.body ?? {};
    const validation: string | undefined = body.Elements?.[0]?.ValidationErrors?.[0]?.Message ?? body.Message ?? body.message;
    return new AccountingError("rejected", `Xero refused the document: ${validation ?? "it did not say why"}.`);
  }
  return new AccountingError("unavailable", ACCOUNTING_MESSAGES.unavailable(XERO_LABEL));
}

/**
 * Xero through its official client (xero-node), as a custom connection: OAuth2 client credentials from
 * XERO_CLIENT_ID and XERO_CLIENT_SECRET reach one organisation (XERO_TENANT_ID, empty for a custom connection).
 * The token is fetched on first use and again shortly before it expires. Amounts go to Xero in pounds (2 decimals,
 * exclusive of VAT with Xero's UK tax types) and come back to pence.
 */
export class XeroAccounting implements AccountingProvider {
  readonly kind = "xero" as const;
  readonly label = XERO_LABEL;
  private readonly client: XeroClient;
  private tokenExpiresAt = 0;

  constructor(private readonly settings: XeroSettings) {
    this.client = new (xero().XeroClient)({
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      grantType: "client_credentials",
      scopes: settings.scopes,
      httpTimeout: 10_000,
    });
  }

  knownSalesAccountCodes() {
    return null;
  }

  /** A valid token, then the call; every failure becomes an AccountingError. */
  private async call<T>(fn: (api: XeroClient["accountingApi"], tenant: string) => Promise<T>): Promise<T> {
    if (Date.now() >= this.tokenExpiresAt) {
      try {
        const token = await this.client.getClientCredentialsToken();
        this.tokenExpiresAt = Date.now() + Math.max(60, Number(token.expires_in ?? 1800) - 60) * 1000;
      } catch {
        // A refused or unanswered token request: nothing was sent to Xero.
        throw new AccountingError("unavailable", ACCOUNTING_MESSAGES.unavailable(XERO_LABEL));
      }
    }
    try {
      return await fn(this.client.accountingApi, this.settings.tenantId);
    } catch (e) {
      throw toAccountingError(e);
    }
  }

  async accounts(): Promise<AccountingAccount[]> {
    const { body } = await this.call((api, t) => api.getAccounts(t, undefined, undefined, "Code ASC"));
    return (body.accounts ?? []).map((a) => {
      const type = String(a.type ?? "");
      return {
        code: a.code ?? "",
        name: a.name ?? "",
        type,
        sales: ["REVENUE", "SALES", "OTHERINCOME"].includes(type),
        status: String(a.status) === "ARCHIVED" ? "ARCHIVED" : "ACTIVE",
      };
    });
  }

  async divisionsAndRecurrences() {
    const { body } = await this.call((api, t) => api.getTrackingCategories(t));
    const divisions = (body.trackingCategories ?? []).map((c) => ({ name: c.name ?? "", options: (c.options ?? []).map((o) => o.name ?? "") }));
    return { divisions, recurrences: [...RECURRENCES] };
  }

  private lineItems(doc: AccountingDocumentInput): LineItem[] {
    const [category, option] = doc.division ? doc.division.split(": ") : [];
    return doc.lines.map((l) => ({
      description: l.description,
      quantity: l.quantityMilli / 1000,
      unitAmount: pounds(l.unitPricePence),
      accountCode: l.accountCode,
      taxType: TAX_TYPES[l.vatRate],
      lineAmount: pounds(l.netPence),
      ...(category && option ? { tracking: [{ name: category, option }] } : {}),
    }));
  }

  /** Every write is sent with its idempotency key (the Idempotency-Key header): Xero answers a repeat with the first answer. */
  async push(_tenantId: number, doc: AccountingDocumentInput, options: WriteOptions): Promise<AccountingRecordRef> {
    const key = options.idempotencyKey;
    const contact = { name: doc.contactName, ...(doc.contactEmail ? { emailAddress: doc.contactEmail } : {}) };
    if (doc.kind === "invoice") {
      const invoice: Invoice = {
        type: xero().Invoice.TypeEnum.ACCREC,
        contact,
        date: doc.issueDate,
        dueDate: doc.dueDate ?? doc.issueDate,
        reference: doc.reference ?? undefined,
        lineAmountTypes: xero().LineAmountTypes.Exclusive,
        lineItems: this.lineItems(doc),
        status: xero().Invoice.StatusEnum.DRAFT,
      };
      const { body } = await this.call((api, t) =>
        doc.providerId
          ? api.updateInvoice(t, doc.providerId, { invoices: [invoice] }, undefined, key)
          : api.createInvoices(t, { invoices: [invoice] }, true, undefined, key),
      );
      const saved = body.invoices?.[0];
      if (!saved?.invoiceID) throw new AccountingError("rejected", "Xero did not answer with the invoice.");
      return { providerId: saved.invoiceID, number: saved.invoiceNumber ?? "", status: String(saved.status ?? "DRAFT") };
    }
    const quote: Quote = {
      contact,
      date: doc.issueDate,
      expiryDate: doc.dueDate ?? undefined,
      reference: doc.reference ?? undefined,
      terms: doc.terms ?? undefined,
      lineAmountTypes: xero().QuoteLineAmountTypes.EXCLUSIVE,
      lineItems: this.lineItems(doc),
      status: xero().QuoteStatusCodes.DRAFT,
    };
    const { body } = await this.call((api, t) =>
      doc.providerId ? api.updateQuote(t, doc.providerId, { quotes: [quote] }, key) : api.createQuotes(t, { quotes: [quote] }, true, key),
    );
    const saved = body.quotes?.[0];
    if (!saved?.quoteID) throw new AccountingError("rejected", "Xero did not answer with the quote.");
    return { providerId: saved.quoteID, number: saved.quoteNumber ?? "", status: String(saved.status ?? "DRAFT") };
  }

  async markSent(_tenantId: number, kind: AccountingKind, providerId: string, options?: WriteOptions): Promise<AccountingRecordRef> {
    const key = options?.idempotencyKey;
    if (kind === "invoice") {
      const { body } = await this.call((api, t) =>
        api.updateInvoice(t, providerId, { invoices: [{ status: xero().Invoice.StatusEnum.AUTHORISED }] }, undefined, key),
      );
      const saved = body.invoices?.[0];
      return { providerId, number: saved?.invoiceNumber ?? "", status: String(saved?.status ?? "AUTHORISED") };
    }
    const { body } = await this.call((api, t) => api.updateQuote(t, providerId, { quotes: [{ status: xero().QuoteStatusCodes.SENT }] }, key));
    const saved = body.quotes?.[0];
    return { providerId, number: saved?.quoteNumber ?? "", status: String(saved?.status ?? "SENT") };
  }

  async pay(_tenantId: number, providerId: string, payment: AccountingPayment, options?: WriteOptions) {
    const { body } = await this.call((api, t) =>
      api.createPayment(
        t,
        {
          invoice: { invoiceID: providerId },
          account: { code: payment.accountCode },
          date: payment.date,
          amount: pounds(payment.amountPence),
          reference: payment.reference ?? undefined,
        },
        options?.idempotencyKey,
      ),
    );
    const paymentId = body.payments?.[0]?.paymentID;
    if (!paymentId) throw new AccountingError("rejected", "Xero did not answer with the payment.");
    return { paymentId };
  }

  async unpay(_tenantId: number, paymentId: string, options?: WriteOptions) {
    await this.call((api, t) => api.deletePayment(t, paymentId, { status: xero().Payment.StatusEnum.DELETED.toString() }, options?.idempotencyKey));
  }

  async cancel(_tenantId: number, kind: AccountingKind, providerId: string, options?: WriteOptions) {
    const key = options?.idempotencyKey;
    if (kind === "invoice") {
      const { body } = await this.call((api, t) => api.getInvoice(t, providerId));
      const status = String(body.invoices?.[0]?.status ?? "DRAFT");
      const next = status === "AUTHORISED" ? xero().Invoice.StatusEnum.VOIDED : xero().Invoice.StatusEnum.DELETED;
      await this.call((api, t) => api.updateInvoice(t, providerId, { invoices: [{ status: next }] }, undefined, key && `${key}-${next}`));
      return;
    }
    await this.call((api, t) => api.updateQuote(t, providerId, { quotes: [{ status: xero().QuoteStatusCodes.DELETED }] }, key));
  }
}

export { pence as poundsToPence };

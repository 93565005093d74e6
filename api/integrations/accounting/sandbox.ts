import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "#api/db/client";
import {
  accountingSandboxCalls,
  accountingSandboxCounters,
  accountingSandboxIdempotency,
  accountingSandboxRecords,
  accountingSandboxSettings,
  type SandboxLine,
} from "#api/db/schema";
import { isUniqueViolation } from "#api/lib/db-errors";
import { RECURRENCES, SANDBOX_CHART, SANDBOX_DIVISIONS, SANDBOX_SALES_CODES } from "./chart";
import {
  ACCOUNTING_MESSAGES,
  AccountingError,
  TAX_TYPES,
  type AccountingDocumentInput,
  type AccountingKind,
  type AccountingPayment,
  type AccountingProvider,
  type AccountingRecordRef,
  type WriteOptions,
} from "./types";

export const SANDBOX_LABEL = "Sandbox ledger";
/** Calls a tenant may make in any 60 seconds (Xero's minute limit). */
export const SANDBOX_CALLS_PER_MINUTE = 60;

const typeOf = (kind: AccountingKind) => (kind === "invoice" ? "ACCREC" : "QUOTE");
const prefixOf = (type: "ACCREC" | "QUOTE") => (type === "ACCREC" ? "INV-" : "QU-");

/**
 * The sandbox accounting system: a ledger of its own in the database (accounting_sandbox_records), numbered by
 * it as Xero numbers (INV-0001, QU-0001), with a realistic chart of accounts and tracking categories. Like Xero,
 * it accepts 60 calls a minute per tenant and refuses the 61st (429, with the seconds to wait); a tenant may set
 * it "not answering" (accounting_sandbox_settings) to see a failed sync. Never a real accounting system: the
 * portal labels it "Sandbox ledger" wherever it shows where a document is kept. Like Xero, it honours an idempotency
 * key on every write: the same key with the same request answers the first answer and changes nothing; the same key
 * with another request is refused (accounting_sandbox_idempotency).
 */
export class SandboxAccounting implements AccountingProvider {
  readonly kind = "sandbox" as const;
  readonly label = SANDBOX_LABEL;
  private readonly db: Db;
  constructor(
    private readonly database: Database,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = database.db;
  }

  knownSalesAccountCodes() {
    return SANDBOX_SALES_CODES;
  }

  /** Every call: refused while "not answering", then counted against the minute's limit. */
  private async gate(tenantId: number) {
    const [settings] = await this.db.select().from(accountingSandboxSettings).where(eq(accountingSandboxSettings.tenantId, tenantId));
    if (settings?.outage) throw new AccountingError("unavailable", ACCOUNTING_MESSAGES.unavailable(SANDBOX_LABEL));
    const now = this.now();
    const since = new Date(now.getTime() - 60_000);
    await this.db.delete(accountingSandboxCalls).where(and(eq(accountingSandboxCalls.tenantId, tenantId), lt(accountingSandboxCalls.calledAt, since)));
    const recent = await this.db
      .select({ calledAt: accountingSandboxCalls.calledAt })
      .from(accountingSandboxCalls)
      .where(and(eq(accountingSandboxCalls.tenantId, tenantId), sql`${accountingSandboxCalls.calledAt} >= ${since.toISOString()}`))
      .orderBy(asc(accountingSandboxCalls.calledAt));
    if (recent.length >= SANDBOX_CALLS_PER_MINUTE) {
      const seconds = Math.max(1, Math.ceil((recent[recent.length - SANDBOX_CALLS_PER_MINUTE].calledAt.getTime() + 60_000 - now.getTime()) / 1000));
      throw new AccountingError("rate_limited", ACCOUNTING_MESSAGES.rateLimited(SANDBOX_LABEL, seconds), seconds);
    }
    await this.db.insert(accountingSandboxCalls).values({ tenantId, calledAt: now });
  }

  /**
   * Runs a write once per idempotency key. The key is taken in the same transaction as the write: two calls with
   * one key at the same moment make one write, the second answering the first's answer.
   */
  private async once<T extends object>(tenantId: number, options: WriteOptions | undefined, call: string, request: unknown, act: (q: Tx) => Promise<T>) {
    if (!options?.idempotencyKey) return this.database.transaction(act);
    const key = options.idempotencyKey;
    const fingerprint = createHash("sha256")
      .update(JSON.stringify([call, request]))
      .digest("hex");
    const replay = async () => {
      const [kept] = await this.db
        .select()
        .from(accountingSandboxIdempotency)
        .where(and(eq(accountingSandboxIdempotency.tenantId, tenantId), eq(accountingSandboxIdempotency.key, key)));
      if (!kept) return undefined;
      if (kept.fingerprint !== fingerprint) {
        throw new AccountingError("rejected", `${SANDBOX_LABEL}: the idempotency key ${key} was already used for another request.`);
      }
      return kept.response as T;
    };
    const first = await replay();
    if (first !== undefined) return first;
    try {
      return await this.database.transaction(async (tx) => {
        await tx.insert(accountingSandboxIdempotency).values({ tenantId, key, fingerprint, response: {} });
        const answer = await act(tx);
        await tx
          .update(accountingSandboxIdempotency)
          .set({ response: answer })
          .where(and(eq(accountingSandboxIdempotency.tenantId, tenantId), eq(accountingSandboxIdempotency.key, key)));
        return answer;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const kept = await replay();
      if (kept === undefined) throw error;
      return kept;
    }
  }

  async accounts(tenantId: number) {
    await this.gate(tenantId);
    return [...SANDBOX_CHART];
  }

  async divisionsAndRecurrences(tenantId: number) {
    await this.gate(tenantId);
    return { divisions: SANDBOX_DIVISIONS.map((d) => ({ ...d, options: [...d.options] })), recurrences: [...RECURRENCES] };
  }

  private async record(q: Db | Tx, tenantId: number, providerId: string) {
    const [row] = await q
      .select()
      .from(accountingSandboxRecords)
      .where(and(eq(accountingSandboxRecords.tenantId, tenantId), eq(accountingSandboxRecords.providerId, providerId)));
    if (!row) throw new AccountingError("rejected", `${SANDBOX_LABEL}: no document with the id ${providerId}.`);
    return row;
  }

  async push(tenantId: number, doc: AccountingDocumentInput, options: WriteOptions): Promise<AccountingRecordRef> {
    await this.gate(tenantId);
    const unknownCode = doc.lines.find((l) => !SANDBOX_SALES_CODES.includes(l.accountCode));
    if (unknownCode) throw new AccountingError("rejected", `${SANDBOX_LABEL}: account code ${unknownCode.accountCode} is not a sales account.`);
    const lines: SandboxLine[] = doc.lines.map((l) => ({
      description: l.description,
      quantity: (l.quantityMilli / 1000).toString(),
      unitAmountPence: l.unitPricePence,
      accountCode: l.accountCode,
      taxType: TAX_TYPES[l.vatRate] ?? "OUTPUT2",
      lineAmountPence: l.netPence,
      taxAmountPence: l.vatPence,
      tracking: doc.division,
    }));
    const content = {
      contactName: doc.contactName,
      reference: doc.reference,
      date: doc.issueDate,
      dueDate: doc.dueDate,
      subtotalPence: doc.subtotalPence,
      taxPence: doc.vatPence,
      totalPence: doc.totalPence,
      lines,
      terms: doc.terms,
      repeating: doc.recurrence,
      updatedAt: this.now(),
    };
    return this.once(tenantId, options, "push", doc, async (tx) => {
      if (doc.providerId) {
        const row = await this.record(tx, tenantId, doc.providerId);
        if (row.status !== "DRAFT" && row.status !== "SUBMITTED" && !(row.type === "QUOTE" && row.status === "SENT")) {
          throw new AccountingError("rejected", `${SANDBOX_LABEL}: a document with the status ${row.status} cannot be changed.`);
        }
        await tx.update(accountingSandboxRecords).set(content).where(eq(accountingSandboxRecords.id, row.id));
        return { providerId: row.providerId, number: row.number, status: row.status };
      }
      const type = typeOf(doc.kind);
      const [counter] = await tx
        .insert(accountingSandboxCounters)
        .values({ tenantId, type, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [accountingSandboxCounters.tenantId, accountingSandboxCounters.type],
          set: { lastNumber: sql`${accountingSandboxCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: accountingSandboxCounters.lastNumber });
      const number = `${prefixOf(type)}${String(counter.lastNumber).padStart(4, "0")}`;
      const providerId = randomUUID();
      await tx.insert(accountingSandboxRecords).values({ tenantId, type, providerId, number, status: "DRAFT", ...content });
      return { providerId, number, status: "DRAFT" };
    });
  }

  async markSent(tenantId: number, kind: AccountingKind, providerId: string, options?: WriteOptions): Promise<AccountingRecordRef> {
    await this.gate(tenantId);
    return this.once(tenantId, options, "markSent", { kind, providerId }, async (tx) => {
      const row = await this.record(tx, tenantId, providerId);
      const status = kind === "invoice" ? "AUTHORISED" : "SENT";
      if (row.status === "VOIDED" || row.status === "DELETED") throw new AccountingError("rejected", `${SANDBOX_LABEL}: the document is ${row.status}.`);
      await tx.update(accountingSandboxRecords).set({ status, updatedAt: this.now() }).where(eq(accountingSandboxRecords.id, row.id));
      return { providerId, number: row.number, status };
    });
  }

  async pay(tenantId: number, providerId: string, payment: AccountingPayment, options?: WriteOptions) {
    await this.gate(tenantId);
    return this.once(tenantId, options, "pay", { providerId, payment }, async (tx) => {
      const row = await this.record(tx, tenantId, providerId);
      if (row.status !== "AUTHORISED") throw new AccountingError("rejected", `${SANDBOX_LABEL}: only an approved invoice can be paid (it is ${row.status}).`);
      if (payment.amountPence !== row.totalPence - row.amountPaidPence) {
        throw new AccountingError("rejected", `${SANDBOX_LABEL}: the payment does not match the amount due.`);
      }
      const paymentId = randomUUID();
      await tx
        .update(accountingSandboxRecords)
        .set({ status: "PAID", amountPaidPence: row.totalPence, paymentId, updatedAt: this.now() })
        .where(eq(accountingSandboxRecords.id, row.id));
      return { paymentId };
    });
  }

  async unpay(tenantId: number, paymentId: string, options?: WriteOptions) {
    await this.gate(tenantId);
    await this.once(tenantId, options, "unpay", { paymentId }, async (tx) => {
      const [row] = await tx
        .select()
        .from(accountingSandboxRecords)
        .where(and(eq(accountingSandboxRecords.tenantId, tenantId), eq(accountingSandboxRecords.paymentId, paymentId)));
      if (!row) throw new AccountingError("rejected", `${SANDBOX_LABEL}: no payment with the id ${paymentId}.`);
      await tx
        .update(accountingSandboxRecords)
        .set({ status: "AUTHORISED", amountPaidPence: 0, paymentId: null, updatedAt: this.now() })
        .where(eq(accountingSandboxRecords.id, row.id));
      return { paymentId };
    });
  }

  async cancel(tenantId: number, kind: AccountingKind, providerId: string, options?: WriteOptions) {
    await this.gate(tenantId);
    await this.once(tenantId, options, "cancel", { kind, providerId }, async (tx) => {
      const row = await this.record(tx, tenantId, providerId);
      if (row.status === "PAID") throw new AccountingError("rejected", `${SANDBOX_LABEL}: a paid invoice cannot be voided.`);
      const status = kind === "invoice" && row.status === "AUTHORISED" ? "VOIDED" : "DELETED";
      await tx.update(accountingSandboxRecords).set({ status, updatedAt: this.now() }).where(eq(accountingSandboxRecords.id, row.id));
      return { status };
    });
  }
}

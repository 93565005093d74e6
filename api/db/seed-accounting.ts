/**
 * Demo accounting-synced quotes and invoices for Harbour Brokers and Bloom Bakery, kept in the sandbox ledger (never
 * a real accounting system): invoices draft (repeating monthly), sent, paid, cancelled and one "not synced" (made
 * while the sandbox played an outage, to show the retry); quotes draft and sent. Made through the service calls the
 * API uses, so their numbers (INV-0001, QU-0001) and totals are the sandbox's own.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { todayInLondon } from "#common/dates";
import { SandboxAccounting } from "../integrations/accounting/sandbox";
import type { Actor } from "../modules/accounting-documents/service";
import { cancelMany, markSent, setPaidStatus } from "../modules/accounting-documents/status";
import { createDocument } from "../modules/accounting-documents/write";
import type { Database } from "./client";
import { accountingSandboxCalls, accountingSandboxSettings, clientCompanies, companies, individuals, users } from "./schema";

type Line = { description: string; quantity: string; unit_price_pence: number; vat_rate: number; account_code?: string };

const BOOKS: Record<string, { owner: string; division: string; terms: string; lines: Line[][] }> = {
  "Harbour Brokers": {
    owner: "admin@harbour.test",
    division: "Business line: Advisory",
    terms: "Fees are payable within 30 days of the invoice date.",
    lines: [
      [{ description: "Monthly risk management retainer", quantity: "1", unit_price_pence: 65000, vat_rate: 20, account_code: "220" }],
      [
        { description: "Fleet insurance review (hours)", quantity: "6", unit_price_pence: 9500, vat_rate: 20, account_code: "220" },
        { description: "Policy documents (printed)", quantity: "15", unit_price_pence: 180, vat_rate: 0 },
      ],
      [{ description: "Commercial property: broker fee", quantity: "1", unit_price_pence: 48000, vat_rate: 20 }],
      [{ description: "Cyber cover workshop, per delegate", quantity: "7", unit_price_pence: 12500, vat_rate: 20, account_code: "260" }],
    ],
  },
  "Bloom Bakery Ltd": {
    owner: "owner@bloom.test",
    division: "Business line: Wholesale",
    terms: "Payment within 14 days. Standing orders are invoiced monthly.",
    lines: [
      [
        { description: "Standing order: sourdough loaves (weekly, per loaf)", quantity: "160", unit_price_pence: 275, vat_rate: 0, account_code: "210" },
        { description: "Delivery", quantity: "4", unit_price_pence: 800, vat_rate: 20, account_code: "210" },
      ],
      [{ description: "Corporate breakfast catering", quantity: "2", unit_price_pence: 18500, vat_rate: 20 }],
      [{ description: "Celebration cake, two tiers", quantity: "1", unit_price_pence: 16500, vat_rate: 0 }],
      [{ description: "Bread-making class, per person", quantity: "6", unit_price_pence: 4750, vat_rate: 20, account_code: "220" }],
    ],
  },
};

export async function seedAccounting(database: Database) {
  const provider = new SandboxAccounting(database);
  const today = todayInLondon();
  const daysAgo = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  for (const [name, book] of Object.entries(BOOKS)) {
    const [tenant] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
    if (!tenant) continue;
    const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, book.owner));
    const actor: Actor = { tenantId: tenant.id, userId: owner.id };
    const people = await database.db
      .select({ id: individuals.id })
      .from(individuals)
      .where(and(eq(individuals.tenantId, tenant.id), isNotNull(individuals.email)))
      .orderBy(asc(individuals.id))
      .limit(4);
    const firms = await database.db
      .select({ id: clientCompanies.id })
      .from(clientCompanies)
      .where(eq(clientCompanies.tenantId, tenant.id))
      .orderBy(asc(clientCompanies.id))
      .limit(4);
    const clientOf = (i: number) => (i % 2 === 1 && firms[i] ? { company_id: firms[i].id } : { individual_id: (people[i] ?? people[0]).id });
    const make = async (kind: "quote" | "invoice", i: number, age: number, extra: Record<string, unknown> = {}) => {
      const { id } = await createDocument(database, provider, actor, kind, {
        ...clientOf(i),
        issue_date: daysAgo(age),
        due_date: daysAgo(age - (kind === "quote" ? 30 : 14)),
        reference: kind === "quote" ? "Proposal" : null,
        terms_and_conditions: book.terms,
        items: book.lines[i % book.lines.length],
        ...extra,
      });
      return id;
    };

    const paid = await make("invoice", 1, 45);
    await markSent(database, provider, actor, "invoice", paid);
    await setPaidStatus(database, provider, actor, paid, { paid: true, paid_on: daysAgo(35), payment_method: "bank_transfer", account_code: "090" });
    const cancelled = await make("invoice", 2, 30);
    await markSent(database, provider, actor, "invoice", cancelled);
    await cancelMany(database, provider, actor, "invoice", [cancelled]);
    const sent = await make("invoice", 3, 12);
    await markSent(database, provider, actor, "invoice", sent);
    await make("invoice", 0, 3, { division: book.division, recurrence: "MONTHLY/1" });
    const sentQuote = await make("quote", 3, 8);
    await markSent(database, provider, actor, "quote", sentQuote);
    await make("quote", 2, 1);

    // One the sandbox did not take (it played an outage): kept here, "not synced", with Retry sync.
    await database.db
      .insert(accountingSandboxSettings)
      .values({ tenantId: tenant.id, outage: true })
      .onConflictDoUpdate({
        target: accountingSandboxSettings.tenantId,
        set: { outage: true },
      });
    await make("invoice", 1, 0);
    await database.db.update(accountingSandboxSettings).set({ outage: false }).where(eq(accountingSandboxSettings.tenantId, tenant.id));
    // The seed's own calls do not count against the company's first minute.
    await database.db.delete(accountingSandboxCalls).where(eq(accountingSandboxCalls.tenantId, tenant.id));
  }
}

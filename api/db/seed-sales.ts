/**
 * Demo quotes and invoices (simple, kept by the portal) for Harbour Brokers and Bloom Bakery: every status, some for a task,
 * made through the same service calls the API uses, so their numbers, totals and links are what the API would give.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { todayInLondon } from "#common/dates";
import { createStorage } from "../integrations/storage";
import { markSent } from "../modules/sales-documents/send";
import type { Actor } from "../modules/sales-documents/service";
import { cancelInvoice, cancelQuote, convertToInvoice, markApproved, setPaidStatus } from "../modules/sales-documents/status";
import { createDocument } from "../modules/sales-documents/write";
import type { Database } from "./client";
import { clientCompanies, companies, individuals, tasks, users } from "./schema";

type Line = { description: string; quantity: string; unit_price_pence: number; vat_rate: number; account_code?: string };

const BOOKS: Record<string, { owner: string; terms: string; lines: Line[][] }> = {
  "Harbour Brokers": {
    owner: "admin@harbour.test",
    terms: "Fees are payable within 30 days of the invoice date. Harbour Brokers is authorised and regulated by the Financial Conduct Authority.",
    lines: [
      [
        { description: "Commercial combined policy: arrangement fee", quantity: "1", unit_price_pence: 35000, vat_rate: 20, account_code: "200" },
        { description: "Risk survey of the premises", quantity: "1", unit_price_pence: 42500, vat_rate: 20, account_code: "200" },
      ],
      [{ description: "Claims handling support (hours)", quantity: "3.5", unit_price_pence: 8500, vat_rate: 20, account_code: "210" }],
      [
        { description: "Fleet policy: mid-term adjustment fee", quantity: "4", unit_price_pence: 2500, vat_rate: 20 },
        { description: "Motor trade documents (printed and posted)", quantity: "12", unit_price_pence: 175, vat_rate: 0 },
      ],
      [{ description: "Professional indemnity renewal: broker fee", quantity: "1", unit_price_pence: 27500, vat_rate: 20, account_code: "200" }],
      [{ description: "Home insurance review (hours)", quantity: "1.25", unit_price_pence: 9000, vat_rate: 20 }],
      [{ description: "Landlord portfolio: policy administration", quantity: "6", unit_price_pence: 4750, vat_rate: 20 }],
    ],
  },
  "Bloom Bakery Ltd": {
    owner: "owner@bloom.test",
    terms: "Orders are confirmed on approval of the quote. Payment within 14 days. Cakes are made to order and cannot be returned.",
    lines: [
      [
        { description: "Wedding cake, three tiers, lemon and elderflower", quantity: "1", unit_price_pence: 42000, vat_rate: 0 },
        { description: "Delivery and set-up", quantity: "1", unit_price_pence: 4500, vat_rate: 20 },
      ],
      [
        { description: "Sourdough loaves (wholesale)", quantity: "40", unit_price_pence: 285, vat_rate: 0 },
        { description: "Croissants (wholesale, dozen)", quantity: "6", unit_price_pence: 1150, vat_rate: 0 },
      ],
      [{ description: "Office catering platter, sandwiches and savouries", quantity: "3", unit_price_pence: 6250, vat_rate: 20 }],
      [
        { description: "Birthday cake, chocolate, 10 inch", quantity: "1", unit_price_pence: 6500, vat_rate: 0 },
        { description: "Hot drinks for the event (per cup)", quantity: "35", unit_price_pence: 240, vat_rate: 20 },
      ],
      [{ description: "Cafe supply: pastries (kg)", quantity: "12.5", unit_price_pence: 1399, vat_rate: 0 }],
      [{ description: "Baking class, per person", quantity: "8", unit_price_pence: 4500, vat_rate: 20 }],
    ],
  },
};

export async function seedSales(database: Database) {
  const storage = createStorage(undefined);
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
      .limit(6);
    const firms = await database.db
      .select({ id: clientCompanies.id })
      .from(clientCompanies)
      .where(eq(clientCompanies.tenantId, tenant.id))
      .orderBy(asc(clientCompanies.id))
      .limit(6);
    const clientOf = (i: number) => (i % 2 === 0 && people[i] ? { individual_id: people[i].id } : { company_id: (firms[i] ?? firms[0]).id });
    const [task] = await database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.tenantId, tenant.id)).orderBy(asc(tasks.id)).limit(1);
    const make = (kind: "quote" | "invoice", i: number, age: number, more: { task_id?: number } = {}) =>
      createDocument(database, actor, kind, {
        ...clientOf(i),
        ...more,
        issue_date: daysAgo(age),
        due_date: daysAgo(age - (kind === "quote" ? 30 : 14)),
        notes: kind === "quote" ? "Thank you for the opportunity to quote." : "Thank you for your business.",
        terms_and_conditions: book.terms,
        items: book.lines[i % book.lines.length],
      });

    // Quotes: sent, approved, converted (its invoice a draft), and a draft.
    const sentQuote = await make("quote", 0, 20);
    await markSent(database, actor, "quote", sentQuote);
    const approvedQuote = await make("quote", 1, 18);
    await markSent(database, actor, "quote", approvedQuote);
    await markApproved(database, actor, approvedQuote);
    const convertedQuote = await make("quote", 2, 16);
    await markSent(database, actor, "quote", convertedQuote);
    await markApproved(database, actor, convertedQuote);
    await convertToInvoice(database, storage, actor, convertedQuote);
    await make("quote", 3, 2);
    // A quote for a task (shown on the task's page too), and one the client turned down: cancelled.
    const taskQuote = await make("quote", 4, 6, task ? { task_id: task.id } : {});
    await markSent(database, actor, "quote", taskQuote);
    const cancelledQuote = await make("quote", 5, 35);
    await markSent(database, actor, "quote", cancelledQuote);
    await cancelQuote(database, actor, cancelledQuote);

    // Invoices: sent, paid, cancelled, and a draft (besides the converted quote's draft).
    const paid = await make("invoice", 4, 40);
    await markSent(database, actor, "invoice", paid);
    await setPaidStatus(database, actor, paid, { paid: true, paid_on: daysAgo(30), payment_method: "bank_transfer" });
    const cancelled = await make("invoice", 5, 25);
    await markSent(database, actor, "invoice", cancelled);
    await cancelInvoice(database, actor, cancelled);
    const sent = await make("invoice", 1, 10);
    await markSent(database, actor, "invoice", sent);
    await make("invoice", 0, 1);
    // Overdue: sent long ago, due two weeks later, not paid.
    const overdue = await make("invoice", 3, 45);
    await markSent(database, actor, "invoice", overdue);
    const paidByCard = await make("invoice", 2, 12, task ? { task_id: task.id } : {});
    await markSent(database, actor, "invoice", paidByCard);
    await setPaidStatus(database, actor, paidByCard, { paid: true, paid_on: daysAgo(3), payment_method: "card" });
  }
}

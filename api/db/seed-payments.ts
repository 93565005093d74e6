/**
 * Demo customer payments for Bloom Bakery and Harbour Brokers, made the way a client makes them: invoices sent,
 * then paid by card through their link in the payments sandbox (so every one is labelled as sandbox data), some
 * refunded in full or in part, one declined, and one card hold not yet taken (to show cancelling).
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { todayInLondon } from "#common/dates";
import { SandboxPayments } from "../integrations/payments";
import { markSent } from "../modules/sales-documents/send";
import type { Actor } from "../modules/sales-documents/service";
import { createDocument } from "../modules/sales-documents/write";
import { payInvoiceByCard, refundPayment, takePayment } from "../modules/payments/service";
import type { Database } from "./client";
import { companies, individuals, paymentEvents, paymentRefunds, payments, salesDocuments, users } from "./schema";

type Line = { description: string; quantity: string; unit_price_pence: number; vat_rate: number };

const BOOKS: Record<string, { owner: string; lines: Line[]; hold: string }> = {
  "Bloom Bakery Ltd": {
    owner: "owner@bloom.test",
    lines: [
      { description: "Celebration cake, two tiers", quantity: "1", unit_price_pence: 14500, vat_rate: 0 },
      { description: "Afternoon tea for the office (per person)", quantity: "12", unit_price_pence: 1850, vat_rate: 20 },
      { description: "Sourdough subscription, one month", quantity: "4", unit_price_pence: 2200, vat_rate: 0 },
      { description: "Cupcakes, box of twelve", quantity: "3", unit_price_pence: 2750, vat_rate: 0 },
      { description: "Bread-making workshop place", quantity: "2", unit_price_pence: 6500, vat_rate: 20 },
    ],
    hold: "Deposit held for a wedding cake tasting",
  },
  "Harbour Brokers": {
    owner: "admin@harbour.test",
    lines: [
      { description: "Broker fee: commercial combined renewal", quantity: "1", unit_price_pence: 32500, vat_rate: 20 },
      { description: "Claims support (hours)", quantity: "2", unit_price_pence: 8500, vat_rate: 20 },
      { description: "Motor fleet: mid-term adjustment fee", quantity: "3", unit_price_pence: 2500, vat_rate: 20 },
      { description: "Home insurance review", quantity: "1", unit_price_pence: 9000, vat_rate: 20 },
      { description: "Landlord policy administration", quantity: "4", unit_price_pence: 4750, vat_rate: 20 },
    ],
    hold: "Card held for a survey appointment",
  },
};

const CARD = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: "123", holder: "" });

export async function seedPayments(database: Database) {
  const sandbox = new SandboxPayments(database);
  const today = todayInLondon();
  const daysAgo = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  for (const [name, book] of Object.entries(BOOKS)) {
    const [tenant] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
    if (!tenant) continue;
    const [owner] = await database.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, book.owner));
    const actor: Actor = { tenantId: tenant.id, userId: owner.id };
    const people = await database.db
      .select({ id: individuals.id, name: individuals.fullName })
      .from(individuals)
      .where(and(eq(individuals.tenantId, tenant.id), isNotNull(individuals.email)))
      .orderBy(asc(individuals.id))
      .limit(5);
    if (!people.length) continue;

    /** An invoice sent some days ago, paid by card through its link; the payment dated to match. */
    const pay = async (i: number, card: string, age: number) => {
      const person = people[i % people.length];
      const id = await createDocument(database, actor, "invoice", {
        individual_id: person.id,
        issue_date: daysAgo(age + 2),
        due_date: daysAgo(age - 12),
        notes: "Thank you for your business. Pay by card from the invoice's link.",
        items: [book.lines[i % book.lines.length]],
      });
      await markSent(database, actor, "invoice", id);
      const [doc] = await database.db.select({ token: salesDocuments.accessToken }).from(salesDocuments).where(eq(salesDocuments.id, id));
      const p = await payInvoiceByCard(database, sandbox, id, doc.token, { ...CARD(card), holder: person.name ?? "Card holder" }, `seed-${i}`);
      await backdate(database, p.id, age);
      if (p.status === "succeeded")
        await database.db
          .update(salesDocuments)
          .set({ paidOn: daysAgo(age) })
          .where(eq(salesDocuments.id, id));
      return p;
    };

    await pay(0, "4242424242424242", 21);
    const refunded = await pay(1, "4242424242424242", 15);
    await refundPayment(database, sandbox, actor, refunded.id, { idempotency_key: `seed-refund-${refunded.id}`, reason: "Order cancelled by the client" });
    const partial = await pay(2, "5555555555554444", 9);
    await refundPayment(database, sandbox, actor, partial.id, {
      idempotency_key: `seed-refund-${partial.id}`,
      amount_pence: Math.round(partial.amountPence / 4),
      reason: "Goodwill discount",
    });
    await pay(3, "4000000000000002", 4); // declined: the invoice stays sent, payable from its link
    await pay(4, "4242424242424242", 1);
    const hold = await takePayment(database, sandbox, {
      tenantId: tenant.id,
      amountPence: 5000,
      description: book.hold,
      method: { type: "payment_method", id: "pm_card_visa" },
      idempotencyKey: `seed-hold-${tenant.id}`,
      capture: "manual",
      payerName: people[0].name,
      individualId: people[0].id,
    });
    await backdate(database, hold.id, 0);
  }
}

/** Moves a seeded payment, its refunds and its history `days` back, as if made then. */
async function backdate(database: Database, paymentId: number, days: number) {
  if (days <= 0) return;
  const shift = sql`make_interval(days => ${days})`;
  await database.db
    .update(payments)
    .set({ createdAt: sql`${payments.createdAt} - ${shift}`, paidAt: sql`${payments.paidAt} - ${shift}`, updatedAt: sql`${payments.updatedAt} - ${shift}` })
    .where(eq(payments.id, paymentId));
  await database.db
    .update(paymentEvents)
    .set({ createdAt: sql`${paymentEvents.createdAt} - ${shift}` })
    .where(eq(paymentEvents.paymentId, paymentId));
  await database.db
    .update(paymentRefunds)
    .set({ createdAt: sql`${paymentRefunds.createdAt} - ${shift}` })
    .where(eq(paymentRefunds.paymentId, paymentId));
}

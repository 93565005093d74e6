/**
 * Demo policies for Harbour Brokers: a few hundred, in every state, with dates that make sense for each (cooling-off
 * policies incepted in the last 14 days, renewals due in the next month, expired ones past their renewal date …),
 * several renewing within 30, 60 and 90 days, and a few of the demo invoices linked. Inserted in bulk (a few
 * statements), not one call per policy.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { iptOf, POLICY_CANCELLATION_REASONS, type PolicyState } from "#contract/policy-constants";
import { todayInLondon } from "#common/dates";
import type { Database } from "./client";
import { clientCompanies, companies, individuals, policies, policyActivity, policyInvoices, salesDocuments, users } from "./schema";

const PRODUCTS = [
  { name: "Commercial Combined", cob: "Property", ipt: 12, premium: [80_000, 900_000] },
  { name: "Fleet Motor", cob: "Motor", ipt: 12, premium: [150_000, 2_500_000] },
  { name: "Professional Indemnity", cob: "Liability", ipt: 12, premium: [60_000, 600_000] },
  { name: "Employers' Liability", cob: "Liability", ipt: 12, premium: [30_000, 250_000] },
  { name: "Cyber Liability", cob: "Cyber", ipt: 12, premium: [40_000, 400_000] },
  { name: "Landlord Portfolio", cob: "Property", ipt: 12, premium: [50_000, 350_000] },
  { name: "Home Insurance", cob: "Household", ipt: 12, premium: [25_000, 150_000] },
  { name: "Business Travel", cob: "Travel", ipt: 20, premium: [15_000, 120_000] },
  { name: "Gadget Cover", cob: "Personal lines", ipt: 20, premium: [5_000, 30_000] },
] as const;
const INSURERS = ["Aviva", "AXA", "Allianz", "Zurich", "RSA", "Hiscox", "QBE", "Ecclesiastical"];
const BROKERS = ["Harbour Brokers", "Coastline Wholesale", "Meridian MGA", "Northgate Placing"];

/** How many of each state. */
const MIX: [PolicyState, number][] = [
  ["BOUND", 110],
  ["RENEWAL", 30],
  ["COOLING_OFF", 25],
  ["QUOTE", 45],
  ["REFERRED", 20],
  ["DECLINED", 15],
  ["CANCELLED", 30],
  ["EXPIRED", 25],
];

/** A small deterministic generator, so every seed is the same book. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const yearAfter = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`.replace(/-02-29$/, "-02-28");

export async function seedPolicies(database: Database, tenantName = "Harbour Brokers", ownerEmail = "admin@harbour.test") {
  const { db } = database;
  const [tenant] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, tenantName));
  if (!tenant) return;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail));
  const people = await db
    .select({ id: individuals.id })
    .from(individuals)
    .where(and(eq(individuals.tenantId, tenant.id), isNotNull(individuals.email)))
    .orderBy(asc(individuals.id))
    .limit(120);
  const firms = await db
    .select({ id: clientCompanies.id })
    .from(clientCompanies)
    .where(eq(clientCompanies.tenantId, tenant.id))
    .orderBy(asc(clientCompanies.id))
    .limit(60);
  if (people.length + firms.length === 0) return;
  const today = todayInLondon();
  const rand = random(26);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const between = (lo: number, hi: number) => Math.floor(lo + rand() * (hi - lo + 1));

  const rows: (typeof policies.$inferInsert)[] = [];
  let n = 0;
  for (const [state, howMany] of MIX) {
    for (let i = 0; i < howMany; i++) {
      n++;
      const product = pick(PRODUCTS);
      // Inception by state: quotes start soon, cooling-off in the last 13 days, renewals and expiries a year back.
      const inception =
        state === "QUOTE" || state === "REFERRED" || state === "DECLINED"
          ? shift(today, between(1, 60))
          : state === "COOLING_OFF"
            ? shift(today, -between(0, 13))
            : state === "RENEWAL"
              ? shift(today, -365 + between(0, 30))
              : state === "EXPIRED"
                ? shift(today, -365 - between(5, 300))
                : shift(today, -between(15, 360));
      const premium = Math.round(between(product.premium[0], product.premium[1]) / 100) * 100;
      const useFirm = firms.length > 0 && (people.length === 0 || rand() < 0.45);
      const created = new Date(Date.parse(`${inception}T09:00:00Z`) - between(3, 40) * 86_400_000 - between(0, 36_000) * 1000);
      rows.push({
        tenantId: tenant.id,
        number: `HB-${product.cob.slice(0, 3).toUpperCase()}-${String(100_000 + n * 37).padStart(6, "0")}`,
        productName: product.name,
        classOfBusiness: product.cob,
        insurer: pick(INSURERS),
        individualId: useFirm ? null : pick(people).id,
        clientCompanyId: useFirm ? pick(firms).id : null,
        mainBrokerName: pick(BROKERS),
        premiumPence: premium,
        iptRate: product.ipt,
        iptPence: iptOf(premium, product.ipt),
        feesPence: pick([0, 2_500, 5_000, 7_500, 15_000]),
        inceptionDate: inception,
        renewalDate: yearAfter(inception),
        state,
        cancellationReason: state === "CANCELLED" ? pick(POLICY_CANCELLATION_REASONS).id : null,
        cancelledAt: state === "CANCELLED" ? new Date(Math.min(Date.now(), Date.parse(`${shift(inception, between(1, 120))}T10:00:00Z`))) : null,
        createdBy: owner?.id ?? null,
        createdAt: created > new Date() ? new Date() : created,
      });
    }
  }
  await database.transaction(async (tx) => {
    const ids: { id: number; state: PolicyState; createdAt: Date }[] = [];
    for (let i = 0; i < rows.length; i += 100) {
      ids.push(
        ...(await tx
          .insert(policies)
          .values(rows.slice(i, i + 100))
          .returning({ id: policies.id, state: policies.state, createdAt: policies.createdAt })),
      );
    }
    // Each policy's history: made as a quote, then moved to its state.
    const history: (typeof policyActivity.$inferInsert)[] = [];
    for (const p of ids) {
      history.push({ tenantId: tenant.id, policyId: p.id, userId: owner?.id ?? null, action: "created", toState: "QUOTE", createdAt: p.createdAt });
      if (p.state !== "QUOTE")
        history.push({
          tenantId: tenant.id,
          policyId: p.id,
          userId: p.state === "BOUND" ? null : (owner?.id ?? null),
          action: "state_changed",
          fromState: p.state === "BOUND" ? "COOLING_OFF" : p.state === "EXPIRED" ? "BOUND" : "QUOTE",
          toState: p.state,
          details: p.state === "BOUND" ? { reason: "The 14-day cooling-off period ended." } : {},
          createdAt: new Date(p.createdAt.getTime() + 86_400_000),
        });
    }
    for (let i = 0; i < history.length; i += 200) await tx.insert(policyActivity).values(history.slice(i, i + 200));
    // A few of the demo invoices belong to bound policies.
    const invoices = await tx
      .select({ id: salesDocuments.id })
      .from(salesDocuments)
      .where(and(eq(salesDocuments.tenantId, tenant.id), eq(salesDocuments.kind, "invoice")))
      .orderBy(asc(salesDocuments.id))
      .limit(4);
    const bound = ids.filter((p) => p.state === "BOUND");
    if (invoices.length && bound.length)
      await tx
        .insert(policyInvoices)
        .values(invoices.map((inv, i) => ({ tenantId: tenant.id, policyId: bound[Math.min(i >> 1, bound.length - 1)].id, invoiceId: inv.id })));
  });
  await db.execute(sql`analyze ${policies}`);
}

/**
 * Demo call logs: a few past calls of each demo company's first user to its clients (answered, busy, no answer,
 * one with feedback, one made with the phone's dialler), so the Calls tabs are not empty. All are sandbox calls.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "./client";
import { companies, individuals, phoneCalls, users } from "./schema";

const BOOKS: Record<string, string> = { "Harbour Brokers": "admin@harbour.test", "Bloom Bakery Ltd": "owner@bloom.test" };

const PAST: {
  daysAgo: number;
  hour: number;
  talk: number | null;
  outcome: "completed" | "busy" | "no-answer" | "failed";
  via?: "phone";
  score?: number;
  issue?: string;
}[] = [
  { daysAgo: 1, hour: 9, talk: 312, outcome: "completed", score: 5 },
  { daysAgo: 2, hour: 14, talk: null, outcome: "busy" },
  { daysAgo: 3, hour: 11, talk: 95, outcome: "completed", score: 3, issue: "echo" },
  { daysAgo: 5, hour: 16, talk: null, outcome: "no-answer" },
  { daysAgo: 8, hour: 10, talk: null, outcome: "completed", via: "phone" },
];

export async function seedCalls(database: Database) {
  const { db } = database;
  for (const [name, email] of Object.entries(BOOKS)) {
    const [tenant] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!tenant || !user) continue;
    const people = await db
      .select({ id: individuals.id, name: individuals.fullName, telephone: individuals.telephone })
      .from(individuals)
      .where(and(eq(individuals.tenantId, tenant.id), isNotNull(individuals.telephone)))
      .orderBy(asc(individuals.id))
      .limit(3);
    const rows = people.flatMap((p, i) =>
      PAST.slice(i, i + 3).map((c) => {
        const startedAt = new Date(Date.now() - c.daysAgo * 86_400_000);
        startedAt.setUTCHours(c.hour, 5 * i, 0, 0);
        const answeredAt = c.talk !== null ? new Date(startedAt.getTime() + 4000) : null;
        return {
          tenantId: tenant.id,
          userId: user.id,
          entityType: "individual" as const,
          entityId: p.id,
          name: p.name ?? "Client",
          toNumber: p.telephone!,
          via: c.via ?? ("browser" as const),
          provider: c.via ? "phone" : "sandbox",
          startedAt,
          answeredAt,
          endedAt: c.via ? null : new Date(startedAt.getTime() + 4000 + (c.talk ?? 8) * 1000),
          durationSeconds: c.via ? null : (c.talk ?? 0),
          outcome: c.via ? null : c.outcome,
          errorCode: c.outcome === "busy" ? 31486 : null,
          feedbackScore: c.score ?? null,
          feedbackIssue: c.issue ?? null,
        };
      }),
    );
    if (rows.length) await db.insert(phoneCalls).values(rows);
  }
}

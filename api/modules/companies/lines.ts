/** Lines of business a client company holds, and how each line's commission is split between parties. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Line, LineBody } from "#contract/clients";
import type { Database, Db, Tx } from "#api/db/client";
import { companyLines, companyLineSplits } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import { findRow } from "./service";

type LineRow = typeof companyLines.$inferSelect;
type SplitRow = typeof companyLineSplits.$inferSelect;

/** "1250.5" → 125050 pence; numeric columns arrive as text. */
const toPence = (text: string) => Math.round(Number(text) * 100);
const toBasisPoints = (text: string) => Math.round(Number(text) * 100);
const pounds = (pence: number) => (pence / 100).toFixed(2);

function toLine(l: LineRow, splits: SplitRow[]): Line {
  const premium = toPence(l.premium);
  const own = splits.filter((s) => s.lineId === l.id);
  const allocated = own.reduce((sum, s) => sum + toBasisPoints(s.percentage), 0);
  return {
    id: l.id,
    company_id: l.companyId,
    line_type: l.lineType,
    insurer: l.insurer,
    premium: pounds(premium),
    renewal_date: l.renewalDate,
    splits: own.map((s) => ({
      id: s.id,
      party: s.party,
      party_type: s.partyType,
      percentage: (toBasisPoints(s.percentage) / 100).toFixed(2),
      amount: pounds(Math.round((premium * toBasisPoints(s.percentage)) / 10_000)),
    })),
    allocated_percentage: (allocated / 100).toFixed(2),
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
  };
}

async function linesOf(db: Db | Tx, tenantId: number, companyId: number, lineId?: number): Promise<Line[]> {
  const lines = await db
    .select()
    .from(companyLines)
    .where(and(eq(companyLines.tenantId, tenantId), eq(companyLines.companyId, companyId), lineId !== undefined ? eq(companyLines.id, lineId) : undefined))
    .orderBy(asc(companyLines.id));
  if (!lines.length) return [];
  const splits = await db
    .select()
    .from(companyLineSplits)
    .where(
      and(
        eq(companyLineSplits.tenantId, tenantId),
        inArray(
          companyLineSplits.lineId,
          lines.map((l) => l.id),
        ),
      ),
    )
    .orderBy(asc(companyLineSplits.id));
  return lines.map((l) => toLine(l, splits));
}

export async function listLines(db: Db, tenantId: number, companyId: number) {
  await findRow(db, tenantId, companyId);
  return linesOf(db, tenantId, companyId);
}

async function getLine(db: Db | Tx, tenantId: number, companyId: number, lineId: number) {
  const [line] = await linesOf(db, tenantId, companyId, lineId);
  if (!line) throw notFound("Line");
  return line;
}

async function replaceSplits(tx: Tx, tenantId: number, lineId: number, splits: NonNullable<LineBody["splits"]>) {
  await tx.delete(companyLineSplits).where(and(eq(companyLineSplits.tenantId, tenantId), eq(companyLineSplits.lineId, lineId)));
  if (splits.length) {
    await tx
      .insert(companyLineSplits)
      .values(splits.map((s) => ({ tenantId, lineId, party: s.party, partyType: s.party_type, percentage: s.percentage.toFixed(2) })));
  }
}

export async function createLine(database: Database, tenantId: number, companyId: number, body: LineBody) {
  await findRow(database.db, tenantId, companyId);
  return database.transaction(async (tx) => {
    const [line] = await tx
      .insert(companyLines)
      .values({
        tenantId,
        companyId,
        lineType: body.line_type,
        insurer: body.insurer ?? null,
        premium: body.premium.toFixed(2),
        renewalDate: body.renewal_date ?? null,
      })
      .returning({ id: companyLines.id });
    await replaceSplits(tx, tenantId, line.id, body.splits ?? []);
    return getLine(tx, tenantId, companyId, line.id);
  });
}

/** Replaces the line's fields; its splits are replaced when `splits` is sent and kept otherwise. */
export async function updateLine(database: Database, tenantId: number, companyId: number, lineId: number, body: LineBody) {
  await findRow(database.db, tenantId, companyId);
  return database.transaction(async (tx) => {
    const updated = await tx
      .update(companyLines)
      .set({
        lineType: body.line_type,
        insurer: body.insurer ?? null,
        premium: body.premium.toFixed(2),
        renewalDate: body.renewal_date ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(companyLines.tenantId, tenantId), eq(companyLines.companyId, companyId), eq(companyLines.id, lineId)))
      .returning({ id: companyLines.id });
    if (!updated.length) throw notFound("Line");
    if (body.splits !== undefined) await replaceSplits(tx, tenantId, lineId, body.splits);
    return getLine(tx, tenantId, companyId, lineId);
  });
}

export async function deleteLine(db: Db, tenantId: number, companyId: number, lineId: number) {
  await findRow(db, tenantId, companyId);
  const gone = await db
    .delete(companyLines)
    .where(and(eq(companyLines.tenantId, tenantId), eq(companyLines.companyId, companyId), eq(companyLines.id, lineId)))
    .returning({ id: companyLines.id });
  if (!gone.length) throw notFound("Line");
}

/** GET /companies/{id}/lines-split: every line with its splits, and each party's total over all lines. */
export async function splitSummary(db: Db, tenantId: number, companyId: number) {
  const lines = await listLines(db, tenantId, companyId);
  const parties = new Map<string, { party: string; party_type: Line["splits"][number]["party_type"]; pence: number }>();
  let totalPremium = 0;
  let allocatedPence = 0;
  for (const line of lines) {
    totalPremium += toPence(line.premium);
    for (const s of line.splits) {
      const key = `${s.party_type}:${s.party.toLowerCase()}`;
      const entry = parties.get(key) ?? { party: s.party, party_type: s.party_type, pence: 0 };
      entry.pence += toPence(s.amount);
      allocatedPence += toPence(s.amount);
      parties.set(key, entry);
    }
  }
  return {
    lines,
    parties: [...parties.values()]
      .sort((a, b) => b.pence - a.pence || a.party.localeCompare(b.party))
      .map((p) => ({ party: p.party, party_type: p.party_type, amount: pounds(p.pence) })),
    total_premium: pounds(totalPremium),
    unallocated_amount: pounds(totalPremium - allocatedPence),
  };
}

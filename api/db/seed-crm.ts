/**
 * The demo CRM book of every demo tenant: pipelines with coloured stages, a few hundred tasks spread over
 * stages, people, priorities, review statuses and the past year (so the dashboard chart has a shape),
 * products, progress notes, e-mails, activity and targets. Tasks point at the tenant's individuals and
 * client companies when the clients seed has made some (looked up here, so it runs after it).
 * Deterministic for a given day: a seeded random generator, dates relative to now. Batched inserts.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { StageOutcome } from "#contract/pipelines";
import { CONFIDENCE_QUESTIONS } from "#contract/tasks";
import type { Database, Db } from "./client";
import {
  activityLog,
  clientCompanies,
  companies,
  confidenceScores,
  emailMessages,
  emailThreads,
  individuals,
  notes,
  paymentFrequencies,
  pipelines,
  pipelineStages,
  pipelineTargets,
  pipelineUsers,
  taskProducts,
  taskProductTypes,
  tasks,
  teamMembers,
  users,
  type ActivityChange,
} from "./schema";

interface DemoStage {
  name: string;
  color: string;
  outcome?: StageOutcome;
  revenue?: boolean;
  contract?: boolean;
}
interface DemoPipeline {
  name: string;
  archived?: boolean;
  stages: DemoStage[];
  /** Share of the tenant's tasks (weights). */
  weight: number;
  /** What the tasks are about: task name suffixes. */
  subjects: string[];
  /** Expected revenue range, pounds. */
  revenue: [number, number];
}
interface DemoBook {
  tasks: number;
  pipelines: DemoPipeline[];
  /** Client names used when the tenant has no individuals or companies yet. */
  fallbackClients: string[];
  products: boolean;
}

const WON = "#16a34a";
const LOST = "#dc2626";

export const DEMO_BOOKS: Record<string, DemoBook> = {
  "Harbour Brokers": {
    tasks: 400,
    products: true,
    fallbackClients: [
      "Acme Fabrication Ltd",
      "Riverside Dental Practice",
      "Northern Haulage",
      "Quayside Hotel",
      "Bright Sparks Electrical",
      "Meadow Farm",
      "Copperfield Solicitors",
      "Harbour View Café",
    ],
    pipelines: [
      {
        name: "New business",
        weight: 5,
        revenue: [800, 45_000],
        subjects: ["Commercial combined", "Employers' liability", "Professional indemnity", "Cyber cover", "Fleet insurance", "Property owners"],
        stages: [
          { name: "Lead", color: "#64748b" },
          { name: "Qualified", color: "#0ea5e9" },
          { name: "Quote sent", color: "#6366f1", contract: true },
          { name: "Negotiation", color: "#f59e0b", contract: true },
          { name: "Won", color: WON, outcome: "won", revenue: true },
          { name: "Lost", color: LOST, outcome: "lost" },
        ],
      },
      {
        name: "Renewals",
        weight: 4,
        revenue: [500, 30_000],
        subjects: ["Annual renewal", "Renewal review", "Renewal remarket"],
        stages: [
          { name: "Renewal due", color: "#64748b" },
          { name: "Terms requested", color: "#0ea5e9" },
          { name: "Terms received", color: "#8b5cf6", contract: true },
          { name: "Renewed", color: WON, outcome: "won", revenue: true },
          { name: "Lapsed", color: LOST, outcome: "lost" },
        ],
      },
      {
        name: "Employee benefits",
        weight: 2,
        revenue: [2_000, 60_000],
        subjects: ["Group life", "Private medical scheme", "Income protection", "Key person cover"],
        stages: [
          { name: "Discovery", color: "#64748b" },
          { name: "Proposal", color: "#6366f1", contract: true },
          { name: "Implementation", color: "#f59e0b" },
          { name: "Live", color: WON, outcome: "won", revenue: true },
          { name: "Declined", color: LOST, outcome: "lost" },
        ],
      },
      {
        name: "Legacy referrals",
        archived: true,
        weight: 1,
        revenue: [300, 8_000],
        subjects: ["Referral", "Introducer lead"],
        stages: [
          { name: "New", color: "#64748b" },
          { name: "Contacted", color: "#0ea5e9" },
          { name: "Converted", color: WON, outcome: "won", revenue: true },
          { name: "Closed", color: LOST, outcome: "lost" },
        ],
      },
    ],
  },
  "Northgate Advisers": {
    tasks: 150,
    products: true,
    fallbackClients: ["Mr and Mrs Shah", "Dr Helen Price", "The Okoro family", "Marcus Bell", "Jenna Whitfield", "Robert and Anne Clarke"],
    pipelines: [
      {
        name: "Advice pipeline",
        weight: 3,
        revenue: [1_000, 25_000],
        subjects: ["Pension transfer", "Retirement planning", "ISA review", "Investment advice", "Inheritance tax planning"],
        stages: [
          { name: "Enquiry", color: "#64748b" },
          { name: "Fact find", color: "#0ea5e9" },
          { name: "Recommendation", color: "#6366f1", contract: true },
          { name: "Application", color: "#f59e0b" },
          { name: "Completed", color: WON, outcome: "won", revenue: true },
          { name: "Not proceeding", color: LOST, outcome: "lost" },
        ],
      },
      {
        name: "Protection reviews",
        weight: 2,
        revenue: [300, 6_000],
        subjects: ["Life cover review", "Income protection", "Critical illness cover"],
        stages: [
          { name: "Review due", color: "#64748b" },
          { name: "Booked", color: "#0ea5e9" },
          { name: "Advised", color: "#8b5cf6", contract: true },
          { name: "Placed", color: WON, outcome: "won", revenue: true },
          { name: "Declined", color: LOST, outcome: "lost" },
        ],
      },
    ],
  },
  "Bloom Bakery Ltd": {
    tasks: 150,
    products: false,
    fallbackClients: [
      "Corner Café",
      "Greenleaf Deli",
      "St Mary's Primary School",
      "Hilltop Farm Shop",
      "The Old Mill Hotel",
      "Brightwater Offices",
      "Parkside Gym",
    ],
    pipelines: [
      {
        name: "Wholesale orders",
        weight: 3,
        revenue: [200, 9_000],
        subjects: ["Weekly bread order", "Pastry supply", "Cake counter supply", "Sandwich loaves"],
        stages: [
          { name: "Enquiry", color: "#64748b" },
          { name: "Tasting booked", color: "#f472b6" },
          { name: "Quote sent", color: "#6366f1", contract: true },
          { name: "Won", color: WON, outcome: "won", revenue: true },
          { name: "Lost", color: LOST, outcome: "lost" },
        ],
      },
      {
        name: "Events and catering",
        weight: 2,
        revenue: [150, 4_000],
        subjects: ["Wedding cake", "Office breakfast", "Birthday order", "Summer fair stall"],
        stages: [
          { name: "Enquiry", color: "#64748b" },
          { name: "Menu agreed", color: "#8b5cf6", contract: true },
          { name: "Booked", color: WON, outcome: "won", revenue: true },
          { name: "Cancelled", color: LOST, outcome: "lost" },
        ],
      },
      {
        name: "Corporate gifting",
        weight: 1,
        revenue: [100, 2_500],
        subjects: ["Christmas hampers", "Client thank-you boxes", "Staff treats"],
        stages: [
          { name: "Idea", color: "#64748b" },
          { name: "Proposal sent", color: "#0ea5e9", contract: true },
          { name: "Ordered", color: WON, outcome: "won", revenue: true },
          { name: "No thanks", color: LOST, outcome: "lost" },
        ],
      },
    ],
  },
};

const NOTE_TEXTS = [
  "Spoke to the client; they want figures by the end of the week.",
  "Information requested: turnover, staff numbers and claims history.",
  "Meeting booked to go through the options.",
  "Client is comparing two quotes; chasing on Friday.",
  "Sent the proposal and the key facts document.",
  "Waiting on the insurer's terms.",
  "Client happy to proceed subject to the excess.",
  "Follow-up call: decision expected next month.",
];

const INSURERS = ["Aviva", "Allianz", "AXA", "Zurich", "RSA", "Hiscox", "QBE", "Chubb", "Ageas", "Markel"];

/** A small seeded generator (mulberry32), so the demo book is the same on every seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) if ((r -= w) < 0) return item;
      return items[items.length - 1][0];
    },
  };
}

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
const DAY = 24 * 60 * 60 * 1000;
const dateText = (d: Date) => d.toISOString().slice(0, 10);

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Seeds the CRM book of each demo tenant that exists and has no pipelines yet. */
export async function seedCrm(database: Database, now = new Date()) {
  await database.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const tenants = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.name, Object.keys(DEMO_BOOKS)));
    // One query at a time: a transaction has one connection.
    const types = await tx.select().from(taskProductTypes).orderBy(asc(taskProductTypes.sortOrder));
    const answers = await tx.select().from(confidenceScores);
    const frequencies = await tx.select().from(paymentFrequencies);
    for (const tenant of tenants) {
      const [existing] = await tx.select({ id: pipelines.id }).from(pipelines).where(eq(pipelines.tenantId, tenant.id)).limit(1);
      if (existing) continue;
      await seedTenant(tx, tenant, DEMO_BOOKS[tenant.name], { types, answers, frequencies }, now);
    }
  });
}

async function seedTenant(
  tx: Db,
  tenant: { id: number; name: string },
  book: DemoBook,
  lookups: {
    types: (typeof taskProductTypes.$inferSelect)[];
    answers: (typeof confidenceScores.$inferSelect)[];
    frequencies: (typeof paymentFrequencies.$inferSelect)[];
  },
  now: Date,
) {
  const rng = generator(hash(tenant.name));
  const tenantId = tenant.id;
  const staff = await tx
    .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.status, "active")))
    .orderBy(asc(users.id));
  const memberships = await tx
    .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.tenantId, tenantId))
    .orderBy(asc(teamMembers.id));
  const people = await tx
    .select({ id: individuals.id, name: individuals.fullName, email: individuals.email })
    .from(individuals)
    .where(eq(individuals.tenantId, tenantId))
    .orderBy(asc(individuals.id))
    .limit(500);
  const firms = await tx
    .select({ id: clientCompanies.id, name: clientCompanies.name })
    .from(clientCompanies)
    .where(eq(clientCompanies.tenantId, tenantId))
    .orderBy(asc(clientCompanies.id))
    .limit(500);
  const teamOf = new Map<number, number>();
  for (const m of memberships) if (!teamOf.has(m.userId)) teamOf.set(m.userId, m.teamId);
  const fullName = (u: { name: string; lastName: string }) => [u.name, u.lastName].filter(Boolean).join(" ");
  const nameOf = new Map(staff.map((u) => [u.id, fullName(u)]));

  // Pipelines and stages.
  const made: { def: DemoPipeline; id: number; stages: { id: number; name: string; outcome: StageOutcome; order: number }[] }[] = [];
  for (const [i, def] of book.pipelines.entries()) {
    const createdAt = new Date(now.getTime() - (400 - i * 7) * DAY);
    const [p] = await tx
      .insert(pipelines)
      .values({ tenantId, name: def.name, status: def.archived ? 0 : 1, createdAt, updatedAt: createdAt })
      .returning({ id: pipelines.id });
    const stages = await tx
      .insert(pipelineStages)
      .values(
        def.stages.map((s, order) => ({
          tenantId,
          pipelineId: p.id,
          name: s.name,
          color: s.color,
          sortOrder: order + 1,
          outcome: s.outcome ?? ("open" as const),
          isRevenue: s.revenue ?? false,
          isContract: s.contract ?? false,
          createdAt,
          updatedAt: createdAt,
        })),
      )
      .returning({ id: pipelineStages.id, name: pipelineStages.name, outcome: pipelineStages.outcome, order: pipelineStages.sortOrder });
    made.push({ def, id: p.id, stages });
    // Who works it: everyone on the smaller books, two thirds of the staff on the big one.
    const workers = staff.filter((_, k) => staff.length <= 3 || (k + i) % 3 !== 0);
    if (workers.length) await tx.insert(pipelineUsers).values(workers.map((u) => ({ tenantId, pipelineId: p.id, userId: u.id })));
  }

  // Tasks.
  const weights = made.map((m) => [m, m.def.weight] as const);
  const byType = (type: string) => lookups.answers.filter((a) => a.type === type).sort((a, b) => a.score - b.score);
  type Draft = typeof tasks.$inferInsert & { _stageName: string; _firstStage: { id: number; name: string }; _moved: boolean };
  const drafts: Draft[] = [];
  for (let n = 0; n < book.tasks; n++) {
    const pipeline = rng.weighted(weights);
    // More business recently: ages skew towards now (sqrt), over the past 360 days.
    const ageDays = Math.floor(360 * (1 - Math.sqrt(rng.next())));
    const createdAt = new Date(now.getTime() - ageDays * DAY - rng.int(0, 10 * 60) * 60_000);
    // Older tasks are more likely closed: won about twice as often as lost.
    const closeChance = pipeline.def.archived ? 0.9 : Math.min(0.85, 0.1 + ageDays / 300);
    const open = pipeline.stages.filter((s) => s.outcome === "open");
    const won = pipeline.stages.find((s) => s.outcome === "won")!;
    const lost = pipeline.stages.find((s) => s.outcome === "lost")!;
    const stage = rng.chance(closeChance)
      ? rng.chance(0.65)
        ? won
        : lost
      : open[Math.min(open.length - 1, Math.floor(Math.pow(rng.next(), 1.3) * open.length))];
    const closedAt = stage.outcome === "open" ? null : new Date(Math.min(now.getTime() - 60_000, createdAt.getTime() + rng.int(3, 100) * DAY));
    const member = rng.chance(0.9) && staff.length ? rng.pick(staff) : null;
    const person = people.length && rng.chance(0.6) ? rng.pick(people) : null;
    const firm = firms.length && (!person || rng.chance(0.3)) ? rng.pick(firms) : null;
    const client = person?.name ?? firm?.name ?? rng.pick(book.fallbackClients);
    const [low, high] = pipeline.def.revenue;
    const revenue = rng.chance(0.9) ? Math.round(rng.int(low, high) / 10) * 10 : null;
    const answered = rng.chance(0.5);
    const confidence = Object.fromEntries(
      CONFIDENCE_QUESTIONS.map((q) => {
        const options = byType(q.type);
        return [
          q.field,
          answered && options.length ? options[Math.min(options.length - 1, rng.int(1, options.length) - (stage.outcome === "lost" ? 1 : 0))].id : null,
        ];
      }),
    ) as Record<(typeof CONFIDENCE_QUESTIONS)[number]["field"], number | null>;
    const updatedAt = closedAt ?? new Date(Math.min(now.getTime() - 60_000, createdAt.getTime() + rng.int(0, 20) * DAY));
    drafts.push({
      tenantId,
      name: `${client} – ${rng.pick(pipeline.def.subjects)}`,
      description: rng.chance(0.3) ? rng.pick(NOTE_TEXTS) : null,
      priority: rng.weighted([
        [1, 1],
        [2, 2],
        [3, 1],
      ] as const),
      reviewStatus: stage.outcome === "won" ? rng.pick([5, 5, 6] as const) : stage.outcome === "lost" ? rng.pick([4, 6] as const) : rng.int(1, 3),
      pipelineId: pipeline.id,
      pipelineStageId: stage.id,
      teamMemberId: member?.id ?? null,
      teamId: member ? (teamOf.get(member.id) ?? null) : null,
      sourceIndividualId: person?.id ?? null,
      companyId: firm?.id ?? null,
      expectedRevenue: revenue === null ? null : revenue.toFixed(2),
      expectedRevenueStartDate: revenue === null ? null : dateText(new Date(createdAt.getTime() + rng.int(20, 120) * DAY)),
      paymentFrequencyId: revenue === null || !lookups.frequencies.length ? null : rng.pick(lookups.frequencies).id,
      size: rng.chance(0.6) ? rng.int(1, 250) : null,
      kyb: rng.chance(0.1),
      ...confidence,
      datapoints: rng.chance(0.4)
        ? { source: rng.pick(["Referral", "Website", "Existing client", "Introducer"]), renewal_month: rng.pick(["January", "April", "July", "October"]) }
        : {},
      expectedCloseDate: dateText(new Date(createdAt.getTime() + rng.int(14, 150) * DAY)),
      state: stage.outcome,
      closedAt,
      createdBy: member?.id ?? staff[0]?.id ?? null,
      createdAt,
      updatedAt,
      _stageName: stage.name,
      _firstStage: open[0],
      _moved: stage.id !== open[0].id,
    });
  }
  drafts.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());

  const inserted: { id: number; draft: Draft }[] = [];
  await insertChunked(drafts, 400, async (chunk) => {
    const rows = await tx
      .insert(tasks)
      .values(chunk.map(({ _stageName: _a, _firstStage: _b, _moved: _c, ...row }) => row))
      .returning({ id: tasks.id });
    rows.forEach((r, i) => inserted.push({ id: r.id, draft: chunk[i] }));
  });

  // Activity: created, assigned, and the move to where the task is now.
  const activity: (typeof activityLog.$inferInsert)[] = [];
  for (const { id, draft } of inserted) {
    const who = draft.createdBy ?? null;
    const at = draft.createdAt!;
    activity.push({
      tenantId,
      subjectType: "task",
      subjectId: id,
      userId: who,
      action: "created",
      changes: {
        name: { old: null, new: draft.name },
        pipeline_stage_id: { old: null, new: draft._firstStage.id, old_label: null, new_label: draft._firstStage.name },
      },
      createdAt: at,
    });
    if (draft.teamMemberId) {
      activity.push({
        tenantId,
        subjectType: "task",
        subjectId: id,
        userId: who,
        action: "assigned",
        changes: { team_member_id: { old: null, new: draft.teamMemberId, old_label: null, new_label: nameOf.get(draft.teamMemberId) ?? null } },
        createdAt: new Date(at.getTime() + 1000),
      });
    }
    if (draft._moved) {
      const movedAt = draft.closedAt ?? draft.updatedAt!;
      const change: ActivityChange = { old: draft._firstStage.id, new: draft.pipelineStageId, old_label: draft._firstStage.name, new_label: draft._stageName };
      activity.push({
        tenantId,
        subjectType: "task",
        subjectId: id,
        userId: draft.teamMemberId ?? who,
        action: "moved",
        changes: { pipeline_stage_id: change },
        createdAt: movedAt,
      });
    }
  }
  await insertChunked(activity, 1000, (chunk) => tx.insert(activityLog).values(chunk));

  // Products on about four tasks in ten (brokers and advisers).
  if (book.products && lookups.types.length) {
    const products: (typeof taskProducts.$inferInsert)[] = [];
    for (const { id, draft } of inserted) {
      if (!rng.chance(0.4)) continue;
      for (let k = rng.int(1, 2); k > 0; k--) {
        const type = rng.pick(lookups.types);
        const premium = rng.int(250, 25_000);
        const rate = rng.pick([10, 12.5, 15, 17.5, 20]);
        products.push({
          tenantId,
          taskId: id,
          taskProductTypeId: type.id,
          name: `${type.name} – ${rng.pick(INSURERS)}`,
          providerName: rng.pick(INSURERS),
          premium: premium.toFixed(2),
          commission: ((premium * rate) / 100).toFixed(2),
          commissionRate: rate.toFixed(2),
          startDate: draft.expectedRevenueStartDate ?? null,
          createdAt: draft.createdAt,
          updatedAt: draft.createdAt,
        });
      }
    }
    await insertChunked(products, 500, (chunk) => tx.insert(taskProducts).values(chunk));
  }

  // Progress notes on some tasks; a few e-mails.
  const noteRows: (typeof notes.$inferInsert)[] = [];
  for (const { id, draft } of inserted) {
    if (!rng.chance(0.2)) continue;
    noteRows.push({
      tenantId,
      notableType: "task",
      notableId: id,
      body: rng.pick(NOTE_TEXTS),
      authorId: draft.teamMemberId ?? draft.createdBy ?? null,
      createdAt: new Date(Math.min(now.getTime() - 60_000, draft.createdAt!.getTime() + rng.int(1, 20) * DAY)),
    });
  }
  await insertChunked(noteRows, 500, (chunk) => tx.insert(notes).values(chunk));

  const mailed = inserted.filter(({ draft }) => draft.state === "open" && draft.teamMemberId).slice(-6);
  for (const { id, draft } of mailed) {
    const sentAt = new Date(Math.min(now.getTime() - 60_000, draft.createdAt!.getTime() + 2 * DAY));
    const subject = `${draft.name.split(" – ")[1] ?? "Your enquiry"}: next steps`;
    const [thread] = await tx
      .insert(emailThreads)
      .values({ tenantId, subject, relatedType: "task", relatedId: id, createdBy: draft.teamMemberId, createdAt: sentAt, lastMessageAt: sentAt })
      .returning({ id: emailThreads.id });
    await tx.insert(emailMessages).values({
      tenantId,
      threadId: thread.id,
      senderUserId: draft.teamMemberId,
      toAddress: `client${id}@example.com`,
      subject,
      body: "Thank you for your time today. As discussed, we will come back to you with the options shortly.",
      sentAt,
    });
  }

  // Monthly targets for the pipeline users of the active pipelines: this month and the two before.
  const monthStart = (back: number) => dateText(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
  const workers = await tx
    .select({ pipelineId: pipelineUsers.pipelineId, userId: pipelineUsers.userId })
    .from(pipelineUsers)
    .where(eq(pipelineUsers.tenantId, tenantId));
  const targets: (typeof pipelineTargets.$inferInsert)[] = [];
  for (const m of made.filter((x) => !x.def.archived)) {
    for (const w of workers.filter((x) => x.pipelineId === m.id)) {
      for (const back of [0, 1, 2]) {
        targets.push({
          tenantId,
          pipelineId: m.id,
          userId: w.userId,
          period: "month",
          periodStart: monthStart(back),
          revenueTarget: (Math.round(rng.int(m.def.revenue[1] / 4, m.def.revenue[1]) / 500) * 500).toFixed(2),
          countTarget: rng.int(2, 8),
        });
      }
    }
  }
  await insertChunked(targets, 500, (chunk) => tx.insert(pipelineTargets).values(chunk));
}

/**
 * A believable notification history for every active demo user: 8 to 15 notifications over the past
 * five weeks, the newest few unread. Every link is a portal path the user may open (checked against
 * the portal's route table with the user's permissions and edition), so clicking one never bounces.
 * Deterministic: the same user gets the same history on every seed (times are relative to now).
 */
import { asc, eq } from "drizzle-orm";
import { checkAccess, matchRoute, type AccessSubject } from "#contract/portal-routes";
import { notifyMany, type NotifyInput } from "../modules/notifications/notify";
import { permissionsOf } from "../modules/auth/authenticate";
import type { Database, Db } from "./client";
import { companies, roles, teamMembers, teams, userRoles, users } from "./schema";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago each notification happened, newest first: minutes and hours ago (shown 'at HH:mm'),
 * days this week (the weekday), exactly a week ('last week'), then older dates (dd/mm/yy).
 */
const AGES = [
  18 * MINUTE,
  2 * HOUR + 40 * MINUTE,
  26 * HOUR,
  2 * DAY + 5 * HOUR,
  4 * DAY + 2 * HOUR,
  7 * DAY,
  9 * DAY + 3 * HOUR,
  12 * DAY + 6 * HOUR,
  15 * DAY + 1 * HOUR,
  19 * DAY + 4 * HOUR,
  23 * DAY + 2 * HOUR,
  26 * DAY + 7 * HOUR,
  29 * DAY + 5 * HOUR,
  32 * DAY + 3 * HOUR,
  35 * DAY + 8 * HOUR,
];

export interface SeedUser {
  id: number;
  tenantId: number;
  email: string;
  name: string;
  companyName: string;
  smallBusiness: boolean;
  subject: AccessSubject;
  roles: string[];
  teams: string[];
  colleagues: string[];
}

interface Template {
  title: string;
  desc: (u: SeedUser, n: number) => string;
  link: (u: SeedUser, n: number) => string;
  /** Only when the user has something to show for it (e.g. a team). */
  when?: (u: SeedUser) => boolean;
  /** Happens once in a history (a welcome, a role given). */
  once?: boolean;
}

const TASKS = [
  "Renewal review: Hughes Logistics fleet policy",
  "Call back about the shop contents quote",
  "Chase the signed proposal form from Marsh Farm Ltd",
  "Prepare the annual review pack for the Okafor family",
  "Check the claims history before quoting",
  "Send the cover summary to Bennett & Co",
];
const OPPORTUNITIES = [
  "Wholesale bread contract: Greenway Cafés",
  "Wedding cake order: Turner & Chen",
  "Weekly delivery round: Riverside Deli",
  "Corporate breakfast boxes: Northgate Advisers",
];
const CLIENTS = ["Hughes Logistics", "Marsh Farm Ltd", "Bennett & Co", "Riverside Deli", "Okafor Holdings", "Greenway Cafés"];

const pick = <T>(list: readonly T[], n: number) => list[n % list.length];
/** A colleague's name, or null in a company of one. */
const colleague = (u: SeedUser, n: number) => (u.colleagues.length ? pick(u.colleagues, n) : null);
/** "Sophie Turner assigned you …" or, with nobody to name, "You were assigned …". */
const byOrYou = (u: SeedUser, n: number, did: string, passive: string) => {
  const who = colleague(u, n);
  return who ? `${who} ${did}` : passive;
};

/** The notifications a user can receive, most common first; a template may be used more than once. */
const TEMPLATES: Template[] = [
  {
    title: "Task assigned to you",
    desc: (u, n) =>
      u.smallBusiness
        ? `${byOrYou(u, n, "assigned you", "You were assigned")} the opportunity "${pick(OPPORTUNITIES, n)}".`
        : `${byOrYou(u, n, "assigned you", "You were assigned")} the task "${pick(TASKS, n)}".`,
    link: () => "/tasks",
  },
  {
    title: "Task due tomorrow",
    desc: (u, n) =>
      `"${u.smallBusiness ? pick(OPPORTUNITIES, n + 1) : pick(TASKS, n + 2)}" is due tomorrow at ${pick(["09:30", "11:00", "14:00", "16:30"], n)}.`,
    link: () => "/tasks",
  },
  {
    title: "Pipeline updated",
    desc: (u, n) =>
      `${u.smallBusiness ? pick(OPPORTUNITIES, n + 2) : `Fleet renewal: ${pick(CLIENTS, n)}`} moved to ${pick(["Quoted", "Negotiation", "Won"], n)}.`,
    link: () => "/pipelines",
  },
  { title: "Quote accepted", desc: (_u, n) => `Quote Q-${1040 + n} for ${pick(CLIENTS, n + 1)} was accepted.`, link: () => "/quotes" },
  {
    title: "Invoice paid",
    desc: (_u, n) => `Invoice INV-${2030 + n} (£${(840 + n * 135).toLocaleString("en-GB")}.00) was paid in full.`,
    link: () => "/invoices",
  },
  { title: "Policy renewal due", desc: (_u, n) => `Policy POL-${88210 + n} for ${pick(CLIENTS, n + 2)} renews in 30 days.`, link: () => "/policies" },
  { title: "Card payment received", desc: (_u, n) => `A card payment of £${(42 + n * 7).toFixed(2)} was taken on Terminal 1.`, link: () => "/transactions" },
  { title: "New benefit available", desc: () => "Smart savings: a new workplace savings offer is ready for your staff.", link: () => "/smart-savings" },
  {
    title: "Provider details changed",
    desc: (u, n) =>
      `The claims contact details of ${pick(["Aviva", "Allianz", "Zurich", "Hiscox"], n)} were updated${colleague(u, n) ? ` by ${colleague(u, n)}` : ""}.`,
    link: () => "/providers",
  },
  {
    title: "New contact added",
    desc: (u, n) =>
      `The contact ${pick(["Marta Nowak", "Ben Ellis", "Chloe Grant", "Omar Haddad"], n)} was added${colleague(u, n) ? ` by ${colleague(u, n)}` : ""}.`,
    link: () => "/individuals",
  },
  {
    title: "Meeting tomorrow",
    desc: (_u, n) => `Annual review with ${pick(CLIENTS, n + 3)} tomorrow at ${pick(["10:00", "13:30", "15:00"], n)}.`,
    link: () => "/calendar",
  },
  {
    title: "Team invitation",
    desc: (u, n) => `${byOrYou(u, n, "added you", "You were added")} to the ${pick(u.teams, n)} team.`,
    link: () => "/team",
    when: (u) => u.teams.length > 0,
    once: true,
  },
  {
    title: "Role permissions changed",
    desc: (u, n) => `The permissions of the ${pick(u.roles, n)} role were updated${colleague(u, n) ? ` by ${colleague(u, n)}` : ""}.`,
    link: () => "/roles",
    when: (u) => u.roles.length > 0,
  },
  {
    title: "New role",
    desc: (u, n) => `You were given the ${pick(u.roles, n)} role${colleague(u, n) ? ` by ${colleague(u, n)}` : ""}.`,
    link: () => "/profile",
    when: (u) => u.roles.length > 0,
    once: true,
  },
  { title: "Weekly summary ready", desc: () => "Your activity summary for last week is on the dashboard.", link: () => "/dashboard" },
];

/** The oldest notification of every history. */
const WELCOME: Template = {
  title: "Welcome aboard",
  desc: (u) => `Welcome to ${u.companyName}. Add a profile photo and a telephone number so colleagues recognise you.`,
  link: () => "/profile",
};

/** Paths outside the route table that every signed-in user may open. */
const ALWAYS_OPEN = new Set(["/profile"]);

/** Whether the user may open a portal path (the portal's own guard, run here on the seed's links). */
export function canOpen(path: string, subject: AccessSubject): boolean {
  const pathname = path.split(/[?#]/)[0];
  if (ALWAYS_OPEN.has(pathname)) return true;
  const match = matchRoute(pathname);
  return match !== null && checkAccess(match.rule, subject) === "ok";
}

/** A small deterministic number from a text (FNV-1a), so each user gets their own mix. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/** The history of one user: 8–15 notifications, newest first; the newest 2–4 unread. */
export function historyFor(u: SeedUser, now: number): NotifyInput[] {
  const h = hashOf(u.email);
  const total = 8 + (h % 8);
  const unread = 2 + ((h >>> 3) % 3);
  const usable = TEMPLATES.filter((t) => (t.when ? t.when(u) : true) && canOpen(t.link(u, 0), u.subject));
  const used = new Set<Template>();
  let next = h % usable.length;
  const out: NotifyInput[] = [];
  for (let i = 0; i < total; i++) {
    // Rotates through what this user can receive, starting at a user-specific place; one-off events
    // happen once; the welcome note is the oldest.
    let t = WELCOME;
    if (i < total - 1) {
      do t = usable[next++ % usable.length];
      while (t.once && used.has(t));
      used.add(t);
    }
    const createdAt = new Date(now - AGES[i]);
    out.push({
      tenantId: u.tenantId,
      userId: u.id,
      title: t.title,
      desc: t.desc(u, i + (h % 7)),
      link: t.link(u, i),
      createdAt,
      readAt: i < unread ? null : new Date(createdAt.getTime() + 35 * MINUTE),
    });
  }
  return out;
}

async function seedUsers(db: Db): Promise<SeedUser[]> {
  const rows = await db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      email: users.email,
      name: users.name,
      lastName: users.lastName,
      status: users.status,
      company: companies,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.tenantId))
    .orderBy(asc(users.id));
  const active = rows.filter((r) => r.status === "active");
  const roleRows = await db.select({ userId: userRoles.userId, name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId));
  const teamRows = await db.select({ userId: teamMembers.userId, name: teams.name }).from(teamMembers).innerJoin(teams, eq(teams.id, teamMembers.teamId));
  const out: SeedUser[] = [];
  for (const r of active) {
    const permissions = [...(await permissionsOf(db, r.id))];
    const edition = r.company.isSmallBusiness ? "smallbusiness" : "flightdeck";
    out.push({
      id: r.id,
      tenantId: r.tenantId,
      email: r.email,
      name: r.name,
      companyName: r.company.name,
      smallBusiness: r.company.isSmallBusiness,
      subject: { permissions, edition, isParentTenant: r.company.tenantIsSegParent },
      roles: roleRows.filter((x) => x.userId === r.id).map((x) => x.name),
      teams: teamRows.filter((x) => x.userId === r.id).map((x) => x.name),
      colleagues: active.filter((c) => c.tenantId === r.tenantId && c.id !== r.id).map((c) => `${c.name} ${c.lastName}`.trim()),
    });
  }
  return out;
}

/** Gives every active demo user their notification history (run by seedDemo after the tenants exist). */
export async function seedNotifications(database: Database, now = Date.now()) {
  const people = await seedUsers(database.db);
  await database.transaction(async (tx) => {
    for (const u of people) await notifyMany(tx, historyFor(u, now));
  });
}

/**
 * The one way notifications are made. Other modules call these functions when something happens to a
 * user (a role granted or removed, added to a team, a task assigned …); the user sees it under the bell.
 *
 * A notification belongs to one user of one tenant. `link` is a path of the portal ("/tasks/12"), never
 * another site, so clicking a notification can only navigate inside the portal.
 */
import type { Db, Tx } from "#api/db/client";
import { notifications, type NotificationData } from "#api/db/schema";

export interface NotifyInput {
  tenantId: number;
  userId: number;
  title: string;
  desc: string;
  /** A portal path such as "/tasks/12" (with an optional query), or null for none. */
  link: string | null;
  /** An image URL (e.g. "/files/{key}"), or null. */
  image?: string | null;
  /** When it happened; default now (the seed back-dates its history). */
  createdAt?: Date;
  /** Already read (the seed's older history). */
  readAt?: Date | null;
}

export const TITLE_MAX = 200;
export const DESC_MAX = 1000;

/** A same-site path: starts with one "/", no scheme, no "//" (which a browser reads as another host), no backslash. */
export function isPortalPath(link: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(link) && link.length <= 500;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Normalises a notification's data: trimmed, clipped, and refuses a link that leaves the portal. */
export function notificationData(input: Pick<NotifyInput, "title" | "desc" | "link" | "image">): NotificationData {
  const title = input.title.trim();
  if (!title) throw new Error("notify: a notification needs a title");
  const link = input.link?.trim() || null;
  if (link !== null && !isPortalPath(link)) throw new Error(`notify: the link must be a portal path, not ${JSON.stringify(link)}`);
  return { title: clip(title, TITLE_MAX), desc: clip(input.desc.trim(), DESC_MAX), image: input.image?.trim() || null, link };
}

/** Stores one notification for a user; answers its id. Call it inside the caller's transaction when there is one. */
export async function notify(db: Db | Tx, input: NotifyInput): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values({
      tenantId: input.tenantId,
      userId: input.userId,
      data: notificationData(input),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      readAt: input.readAt ?? null,
    })
    .returning({ id: notifications.id });
  return row.id;
}

/** Several notifications at once (one insert). */
export async function notifyMany(db: Db | Tx, inputs: NotifyInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await db.insert(notifications).values(
    inputs.map((input) => ({
      tenantId: input.tenantId,
      userId: input.userId,
      data: notificationData(input),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      readAt: input.readAt ?? null,
    })),
  );
}

// ---------------------------------------------------------------- the product's events

export interface Actor {
  /** Who did it, as shown to the user ("Amelia Hart"); null when the system did it. */
  name: string | null;
  /** Their photo URL, shown beside the notification. */
  photo?: string | null;
}

const by = (actor: Actor) => (actor.name ? ` by ${actor.name}` : "");

/** A role was given to the user. The link opens their profile, which lists their roles. */
export function roleGranted(db: Db | Tx, to: { tenantId: number; userId: number }, role: { name: string }, actor: Actor) {
  return notify(db, {
    ...to,
    title: "New role",
    desc: `You were given the ${role.name} role${by(actor)}.`,
    link: "/profile",
    image: actor.photo ?? null,
  });
}

/** A role was taken from the user. */
export function roleRemoved(db: Db | Tx, to: { tenantId: number; userId: number }, role: { name: string }, actor: Actor) {
  return notify(db, {
    ...to,
    title: "Role removed",
    desc: `The ${role.name} role was removed from your account${by(actor)}.`,
    link: "/profile",
    image: actor.photo ?? null,
  });
}

/** The user was added to (invited into) a team of their company. */
export function addedToTeam(db: Db | Tx, to: { tenantId: number; userId: number }, team: { id: number; name: string }, actor: Actor) {
  return notify(db, {
    ...to,
    title: "Team invitation",
    desc: `${actor.name ?? "Someone"} added you to the ${team.name} team.`,
    link: "/team",
    image: actor.photo ?? null,
  });
}

/**
 * A task (an opportunity in smallBusiness) was assigned to the user. For the CRM to call when it saves
 * an assignment to someone other than the person saving it.
 */
export function taskAssigned(db: Db | Tx, to: { tenantId: number; userId: number }, task: { id: number | string; title: string }, actor: Actor) {
  return notify(db, {
    ...to,
    title: "Task assigned to you",
    desc: `${actor.name ?? "Someone"} assigned you the task "${task.title}".`,
    link: `/tasks/${encodeURIComponent(String(task.id))}`,
    image: actor.photo ?? null,
  });
}

/**
 * The bell's badge (spec: "badge caps at 99"). The number shown never goes above 99; past 99 it reads
 * "99+" so that 250 unread notifications are not mistaken for exactly 99 (the cap is on what is shown,
 * and the "+" says it was reached). The portal counts up to 100 only, so the accessible label says "more
 * than 99" past the cap too.
 */
export const BADGE_CAP = 99;

/** The badge text, or null when there is nothing unread (no badge at all). */
export function badgeText(unread: number): string | null {
  if (!Number.isFinite(unread) || unread < 1) return null;
  const n = Math.floor(unread);
  return n > BADGE_CAP ? `${BADGE_CAP}+` : String(n);
}

/** What a screen reader hears for the bell. */
export function bellLabel(unread: number): string {
  const n = Number.isFinite(unread) && unread > 0 ? Math.floor(unread) : 0;
  if (n === 0) return "Notifications, none unread";
  return n > BADGE_CAP ? `Notifications, more than ${BADGE_CAP} unread` : `Notifications, ${n} unread`;
}

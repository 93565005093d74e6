import { data, redirect } from "@remix-run/node";
import {
  markAllReadSchema,
  notificationCountSchema,
  notificationEnvelopeSchema,
  notificationListSchema,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationList,
  BADGE_COUNT_MAX,
} from "#contract/notifications";
import { safeReturnPath } from "../access/account-menu";
import type { Api } from "./api.server";
import { getSession, sessionStorage, type Toast } from "./session.server";

/** The spec's messages, word for word. */
export const NOTIFICATION_TOASTS = {
  deleted: "Notification deleted.",
  markAllFailed: "Problem marking notifications as read.",
  markOneFailed: "Problem marking notification as read.",
  deleteFailed: "Problem deleting notification.",
} as const;

/** The most pages of 4 the no-JavaScript panel shows at once ('More' adds one each time). */
export const MAX_PANEL_PAGES = 25;

/** The badge's count: up to BADGE_COUNT_MAX (the badge reads '99+' from 100). */
export const unreadCount = async (api: Api) => (await api.get("/notification/count", { query: { max: BADGE_COUNT_MAX }, schema: notificationCountSchema })).new;

export const notificationPage = (api: Api, page: number) =>
  api.get("/notification", { query: { "page[number]": page, "page[size]": NOTIFICATIONS_PAGE_SIZE }, schema: notificationListSchema });

/** Pages 1..n of 4, as one list (the panel without JavaScript shows everything loaded so far). */
export async function notificationPages(api: Api, pages: number): Promise<{ items: Notification[]; total: number; more: boolean }> {
  const n = Math.min(Math.max(1, pages), MAX_PANEL_PAGES);
  const results: NotificationList[] = await Promise.all(Array.from({ length: n }, (_, i) => notificationPage(api, i + 1)));
  const seen = new Set<string>();
  const items = results.flatMap((r) => r.items).filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
  const last = results[results.length - 1].meta;
  return { items, total: last.total, more: last.current_page < last.last_page && n < MAX_PANEL_PAGES };
}

export const getNotification = async (api: Api, id: string) =>
  (await api.get(`/notification/${encodeURIComponent(id)}`, { schema: notificationEnvelopeSchema })).data;
export const markRead = async (api: Api, id: string) =>
  (await api.post(`/notification/${encodeURIComponent(id)}/read`, { schema: notificationEnvelopeSchema })).data;
export const markAllRead = (api: Api) => api.post("/notification/read", { schema: markAllReadSchema });
export const deleteNotification = (api: Api, id: string) => api.delete(`/notification/${encodeURIComponent(id)}`);

/** A thrown redirect (session expired, signed out) must go on; anything else is a problem to report. */
export function isRedirect(error: unknown): error is Response {
  return error instanceof Response && error.status >= 300 && error.status < 400;
}

/** `?pages=` of the panel: 1..25. */
export function pagesParam(url: URL): number {
  const n = Number.parseInt(url.searchParams.get("pages") ?? "1", 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 1), MAX_PANEL_PAGES) : 1;
}

/** Where the panel closes to: the page it was opened on (a path of this portal), or the dashboard. */
export function fromParam(url: URL | FormData): string {
  const value = url instanceof URL ? url.searchParams.get("from") : url.get("from");
  const path = safeReturnPath(typeof value === "string" ? value : null);
  return path && !path.startsWith("/notifications") ? path : "/dashboard";
}

/** The panel's own URL (no JavaScript): where it was opened from and how many pages it shows. */
export function panelHref(from: string, pages = 1): string {
  const params = new URLSearchParams({ from });
  if (pages > 1) params.set("pages", String(pages));
  return `/notifications?${params}`;
}

/**
 * The answer to a panel action sent by the popover's fetcher (JavaScript): data, with the toast flashed
 * into the session so the revalidated root shows it. Without JavaScript (or with `form` null, for a
 * navigation): a redirect with the toast.
 */
export async function respond(request: Request, form: FormData | null, to: string, toast: Toast | null, result: Record<string, unknown> = {}) {
  const session = await getSession(request);
  if (toast) session.flash("toast", toast);
  const headers = { "Set-Cookie": await sessionStorage.commitSession(session) };
  if (form?.get("_js") === "1") return data({ ok: toast?.kind !== "error", ...result }, { headers });
  return redirect(to, { headers });
}

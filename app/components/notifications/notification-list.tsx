import type { ReactNode } from "react";
import type { Notification } from "#contract/notifications";
import { formatDateTime } from "#common/format";
import { relativeDate } from "#app/lib/relative-date";
import { Form } from "../form/form";

export const NO_NOTIFICATIONS = "No Notifications";

export interface NotificationItemProps {
  notification: Notification;
  /** Where the panel's forms post (the /notifications route, with its from and pages). */
  action: string;
  /** The delete control: a link to the confirmation (no JavaScript) or a button opening the dialog. */
  deleteControl: ReactNode;
  now: number;
  /** Sent from the popover (JavaScript): a notification without a link then stays on the page. */
  js?: boolean;
  /** The icon of a notification without an image (the bell's glyph, drawn by the header's bell module). */
  glyph: ReactNode;
}

/**
 * One notification. The whole text is the submit button of a POST form: it marks the notification read
 * and goes to its link (so it works without JavaScript, and a click is never a bare GET that changes state).
 */
export function NotificationItem({ notification: n, action, deleteControl, now, js, glyph }: NotificationItemProps) {
  const unread = n.read_at === null;
  return (
    <li className={`flex items-start gap-2 px-3 py-2 ${unread ? "bg-brand/5" : ""}`} data-notification data-unread={unread ? "true" : "false"} data-id={n.id}>
      <Form method="post" action={action} className="min-w-0 flex-1">
        <input type="hidden" name="intent" value="read" />
        <input type="hidden" name="id" value={n.id} />
        {js ? <input type="hidden" name="_js" value="1" /> : null}
        <button
          type="submit"
          className="flex w-full items-start gap-3 rounded-md p-1 text-left hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
          data-link={n.data.link ?? ""}
        >
          {n.data.image ? (
            <img src={n.data.image} alt="" width={32} height={32} className="mt-0.5 h-8 w-8 shrink-0 rounded-full object-cover" loading="lazy" />
          ) : (
            <span aria-hidden="true" className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
              {glyph}
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-2">
              <span className={`truncate text-sm ${unread ? "font-semibold text-slate-900" : "font-medium text-slate-700"}`} data-title>
                {n.data.title}
              </span>
              {unread ? (
                <span className="h-2 w-2 shrink-0 rounded-full bg-brand" title="Unread">
                  <span className="sr-only">(unread)</span>
                </span>
              ) : null}
            </span>
            {n.data.desc ? <span className="mt-0.5 block text-sm text-slate-600">{n.data.desc}</span> : null}
            <time dateTime={n.created_at} title={formatDateTime(n.created_at)} className="mt-0.5 block text-xs text-slate-600" suppressHydrationWarning>
              {relativeDate(n.created_at, now)}
            </time>
          </span>
        </button>
      </Form>
      {deleteControl}
    </li>
  );
}

export interface NotificationPanelProps {
  items: Notification[];
  action: string;
  /** The 'Mark all as read' control (a form). */
  markAll: ReactNode;
  /** The 'More' control, when there are more notifications to load. */
  more: ReactNode;
  deleteControl: (n: Notification) => ReactNode;
  now: number;
  headingId?: string;
  /** Shown while the first page loads (popover). */
  loading?: boolean;
  error?: string | null;
  js?: boolean;
  glyph: ReactNode;
}

/** The list of the panel, shared by the popover (JavaScript) and the /notifications panel (without). */
export function NotificationPanel({ items, action, markAll, more, deleteControl, now, headingId, loading, error, js, glyph }: NotificationPanelProps) {
  return (
    <div data-notifications-panel>
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 pb-2">
        {headingId ? (
          <h2 id={headingId} className="text-sm font-semibold">
            Notifications
          </h2>
        ) : (
          <span />
        )}
        {markAll}
      </div>
      {error ? (
        <p role="alert" className="px-3 py-4 text-sm text-red-700">
          {error}
        </p>
      ) : loading && items.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-500" aria-live="polite">
          Loading...
        </p>
      ) : items.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-500" data-empty>
          {NO_NOTIFICATIONS}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Notifications">
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} action={action} deleteControl={deleteControl(n)} now={now} js={js} glyph={glyph} />
          ))}
        </ul>
      )}
      {more ? <div className="border-t border-slate-100 px-3 pt-2 text-center">{more}</div> : null}
    </div>
  );
}

/** The trash-can control's look, shared by the link (no JavaScript) and the button. */
export const deleteControlClass =
  "mt-1 shrink-0 rounded p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600";

export function TrashGlyph() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-4 w-4"
      aria-hidden="true"
    >
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

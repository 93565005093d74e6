import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { Notification } from "../../../contract/notifications";
import { badgeText, bellLabel } from "../../lib/notification-badge";
import { useHydrated } from "../../lib/use-hydrated";
import { BellGlyph, deleteControlClass, NotificationPanel, TrashGlyph } from "./notification-list";

/** The spec's polling interval of the unread count (with JavaScript). */
export const COUNT_POLL_MS = 30_000;
/**
 * Polling stops after this long without the user touching the page (and while the tab is hidden), so an
 * open tab does not keep an idle session alive for ever: the API's idle time-out still signs them out.
 */
export const POLL_IDLE_STOP_MS = 15 * 60_000;

export interface BellProps {
  /** Unread notifications when the page was loaded. */
  count: number;
  /** The page the panel belongs to (where its forms return). */
  from: string;
}

function panelAction(from: string) {
  return `/notifications?${new URLSearchParams({ from })}`;
}

function Badge({ unread }: { unread: number }) {
  const text = badgeText(unread);
  if (!text) return null;
  return (
    <span aria-hidden="true" data-badge className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white">
      {text}
    </span>
  );
}

const bellClass =
  "relative inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand";

/**
 * The header's bell with its unread badge. Without JavaScript a link to the /notifications panel (the
 * count is fresh on every page load). With JavaScript a popover, refetched each time it opens, 4 at a
 * time with 'More'; the count is polled every 30 s.
 */
export function NotificationBell({ count, from }: BellProps) {
  const hydrated = useHydrated();
  const [unread, setUnread] = useState(count);
  useEffect(() => setUnread(count), [count]);
  useCountPolling(hydrated, setUnread);
  if (!hydrated) {
    return (
      <Link to={`/notifications?${new URLSearchParams({ from })}`} className={bellClass} aria-label={bellLabel(unread)} data-bell>
        <BellGlyph />
        <Badge unread={unread} />
      </Link>
    );
  }
  return <NotificationPopover unread={unread} setUnread={setUnread} from={from} />;
}

/** Polls /resources/notification-count every 30 s while the tab is visible and the user is around. */
function useCountPolling(enabled: boolean, setUnread: (n: number) => void) {
  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    const touch = () => (lastActivity = Date.now());
    const events = ["pointerdown", "keydown", "scroll", "focus"] as const;
    for (const e of events) window.addEventListener(e, touch, { passive: true });
    let stopped = false;
    async function poll() {
      if (document.visibilityState !== "visible" || Date.now() - lastActivity > POLL_IDLE_STOP_MS) return;
      try {
        const res = await fetch("/resources/notification-count", { headers: { accept: "application/json" } });
        // Signed out meanwhile (e.g. the session expired): go where the portal sent us.
        if (res.redirected && !res.url.includes("/resources/")) {
          window.location.assign(res.url);
          return;
        }
        if (!res.ok) return;
        const body = (await res.json()) as { new?: unknown };
        if (!stopped && typeof body.new === "number") setUnread(body.new);
      } catch {
        // Offline for a moment: the next poll tries again.
      }
    }
    const timer = window.setInterval(poll, COUNT_POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && poll();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      for (const e of events) window.removeEventListener(e, touch);
    };
  }, [enabled, setUnread]);
}

interface PageState {
  items: Notification[];
  page: number;
  lastPage: number;
}

function NotificationPopover({ unread, setUnread, from }: { unread: number; setUnread: (n: number) => void; from: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<PageState>({ items: [], page: 0, lastPage: 1 });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Notification | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const markAll = useFetcher<{ ok: boolean }>();
  const remove = useFetcher<{ ok: boolean; id?: string }>();
  const action = panelAction(from);

  const load = useCallback(async (page: number) => {
    setLoading(true);
    setError(null);
    try {
      const res = await fetch(`/resources/notifications?page=${page}`, { headers: { accept: "application/json" } });
      if (res.redirected && !res.url.includes("/resources/")) {
        window.location.assign(res.url);
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { items: Notification[]; meta: { current_page: number; last_page: number } };
      setState((s) => {
        const base = page === 1 ? [] : s.items;
        const seen = new Set(base.map((i) => i.id));
        return { items: [...base, ...body.items.filter((i) => !seen.has(i.id))], page: body.meta.current_page, lastPage: body.meta.last_page };
      });
      setNow(Date.now());
    } catch {
      setError("The notifications could not be loaded. Please try again.");
    } finally {
      setLoading(false);
    }
  }, []);

  // Refetched every time it opens (spec §9).
  useEffect(() => {
    if (open) void load(1);
  }, [open, load]);

  // A navigation (e.g. after clicking a notification) closes it.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  // Escape and clicks outside close it (not while the delete confirmation is up).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !confirming) {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (confirming) return;
      const t = e.target as Node;
      if (panelRef.current?.contains(t) || buttonRef.current?.contains(t)) return;
      setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, confirming]);

  // After 'Mark all as read' succeeded: everything shown is read, and the badge clears.
  useEffect(() => {
    if (markAll.state === "idle" && markAll.data?.ok) {
      const at = new Date().toISOString();
      setState((s) => ({ ...s, items: s.items.map((i) => (i.read_at ? i : { ...i, read_at: at })) }));
      setUnread(0);
    }
  }, [markAll.state, markAll.data, setUnread]);

  // After a delete succeeded: gone from the list.
  useEffect(() => {
    if (remove.state === "idle" && remove.data?.ok && remove.data.id) {
      const id = remove.data.id;
      setState((s) => ({ ...s, items: s.items.filter((i) => i.id !== id) }));
    }
  }, [remove.state, remove.data]);

  const hasUnread = unread > 0 || state.items.some((i) => i.read_at === null);
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={bellClass}
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-bell
      >
        <BellGlyph />
        <Badge unread={unread} />
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={headingId}
          className="absolute right-0 z-40 mt-2 max-h-[70vh] w-[22rem] max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md bg-white py-2 shadow-lg ring-1 ring-slate-200"
          data-popover
        >
          <NotificationPanel
            items={state.items}
            action={action}
            now={now}
            headingId={headingId}
            loading={loading}
            error={error}
            js
            markAll={
              <markAll.Form method="post" action={action}>
                <input type="hidden" name="intent" value="read-all" />
                <input type="hidden" name="_js" value="1" />
                <button type="submit" className="text-xs font-semibold text-brand hover:underline disabled:opacity-50" disabled={!hasUnread || markAll.state !== "idle"}>
                  Mark all as read
                </button>
              </markAll.Form>
            }
            more={
              state.page > 0 && state.page < state.lastPage ? (
                <button type="button" className="text-sm font-medium text-brand hover:underline disabled:opacity-50" onClick={() => load(state.page + 1)} disabled={loading}>
                  {loading ? "Loading..." : "More"}
                </button>
              ) : null
            }
            deleteControl={(n) => (
              <button type="button" className={deleteControlClass} aria-label={`Delete notification: ${n.data.title}`} onClick={() => setConfirming(n)}>
                <TrashGlyph />
              </button>
            )}
          />
        </div>
      ) : null}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} className="relative z-50">
        <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl" data-confirm>
            <DialogTitle className="text-lg font-semibold">Delete notification</DialogTitle>
            <p className="mt-2 text-sm text-slate-600">
              Are you sure you want to delete this notification?
              {confirming ? <span className="mt-1 block font-medium text-slate-800">{confirming.data.title}</span> : null}
            </p>
            <remove.Form method="post" action={action} className="mt-6 flex justify-end gap-2" onSubmit={() => setConfirming(null)}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={confirming?.id ?? ""} />
              <input type="hidden" name="_js" value="1" />
              <button type="button" className="btn-secondary" onClick={() => setConfirming(null)}>
                Cancel
              </button>
              <button type="submit" className="btn bg-red-600 text-white hover:bg-red-700" autoFocus>
                Delete
              </button>
            </remove.Form>
          </DialogPanel>
        </div>
      </Dialog>
    </div>
  );
}

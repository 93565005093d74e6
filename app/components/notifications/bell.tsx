import { Link, useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { badgeText, bellLabel } from "../../lib/notification-badge";
import { useHydrated } from "../../lib/use-hydrated";
import { BellGlyph } from "./bell-glyph";

// The panel (its list, forms and delete confirmation) is its own chunk: fetched when the bell is first pointed
// at or focused, so the header costs every page little more than the button.
const loadPanel = () => import("./bell-panel");
const BellPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

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

function NotificationPopover({ unread, setUnread, from }: { unread: number; setUnread: (n: number) => void; from: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const close = useCallback(() => setOpen(false), []);

  // A navigation (e.g. after clicking a notification) closes it.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

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
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        data-bell
      >
        <BellGlyph />
        <Badge unread={unread} />
      </button>
      {open ? (
        <Suspense
          fallback={
            <div id={panelId} role="status" className="absolute right-0 z-40 mt-2 w-[22rem] max-w-[calc(100vw-2rem)] rounded-md bg-white px-3 py-3 text-sm text-slate-500 shadow-lg ring-1 ring-slate-200">
              Loading...
            </div>
          }
        >
          <BellPanel unread={unread} setUnread={setUnread} from={from} id={panelId} buttonRef={buttonRef} close={close} />
        </Suspense>
      ) : null}
    </div>
  );
}

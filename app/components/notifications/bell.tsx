import { Link, useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { badgeText, bellLabel } from "#app/lib/notification-badge";
import { useHydrated } from "#app/lib/use-hydrated";
import { PHONE_POPOVER } from "../frame/popover";
import { Icon } from "../ui/icon";

// The panel (its list, forms and delete confirmation) is its own chunk: fetched when the bell is first pointed
// at or focused, so the header costs every page little more than the button.
const loadPanel = () => import("./bell-panel");
const BellPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

/**
 * The bell icon: the header's button, and the placeholder of a notification without an image (given to the
 * panel and the /notifications page as a prop, so the icon ships once, with the frame).
 */
export function BellGlyph({ className = "h-5 w-5" }: { className?: string }) {
  return <Icon name="bell" className={className} />;
}

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
    <span
      aria-hidden="true"
      data-badge
      className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
    >
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

/**
 * Polls the unread count every 30 s (count-polling.ts): a chunk of its own, fetched once the page has
 * hydrated (the first poll is 30 s away).
 */
function useCountPolling(enabled: boolean, setUnread: (n: number) => void) {
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./count-polling").then(
      (m) => {
        if (!cancelled) stop = m.pollUnreadCount(setUnread);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
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
            <div
              id={panelId}
              role="status"
              className={`absolute right-0 z-40 mt-2 w-[22rem] max-w-[calc(100vw-2rem)] ${PHONE_POPOVER} rounded-md bg-white px-3 py-3 text-sm text-slate-500 shadow-lg ring-1 ring-slate-200`}
            >
              Loading...
            </div>
          }
        >
          <BellPanel
            unread={unread}
            setUnread={setUnread}
            from={from}
            id={panelId}
            buttonRef={buttonRef}
            close={close}
            glyph={<BellGlyph className="h-4 w-4" />}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

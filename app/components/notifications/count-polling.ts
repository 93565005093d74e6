/**
 * The bell's unread count, polled with JavaScript (bell.tsx loads this module once the page has hydrated).
 */

/** The spec's polling interval of the unread count (with JavaScript). */
export const COUNT_POLL_MS = 30_000;
/**
 * Polling stops after this long without the user touching the page (and while the tab is hidden), so an
 * open tab does not keep an idle session alive for ever: the API's idle time-out still signs them out.
 */
export const POLL_IDLE_STOP_MS = 15 * 60_000;

/** Polls /resources/notification-count every 30 s while the tab is visible and the user is around; returns the stop. */
export function pollUnreadCount(setUnread: (n: number) => void): () => void {
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
}

import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useSyncExternalStore } from "react";

function subscribe() {
  return () => {};
}

/**
 * False on the server and during hydration, true afterwards (and at once for components mounted by a
 * client-side navigation). Lets a control render its no-JavaScript form first and switch to the
 * enhanced one only when JavaScript runs, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

let appHydrated = false;

/** The root route calls this: it notes once that the first page has hydrated (see `island` in island.ts). */
export function useMarkAppHydrated(): void {
  useEffect(() => {
    appHydrated = true;
  }, []);
}

/** Whether the first page has hydrated: false on the server, and in the browser until the root route's effect ran. */
export function isAppHydrated(): boolean {
  return appHydrated;
}

/**
 * Runs `effect` after each client-side navigation, as a page load would reset what it undoes, but not when the
 * component first renders: on a page load that is hydration, and what the user opened before the page's scripts
 * arrived (a menu, a disclosure) stays open.
 */
export function useAfterNavigation(effect: () => void): void {
  const { key } = useLocation();
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    effect();
  }, [key, effect]);
}

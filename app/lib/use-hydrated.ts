import { useSyncExternalStore } from "react";

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

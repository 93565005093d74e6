import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { isListChange, type NavigationLike } from "#app/lib/list-navigation";

/** How long a navigation runs before the overlay shows: a page that answers sooner never flashes it. */
export const LOADER_OVERLAY_DELAY_MS = 400;

/** Whether a navigation in progress is one the overlay covers: anything but a list's own change (`isListChange`). */
export const coversNavigation = (navigation: NavigationLike, pathname: string): boolean => navigation.state !== "idle" && !isListChange(navigation, pathname);

/**
 * The frame's full-screen loader overlay: when a page change or a form's sending takes longer than
 * LOADER_OVERLAY_DELAY_MS, the page is covered by a spinner so that it is clear something is under way and
 * nothing is clicked twice. Without JavaScript the browser's own loading indicator does this.
 */
export function LoaderOverlay({ pathname }: { pathname: string }) {
  const navigation = useNavigation();
  const covering = coversNavigation(navigation, pathname);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!covering) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), LOADER_OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [covering]);
  if (!shown) return null;
  return (
    <div className="fixed inset-0 z-[55] flex items-center justify-center bg-white/60 backdrop-blur-[1px]" data-loader-overlay>
      <div role="status" className="flex flex-col items-center gap-3 rounded-lg bg-white px-6 py-5 shadow-lg ring-1 ring-slate-200">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand" aria-hidden="true" />
        <span className="text-sm font-medium text-slate-700">Loading…</span>
      </div>
    </div>
  );
}

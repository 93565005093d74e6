import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { isListChange, type NavigationLike } from "#app/lib/list-navigation";

/** How long a navigation runs before the overlay shows: a page that answers sooner never flashes it. */
export const LOADER_OVERLAY_DELAY_MS = 400;

/** Whether a navigation in progress is one the overlay covers: anything but a list's own change (`isListChange`). */
export const coversNavigation = (navigation: NavigationLike, pathname: string): boolean => navigation.state !== "idle" && !isListChange(navigation, pathname);

/**
 * The frame's loader: when a page change or a form's sending takes longer than LOADER_OVERLAY_DELAY_MS, a slim
 * progress bar runs along the top of the window (announced as "Loading…" to screen readers), so it is clear
 * something is under way; the page is not covered or blurred. Without JavaScript the browser's own loading indicator does this.
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
  // A slim progress bar along the top of the window: the page stays readable, nothing is blurred.
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[55] h-1 overflow-hidden bg-brand/15" data-loader-overlay>
      <div className="loader-bar h-full w-1/3 bg-brand" aria-hidden="true" />
      <span role="status" className="sr-only">
        Loading…
      </span>
    </div>
  );
}

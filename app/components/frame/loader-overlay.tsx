import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** How long a navigation runs before the overlay shows: a page that answers sooner never flashes it. */
export const LOADER_OVERLAY_DELAY_MS = 400;

/**
 * Whether a navigation in progress is one the overlay covers: the move to another page or the sending of a
 * form that changes something. A list's own search, filter, sort or page change (a link or a GET form to the
 * same address with another query) is left to the list, which shows placeholder rows in its table instead of
 * hiding the page the user is working in (and typing into).
 */
export function coversNavigation(
  navigation: { state: "idle" | "loading" | "submitting"; formMethod?: string; location?: { pathname: string } },
  pathname: string,
): boolean {
  if (navigation.state === "idle") return false;
  const method = navigation.formMethod?.toUpperCase();
  if (navigation.state === "submitting" || (method !== undefined && method !== "GET")) return true;
  return navigation.location?.pathname !== pathname;
}

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

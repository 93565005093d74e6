import { Link } from "@remix-run/react";
import { forwardRef, startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import { isAppHydrated, useHydrated } from "../lib/use-hydrated";

export interface DrawerProps {
  title: string;
  /** Where closing goes (the parent list, keeping its URL state). */
  closeTo: string;
  /** While false, backdrop clicks and Escape do not close it (e.g. while saving). */
  dismissible?: boolean;
  children: ReactNode;
}

// Headless UI's dialog (17.5 KB gzip) is a chunk fetched after the page's first-load JavaScript; after the first
// page it is fetched as soon as a route using the drawer loads, beside the route's data. (The same as `island` in
// app/lib/island.ts, written out here: importing island.ts from this module moved island.ts out of the frame's
// chunk into a chunk of its own, 0.15 KB more on every page.)
type DialogModule = typeof import("./drawer-dialog");
let dialog: DialogModule | undefined;
let pending: Promise<DialogModule> | undefined;
let failed: { error: unknown } | undefined;
const loadDialog = () =>
  (pending ??= import("./drawer-dialog").then(
    (m) => (dialog = m),
    (error: unknown) => {
      failed = { error };
      pending = undefined;
      throw error;
    },
  ));
if (typeof document !== "undefined" && isAppHydrated()) void loadDialog().catch(() => undefined);

/** The drawer without JavaScript: a panel over the page whose backdrop and close button are links back. */
const PlainDrawer = forwardRef<HTMLDivElement, DrawerProps>(function PlainDrawer(props, ref) {
  return (
    <div ref={ref} className="relative z-50" data-drawer-open role="dialog" aria-modal="true" aria-labelledby="drawer-title">
      <Link to={props.closeTo} className="fixed inset-0 bg-slate-900/40" aria-label="Close" tabIndex={-1} />
      <div className="fixed inset-y-0 right-0 flex w-screen max-w-lg flex-col overflow-y-auto bg-white shadow-xl" data-drawer>
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <h2 id="drawer-title" className="text-lg font-semibold">
            {props.title}
          </h2>
          <Link to={props.closeTo} className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
            ✕
          </Link>
        </div>
        <div className="flex-1 px-6 py-5">{props.children}</div>
      </div>
    </div>
  );
});

/**
 * A side drawer rendered by a nested route: without JavaScript a panel over the page whose backdrop and close
 * button are links back; with it a Headless UI dialog (focus trap, Escape, backdrop click).
 *
 * Opened by a client-side navigation, it waits for the dialog's chunk (the navigation is a transition: the page
 * stays as it was meanwhile, and the chunk is seldom still on its way). Drawn by the server (the page's first
 * load), it stays the panel until the chunk has arrived, and stays it if something was typed into it meanwhile
 * (the dialog draws its content anew, which would lose what was typed).
 */
export function Drawer(props: DrawerProps) {
  const hydrated = useHydrated();
  const [fromServer] = useState(() => !hydrated);
  const [ready, setReady] = useState(() => dialog !== undefined);
  const plain = useRef<HTMLDivElement>(null);
  const waiting = hydrated && fromServer && !ready;
  useEffect(() => {
    if (!waiting) return;
    let typed = false;
    let live = true;
    const mark = () => {
      typed = true;
    };
    const panel = plain.current;
    panel?.addEventListener("input", mark, true);
    loadDialog().then(
      // A transition: parts of the page still waiting for their chunks (islands) stay as the server drew them
      // (an urgent update reaching one would make React draw it anew, and report it).
      () => live && !typed && startTransition(() => setReady(true)),
      () => undefined, // the panel keeps working as it does without JavaScript
    );
    return () => {
      live = false;
      panel?.removeEventListener("input", mark, true);
    };
  }, [waiting]);
  if (!hydrated || (fromServer && !ready)) return <PlainDrawer ref={plain} {...props} />;
  if (dialog) return <dialog.DrawerDialog {...props} />;
  if (failed) {
    // To the route's error boundary, once; a later render tries again.
    const { error } = failed;
    failed = undefined;
    throw error;
  }
  throw loadDialog();
}

import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { isAppHydrated, useHydrated } from "../lib/use-hydrated";
import { Icon } from "./ui/icon";

export interface DrawerProps {
  title: string;
  /** Where closing goes (the parent list, keeping its URL state). */
  closeTo: string;
  /** While false, backdrop clicks and Escape do not close it (e.g. while saving). */
  dismissible?: boolean;
  children: ReactNode;
}

// Headless UI's dialog (17.5 KB gzip) is a chunk fetched after the page's first-load JavaScript: as soon as a
// route using the drawer loads after the first page, beside the route's data, or once a drawer drawn by the server
// is live. (The same as `island` in app/lib/island.ts, written out here: importing island.ts from this module moved
// island.ts out of the frame's chunk into a chunk of its own, 0.15 KB more on every page.)
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

/** While a drawer is open, the page's body is marked as having one (`data-drawer-open`). */
export function useBodyMark(open = true) {
  useEffect(() => {
    if (!open) return;
    document.body.dataset.drawerOpen = "true";
    return () => {
      delete document.body.dataset.drawerOpen;
    };
  }, [open]);
}

/**
 * Once the drawer has closed, and nothing else took the focus, the focus goes back to what opened it: `opener`
 * (what had the focus when the drawer was drawn) when still on the page, else the page's link to the drawer's own
 * address (a drawer drawn by the server was opened by a page load, but that link would have opened it), else the
 * page's main region. Without it the focus would be left on the page's body, and the keyboard's next Tab starts
 * from the top of the page.
 */
export function useFocusReturn(opener: HTMLElement | null) {
  const location = useLocation();
  const [address] = useState(() => `${location.pathname}${location.search}`);
  useEffect(
    () => () => {
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const link = [...document.querySelectorAll<HTMLAnchorElement>("main a[href]")].find((a) => a.getAttribute("href") === address);
        const target = opener?.isConnected ? opener : (link ?? document.getElementById("main"));
        target?.focus({ preventScroll: true });
      });
    },
    [opener, address],
  );
}

/**
 * Makes `panel` modal: everything else in the page inert (no focus, no clicks, hidden from assistive
 * technology), the page's scroll held, and the focus moved into the panel unless it is there already. The
 * returned function undoes it.
 */
function holdModal(panel: HTMLElement) {
  const inert: Element[] = [];
  for (let node: Element = panel; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute("inert") || sibling instanceof HTMLScriptElement) continue;
      sibling.setAttribute("inert", "");
      inert.push(sibling);
    }
  }
  const root = document.documentElement;
  const overflow = root.style.overflow;
  root.style.overflow = "hidden";
  if (!panel.contains(document.activeElement)) panel.querySelector<HTMLElement>("[data-drawer]")?.focus({ preventScroll: true });
  return () => {
    for (const element of inert) element.removeAttribute("inert");
    root.style.overflow = overflow;
  };
}

/**
 * The drawer drawn by the server: a panel over the page whose backdrop and close button are links back. Once the
 * page's JavaScript runs it is a modal like the dialog (the page behind inert, Escape closes it, and neither the
 * backdrop nor Escape while it is not dismissible) without being drawn anew, so nothing typed into it is lost.
 */
function PanelDrawer({ title, closeTo, dismissible = true, children }: DrawerProps) {
  const live = useHydrated();
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useBodyMark(live);
  useFocusReturn(null);
  useEffect(() => {
    if (!live || !panel.current) return;
    void loadDialog().catch(() => undefined); // for the drawers opened from this page later
    return holdModal(panel.current);
  }, [live]);
  useEffect(() => {
    if (!live || !dismissible) return;
    // An Escape a control inside has used (a dropdown closing, a confirmation on top) is not the drawer's.
    const close = (event: KeyboardEvent) => event.key === "Escape" && !event.defaultPrevented && navigate(closeTo, { preventScrollReset: true });
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [live, dismissible, closeTo, navigate]);
  const held = (event: MouseEvent) => !dismissible && event.preventDefault();
  return (
    <div ref={panel} className="relative z-50" data-drawer-open role="dialog" aria-modal="true" aria-labelledby="drawer-title">
      <Link to={closeTo} preventScrollReset onClick={held} className="fixed inset-0 bg-slate-900/30" aria-label="Close" tabIndex={-1} />
      <div
        className="fixed inset-y-0 right-0 flex w-screen max-w-lg flex-col overflow-y-auto bg-white shadow-popover ring-1 ring-slate-900/5 outline-none"
        tabIndex={-1}
        data-drawer
      >
        <div className="flex items-center justify-between border-b border-line px-6 py-4">
          <h2 id="drawer-title" className="text-lg font-semibold">
            {title}
          </h2>
          {dismissible ? (
            <Link to={closeTo} preventScrollReset className="btn-quiet btn-sm btn-icon -mr-2 text-slate-500" aria-label="Close">
              <Icon name="x" className="h-[18px] w-[18px]" />
            </Link>
          ) : null}
        </div>
        <div className="flex-1 px-6 py-5">{children}</div>
      </div>
    </div>
  );
}

/**
 * A side drawer rendered by a nested route. Drawn by the server (the page's first load, or without JavaScript) it
 * is the panel (`PanelDrawer`), and stays it: drawing a dialog in its place would draw its form anew, and
 * whatever was typed into it meanwhile would be lost. Opened by a client-side navigation it is a Headless UI
 * dialog (focus trap, Escape, backdrop click); the navigation is a transition, so the page stays as it was while
 * the dialog's chunk is seldom still on its way.
 */
export function Drawer(props: DrawerProps) {
  const hydrated = useHydrated();
  const [fromServer] = useState(() => !hydrated);
  if (fromServer) return <PanelDrawer {...props} />;
  if (dialog) return <dialog.DrawerDialog {...props} />;
  if (failed) {
    // To the route's error boundary, once; a later render tries again.
    const { error } = failed;
    failed = undefined;
    throw error;
  }
  throw loadDialog();
}

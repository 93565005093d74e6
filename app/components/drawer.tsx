import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useHydrated } from "../lib/use-hydrated";

export interface DrawerProps {
  title: string;
  /** Where closing goes (the parent list, keeping its URL state). */
  closeTo: string;
  /** While false, backdrop clicks and Escape do not close it (e.g. while saving). */
  dismissible?: boolean;
  children: ReactNode;
}

function useBodyMark() {
  useEffect(() => {
    document.body.dataset.drawerOpen = "true";
    return () => {
      delete document.body.dataset.drawerOpen;
    };
  }, []);
}

function HydratedDrawer({ title, closeTo, dismissible = true, children }: DrawerProps) {
  const navigate = useNavigate();
  useBodyMark();
  return (
    <Dialog open onClose={() => dismissible && navigate(closeTo, { preventScrollReset: true })} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-y-0 right-0 flex max-w-full">
        <DialogPanel className="flex h-full w-screen max-w-lg flex-col overflow-y-auto bg-white shadow-xl" data-drawer>
          <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            {dismissible ? (
              <Link to={closeTo} preventScrollReset className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
                ✕
              </Link>
            ) : null}
          </div>
          <div className="flex-1 px-6 py-5">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * A side drawer rendered by a nested route: without JavaScript a panel over the page whose backdrop and
 * close button are links back; with it a Headless UI dialog (focus trap, Escape, backdrop click).
 */
export function Drawer(props: DrawerProps) {
  const hydrated = useHydrated();
  if (hydrated) return <HydratedDrawer {...props} />;
  return (
    <div className="relative z-50" data-drawer-open role="dialog" aria-modal="true" aria-labelledby="drawer-title">
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
}

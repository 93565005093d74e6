import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { useBodyMark, useFocusReturn, type DrawerProps } from "./drawer";
import { Icon } from "./ui/icon";

/**
 * The drawer as a Headless UI dialog (focus trap, Escape, backdrop click, the page behind made inert): a chunk
 * fetched after the page's first-load JavaScript, through `Drawer` (drawer.tsx).
 */
export function DrawerDialog({ title, closeTo, dismissible = true, children }: DrawerProps) {
  const navigate = useNavigate();
  useBodyMark();
  // What opened it (the link or button with the focus when it was first drawn) has the focus again once it has
  // closed: the dialog ends with the route, so Headless UI's own return of the focus (on closing an open dialog)
  // does not happen.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  useFocusReturn(opener);
  return (
    <Dialog open onClose={() => dismissible && navigate(closeTo, { preventScrollReset: true })} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/30" />
      <div className="fixed inset-y-0 right-0 flex max-w-full">
        <DialogPanel className="flex h-full w-screen max-w-lg flex-col overflow-y-auto bg-white shadow-popover ring-1 ring-slate-900/5" data-drawer>
          <div className="flex items-center justify-between border-b border-line px-6 py-4">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            {dismissible ? (
              <Link to={closeTo} preventScrollReset className="btn-quiet btn-sm btn-icon -mr-2 text-slate-500" aria-label="Close">
                <Icon name="x" className="h-[18px] w-[18px]" />
              </Link>
            ) : null}
          </div>
          <div className="flex-1 px-6 py-5">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

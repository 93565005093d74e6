import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useNavigate, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "../lib/use-hydrated";
import { Form } from "./form/form";

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  cancelTo: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Extra hidden fields for the POST (intent, ids …). */
  fields?: Record<string, string | string[]>;
  action?: string;
}

function Body({
  title,
  message,
  cancelTo,
  confirmLabel = "Remove",
  cancelLabel = "Cancel",
  fields = {},
  action,
  titleEl,
}: ConfirmDialogProps & { titleEl: ReactNode }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl" data-confirm>
      {titleEl}
      <div className="mt-2 text-sm text-slate-600">{message}</div>
      <Form method="post" action={action} className="mt-6 flex justify-end gap-2">
        {Object.entries(fields).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((v) => <input key={`${name}-${v}`} type="hidden" name={name} value={v} />),
        )}
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          {cancelLabel}
        </Link>
        <button type="submit" className="btn-danger" disabled={busy} autoFocus>
          {confirmLabel}
        </button>
      </Form>
      <span className="sr-only">{title}</span>
    </div>
  );
}

/** A confirmation before a destructive action, as a nested route: a page panel without JavaScript, a modal dialog with it. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated) {
    return (
      <Dialog open onClose={() => navigate(props.cancelTo, { preventScrollReset: true })} className="relative z-50">
        <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel>
            <Body {...props} titleEl={<DialogTitle className="text-lg font-semibold">{props.title}</DialogTitle>} />
          </DialogPanel>
        </div>
      </Dialog>
    );
  }
  return (
    <div className="relative z-50" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title">
      <Link to={props.cancelTo} className="fixed inset-0 bg-slate-900/40" aria-label={props.cancelLabel ?? "Cancel"} tabIndex={-1} />
      <div className="fixed inset-0 flex items-center justify-center p-4 [pointer-events:none]">
        <div className="[pointer-events:auto]">
          <Body
            {...props}
            titleEl={
              <h2 id="confirm-title" className="text-lg font-semibold">
                {props.title}
              </h2>
            }
          />
        </div>
      </div>
    </div>
  );
}

/** How a bulk delete names its records: "workflow" / "workflows". */
export interface RecordNouns {
  one: string;
  many: string;
}

/** The confirmation of a row's Delete and of a list's bulk Delete: the ids in the URL, 'Remove' sends them. */
export function BulkDeleteDialog({ ids, back, nouns }: { ids: string[]; back: string; nouns: RecordNouns }) {
  return (
    <ConfirmDialog
      title={ids.length === 1 ? `Delete ${nouns.one}` : `Delete ${nouns.many}`}
      message={ids.length === 1 ? `Are you sure you want to delete this ${nouns.one}?` : `Are you sure you want to delete these ${ids.length} ${nouns.many}?`}
      cancelTo={back}
      confirmLabel="Remove"
      fields={{ ids }}
    />
  );
}

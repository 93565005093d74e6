import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "../confirm-dialog";
import { SALES_KINDS, type SalesKind } from "./kinds";

const WORDS = {
  "mark-sent": { title: "Mark as sent", verb: "mark as sent", label: "Mark as sent", note: "Drafts get their numbers; the others are left as they are." },
  cancel: { title: "Cancel", verb: "cancel", label: "Cancel them", note: "Only sent (or approved) ones are cancelled; they keep their numbers." },
  delete: { title: "Delete drafts", verb: "delete", label: "Remove", note: "Only drafts are deleted: a sent one is cancelled, never deleted." },
} as const;

/** The confirmation of a quotes or invoices list's bulk action (a page panel without JavaScript, a dialog with it). */
export function BulkDocumentConfirm() {
  const { ids, back, kind, operation } = useLoaderData<{ ids: string[]; back: string; kind: SalesKind; operation: keyof typeof WORDS }>();
  const k = SALES_KINDS[kind];
  const w = WORDS[operation];
  const what = ids.length === 1 ? `this ${k.noun}` : `these ${ids.length} ${k.plural}`;
  return (
    <ConfirmDialog
      title={`${w.title}: ${k.plural}`}
      message={
        <>
          <p>{`Are you sure you want to ${w.verb} ${what}?`}</p>
          <p className="mt-1">{w.note}</p>
        </>
      }
      cancelTo={back}
      cancelLabel="Back"
      confirmLabel={w.label}
      fields={{ ids }}
    />
  );
}

import { useNavigation } from "@remix-run/react";
import type { Note } from "#contract/clients";
import { formatDateTime } from "#common/format";
import { FormAlert } from "../form/field";
import { BodyTextarea } from "./body-textarea";
import { useClientForm } from "./client-form";
import { Form } from "../form/form";
import { Icon } from "../ui/icon";
import { EmptyState } from "../ui/empty-state";

/**
 * The notes of a record, newest first, and a form to add one. A note is plain text as written: React
 * escapes it, and line breaks are kept.
 */
export function NotesPanel({ notes, canAdd, resetKey }: { notes: Note[]; canAdd: boolean; resetKey: string | number }) {
  const state = useClientForm("note-add");
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-4">
      {canAdd ? (
        <Form key={resetKey} method="post" className="space-y-2" preventScrollReset>
          <input type="hidden" name="intent" value="note-add" />
          <FormAlert messages={state.message ? [state.message, ...state.others(["body"])] : null} />
          <label htmlFor="note-body" className="field-label">
            New note
          </label>
          <BodyTextarea id="note-body" rows={3} maxLength={10000} state={state} />
          <div className="flex justify-end">
            <button type="submit" className="btn-primary" disabled={busy}>
              <Icon name="plus" />
              Add note
            </button>
          </div>
        </Form>
      ) : null}
      {notes.length === 0 ? (
        <EmptyState compact icon="file-text" title="No notes yet." />
      ) : (
        <ul className="space-y-3" data-notes>
          {notes.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 p-3" data-note={n.id}>
              <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{n.body}</p>
              <div className="mt-2 flex items-center justify-between gap-2 text-xs text-slate-500">
                <span>
                  {n.author?.name ?? "Someone"} · {formatDateTime(n.created_at)}
                </span>
                {n.can_delete ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="note-delete" />
                    <input type="hidden" name="note_id" value={n.id} />
                    <button
                      type="submit"
                      className="rounded px-2 py-1 text-red-700 hover:bg-red-50"
                      disabled={busy}
                      aria-label={`Delete the note of ${formatDateTime(n.created_at)}`}
                    >
                      Delete
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import type { TaskNote } from "#contract/tasks";
import { formatDateTime } from "#common/format";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";
import { PageLinks, SectionSubmit, text } from "./task-section";

/** 'Add a note' (for a manager) above the task's notes, newest first, paged. */
export function NotesSection({
  notes,
  page,
  lastPage,
  hrefFor,
  canManage,
}: {
  notes: TaskNote[];
  page: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  canManage: boolean;
}) {
  return (
    <>
      {canManage ? <AddNote key={`notes-${notes[0]?.id ?? 0}`} /> : null}
      {notes.length === 0 ? (
        <p className="text-sm text-slate-500">No notes yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 p-3 text-sm" data-note>
              <p className="text-xs text-slate-500">
                {n.author?.full_name ?? "Someone"} · <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
              </p>
              {/* Plain text as written: React escapes it; line breaks kept. */}
              <p className="mt-1 whitespace-pre-wrap break-words">{n.body}</p>
              {n.documents.length ? (
                <ul className="mt-2 space-y-1">
                  {n.documents.map((d) => (
                    <li key={d.id}>
                      <a href={d.url} target="_blank" rel="noreferrer" className="text-brand underline">
                        {d.filename}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <PageLinks label="Notes" page={page} lastPage={lastPage} hrefFor={hrefFor} />
    </>
  );
}

function AddNote() {
  const [form, fields] = useFormResult("note");
  const errors = fields.body.errors;
  return (
    <Form method="post" className="mb-4">
      <FormAlert messages={form.errors} />
      <label htmlFor="note-body" className="field-label">
        Add a note
      </label>
      <textarea
        id="note-body"
        name="body"
        rows={3}
        maxLength={10000}
        required
        defaultValue={text(fields.body.initialValue)}
        className="field-input"
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? "note-body-error" : undefined}
      />
      <p id="note-body-error" className="field-error">
        {errors?.join(" ")}
      </p>
      <div className="flex justify-end">
        <SectionSubmit intent="note" label="Add note" busyLabel="Adding…" />
      </div>
    </Form>
  );
}

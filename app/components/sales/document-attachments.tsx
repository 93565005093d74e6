import { formatDateTime } from "#common/format";
import type { DocumentPageData } from "#app/services/sales-detail.server";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { formReading, useFormAnswer } from "../form/form-answer";
import type { SalesKindInfo } from "./kinds";

/** The document's attachments: downloaded through the portal; added and removed while it may change. */
export function Attachments({ data, k }: { data: DocumentPageData; k: SalesKindInfo }) {
  const { doc, editing } = data;
  const answer = useFormAnswer("files");
  const reading = formReading(answer?.form.result);
  return (
    <section aria-label="Documents" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold">Documents</h2>
      <FormAlert messages={reading.top} />
      {doc.documents.length ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {doc.documents.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-3 py-2">
              <a href={`${k.portal}/${doc.id}/documents/${f.id}`} className="text-brand hover:underline" download>
                {f.filename}
              </a>
              <span className="text-xs text-slate-500">{`${Math.max(1, Math.round(f.size / 1024))} KB · ${formatDateTime(f.created_at)}`}</span>
              {editing ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-document" />
                  <input type="hidden" name="document_id" value={f.id} />
                  <button type="submit" className="text-xs text-red-700 underline" aria-label={`Remove ${f.filename}`}>
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No documents attached.</p>
      )}
      {editing ? (
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="upload" />
          <div>
            <label htmlFor="attach-document" className="field-label">
              Attach a document
            </label>
            <input id="attach-document" name="document" type="file" accept=".pdf,.doc,.docx,.xls,.xlsx,.csv,.txt,image/*" className="text-sm" />
            <p className="field-error">{reading.err("document")?.join(" ")}</p>
          </div>
          <div className="pb-5">
            <button type="submit" className="btn-secondary">
              Attach
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

import { Link } from "@remix-run/react";
import type { BdxUpload } from "#contract/bdx";
import { formatDateTime } from "#common/format";
import { FormAlert } from "../form/field";
import { Form } from "../form/form";
import { formReading, useFormAnswer } from "../form/form-answer";
import { EmptyState } from "../ui/empty-state";
import { MONTHS } from "./bdx-import";

const STATUS_LABELS: Record<BdxUpload["status"], string> = {
  uploaded: "Not imported",
  queued: "Waiting",
  running: "Importing",
  done: "Imported",
  failed: "Failed",
};

/** The first step: a file uploaded (form `upload`, its refusal under the file field), and the recent imports. */
export function UploadStep({ uploads, canManage }: { uploads: BdxUpload[]; canManage: boolean }) {
  const reading = formReading(useFormAnswer("upload")?.form.result);
  const error = reading.err("file");
  return (
    <div className="space-y-8">
      {canManage ? (
        <Form method="post" encType="multipart/form-data" className="max-w-xl space-y-2 rounded-lg border border-slate-200 bg-white p-6">
          <input type="hidden" name="intent" value="upload" />
          <h2 className="text-lg font-semibold">Upload a bordereau</h2>
          <p className="text-sm text-slate-600">A CSV (UTF-8 or Windows-1252) or XLSX file of at most 50 MB: a header row, then one policy per row.</p>
          <FormAlert messages={reading.top} />
          <label htmlFor="bdx-file" className="field-label">
            File
          </label>
          <input
            id="bdx-file"
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="block text-sm"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "bdx-file-error" : undefined}
          />
          <p id="bdx-file-error" className="field-error">
            {error?.join(" ")}
          </p>
          <button type="submit" className="btn-primary">
            Upload
          </button>
        </Form>
      ) : null}
      <section>
        <h2 className="mb-2 text-lg font-semibold">Recent imports</h2>
        {uploads.length === 0 ? (
          <EmptyState compact icon="upload" title="No imports yet." />
        ) : (
          <table className="w-full max-w-4xl text-left text-sm">
            <caption className="sr-only">Recent imports</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Declaration</th>
                <th scope="col">Status</th>
                <th scope="col">Rows</th>
              </tr>
            </thead>
            <tbody>
              {uploads.map((u) => (
                <tr key={u.id} className="border-t border-slate-200">
                  <td className="py-1">
                    <Link to={`/bdx-import?upload=${u.id}`} className="text-brand underline">
                      {u.file_name}
                    </Link>
                  </td>
                  <td>{formatDateTime(u.created_at)}</td>
                  <td>{u.declaration_month ? `${MONTHS[u.declaration_month - 1]} ${u.declaration_year}` : "—"}</td>
                  <td>{STATUS_LABELS[u.status]}</td>
                  <td>{u.row_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

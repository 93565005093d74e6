import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { BdxUpload } from "#contract/bdx";
import { Alert } from "../ui/alert";

/** The import running: its progress, asked for again every 2 seconds (a meta refresh without JavaScript). */
export function ProgressStep({ upload }: { upload: BdxUpload }) {
  // With JavaScript the page asks again every 2 seconds; without it, the meta refresh reloads it.
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (state === "idle") revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [revalidate, state]);
  const percent = upload.row_count ? Math.floor((upload.processed_rows / upload.row_count) * 100) : 0;
  return (
    <section className="max-w-xl space-y-3" aria-live="polite">
      <h2 className="text-lg font-semibold">Importing {upload.file_name}</h2>
      <progress max={upload.row_count} value={upload.processed_rows} className="w-full" aria-label="Import progress">
        {percent}%
      </progress>
      <p data-progress>
        {upload.processed_rows} of {upload.row_count} rows done ({percent}%).
        {upload.status === "queued" && upload.failure ? ` The last attempt failed (${upload.failure}); it will be tried again.` : ""}
      </p>
      <p className="text-sm text-slate-600">This page refreshes itself. </p>
      <Link to={`/bdx-import?upload=${upload.id}`} className="btn-secondary">
        Refresh
      </Link>
    </section>
  );
}

/** The import done (or failed): its totals, its rows with their reasons, and the report as CSV. */
export function ReportStep({
  upload,
  report,
}: {
  upload: BdxUpload;
  report: { data: { line: number; outcome: string; policy_number: string | null; reasons: string[] }[]; meta: { current_page: number; last_page: number } };
}) {
  const { current_page: page, last_page: last } = report.meta;
  return (
    <section className="space-y-4">
      <h2 className="text-lg font-semibold">Report of {upload.file_name}</h2>
      {upload.status === "failed" ? (
        <Alert tone="danger" role="alert">
          The import failed: {upload.failure ?? "no reason was given"}. Rows done before it failed are kept.
        </Alert>
      ) : null}
      <dl className="flex gap-6" data-report-totals>
        <div>
          <dt className="text-xs uppercase text-slate-500">Created</dt>
          <dd className="text-xl font-semibold">{upload.created_rows}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Updated</dt>
          <dd className="text-xl font-semibold">{upload.updated_rows}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Refused</dt>
          <dd className="text-xl font-semibold">{upload.refused_rows}</dd>
        </div>
      </dl>
      <p className="flex gap-3">
        <a href={`/bdx-import/report?upload=${upload.id}`} className="btn-secondary" download>
          Download report (CSV)
        </a>
        <Link to="/bdx-import" className="btn-primary">
          Import another file
        </Link>
      </p>
      <table className="w-full max-w-4xl text-left text-sm">
        <caption className="sr-only">Rows of the import</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Outcome</th>
            <th scope="col">Policy number</th>
            <th scope="col">Reasons</th>
          </tr>
        </thead>
        <tbody>
          {report.data.map((r) => (
            <tr key={r.line} className="border-t border-slate-200">
              <td>{r.line}</td>
              <td>{{ created: "Created", updated: "Updated", refused: "Refused" }[r.outcome]}</td>
              <td>{r.policy_number ?? "—"}</td>
              <td>{r.reasons.join(" ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {last > 1 ? (
        <nav aria-label="Report pages" className="flex gap-3 text-sm">
          {page > 1 ? <Link to={`/bdx-import?upload=${upload.id}&page=${page - 1}`}>Previous</Link> : null}
          <span>
            Page {page} of {last}
          </span>
          {page < last ? <Link to={`/bdx-import?upload=${upload.id}&page=${page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

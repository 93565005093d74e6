import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime, formatNumber } from "#common/format";
import type { DataExport } from "#contract/exports";
import { safeReturnPath } from "../access/account-menu";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { ApiValidationError } from "../services/api.server";
import { requireUser } from "../services/auth.server";
import { createExport, exportBodyOf, listExports } from "../services/exports.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";
import { useFrame } from "./_app";

/** Seconds between the page's own refreshes while an export is being written (a meta refresh: no JavaScript needed). */
const REFRESH_SECONDS = 3;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageTitle("Exports", matches),
  ...(data?.pending ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : []),
];

/** The user's exports, newest first: the state of each, the progress of those being written, the file of those done. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireUser(request);
  const page = Math.max(1, Math.min(1000, Number(new URL(request.url).searchParams.get("page")) || 1));
  const list = await listExports(api, page);
  return { exports: list.data, meta: list.meta, pending: list.data.some((e) => e.state === "queued" || e.state === "running") };
}

/**
 * The list kit's Export button: the list's filter and sort on to POST /export/{type}. Done at once (a small list):
 * on to its file, which the browser downloads while the list stays on screen. A big one: to this page, which follows
 * it. Refused (a filter the list refuses, a list the user may not see): back to the list with the reason.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireUser(request);
  const form = await formOf(request);
  const back = safeReturnPath(String(form.get("back") ?? "")) ?? "/exports";
  const type = String(form.get("type") ?? "");
  if (form.get("intent") !== "export" || !/^[a-z][a-z0-9-]{0,49}$/.test(type)) throw new Response("Bad request", { status: 400 });
  let made: DataExport;
  try {
    made = (await createExport(api, type, exportBodyOf(form))).data;
  } catch (error) {
    if (error instanceof ApiValidationError) return redirectWithToast(request, back, { kind: "error", message: `The export failed: ${error.message}` });
    throw error;
  }
  if (made.state === "done") return redirect(`/exports/${made.id}/download`);
  return redirectWithToast(request, "/exports", {
    kind: "info",
    message: "Your export is being prepared: it will be here, and in your notifications, when it is ready.",
  });
}

const STATE_LABELS: Record<DataExport["state"], string> = { queued: "Queued", running: "Running", done: "Ready", failed: "Failed" };

function StateCell({ e }: { e: DataExport }) {
  if (e.state === "running" || e.state === "queued") {
    return (
      <span>
        {STATE_LABELS[e.state]}
        {e.progress !== null ? (
          <>
            {" "}
            <progress max={100} value={e.progress} className="ml-1 align-middle" aria-label={`${e.label} export progress`} /> {e.progress}%
          </>
        ) : null}
        {e.reason ? <span className="block text-xs text-amber-700">Retrying: {e.reason}</span> : null}
      </span>
    );
  }
  if (e.state === "failed") {
    return <span className="text-red-700">Failed{e.reason ? `: ${e.reason}` : ""}</span>;
  }
  return <span className="text-emerald-700">Ready</span>;
}

export default function ExportsPage() {
  const { exports, meta, pending } = useLoaderData<typeof loader>();
  const frame = useFrame();
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Exports"
        info="The lists you exported. A small list downloads at once; a big one is written in the background and shows here, with its progress, until it is ready (you are notified too)."
      />
      {pending ? (
        <p className="mb-3 text-sm text-slate-600" role="status">
          An export is being prepared: this page refreshes itself every {REFRESH_SECONDS} seconds.
        </p>
      ) : null}
      <div className="scroll-x rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">Exports</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                List
              </th>
              <th scope="col" className="px-4 py-3">
                File
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Rows
              </th>
              <th scope="col" className="px-4 py-3">
                State
              </th>
              <th scope="col" className="px-4 py-3">
                Asked
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Download</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-sm">
            {exports.length === 0 ? (
              <tr data-empty>
                <td colSpan={6} className="px-4 py-8 text-center text-slate-500">
                  No exports yet. Use the Export button of a list to download its rows.
                </td>
              </tr>
            ) : (
              exports.map((e) => (
                <tr key={e.id}>
                  <td className="px-4 py-3">{e.label}</td>
                  <td className="px-4 py-3">{e.file_name}</td>
                  <td className="px-4 py-3 text-right">
                    {e.state === "done"
                      ? formatNumber(e.row_count)
                      : e.total_rows === null
                        ? "—"
                        : `${formatNumber(e.row_count)} of ${formatNumber(e.total_rows)}`}
                  </td>
                  <td className="px-4 py-3">
                    <StateCell e={e} />
                  </td>
                  <td className="px-4 py-3">{formatDateTime(e.created_at)}</td>
                  <td className="px-4 py-3 text-right">
                    {e.state === "done" ? (
                      <a href={`/exports/${e.id}/download`} className="font-medium text-brand hover:underline" download>
                        Download<span className="sr-only"> {e.file_name}</span>
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {meta.last_page > 1 ? (
        <nav aria-label="Pages of exports" className="mt-3 flex gap-3 text-sm">
          {meta.current_page > 1 ? <Link to={`/exports?page=${meta.current_page - 1}`}>Previous</Link> : null}
          {meta.current_page < meta.last_page ? <Link to={`/exports?page=${meta.current_page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "#common/format";
import { formatPence } from "#common/pence";
import type { syncedListLoader } from "#app/services/accounting-pages.server";
import { Form } from "../form/form";
import { PageHeader } from "../frame/page-header";
import { KindTabs } from "./kind-tabs";
import { SyncBadge, SyncedStatusBadge } from "./sync-badge";

type Loaded = Awaited<ReturnType<typeof syncedListLoader>>;

const STATUS_LABELS: Record<string, string> = { draft: "Draft", sent: "Sent", paid: "Paid", cancelled: "Cancelled" };

/** The synced quotes or invoices: status, sync and search in the URL (a plain GET form), paging links. */
export function SyncedListPage({ companyName }: { companyName: string }) {
  const { docKind, rows, meta, filters, tabs } = useLoaderData<Loaded>();
  const base = docKind === "invoice" ? "/invoices" : "/quotes";
  const Plural = docKind === "invoice" ? "Invoices" : "Quotes";
  const plural = docKind === "invoice" ? "invoices" : "quotes";
  const statuses = docKind === "invoice" ? ["draft", "sent", "paid", "cancelled"] : ["draft", "sent", "cancelled"];
  const pageHref = (n: number) => {
    const q = new URLSearchParams({ kind: "synced", ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page: String(n) });
    return `${base}?${q}`;
  };
  return (
    <>
      <PageHeader companyName={companyName} title={Plural} info={`${Plural} kept in the accounting system as well as here.`} />
      <KindTabs base={base} current="synced" tabs={tabs} syncedLabel="Synced with accounting" />
      <Form method="get" action={base} className="mb-4 flex flex-wrap items-end gap-3" data-synced-filters>
        <input type="hidden" name="kind" value="synced" />
        <label className="flex flex-col text-sm">
          <span className="text-slate-600">Search</span>
          <input type="search" name="search" defaultValue={filters.search} className="field-input-sm" placeholder={`Number, reference or client`} />
        </label>
        <label className="flex flex-col text-sm">
          <span className="text-slate-600">Status</span>
          <select name="status" defaultValue={filters.status} className="field-input-sm">
            <option value="">Any status</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          <span className="text-slate-600">Sync</span>
          <select name="sync" defaultValue={filters.sync} className="field-input-sm">
            <option value="">Synced or not</option>
            <option value="synced">Kept in the accounting system</option>
            <option value="not_synced">Not synced</option>
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">{`No synced ${plural} found`}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-synced-list>
            <caption className="sr-only">{`Synced ${plural}`}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Number
                </th>
                <th scope="col" className="py-2 pr-4">
                  Client
                </th>
                <th scope="col" className="py-2 pr-4">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Total
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4">
                  Kept in
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id} className="border-b border-slate-100" data-synced-row={d.id}>
                  <td className="py-2 pr-4">
                    <Link to={`${base}/${d.id}?kind=synced`} className="font-medium text-brand hover:underline">
                      {d.number_label}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{d.client.name}</td>
                  <td className="py-2 pr-4">{formatDate(d.issue_date)}</td>
                  <td className="py-2 pr-4 text-right">{formatPence(d.total_pence)}</td>
                  <td className="py-2 pr-4">
                    <SyncedStatusBadge status={d.status} label={d.status_label} />
                  </td>
                  <td className="py-2 pr-4">
                    <SyncBadge sync={d.sync} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm text-slate-600">
        <span>{`${meta.total} ${plural}, page ${meta.current_page} of ${Math.max(1, meta.last_page)}`}</span>
        {meta.current_page > 1 ? <Link to={pageHref(meta.current_page - 1)}>Previous</Link> : null}
        {meta.current_page < meta.last_page ? <Link to={pageHref(meta.current_page + 1)}>Next</Link> : null}
      </nav>
    </>
  );
}

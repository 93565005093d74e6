import { Link } from "@remix-run/react";
import { formatDate } from "#common/format";
import { formatPence } from "#common/pence";
import type { SalesSectionData } from "#app/services/sales-sections.server";
import { SALES_KINDS, type SalesKind } from "./kinds";
import { SalesStatusBadge } from "./status-badge";
import { Icon } from "../ui/icon";

function Documents({
  kind,
  list,
  listQuery,
  withClientFilter,
}: {
  kind: SalesKind;
  list: NonNullable<SalesSectionData["quotes"]>;
  listQuery: string;
  withClientFilter: boolean;
}) {
  const k = SALES_KINDS[kind];
  return (
    <div>
      <h3 className="text-sm font-semibold">{`${k.Plural} (${list.total})`}</h3>
      {list.rows.length ? (
        <table className="mt-1 min-w-full text-sm" aria-label={k.Plural}>
          <tbody>
            {list.rows.map((d) => (
              <tr key={d.id} className="border-t border-slate-100">
                <td className="py-1.5 pr-2">
                  <Link to={`${k.portal}/${d.id}`} className="font-medium text-brand hover:underline">
                    {d.number_label}
                  </Link>
                </td>
                <td className="py-1.5 pr-2">{formatDate(d.issue_date)}</td>
                <td className="py-1.5 pr-2">
                  <SalesStatusBadge status={d.status} />
                </td>
                <td className="py-1.5 text-right tabular-nums">{formatPence(d.total_pence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-1 text-sm text-slate-500">{`No ${k.plural} yet.`}</p>
      )}
      {list.total > list.rows.length && withClientFilter ? (
        <Link to={`${k.portal}?${listQuery}`} className="mt-1 inline-block text-xs text-brand underline">
          {`All ${list.total} ${k.plural}`}
        </Link>
      ) : null}
    </div>
  );
}

/** The quotes and invoices of a client or a task, on its page, with New quote / New invoice pre-filled. */
export function SalesSection({ data }: { data: SalesSectionData | null }) {
  if (!data || (!data.quotes && !data.invoices)) return null;
  // The lists filter by client; a task's documents are listed here only.
  const withClientFilter = data.owner.kind !== "task";
  return (
    <section aria-label="Quotes and invoices" className="mt-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-sales-section>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Quotes and invoices</h2>
        <div className="flex gap-2">
          {data.newQuote ? (
            <Link to={data.newQuote} className="btn-primary">
              <Icon name="plus" />
              New quote
            </Link>
          ) : null}
          {data.newInvoice ? (
            <Link to={data.newInvoice} className="btn-secondary">
              New invoice
            </Link>
          ) : null}
        </div>
      </div>
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        {data.quotes ? <Documents kind="quote" list={data.quotes} listQuery={data.listQuery} withClientFilter={withClientFilter} /> : null}
        {data.invoices ? <Documents kind="invoice" list={data.invoices} listQuery={data.listQuery} withClientFilter={withClientFilter} /> : null}
      </div>
    </section>
  );
}

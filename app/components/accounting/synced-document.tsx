import { Link, useLoaderData } from "@remix-run/react";
import { formatDate, formatDateTime } from "#common/format";
import { formatPence } from "#common/pence";
import type { syncedDocumentLoader } from "#app/services/accounting-pages.server";
import { Form } from "../form/form";
import { PageHeader } from "../frame/page-header";
import { SyncBadge, SyncedStatusBadge } from "./sync-badge";

type Loaded = Awaited<ReturnType<typeof syncedDocumentLoader>>;

/**
 * A synced quote or invoice: its status, where it is kept (the sandbox ledger labelled as such), and, when the
 * accounting system did not take it, "Not synced" with the reason and Retry sync. Every action is a plain form.
 */
export function SyncedDocumentPage({ companyName }: { companyName: string }) {
  const { docKind, doc, canManage } = useLoaderData<Loaded>();
  const Noun = docKind === "invoice" ? "Invoice" : "Quote";
  const base = docKind === "invoice" ? "/invoices" : "/quotes";
  const notSynced = doc.sync.status === "not_synced";
  return (
    <>
      <PageHeader companyName={companyName} title={`${Noun} ${doc.number_label}`} />
      <p className="mb-4 text-sm">
        <Link to={`${base}?kind=synced`} className="text-brand hover:underline">
          {`All synced ${docKind === "invoice" ? "invoices" : "quotes"}`}
        </Link>
      </p>
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-6" data-synced-document={doc.id}>
        <div className="flex flex-wrap items-center gap-3">
          <SyncedStatusBadge status={doc.status} label={doc.status_label} />
          <SyncBadge sync={doc.sync} />
        </div>
        {notSynced ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-not-synced>
            <p className="font-semibold">Not synced with the accounting system.</p>
            <p>{doc.sync.error ?? "It has not been sent to the accounting system yet."} The document is kept here.</p>
            {canManage ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="retry-sync" />
                <button type="submit" className="btn-primary">
                  Retry sync
                </button>
              </Form>
            ) : null}
          </div>
        ) : doc.sync.provider === "sandbox" ? (
          <p className="text-sm text-amber-900">Kept in the sandbox ledger: the portal&apos;s own sandbox, not a real accounting system.</p>
        ) : (
          <p className="text-sm text-emerald-800">{`Synced with Xero${doc.sync.synced_at ? ` on ${formatDateTime(doc.sync.synced_at)}` : ""}.`}</p>
        )}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Client</dt>
            <dd>{doc.client.name}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Date</dt>
            <dd>{formatDate(doc.issue_date)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{docKind === "invoice" ? "Due" : "Expires"}</dt>
            <dd>{doc.due_date ? formatDate(doc.due_date) : "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Reference</dt>
            <dd>{doc.reference ?? "—"}</dd>
          </div>
          {doc.division ? (
            <div>
              <dt className="text-slate-600">Division</dt>
              <dd>{doc.division}</dd>
            </div>
          ) : null}
          {doc.paid_on ? (
            <div>
              <dt className="text-slate-600">Paid</dt>
              <dd>{formatDate(doc.paid_on)}</dd>
            </div>
          ) : null}
        </dl>
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Items</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Description
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Quantity
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Unit price
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                VAT
              </th>
              <th scope="col" className="py-2 pr-4">
                Account
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.items.length === 0 ? (
              <tr>
                <td colSpan={6} className="py-3 text-slate-600">
                  No items yet.
                </td>
              </tr>
            ) : (
              doc.items.map((i) => (
                <tr key={i.id} className="border-b border-slate-100">
                  <td className="py-2 pr-4">{i.description}</td>
                  <td className="py-2 pr-4 text-right">{i.quantity}</td>
                  <td className="py-2 pr-4 text-right">{formatPence(i.unit_price_pence)}</td>
                  <td className="py-2 pr-4 text-right">{i.vat_rate}%</td>
                  <td className="py-2 pr-4">{i.account_code}</td>
                  <td className="py-2 pr-4 text-right">{formatPence(i.net_pence)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        <dl className="ml-auto w-full max-w-xs space-y-1 text-sm" data-totals>
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatPence(doc.subtotal_pence)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>VAT</dt>
            <dd>{formatPence(doc.vat_pence)}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>Total</dt>
            <dd data-total>{formatPence(doc.total_pence)}</dd>
          </div>
        </dl>
        {canManage && doc.status === "draft" && !notSynced ? (
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="send" />
              <button type="submit" className="btn-primary">
                Send to the client
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="mark-sent" />
              <button type="submit" className="btn-secondary">
                Mark as sent
              </button>
            </Form>
          </div>
        ) : null}
      </section>
    </>
  );
}

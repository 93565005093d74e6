import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate, formatDateTime } from "#common/format";
import { formatPence } from "#common/pence";
import type { DocumentPageData, PageDocument } from "#app/services/sales-detail.server";
import { FormAlert } from "../form/field";
import { useFormAnswer } from "../form/form-answer";
import { Actions, Confirmation } from "./document-actions";
import { Attachments } from "./document-attachments";
import { Editor } from "./document-editor";
import { Sums } from "./document-sums";
import { SALES_KINDS } from "./kinds";
import { PaidStatus } from "./paid-status";
import { SalesStatusBadge } from "./status-badge";

/*
 * A quote's or an invoice's page, in parts: its actions and confirmations (document-actions.tsx), the editor of a
 * draft (document-editor.tsx, its lines editor-lines.tsx), the invoice's paid status (paid-status.tsx) and the
 * attachments (document-attachments.tsx).
 */

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

/** A document that can no longer change (or a user who may not change it): what it says. */
function ReadOnly({ doc }: { doc: PageDocument }) {
  return (
    <div className="space-y-4">
      <table className="min-w-full text-sm" aria-label="Items">
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
            <th className="py-2 pr-2">Description</th>
            <th className="py-2 pr-2 text-right">Quantity</th>
            <th className="py-2 pr-2 text-right">Unit price</th>
            <th className="py-2 pr-2 text-right">VAT</th>
            <th className="py-2 pr-2">Account code</th>
            <th className="py-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {doc.items.map((item) => (
            <tr key={item.id} className="border-t border-slate-100">
              <td className="py-2 pr-2">{item.description}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{item.quantity}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{formatPence(item.unit_price_pence)}</td>
              <td className="py-2 pr-2 text-right">{`${item.vat_rate}%`}</td>
              <td className="py-2 pr-2">{item.account_code ?? "—"}</td>
              <td className="py-2 text-right tabular-nums">{formatPence(item.total_pence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {doc.items.length === 0 ? <p className="text-sm text-slate-500">No items.</p> : null}
      <Sums subtotal={doc.subtotal_pence} vat={doc.vat_pence} total={doc.total_pence} byRate={doc.vat_breakdown} />
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold">Notes</h3>
          <p className="whitespace-pre-wrap text-sm text-slate-700">{doc.notes ?? "—"}</p>
        </div>
        <div>
          <h3 className="text-sm font-semibold">Terms and conditions</h3>
          <p className="whitespace-pre-wrap text-sm text-slate-700">{doc.terms_and_conditions ?? "—"}</p>
        </div>
      </div>
    </div>
  );
}

/** A quote's or an invoice's page: its status and actions, its editor (or what it says), paid status and documents. */
export function DocumentPage() {
  const data = useLoaderData<DocumentPageData>();
  const { doc, kind, editing, confirm } = data;
  const k = SALES_KINDS[kind];
  const actionsAnswer = useFormAnswer("actions");
  const refused = actionsAnswer?.form.result.error?.[""] ?? undefined;
  return (
    <>
      {refused ? (
        <div className="mb-4">
          <FormAlert messages={refused} />
        </div>
      ) : null}
      {confirm ? <Confirmation what={confirm} k={k} doc={doc} /> : null}
      <section aria-label={`${k.Noun} details`} className="mb-6 space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <Actions data={data} k={k} />
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-document-summary>
          <Fact label="Status">
            <SalesStatusBadge status={doc.status} />
          </Fact>
          <Fact label="Client">
            <Link to={doc.client.type === "individual" ? `/individual/${doc.client.id}` : `/company/${doc.client.id}`} className="hover:underline">
              {doc.client.name}
            </Link>
            <span className="block text-xs text-slate-500">{doc.client.email ?? "No e-mail address"}</span>
          </Fact>
          <Fact label="Task">
            {doc.task ? (
              <Link to={`/tasks/${doc.task.id}`} className="hover:underline">
                {doc.task.name}
              </Link>
            ) : (
              "—"
            )}
          </Fact>
          <Fact label="Date">{formatDate(doc.issue_date)}</Fact>
          <Fact label={kind === "quote" ? "Valid until" : "Due"}>{doc.due_date ? formatDate(doc.due_date) : "—"}</Fact>
          <Fact label="Total">
            <span data-document-total>{formatPence(doc.total_pence)}</span>
          </Fact>
          <Fact label="Reference">{doc.reference ?? "—"}</Fact>
          <Fact label="Created">{formatDateTime(doc.created_at)}</Fact>
          <Fact label="Sent">{doc.sent_at ? `${formatDateTime(doc.sent_at)}${doc.sent_by === "email" ? " by e-mail" : " (marked)"}` : "—"}</Fact>
          {kind === "quote" ? (
            <Fact label="Approved">{doc.approved_at ? `${formatDateTime(doc.approved_at)}${doc.approved_by === "client" ? " by the client" : ""}` : "—"}</Fact>
          ) : null}
          {doc.converted_invoice ? (
            <Fact label="Invoice">
              <Link to={`/invoices/${doc.converted_invoice.id}`} className="text-brand hover:underline">
                {doc.converted_invoice.number ?? "Draft invoice"}
              </Link>
            </Fact>
          ) : null}
          {doc.source_quote ? (
            <Fact label="From quote">
              <Link to={`/quotes/${doc.source_quote.id}`} className="text-brand hover:underline">
                {doc.source_quote.number ?? "Quote"}
              </Link>
            </Fact>
          ) : null}
          {doc.cancelled_at ? <Fact label="Cancelled">{formatDateTime(doc.cancelled_at)}</Fact> : null}
        </dl>
      </section>
      <div className="space-y-6">
        {kind === "invoice" ? <PaidStatus data={data} /> : null}
        <section aria-label={editing ? `Edit ${k.noun}` : "Items"} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          {editing ? <Editor data={data} /> : <ReadOnly doc={doc} />}
        </section>
        <Attachments data={data} k={k} />
      </div>
    </>
  );
}

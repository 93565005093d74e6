import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { formatDate, formatDateTime } from "#common/format";
import { formatPence } from "#common/money";
import { can } from "../access/permissions";
import { PageHeader } from "../components/frame/page-header";
import { PaymentStatusBadge, SandboxBadge } from "../components/payments/payment-badges";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { requireAccess } from "../services/auth.server";
import { getPayment } from "../services/payments.server";
import { useFrame } from "./_app";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data ? `Payment ${data.payment.id}` : "Payment", matches);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/transactions/:id");
  const payment = await getPayment(api, params.id!);
  return { payment, canManage: can(subject, "payment_manage") };
}

export default function PaymentPage() {
  const { payment: p, canManage } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const facts: [string, React.ReactNode][] = [
    ["Date", formatDateTime(p.created_at)],
    ["Description", p.description],
    ["Client", p.client?.name ?? "—"],
    ["Card holder", p.payer_name ?? "—"],
    [
      "Invoice",
      p.invoice ? (
        <Link to={`/invoices/${p.invoice.id}`} className="text-brand hover:underline">
          {p.invoice.number ?? `Invoice ${p.invoice.id}`}
        </Link>
      ) : (
        "—"
      ),
    ],
    ["Method", p.card ? `${p.method_label} · ${p.card.brand} •••• ${p.card.last4}` : p.method_label],
    ["Amount", formatPence(p.amount_pence)],
    ["Refunded", formatPence(p.refunded_pence)],
    ...(p.refund_pending_pence > 0 ? ([["Refunds pending", formatPence(p.refund_pending_pence)]] as [string, React.ReactNode][]) : []),
    ["Left to refund", formatPence(p.refundable_pence)],
    ["Taken by", p.provider_label],
    ["Provider reference", p.provider_payment_id ?? "—"],
    ...(p.paid_at ? ([["Paid", formatDateTime(p.paid_at)]] as [string, React.ReactNode][]) : []),
    ...(p.cancelled_at ? ([["Cancelled", formatDateTime(p.cancelled_at)]] as [string, React.ReactNode][]) : []),
    ...(p.failure ? ([["Why it failed", `${p.failure.message} (${p.failure.code})`]] as [string, React.ReactNode][]) : []),
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={`Payment of ${formatPence(p.amount_pence)}`}
        backTo="/transactions"
        actions={
          canManage ? (
            <>
              {p.can_refund ? (
                <Link to={`/transactions/${p.id}/refund`} className="btn-primary" preventScrollReset>
                  Refund
                </Link>
              ) : null}
              {p.can_cancel ? (
                <Link to={`/transactions/${p.id}/cancel`} className="btn-secondary text-red-700" preventScrollReset>
                  Cancel payment
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      {p.sandbox ? (
        <p className="mb-4 rounded-md border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="note">
          Sandbox payment: taken by the payments sandbox in test mode. No card was charged and no money moved.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <section className="rounded-lg bg-white p-5 shadow-sm lg:col-span-2" aria-labelledby="payment-facts">
          <h2 id="payment-facts" className="mb-3 flex items-center gap-2 text-lg font-semibold">
            Details <PaymentStatusBadge status={p.status} label={p.status_label} />
            {p.sandbox ? <SandboxBadge /> : null}
          </h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {facts.map(([k, v]) => (
              <div key={k} className="flex justify-between gap-3 border-b border-slate-100 py-1">
                <dt className="text-slate-500">{k}</dt>
                <dd className="text-right font-medium">{v}</dd>
              </div>
            ))}
          </dl>
          <h2 className="mb-2 mt-6 text-lg font-semibold">Refunds</h2>
          {p.refunds.length ? (
            <table className="w-full text-sm">
              <caption className="sr-only">Refunds</caption>
              <thead>
                <tr className="text-left text-slate-500">
                  <th className="py-1">Date</th>
                  <th className="py-1">Amount</th>
                  <th className="py-1">Status</th>
                  <th className="py-1">Reason</th>
                  <th className="py-1">By</th>
                </tr>
              </thead>
              <tbody>
                {p.refunds.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100">
                    <td className="py-1">{formatDate(r.created_at)}</td>
                    <td className="py-1">{formatPence(r.amount_pence)}</td>
                    <td className="py-1">
                      <PaymentStatusBadge status={r.status} label={r.status_label} />
                      {r.failure_message ? <span className="block text-xs text-red-700">{r.failure_message}</span> : null}
                    </td>
                    <td className="py-1">{r.reason ?? "—"}</td>
                    <td className="py-1">{r.created_by ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-slate-500">No refunds.</p>
          )}
        </section>
        <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="payment-history">
          <h2 id="payment-history" className="mb-3 text-lg font-semibold">
            History
          </h2>
          <ol className="space-y-3 text-sm">
            {p.events.map((e) => (
              <li key={e.id} className="border-l-2 border-slate-200 pl-3">
                <p>{e.message}</p>
                <p className="text-xs text-slate-500">
                  {formatDateTime(e.created_at)}
                  {e.user ? ` · ${e.user}` : ""}
                </p>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

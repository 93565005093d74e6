import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDate, formatDateTime } from "#common/format";
import { formatPence } from "#common/pence";
import { can } from "../access/permissions";
import { Form } from "../components/form/form";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { accountingFailure, sandboxLedger, setSandboxOutage } from "../services/accounting.server";
import { requireAccess } from "../services/auth.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Integration", matches);

/**
 * The integrations: today the accounting system of the synced quotes and invoices. With the sandbox (the default),
 * the page shows what the sandbox ledger holds — labelled as the sandbox, never as a real system — its calls of the
 * last minute against its limit, and the switch that makes it play "not answering".
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/integration");
  const canView = can(subject, "xero_invoices_view", "xero_invoices_manage");
  const canManage = can(subject, "xero_invoices_manage");
  const ledger = canView ? await sandboxLedger(api) : null;
  return { canView, canManage, ledger };
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/integration");
  if (!can(subject, "xero_invoices_manage")) throw new Response("This action is unauthorized.", { status: 403 });
  const form = await formOf(request);
  const outage = form.get("outage") === "on";
  try {
    await setSandboxOutage(api, outage);
  } catch (error) {
    return redirectWithToast(request, "/integration", { kind: "error", message: accountingFailure(error) });
  }
  return redirectWithToast(request, "/integration", {
    kind: "success",
    message: outage ? "The sandbox ledger now plays an outage: syncs fail and stay not synced." : "The sandbox ledger answers again.",
  });
}

const TYPE_LABELS: Record<string, string> = { ACCREC: "Invoice", QUOTE: "Quote" };

export default function Integration() {
  const { canView, canManage, ledger } = useLoaderData<typeof loader>();
  const frame = useFrame();
  return (
    <>
      <PageHeader companyName={frame.company.name} title="Integration" />
      <section aria-labelledby="accounting-heading" className="mt-6 space-y-4 rounded-lg border border-gray-200 bg-white p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="accounting-heading" className="text-lg font-semibold text-gray-900">
            Accounting system
          </h2>
          {ledger && (
            <span
              data-testid="accounting-provider"
              className={
                ledger.provider === "sandbox"
                  ? "rounded-full bg-amber-100 px-3 py-0.5 text-sm font-semibold text-amber-900"
                  : "rounded-full bg-emerald-100 px-3 py-0.5 text-sm font-semibold text-emerald-900"
              }
            >
              {ledger.provider === "sandbox" ? "Sandbox ledger" : "Xero"}
            </span>
          )}
        </div>
        {!canView || !ledger ? (
          <p className="text-gray-700">You need the accounting invoices permission to see what the accounting system holds.</p>
        ) : ledger.provider === "xero" ? (
          <p className="text-gray-700">Synced quotes and invoices go to Xero. Open them in Xero to see what it holds.</p>
        ) : (
          <>
            <p className="text-gray-700">
              This is a sandbox: synced quotes and invoices are kept in the portal&apos;s own ledger, numbered as Xero numbers them, and never reach a real
              accounting system. Set <code>XERO_CLIENT_ID</code> and <code>XERO_CLIENT_SECRET</code> on the API to use Xero.
            </p>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-gray-600">Calls in the last minute</dt>
                <dd className="text-xl font-semibold" data-testid="calls">
                  {ledger.calls_last_minute} of {ledger.calls_per_minute}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-gray-600">Answering</dt>
                <dd className="text-xl font-semibold" data-testid="outage">
                  {ledger.outage ? "No: playing an outage" : "Yes"}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-gray-600">Documents held</dt>
                <dd className="text-xl font-semibold">{ledger.records.length}</dd>
              </div>
            </dl>
            {canManage && (
              <Form method="post" className="flex flex-wrap items-center gap-3">
                <input type="hidden" name="outage" value={ledger.outage ? "off" : "on"} />
                <button type="submit" className="rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50">
                  {ledger.outage ? "Answer again" : "Play an outage"}
                </button>
                <span className="text-sm text-gray-600">
                  {ledger.outage ? "Documents saved now stay “not synced” until retried." : "To see a sync fail and be retried."}
                </span>
              </Form>
            )}
            <h3 className="pt-2 text-base font-semibold text-gray-900">What the sandbox ledger holds</h3>
            {ledger.records.length === 0 ? (
              <p className="text-gray-700">Nothing yet: synced quotes and invoices appear here once saved.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="min-w-full text-left text-sm">
                  <caption className="sr-only">Documents in the sandbox ledger</caption>
                  <thead className="border-b border-gray-200 text-gray-600">
                    <tr>
                      <th scope="col" className="py-2 pr-4">
                        Number
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Type
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Status
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Contact
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Date
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        Total
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        Paid
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Updated
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {ledger.records.map((r) => (
                      <tr key={r.provider_id} className="border-b border-gray-100" data-testid="ledger-row">
                        <td className="py-2 pr-4 font-medium">{r.number}</td>
                        <td className="py-2 pr-4">{TYPE_LABELS[r.type] ?? r.type}</td>
                        <td className="py-2 pr-4">{r.status}</td>
                        <td className="py-2 pr-4">{r.contact_name}</td>
                        <td className="py-2 pr-4">{formatDate(r.date)}</td>
                        <td className="py-2 pr-4 text-right">{formatPence(r.total_pence)}</td>
                        <td className="py-2 pr-4 text-right">{formatPence(r.amount_paid_pence)}</td>
                        <td className="py-2 pr-4">{formatDateTime(r.updated_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

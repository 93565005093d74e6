import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { formatDate, formatDateTime } from "#common/format";
import { formatPence } from "#common/money";
import { POLICY_CANCELLATION_REASONS, POLICY_STATE_LABELS, POLICY_STATES, type PolicyState } from "#contract/policy-constants";
import type { PolicyActivity } from "#contract/policies";
import { can } from "../access/permissions";
import { Form } from "../components/form/form";
import { PageHeader } from "../components/frame/page-header";
import { PolicyStateBadge } from "../components/policies/policy-state-badge";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { ApiValidationError } from "../services/api.server";
import { requireAccess, requirePermission } from "../services/auth.server";
import { dispatchIntent } from "../services/form-action.server";
import { idOf, isIdText } from "../services/ids.server";
import { changePolicyState, getPolicy, linkableInvoices, linkInvoice, policyActivity, policyInvoices, sendPolicyEmail } from "../services/policies.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";
import { useFrame } from "./_app";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data ? `Policy ${data.policy.number}` : "Policy", matches);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/policies/:id");
  const id = idOf(params.id);
  const canManage = can(subject, "policy_manage");
  const [policy, invoices, activity, linkable] = await Promise.all([
    getPolicy(api, id),
    policyInvoices(api, id),
    policyActivity(api, id),
    canManage ? linkableInvoices(api, id) : Promise.resolve([]),
  ]);
  return { policy, invoices, activity, linkable, canManage };
}

const REASON_IDS = POLICY_CANCELLATION_REASONS.map((r) => r.id as string);
const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/**
 * The page's forms, by intent (an unknown one answers 400): a change of state, a welcome or renewal e-mail, an
 * invoice linked. Each comes back with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = idOf(params.id);
  const here = `/policies/${id}`;
  const { api } = await requirePermission(request, "policy_manage", { route: "/policies/:id", back: here });
  const form = await formOf(request);
  const fail = (message: string) => redirectWithToast(request, here, { kind: "error", message });
  const sendEmail = async (kind: string) => {
    const sent = await sendPolicyEmail(api, id, kind as "welcome" | "renewal");
    return redirectWithToast(request, here, { kind: sent.sent ? "success" : "info", message: sent.message });
  };
  try {
    return await dispatchIntent(form, {
      state: async () => {
        const state = text(form, "state");
        if (!(POLICY_STATES as readonly string[]).includes(state)) return fail("Choose the new status.");
        const reason = text(form, "cancellation_reason");
        if (state === "CANCELLED" && !REASON_IDS.includes(reason)) return fail("Choose the cancellation reason.");
        const saved = await changePolicyState(api, id, { state, cancellation_reason: state === "CANCELLED" ? reason : null });
        return redirectWithToast(request, here, { kind: "success", message: `The policy is now ${POLICY_STATE_LABELS[saved.data.state]}.` });
      },
      welcome: sendEmail,
      renewal: sendEmail,
      link: async () => {
        const invoiceId = text(form, "invoice_id");
        if (!isIdText(invoiceId)) return fail("Choose an invoice to link.");
        await linkInvoice(api, id, invoiceId);
        return redirectWithToast(request, here, { kind: "success", message: "Invoice linked." });
      },
    });
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    const messages = Object.values(error.body.errors ?? {}).flat();
    return fail(messages.length ? messages.join(" ") : error.body.message);
  }
}

const ACTIONS: Record<string, string> = {
  created: "Created",
  updated: "Details changed",
  state_changed: "Status changed",
  invoice_linked: "Invoice linked",
  invoice_unlinked: "Invoice unlinked",
  welcome_email_sent: "Welcome e-mail sent",
  renewal_email_sent: "Renewal e-mail sent",
};

function activityText(a: PolicyActivity) {
  const label = (s: string | null) => (s && s in POLICY_STATE_LABELS ? POLICY_STATE_LABELS[s as PolicyState] : (s ?? ""));
  if (a.action === "state_changed")
    return `${label(a.from_state)} → ${label(a.to_state)}${typeof a.details.reason === "string" ? ` (${a.details.reason})` : ""}`;
  if (a.action === "created") return `As ${label(a.to_state)}`;
  if (a.action === "invoice_linked" || a.action === "invoice_unlinked") return `Invoice ${String(a.details.number ?? a.details.invoice_id ?? "")}`;
  if (a.action.endsWith("_email_sent")) return `To ${String(a.details.to ?? "")}`;
  if (a.action === "updated") return Object.keys(a.details).join(", ");
  return "";
}

export default function PolicyPage() {
  const { policy, invoices, activity, linkable, canManage } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const clientHref = policy.client.type === "individual" ? `/individual/${policy.client.id}` : `/company/${policy.client.id}`;
  const reason = POLICY_CANCELLATION_REASONS.find((r) => r.id === policy.cancellation_reason)?.name;
  const rows: [string, React.ReactNode][] = [
    ["Product", policy.product.name],
    ["Class of business", policy.product.class_of_business ?? "—"],
    ["Insurer", policy.product.insurer ?? "—"],
    [
      "Client",
      <Link key="client" to={clientHref} className="text-brand hover:underline">
        {policy.client.name}
      </Link>,
    ],
    ["Brokerage", policy.main_broker_name ?? "—"],
    ["Premium", formatPence(policy.premium_pence)],
    [`IPT (${policy.ipt_rate}%)`, formatPence(policy.ipt_pence)],
    ["Fees", formatPence(policy.fees_pence)],
    ["Total", formatPence(policy.total_pence)],
    ["Inception date", formatDate(policy.inception_date)],
    ["Renewal date", formatDate(policy.renewal_date)],
    ["Created", formatDate(policy.created_at)],
    ...(policy.state === "CANCELLED" ? ([["Cancellation reason", reason ?? policy.cancellation_reason ?? "—"]] as [string, string][]) : []),
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={`Policy ${policy.number}`}
        backTo="/policies"
        actions={
          canManage ? (
            <span className="flex gap-2">
              <Link to={`/policies/${policy.id}/edit`} className="btn-secondary">
                Edit
              </Link>
              <Link to={`/policies/delete?ids=${policy.id}`} className="btn-secondary text-red-700">
                Delete
              </Link>
            </span>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <section className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2" aria-labelledby="policy-details">
          <h2 id="policy-details" className="mb-3 flex items-center gap-3 text-lg font-semibold">
            Details <PolicyStateBadge state={policy.state} />
          </h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3 border-b border-slate-100 py-1">
                <dt className="text-slate-500">{label}</dt>
                <dd className="text-right font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="space-y-6">
          {canManage ? (
            <section className="rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="policy-status">
              <h2 id="policy-status" className="mb-3 text-lg font-semibold">
                Change status
              </h2>
              {policy.next_states.length ? (
                <Form method="post" className="space-y-3">
                  <input type="hidden" name="intent" value="state" />
                  <label htmlFor="new-state" className="field-label">
                    New status
                  </label>
                  <select id="new-state" name="state" className="field-input" required defaultValue="">
                    <option value="" disabled>
                      Choose…
                    </option>
                    {policy.next_states.map((s) => (
                      <option key={s} value={s}>
                        {POLICY_STATE_LABELS[s]}
                      </option>
                    ))}
                  </select>
                  {policy.next_states.includes("CANCELLED") ? (
                    <>
                      <label htmlFor="cancellation-reason" className="field-label">
                        Cancellation reason (when cancelling)
                      </label>
                      <select id="cancellation-reason" name="cancellation_reason" className="field-input" defaultValue="">
                        <option value="">None</option>
                        {POLICY_CANCELLATION_REASONS.map((r) => (
                          <option key={r.id} value={r.id}>
                            {r.name}
                          </option>
                        ))}
                      </select>
                    </>
                  ) : null}
                  <button type="submit" className="btn-primary">
                    Change status
                  </button>
                </Form>
              ) : (
                <p className="text-sm text-slate-600">{`A ${POLICY_STATE_LABELS[policy.state].toLowerCase()} policy does not change status any more.`}</p>
              )}
            </section>
          ) : null}
          <section className="rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="policy-emails">
            <h2 id="policy-emails" className="mb-3 text-lg font-semibold">
              E-mails to the client
            </h2>
            <ul className="space-y-3 text-sm">
              {(["welcome", "renewal"] as const).map((kind) => {
                const sentAt = kind === "welcome" ? policy.welcome_email_sent_at : policy.renewal_email_sent_at;
                return (
                  <li key={kind} className="flex items-center justify-between gap-3">
                    <span>
                      {kind === "welcome" ? "Welcome e-mail" : "Renewal e-mail"}
                      <span className="block text-xs text-slate-500">{sentAt ? `Sent ${formatDateTime(sentAt)} for this term` : "Not sent for this term"}</span>
                    </span>
                    {canManage ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value={kind} />
                        <button type="submit" className="btn-secondary" disabled={Boolean(sentAt)}>
                          {kind === "welcome" ? "Send welcome e-mail" : "Send renewal e-mail"}
                        </button>
                      </Form>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {policy.client.email ? null : <p className="mt-3 text-xs text-amber-700">The client has no e-mail address.</p>}
          </section>
        </div>
      </div>
      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="policy-invoices">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="policy-invoices" className="text-lg font-semibold">
            Linked invoices
          </h2>
          {invoices.length ? (
            <a href={`/policies/${policy.id}/invoices.zip`} className="btn-secondary" download>
              Download PDFs (ZIP)
            </a>
          ) : null}
        </div>
        {invoices.length ? (
          <table className="w-full text-sm">
            <caption className="sr-only">Linked invoices</caption>
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1">Number</th>
                <th className="py-1">Date</th>
                <th className="py-1">Status</th>
                <th className="py-1 text-right">Total</th>
                {canManage ? <th className="py-1 text-right">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {invoices.map((inv) => (
                <tr key={inv.id} className="border-t border-slate-100">
                  <td className="py-1">{inv.number ?? "Draft"}</td>
                  <td className="py-1">{formatDate(inv.issue_date)}</td>
                  <td className="py-1 capitalize">{inv.status}</td>
                  <td className="py-1 text-right">{formatPence(inv.total_pence)}</td>
                  {canManage ? (
                    <td className="py-1 text-right">
                      <Link
                        to={`/policies/${policy.id}/unlink/${inv.id}`}
                        className="text-red-700 hover:underline"
                        aria-label={`Unlink invoice ${inv.number ?? inv.id}`}
                      >
                        Unlink
                      </Link>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-600">No invoices are linked to this policy.</p>
        )}
        {canManage ? (
          linkable.length ? (
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="link" />
              <div>
                <label htmlFor="invoice-to-link" className="field-label">
                  Link an invoice
                </label>
                <select id="invoice-to-link" name="invoice_id" className="field-input" required defaultValue="">
                  <option value="" disabled>
                    Choose an invoice…
                  </option>
                  {linkable.map((inv) => (
                    <option key={inv.id} value={String(inv.id)}>
                      {`${inv.number ?? `Draft #${inv.id}`} · ${formatDate(inv.issue_date)} · ${formatPence(inv.total_pence)}`}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-secondary">
                Link invoice
              </button>
            </Form>
          ) : (
            <p className="mt-3 text-xs text-slate-500">Every invoice of your company is linked to a policy already.</p>
          )
        ) : null}
      </section>
      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-5" aria-labelledby="policy-activity">
        <h2 id="policy-activity" className="mb-3 text-lg font-semibold">
          Activity
        </h2>
        {activity.length ? (
          <ol className="space-y-2 text-sm">
            {activity.map((a) => (
              <li key={a.id} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2">
                <span>
                  <span className="font-medium">{ACTIONS[a.action] ?? a.action}</span>
                  <span className="ml-2 text-slate-600">{activityText(a)}</span>
                </span>
                <span className="text-xs text-slate-500">{`${a.user?.name ?? "System"} · ${formatDateTime(a.created_at)}`}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">Nothing has happened to this policy yet.</p>
        )}
      </section>
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

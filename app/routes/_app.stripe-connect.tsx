import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { formatDateTime } from "#common/format";
import { can } from "../access/permissions";
import { Form } from "../components/form/form";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { ConnectStatusBadge, TerminalSandboxNote } from "../components/terminals/badges";
import { pageTitle } from "../lib/variant";
import { requireAccess } from "../services/auth.server";
import { connectData, onboardingAction } from "../services/terminal-order-forms.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Connect", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ subject }, account] = await Promise.all([requireAccess(request, "/stripe-connect"), connectData(request)]);
  return { account, canManage: can(subject, "terminal_manage") };
}

export const action = ({ request }: ActionFunctionArgs) => onboardingAction(request);

const BUTTON = { not_started: "Start onboarding", pending: "Continue onboarding", enabled: "Update details" } as const;

export default function ConnectPage() {
  const { account: a, canManage } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const [params] = useSearchParams();
  const back = params.get("onboarding");
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Connect"
        info="Take card payments on terminals: your business's Stripe Connect account, and what it still needs before payments and payouts are turned on."
      />
      {a.sandbox ? (
        <TerminalSandboxNote>
          Sandbox: test mode. Onboarding goes to the card-terminal sandbox instead of Stripe: no account is opened, nothing is checked and no money moves.
        </TerminalSandboxNote>
      ) : null}
      {back === "returned" ? (
        <p className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900" role="status">
          Welcome back from onboarding. The status below is what {a.sandbox ? "the sandbox" : "Stripe"} says now.
        </p>
      ) : back === "expired" ? (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status">
          The onboarding link expired. Press {BUTTON[a.status]} for a new one.
        </p>
      ) : null}
      <section className="max-w-2xl rounded-lg bg-white p-5 shadow-sm" aria-labelledby="connect-status">
        <h2 id="connect-status" className="mb-3 flex items-center gap-3 text-lg font-semibold">
          Status <ConnectStatusBadge status={a.status} label={a.status_label} />
        </h2>
        <dl className="grid grid-cols-1 gap-y-2 text-sm sm:grid-cols-2">
          <dt className="text-slate-500">Business</dt>
          <dd className="font-medium">{a.business_name ?? "—"}</dd>
          <dt className="text-slate-500">Card payments</dt>
          <dd className="font-medium">{a.charges_enabled ? "On" : "Off"}</dd>
          <dt className="text-slate-500">Payouts</dt>
          <dd className="font-medium">{a.payouts_enabled ? "On" : "Off"}</dd>
          <dt className="text-slate-500">Provider</dt>
          <dd className="font-medium">{a.provider_label}</dd>
          {a.account_id ? (
            <>
              <dt className="text-slate-500">Account</dt>
              <dd className="font-mono text-xs">{a.account_id}</dd>
            </>
          ) : null}
          {a.updated_at ? (
            <>
              <dt className="text-slate-500">Last checked</dt>
              <dd>{formatDateTime(a.updated_at)}</dd>
            </>
          ) : null}
        </dl>
        {a.status === "not_started" ? (
          <p className="mt-4 text-sm text-slate-700">Onboarding has not started: set up your account to take card payments on terminals.</p>
        ) : a.requirements.length ? (
          <div className="mt-4">
            <h3 className="font-semibold">What is missing</h3>
            <ul className="mt-1 list-disc pl-5 text-sm" aria-label="What is missing">
              {a.requirements.map((r) => (
                <li key={r.code}>{r.label}</li>
              ))}
            </ul>
          </div>
        ) : a.status === "enabled" ? (
          <p className="mt-4 text-sm text-slate-700">Nothing is missing: card payments and payouts are on.</p>
        ) : null}
        {canManage ? (
          <Form method="post" className="mt-5">
            <input type="hidden" name="intent" value="onboard" />
            <button type="submit" className="btn-primary">
              {BUTTON[a.status]}
            </button>
          </Form>
        ) : (
          <p className="mt-5 text-sm text-slate-500">Only a user who manages terminals can onboard.</p>
        )}
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

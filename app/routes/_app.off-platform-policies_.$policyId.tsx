import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CLIENT_TYPE_LABELS, POLICY_STATE_LABELS } from "#contract/off-platform-policy-constants";
import { formatDate, formatMoney } from "#common/format";
import { can } from "../access/permissions";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { requireAccess } from "../services/auth.server";
import { getOffPlatformPolicy } from "../services/off-platform-policies.server";
import { useFrame } from "./_app";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(data ? `Off-platform policy ${data.policy.policy_number}` : "Off-platform policy", matches);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/off-platform-policies/:policyId");
  const policy = await getOffPlatformPolicy(api, params.policyId!);
  return { policy, canManage: can(subject, "off_platform_policy_manage"), canDelete: can(subject, "off_platform_policy_delete") };
}

const money = (pence: number | null) => (pence === null ? "—" : formatMoney(pence / 100));

export default function OffPlatformPolicyPage() {
  const { policy: p, canManage, canDelete } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const rows: [string, string][] = [
    ["Policy number", p.policy_number],
    ["Status", POLICY_STATE_LABELS[p.state]],
    ["Product name", p.product_name],
    ["Insurer", p.insurer],
    ["Class of business", p.class_of_business ?? "—"],
    ["Client", `${p.client_name} (${CLIENT_TYPE_LABELS[p.client_type]})`],
    ["Client e-mail", p.client_email ?? "—"],
    ["Inception date", formatDate(p.inception_date)],
    ["Renewal date", formatDate(p.renewal_date)],
    ["Premium", money(p.premium_pence)],
    [`IPT (${p.ipt_rate}%)`, money(p.ipt_pence)],
    ["Fees", money(p.fees_pence)],
    ["Notes", p.notes ?? "—"],
  ];
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={`Off-platform policy ${p.policy_number}`}
        backTo="/off-platform-policies"
        actions={
          <span className="flex gap-2">
            {canManage ? (
              <Link to={`/off-platform-policies/${p.id}/edit`} className="btn-primary">
                Edit
              </Link>
            ) : null}
            {canDelete ? (
              <Link to={`/off-platform-policies/delete?ids=${p.id}`} className="btn-secondary text-red-700">
                Delete
              </Link>
            ) : null}
          </span>
        }
      />
      <dl className="grid max-w-3xl grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
            <dd className="text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDate, formatDateTime } from "#common/format";
import { ComplianceForm } from "../components/clients/compliance-form";
import { useClientForm } from "../components/clients/client-form";
import { DetailList, Section } from "../components/clients/tabs";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { requireAccess } from "../services/auth.server";
import { complianceAction } from "../services/client-actions.server";
import { getCompany, getCompliance, RISK_RATINGS } from "../services/companies.server";
import { useFrame } from "./_app";
import { idOf } from "../services/ids.server";
import { can } from "../access/permissions";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(data ? `Compliance information: ${data.company.name}` : "Compliance information", matches);

const canEdit = (permissions: readonly string[]) => can({ permissions }, "company_manage", "compliance_verification_manage");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/company/:id/compliance-information");
  const id = idOf(params.id);
  const [company, compliance] = await Promise.all([getCompany(api, id), getCompliance(api, id)]);
  return { company: { id: company.id, name: company.name }, compliance, riskRatings: RISK_RATINGS as readonly string[], canEdit: canEdit(subject.permissions) };
}

export const action = ({ request, params }: ActionFunctionArgs) => complianceAction(request, params);

export default function CompliancePage() {
  const { company, compliance: c, riskRatings, canEdit } = useLoaderData<typeof loader>();
  const state = useClientForm("compliance");
  const frame = useFrame();
  const risk = c.risk_rating ? `${c.risk_rating.charAt(0).toUpperCase()}${c.risk_rating.slice(1)}` : null;
  return (
    <>
      <PageHeader companyName={frame.company.name} title="Compliance information" backTo={`/company/${company.id}`} description={company.name} />
      {c.review_overdue ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {`The review was due on ${formatDate(c.next_review_at!)}.`}
        </p>
      ) : null}
      <Section title="On record" id="compliance-summary">
        {c.updated_at ? (
          <DetailList
            items={[
              ["AML check", c.aml_checked_at ? formatDate(c.aml_checked_at) : null],
              ["Sanctions check", c.sanctions_checked_at ? formatDate(c.sanctions_checked_at) : null],
              ["Risk rating", risk],
              ["Politically exposed", c.politically_exposed ? "Yes" : "No"],
              ["Next review", c.next_review_at ? formatDate(c.next_review_at) : null],
              ["Last updated", `${formatDateTime(c.updated_at)}${c.updated_by ? ` by ${c.updated_by.name}` : ""}`],
            ]}
          />
        ) : (
          <p className="text-sm text-slate-500">No compliance information recorded yet.</p>
        )}
        {c.notes ? <p className="mt-4 whitespace-pre-wrap break-words rounded bg-slate-50 p-3 text-sm">{c.notes}</p> : null}
      </Section>
      {canEdit ? (
        <Section title="Edit" id="compliance-edit">
          <ComplianceForm key={c.updated_at ?? "new"} compliance={c} riskRatings={riskRatings} state={state} />
        </Section>
      ) : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

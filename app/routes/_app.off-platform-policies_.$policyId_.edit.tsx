import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "../components/frame/page-header";
import { PolicySteps } from "../components/off-platform-policies/policy-steps";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { requirePermission } from "../services/auth.server";
import { getOffPlatformPolicy, valuesOfPolicy } from "../services/off-platform-policies.server";
import { stepAction, type StepView } from "../services/off-platform-policy-steps.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Edit off-platform policy", matches);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const back = `/off-platform-policies/${params.policyId}`;
  const { api } = await requirePermission(request, "off_platform_policy_manage", { route: "/off-platform-policies/:policyId", back });
  const policy = await getOffPlatformPolicy(api, params.policyId!);
  return { policy, start: { stage: "policy", values: valuesOfPolicy(policy), errors: {} } satisfies StepView };
}

export const action = ({ request, params }: ActionFunctionArgs) => stepAction(request, params.policyId!);

export default function EditOffPlatformPolicy() {
  const { policy, start } = useLoaderData<typeof loader>();
  const view = (useActionData<typeof action>() as StepView | undefined) ?? (start as StepView);
  const frame = useFrame();
  const back = `/off-platform-policies/${policy.id}`;
  return (
    <>
      <PageHeader companyName={frame.company.name} title={`Edit ${policy.policy_number}`} backTo={back} />
      <PolicySteps {...view} cancelTo={back} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

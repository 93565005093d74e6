import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "../components/frame/page-header";
import { PolicySteps } from "../components/off-platform-policies/policy-steps";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { requirePermission } from "../services/auth.server";
import { NEW_POLICY_VALUES } from "../services/off-platform-policies.server";
import { stepAction, type StepView } from "../services/off-platform-policy-steps.server";
import { useFrame } from "./_app";

export const meta: MetaFunction = ({ matches }) => pageTitle("Add off-platform policy", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "off_platform_policy_manage", { route: "/off-platform-policies", back: "/off-platform-policies" });
  return { start: { stage: "policy", values: NEW_POLICY_VALUES, errors: {} } satisfies StepView };
}

export const action = ({ request }: ActionFunctionArgs) => stepAction(request);

export default function NewOffPlatformPolicy() {
  const { start } = useLoaderData<typeof loader>();
  const view = (useActionData<typeof action>() as StepView | undefined) ?? (start as StepView);
  const frame = useFrame();
  return (
    <>
      <PageHeader companyName={frame.company.name} title="Add off-platform policy" backTo="/off-platform-policies" />
      <PolicySteps {...view} cancelTo="/off-platform-policies" />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

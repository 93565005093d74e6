import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { WorkflowForm } from "../components/workflows/workflow-form-island";
import { capitalise, wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { formOf } from "../services/submission.server";
import { createWorkflow, workflowBodySchema, workflowChoices, workflowLabels } from "../services/workflows.server";
import { useFrame } from "./_app";

const guard = (request: Request) => requirePermission(request, "task_manage", { route: "/workflows", back: "/workflows" });

export const meta: MetaFunction = ({ matches }) => pageTitle({ flightdeck: "New workflow", smallbusiness: "New automation" }, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, subject, edition } = await guard(request);
  return { choices: await workflowChoices(api, subject.permissions), labels: workflowLabels(edition), edition };
}

export async function action({ request }: ActionFunctionArgs) {
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: workflowBodySchema,
    failure: ({ edition }) => `Failed to create ${wordsFor(edition).workflow}.`,
    // Adding or removing a condition comes back to the form as it was, without a failure line.
    failureOnInvalid: false,
    send: (value, { api }) => createWorkflow(api, value),
    success: (created, { edition }) => ({ to: `/workflows/${created.data.id}`, message: `${capitalise(wordsFor(edition).workflow)} created.` }),
  });
}

export default function CreateWorkflow() {
  const { choices, labels, edition } = useLoaderData<typeof loader>();
  const frame = useFrame();
  return (
    <>
      <PageHeader companyName={frame.company.name} title={edition === "smallbusiness" ? "New automation" : "New workflow"} />
      <div className="max-w-3xl rounded bg-white p-4 shadow-sm">
        <WorkflowForm choices={choices} labels={labels} cancelTo="/workflows" submitLabel="Create" />
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

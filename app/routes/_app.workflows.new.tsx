import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { workflowBodySchema } from "#contract/workflows";
import { Drawer } from "../components/drawer";
import { WorkflowForm } from "../components/workflows/workflow-form";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { createWorkflow } from "../services/workflows.server";
import { formOf } from "../services/submission.server";

const listOf = (request: Request) => `/workflows${new URL(request.url).search}`;
const guard = (request: Request) => requirePermission(request, "task_manage", { route: "/workflows", back: listOf(request) });

export async function loader({ request }: LoaderFunctionArgs) {
  await guard(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: workflowBodySchema,
    failure: "Failed to create workflow.",
    send: (value, { api }) => createWorkflow(api, value),
    success: () => ({ to: listOf(request), message: "Workflow created." }),
  });
}

export default function AddWorkflow() {
  const { search } = useLocation();
  return (
    <Drawer title="Add workflow" closeTo={`/workflows${search}`}>
      <WorkflowForm cancelTo={`/workflows${search}`} />
    </Drawer>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { workflowBodySchema } from "#contract/workflows";
import { Drawer } from "../components/drawer";
import { WorkflowForm } from "../components/workflows/workflow-form";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { idOf } from "../services/ids.server";
import { getWorkflow, updateWorkflow } from "../services/workflows.server";
import { formOf } from "../services/submission.server";

const listOf = (request: Request) => `/workflows${new URL(request.url).search}`;
const guard = (request: Request) => requirePermission(request, "task_manage", { route: "/workflows", back: listOf(request) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  return { workflow: await getWorkflow(api, idOf(params.id)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: workflowBodySchema,
    failure: "Failed to update workflow.",
    send: (value, { api }) => updateWorkflow(api, idOf(params.id), value),
    success: () => ({ to: listOf(request), message: "Workflow updated." }),
  });
}

export default function EditWorkflow() {
  const { workflow } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Edit workflow" closeTo={`/workflows${search}`}>
      <WorkflowForm workflow={workflow} cancelTo={`/workflows${search}`} />
    </Drawer>
  );
}

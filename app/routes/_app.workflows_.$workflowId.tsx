import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { WorkflowTestResult } from "#contract/workflows";
import { formatDateTime } from "#common/format";
import { Form } from "../components/form/form";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { WorkflowForm } from "../components/workflows/workflow-form-island";
import { can } from "../access/permissions";
import { capitalise, wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { requireAccess, requirePermission } from "../services/auth.server";
import { dispatchIntent, refuseForm, submitForm } from "../services/form-action.server";
import { idOf } from "../services/ids.server";
import { formOf } from "../services/submission.server";
import { getWorkflow, listRuns, testWorkflow, updateWorkflow, workflowBodySchema, workflowChoices, workflowLabels } from "../services/workflows.server";
import { useFrame } from "./_app";
import { EmptyState } from "../components/ui/empty-state";

export const meta: MetaFunction = ({ matches }) => pageTitle({ flightdeck: "Workflow", smallbusiness: "Automation" }, matches);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, subject, edition } = await requireAccess(request, "/workflows");
  const id = idOf(params.workflowId);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("runs")) || 1);
  const [workflow, runs, choices] = await Promise.all([getWorkflow(api, id), listRuns(api, id, page), workflowChoices(api, subject.permissions)]);
  return { workflow, runs, choices, labels: workflowLabels(edition), edition, canManage: can(subject, "task_manage") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  const id = idOf(params.workflowId);
  return dispatchIntent<Promise<unknown>>(form, {
    save: () =>
      submitForm(request, {
        form,
        guard: () => requirePermission(request, "task_manage", { route: "/workflows", back: `/workflows/${id}` }),
        schema: workflowBodySchema,
        failure: ({ edition }) => `Failed to update ${wordsFor(edition).workflow}.`,
        failureOnInvalid: false,
        send: (value, { api }) => updateWorkflow(api, id, value),
        success: (_saved, { edition }) => ({ to: `/workflows/${id}`, message: `${capitalise(wordsFor(edition).workflow)} updated.` }),
      }),
    test: async () => {
      const { api } = await requireAccess(request, "/workflows");
      const taskId = Number(form.get("task_id"));
      if (!Number.isInteger(taskId) || taskId < 1) return refuseForm("test", form, { fieldErrors: { task_id: ["Choose a task."] } });
      return { test: await testWorkflow(api, id, taskId) };
    },
  });
}

const STATUS_STYLE: Record<string, string> = {
  done: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  stopped: "bg-amber-100 text-amber-800",
  queued: "bg-slate-100 text-slate-700",
  retrying: "bg-amber-100 text-amber-800",
};

function TestResult({ result }: { result: WorkflowTestResult }) {
  return (
    <div className="mt-3 rounded border border-slate-200 p-3" role="status">
      <p className="font-medium">
        {result.task_name}: {result.outcome}
      </p>
      {result.checks.length ? (
        <ul className="mt-1 text-sm">
          {result.checks.map((c, i) => (
            <li key={i}>
              {c.met ? "✓" : "✗"} {c.description}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">A trial only: nothing was changed.</p>
    </div>
  );
}

export default function WorkflowPage() {
  const { workflow, runs, choices, labels, edition, canManage } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as
    { test?: WorkflowTestResult; form?: { intent: string; result: { error?: Record<string, string[]> } } } | undefined;
  const frame = useFrame();
  const testError = answer?.form?.intent === "test" ? answer.form.result.error?.task_id : undefined;
  const noun = edition === "smallbusiness" ? "automation" : "workflow";
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={workflow.name}
        actions={
          canManage ? (
            <Link to={`/workflows/delete?ids=${workflow.id}`} className="btn-secondary text-red-700">
              Delete {noun}
            </Link>
          ) : null
        }
      />
      <p className="mb-4 text-sm text-slate-700">
        {labels.types.find((t) => t.value === String(workflow.workflow_type_id))?.label} · {workflow.status === 1 ? "Active" : "Draft"} · version{" "}
        {workflow.version} · {workflow.summary}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="settings" className="rounded bg-white p-4 shadow-sm">
          <h2 id="settings" className="mb-3 text-lg font-semibold">
            Settings
          </h2>
          {canManage ? (
            <WorkflowForm workflow={workflow} choices={choices} labels={labels} cancelTo="/workflows" />
          ) : (
            <ul className="text-sm">
              {workflow.conditions.map((c, i) => (
                <li key={i}>{c.description}</li>
              ))}
            </ul>
          )}
        </section>
        <div className="space-y-6">
          <section aria-labelledby="try" className="rounded bg-white p-4 shadow-sm">
            <h2 id="try" className="mb-3 text-lg font-semibold">
              Test on a task
            </h2>
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="test" />
              <div>
                <label htmlFor="test-task" className="field-label">
                  Task
                </label>
                <select id="test-task" name="task_id" className="field-input" aria-invalid={testError ? true : undefined} aria-describedby="test-task-error">
                  <option value="">Choose a task</option>
                  {choices.tasks.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
                <p id="test-task-error" className="field-error">
                  {testError?.join(" ")}
                </p>
              </div>
              <button type="submit" className="btn-secondary mb-5">
                Test
              </button>
            </Form>
            {answer?.test ? <TestResult result={answer.test} /> : null}
          </section>
          <section aria-labelledby="history" className="rounded bg-white p-4 shadow-sm">
            <h2 id="history" className="mb-3 text-lg font-semibold">
              Run history
            </h2>
            {runs.data.length === 0 ? (
              <EmptyState compact icon="workflow" title="No runs yet." />
            ) : (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Run history</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Task</th>
                    <th scope="col">Status</th>
                    <th scope="col">What happened</th>
                  </tr>
                </thead>
                <tbody>
                  {runs.data.map((r) => (
                    <tr key={r.id} className="border-t border-slate-100 align-top">
                      <td className="py-1 pr-2 whitespace-nowrap">{formatDateTime(r.created_at)}</td>
                      <td className="py-1 pr-2">
                        <Link to={`/tasks/${r.task_id}`} className="underline">
                          {r.task_name}
                        </Link>
                      </td>
                      <td className="py-1 pr-2">
                        <span className={`rounded px-2 py-0.5 text-xs ${STATUS_STYLE[r.status] ?? ""}`}>{r.status}</span>
                      </td>
                      <td className="py-1">
                        {r.outcome ?? "Waiting to run."} <span className="text-xs text-slate-500">(v{r.workflow_version})</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {runs.meta.last_page > 1 ? (
              <nav aria-label="Run history pages" className="mt-2 flex gap-3 text-sm">
                {runs.meta.current_page > 1 ? <Link to={`?runs=${runs.meta.current_page - 1}`}>Newer runs</Link> : null}
                {runs.meta.current_page < runs.meta.last_page ? <Link to={`?runs=${runs.meta.current_page + 1}`}>Older runs</Link> : null}
              </nav>
            ) : null}
          </section>
        </div>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

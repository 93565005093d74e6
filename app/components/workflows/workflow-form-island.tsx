import { Suspense, type ComponentProps } from "react";
import { island } from "#app/lib/island";
import type * as Form from "./workflow-form";
import { workflowFormOnServer } from "./workflow-form.server";

// The form (workflow-form.tsx, with conform's form state) is an island: the server draws it in full, the browser
// hydrates it once its chunk has arrived, after the page's first-load JavaScript; until then it posts as it does
// without JavaScript and the server answers with the fields marked.
const form = island(() => import("./workflow-form"), workflowFormOnServer);

function Part(props: ComponentProps<typeof Form.WorkflowForm>) {
  const { WorkflowForm } = form.read();
  return <WorkflowForm {...props} />;
}

/** The workflow's create and edit form (workflow-form.tsx), as an island. */
export function WorkflowForm(props: ComponentProps<typeof Form.WorkflowForm>) {
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
      <Part {...props} />
    </Suspense>
  );
}

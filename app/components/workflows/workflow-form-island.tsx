import { island, islandPart } from "#app/lib/island";
import { workflowFormOnServer } from "./workflow-form.server";

// The form (workflow-form.tsx, with conform's form state) is an island: the server draws it in full, the browser
// hydrates it once its chunk has arrived, after the page's first-load JavaScript; until then it posts as it does
// without JavaScript and the server answers with the fields marked.
const form = island(() => import("./workflow-form"), workflowFormOnServer);

/** The workflow's create and edit form (workflow-form.tsx), as an island. */
export const WorkflowForm = islandPart(form, (m) => m.WorkflowForm, <p className="text-sm text-slate-500">Loading…</p>);

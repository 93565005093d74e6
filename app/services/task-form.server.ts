import { SAVE_INTENT } from "../components/form/form-result";
import { refuseForm, refusalLine } from "./form-action.server";
import { ApiValidationError } from "./api.server";
import { applyChoiceFinds, type ChoiceFinder } from "./choice-find.server";
import { datapointsOf } from "../lib/task-datapoints";
import { redirectWithToast } from "./session.server";

const FIELDS = [
  "name",
  "description",
  "priority",
  "review_status",
  "pipeline_id",
  "pipeline_stage_id",
  "team_id",
  "team_member_id",
  "source_individual_id",
  "company_id",
  "expected_revenue",
  "expected_close_date",
] as const;

/**
 * The task form's body for the API: on create, empty fields are left out (the API applies defaults);
 * on edit, an emptied field is sent as null so it is cleared. The API checks every rule.
 */
export function taskBody(form: FormData, mode: "create" | "edit", { datapoints } = datapointsOf(form)): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  for (const name of FIELDS) {
    const raw = form.get(name);
    if (raw === null) continue;
    const value = String(raw).trim();
    if (value === "") {
      // An emptied name or pipeline is sent as it is, so the API refuses it ('Enter a name.').
      if (mode === "edit") body[name] = name === "name" || name === "pipeline_id" ? "" : null;
    } else {
      body[name] = value;
    }
  }
  // The edit form's datapoint rows replace the task's datapoints (a JSON text, which the API reads as the object).
  if (datapoints && (mode === "edit" || Object.keys(datapoints).length)) body.datapoints = JSON.stringify(datapoints);
  return body;
}

export async function saveTaskForm(
  request: Request,
  form: FormData,
  mode: "create" | "edit",
  send: (body: Record<string, string | null>) => Promise<{ data: { id: number } }>,
  messages: { success: string; failure: string },
  backTo: (id: number) => string,
  finders: Record<string, ChoiceFinder>,
) {
  // Without JavaScript, a name typed beside a dropdown picks the choice it finds (or says why it cannot).
  const found = await applyChoiceFinds(form, finders);
  const rows = datapointsOf(form);
  const errors = { ...found.errors, ...(rows.error ? { datapoints: [rows.error] } : {}) };
  if (Object.keys(errors).length) return refuseForm(SAVE_INTENT, form, { fieldErrors: errors, formErrors: [refusalLine(errors, messages.failure)] }, { found });
  let saved;
  try {
    saved = await send(taskBody(form, mode, rows));
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    const fieldErrors = error.body.errors ?? {};
    return refuseForm(SAVE_INTENT, form, { fieldErrors, formErrors: [refusalLine(fieldErrors, messages.failure)] }, { found });
  }
  return redirectWithToast(request, backTo(saved.data.id), { kind: "success", message: messages.success });
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { FormAlert } from "../components/form/field";
import { requirePermission } from "../services/auth.server";
import { getPipeline, pipelineUserChoices, setPipelineUsers } from "../services/pipelines.server";
import { redirectWithToast } from "../services/session.server";
import { ApiValidationError } from "../services/api.server";
import { checkForm, keepOnOutage, refuseForm } from "../services/form-action.server";
import { pipelineUsersBodySchema } from "../components/pipelines/pipeline-action.server";
import { SAVE_INTENT, useLastResult } from "../components/form/form-result";
import { formOf } from "../services/submission.server";
import { Form } from "../components/form/form";
import { isIdText } from "../services/ids.server";

async function requireManage(request: Request, id: string) {
  const signedIn = await requirePermission(request, "pipeline_manage", { route: "/pipeline/:id", back: `/pipeline/${encodeURIComponent(id)}` });
  return signedIn;
}

const back = (request: Request, id: string) => `/pipeline/${encodeURIComponent(id)}${new URL(request.url).search}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, subject } = await requireManage(request, params.id!);
  const [pipeline, choices] = await Promise.all([getPipeline(api, params.id!), pipelineUserChoices(api, subject.permissions)]);
  // Everyone who may be chosen, and whoever works the pipeline already (even if not offered).
  const people = [...choices, ...pipeline.users.filter((u) => !choices.some((c) => c.id === u.id))].sort((a, b) =>
    a.full_name.localeCompare(b.full_name, "en-GB"),
  );
  return { name: pipeline.name, people, chosen: pipeline.users.map((u) => u.id), back: back(request, params.id!) };
}

const FAILED = "Failed to save pipeline users.";

/** Replaces who works the pipeline (PUT /pipelines/{id}/users). */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  const ids = [...new Set(form.getAll("user_ids").map(String).filter(isIdText))].map(Number);
  return keepOnOutage(SAVE_INTENT, form, async () => {
    const { api } = await requireManage(request, params.id!);
    // The drawer has one list of people: every message, the schema's or the API's, above the form's own.
    const checked = checkForm({ user_ids: ids }, pipelineUsersBodySchema);
    if (!checked.ok) return refuseForm(SAVE_INTENT, form, { formErrors: [...Object.values(checked.errors).flat(), ...checked.formErrors, FAILED] });
    try {
      await setPipelineUsers(api, params.id!, checked.value.user_ids);
    } catch (error) {
      if (!(error instanceof ApiValidationError)) throw error;
      return refuseForm(SAVE_INTENT, form, { formErrors: [...Object.values(error.body.errors ?? {}).flat(), FAILED] });
    }
    return redirectWithToast(request, back(request, params.id!), { kind: "success", message: "Pipeline users saved." });
  });
}

export default function PipelineUsers() {
  const { name, people, chosen, back } = useLoaderData<typeof loader>();
  const result = useLastResult();
  // After a refusal, the people as ticked when it was sent.
  const sent = result?.initialValue ? result.initialValue.user_ids : undefined;
  const sentIds = Array.isArray(sent) ? sent.map(Number) : typeof sent === "string" ? [Number(sent)] : result ? [] : undefined;
  const busy = useNavigation().state === "submitting";
  const checked = new Set(sentIds ?? chosen);
  return (
    <Drawer title={`Users of ${name}`} closeTo={back} dismissible={!busy}>
      <Form method="post" className="space-y-4">
        <FormAlert messages={result?.error?.[""] ?? undefined} />
        <fieldset>
          <legend className="field-label">Who works this pipeline</legend>
          {people.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">There is nobody to choose.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
              {people.map((p) => (
                <li key={p.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                    <input type="checkbox" name="user_ids" value={p.id} defaultChecked={checked.has(p.id)} className="h-4 w-4 rounded border-slate-300" />
                    <span className="min-w-0">
                      <span className="block font-medium">{p.full_name}</span>
                      <span className="block truncate text-xs text-slate-500">{p.email}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Link to={back} className="btn-secondary" preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </button>
        </div>
      </Form>
    </Drawer>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { formatMoney, formatNumber } from "#common/format";
import { Drawer } from "../components/drawer";
import { Field, FormAlert } from "../components/form/field";
import { stageTasksHref } from "../components/pipelines/stage-list";
import { OutcomeBadge } from "../components/pipelines/status-badge";
import { wordsFor } from "../lib/labels";
import { requirePermission } from "../services/auth.server";
import { getPipeline, updateStage } from "../services/pipelines.server";
import { redirectWithToast } from "../services/session.server";
import { ApiValidationError } from "../services/api.server";
import { checkForm, keepOnOutage, refuseForm } from "../services/form-action.server";
import { stageUpdateBodySchema } from "../components/pipelines/pipeline-action.server";
import { SAVE_INTENT, useFormResult } from "../components/form/form-result";
import { formOf } from "../services/submission.server";
import { Form } from "../components/form/form";

async function requireManage(request: Request, id: string) {
  const signedIn = await requirePermission(request, "pipeline_manage", { route: "/pipeline/:id", back: `/pipeline/${encodeURIComponent(id)}` });
  return signedIn;
}

const back = (request: Request, id: string) => `/pipeline/${encodeURIComponent(id)}${new URL(request.url).search}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition } = await requireManage(request, params.id!);
  const pipeline = await getPipeline(api, params.id!);
  const stage = pipeline.stages.find((s) => String(s.id) === params.stageId);
  if (!stage) throw new Response("Pipeline stage not found.", { status: 404 });
  return { pipelineId: pipeline.id, stage, back: back(request, params.id!), words: wordsFor(edition) };
}

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

/** Renames and recolours the stage (PUT /pipelines/{id}/pipeline-stages/{stageId}). */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await formOf(request);
  const values = { name: text(form.get("name")).slice(0, 200), color: text(form.get("color")).slice(0, 20) };
  return keepOnOutage(SAVE_INTENT, form, async () => {
    const { api } = await requireManage(request, params.id!);
    const checked = checkForm(values, stageUpdateBodySchema);
    if (!checked.ok) return refuseForm(SAVE_INTENT, form, { fieldErrors: checked.errors, formErrors: ["Failed to update stage."] });
    try {
      await updateStage(api, params.id!, params.stageId!, { name: checked.value.name, color: checked.value.color });
    } catch (error) {
      if (!(error instanceof ApiValidationError)) throw error;
      return refuseForm(SAVE_INTENT, form, { fieldErrors: error.body.errors ?? {}, formErrors: ["Failed to update stage."] });
    }
    return redirectWithToast(request, back(request, params.id!), { kind: "success", message: "Stage updated." });
  });
}

export default function EditStage() {
  const { pipelineId, stage, back, words } = useLoaderData<typeof loader>();
  const [form, fields] = useFormResult<{ name: string; color: string }>();
  const typed = (v: unknown) => (typeof v === "string" ? v : undefined);
  const busy = useNavigation().state === "submitting";
  return (
    <Drawer title={`Edit stage: ${stage.name}`} closeTo={back} dismissible={!busy}>
      <Form method="post" className="space-y-3">
        <FormAlert messages={form.errors} />
        <Field
          id="stage-name"
          name="name"
          label="Stage name"
          required
          maxLength={60}
          defaultValue={typed(fields.name.initialValue) ?? stage.name}
          errors={fields.name.errors}
        />
        <div>
          <label htmlFor="stage-color" className="field-label">
            Colour
          </label>
          <input
            id="stage-color"
            type="color"
            name="color"
            defaultValue={typed(fields.color.initialValue) || stage.color}
            className="mt-1 h-10 w-16 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
            aria-describedby="stage-color-error"
          />
          <p id="stage-color-error" className="field-error">
            {fields.color.errors?.join(" ")}
          </p>
        </div>
        <p className="text-sm text-slate-600">
          <OutcomeBadge outcome={stage.outcome} />{" "}
          <Link to={stageTasksHref(pipelineId, stage.id)} className="text-brand hover:underline">
            {`${formatNumber(stage.tasks_count)} ${words.tasks}`}
          </Link>{" "}
          {`worth ${formatMoney(stage.tasks_value)}`}
        </p>
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

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatMoney, formatNumber } from "#common/format";
import { Drawer } from "../components/drawer";
import { Field, FormAlert } from "../components/form/field";
import { stageTasksHref } from "../components/pipelines/stage-list";
import { OutcomeBadge } from "../components/pipelines/status-badge";
import { wordsFor } from "../lib/labels";
import { requireAccess } from "../services/auth.server";
import { getPipeline, updateStage } from "../services/pipelines.server";
import { redirectWithToast } from "../services/session.server";
import { refusalOf } from "../services/outage.server";
import { formOf } from "../services/submission.server";
import { Form } from "../components/form/form";

async function requireManage(request: Request, id: string) {
  const signedIn = await requireAccess(request, "/pipeline/:id");
  if (!signedIn.subject.permissions.includes("pipeline_manage")) throw redirect(`/pipeline/${encodeURIComponent(id)}`);
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
  try {
    const { api } = await requireManage(request, params.id!);
    await updateStage(api, params.id!, params.stageId!, values);
  } catch (error) {
    const refusal = refusalOf(error, form, "Failed to update stage.");
    return data(
      { values, errors: { ...refusal.errors, _: [refusal.message] } as Record<string, string[]>, unsaved: refusal.unsaved },
      { status: refusal.status },
    );
  }
  return redirectWithToast(request, back(request, params.id!), { kind: "success", message: "Stage updated." });
}

export default function EditStage() {
  const { pipelineId, stage, back, words } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors;
  return (
    <Drawer title={`Edit stage: ${stage.name}`} closeTo={back} dismissible={!busy}>
      <Form method="post" className="space-y-3">
        <FormAlert messages={errors?._} />
        <Field id="stage-name" name="name" label="Stage name" required maxLength={60} defaultValue={actionData?.values.name ?? stage.name} errors={errors?.name} />
        <div>
          <label htmlFor="stage-color" className="field-label">
            Colour
          </label>
          <input id="stage-color" type="color" name="color" defaultValue={actionData?.values.color || stage.color} className="mt-1 h-10 w-16 cursor-pointer rounded border border-slate-300 bg-white p-0.5" aria-describedby="stage-color-error" />
          <p id="stage-color-error" className="field-error">
            {errors?.color?.join(" ")}
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

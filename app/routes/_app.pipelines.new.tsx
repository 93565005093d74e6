import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Drawer } from "../components/drawer";
import { EMPTY_STAGE, MAX_STAGES, PipelineForm, pipelineFormResult, type PipelineFormResult, type StageDraft } from "../components/pipelines/pipeline-form";
import { wordsFor } from "../lib/labels";
import { ApiValidationError } from "../services/api.server";
import { replyForm } from "../services/form-action.server";
import { answerOutage, OUTAGE_MESSAGE } from "../services/outage.server";
import type { UnsavedForm } from "../lib/unsaved-form";
import { SAVE_INTENT, useLastResult } from "../components/form/form-result";
import { requirePermission } from "../services/auth.server";
import { createPipeline } from "../services/pipelines.server";
import { redirectWithToast } from "../services/session.server";
import { formOf } from "../services/submission.server";

async function requireManage(request: Request) {
  const signedIn = await requirePermission(request, "pipeline_manage", { route: "/pipelines", back: "/pipelines" });
  return signedIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { edition } = await requireManage(request);
  return { words: wordsFor(edition) };
}

const text = (v: FormDataEntryValue | undefined) => (typeof v === "string" ? v : "");
const OUTCOMES = new Set(["open", "won", "lost"]);

/** The rows of the stages fieldset as typed (repeated stage_name / stage_color / stage_outcome fields). */
function stageRows(form: FormData): StageDraft[] {
  const names = form.getAll("stage_name");
  const colors = form.getAll("stage_color");
  const outcomes = form.getAll("stage_outcome");
  return names.slice(0, MAX_STAGES).map((name, i) => ({
    name: text(name).slice(0, 200),
    color: text(colors[i]).slice(0, 20) || EMPTY_STAGE.color,
    outcome: (OUTCOMES.has(text(outcomes[i])) ? text(outcomes[i]) : "open") as StageDraft["outcome"],
  }));
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await formOf(request);
  const values = { name: text(form.get("name") ?? undefined).slice(0, 500), stages: stageRows(form) };
  // Rows without a name are left out; the API's errors name the stages it was sent, mapped back to rows.
  const sent = values.stages.map((s, row) => ({ ...s, row })).filter((s) => s.name.trim() !== "");
  // The form's answer (the form protocol): what was typed, as rows, and the messages by field and row.
  const answer = (typed: PipelineFormResult["values"], errors: Record<string, string[]>, message: string | null, status = 422, unsaved?: UnsavedForm) =>
    replyForm(
      SAVE_INTENT,
      {
        status: "error",
        initialValue: { name: typed.name, stages: typed.stages.map((row) => ({ ...row })) },
        error: { ...errors, ...(message ? { "": [message] } : {}) },
      },
      { status, unsaved },
    );
  // When the API does not answer (the guard's /me included), the form comes back as typed, rows and all.
  return answerOutage(
    form,
    async () => {
      const { api } = await requireManage(request);
      // Without JavaScript 'Add stage' comes here: the same form back, one row longer, nothing saved.
      if (form.get("intent") === "add-row") {
        const stages = values.stages.length < MAX_STAGES ? [...values.stages, EMPTY_STAGE] : values.stages;
        return answer({ ...values, stages }, {}, null, 200);
      }
      let created;
      try {
        created = await createPipeline(api, {
          name: values.name,
          ...(sent.length ? { stages: sent.map(({ name, color, outcome }) => ({ name, color, outcome })) } : {}),
        });
      } catch (error) {
        if (!(error instanceof ApiValidationError)) throw error;
        const errors: Record<string, string[]> = {};
        for (const [key, messages] of Object.entries(error.body.errors ?? {})) {
          const m = /^stages\.(\d+)\.(.+)$/.exec(key);
          errors[m && sent[Number(m[1])] ? `stages.${sent[Number(m[1])].row}.${m[2]}` : key] = messages;
        }
        return answer(values, errors, "Failed to create pipeline.");
      }
      return redirectWithToast(request, `/pipeline/${created.data.id}`, { kind: "success", message: "Pipeline created." });
    },
    (unsaved) => answer(values, {}, OUTAGE_MESSAGE, 503, unsaved),
  );
}

export default function NewPipeline() {
  const { words } = useLoaderData<typeof loader>();
  const result = pipelineFormResult(useLastResult());
  const { search } = useLocation();
  return (
    <Drawer title="Add pipeline" closeTo={`/pipelines${search}`}>
      {/* Keyed on each answer: the rows start again from what the server sent back. */}
      <PipelineForm key={JSON.stringify(result ?? null)} result={result} cancelTo={`/pipelines${search}`} tasksWord={words.tasks} />
    </Drawer>
  );
}

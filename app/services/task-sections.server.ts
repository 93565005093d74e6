/**
 * The action of the task page's section forms (progress, confidence, revenue, a product, a note, the KYB flag):
 * an intent map; each form is checked with the contract's schema (the messages under its fields, what was typed
 * kept), then sent to the API, whose field errors come back under the same fields; saved, back to the page with a
 * toast. When the API does not answer (the guard's /me included), the form comes back as typed.
 */
import type { z } from "zod";
import { noteBodySchema } from "#contract/clients";
import {
  CONFIDENCE_QUESTIONS,
  taskEmailBodySchema,
  taskKybBodySchema,
  taskProductBodySchema,
  taskProgressBodySchema,
  taskRevenueBodySchema,
  taskUpdateBodySchema,
} from "#contract/tasks";
import { taskTermsFor, type TaskTerms } from "../lib/task-terms";
import { ApiValidationError, type Api } from "./api.server";
import { requirePermission } from "./auth.server";
import { checkForm, dispatchIntent, keepOnOutage, refuseForm, refusalLine, submitForm } from "./form-action.server";
import { chosenFile } from "./forms.server";
import { redirectWithToast } from "./session.server";
import { formOf } from "./submission.server";
import {
  addTaskNote,
  addTaskProduct,
  documentProblem,
  fieldErrors,
  readUploadForm,
  recordProgress,
  sendTaskEmail,
  setTaskKyb,
  setTaskRevenue,
  TASK_PATTERN,
  taskIdOf,
} from "./task-detail.server";
import { activePipelines, getTask, updateTask, type ActivePipeline } from "./tasks.server";

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** The stage to move to: the one chosen (its pipeline when only the stage was changed), else the chosen pipeline's first. */
function progressTarget(pipelines: ActivePipeline[], task: { pipeline_id: number }, pipelineId: string, stageId: string) {
  const stagePipeline = pipelines.find((p) => p.stages.some((s) => String(s.id) === stageId));
  if (stageId && stagePipeline && pipelineId === String(task.pipeline_id) && String(stagePipeline.id) !== pipelineId) {
    // Without JavaScript the stage list holds every pipeline's stages: a stage of another pipeline, with the
    // pipeline left as it was, is a move to that pipeline.
    return { pipeline_id: String(stagePipeline.id), pipeline_stage_id: stageId };
  }
  if (stageId) return { pipeline_id: pipelineId, pipeline_stage_id: stageId };
  const first = pipelines.find((p) => String(p.id) === pipelineId)?.stages[0];
  return { pipeline_id: pipelineId, pipeline_stage_id: first ? String(first.id) : "" };
}

type Refused = { refused: Record<string, string[]>; toast?: undefined };
type Saved = { toast: string; refused?: undefined };
const refused = (errors: Record<string, string[]>): Refused => ({ refused: errors });

/** Checks `form` with the contract's `schema`, then sends its value; refused, the schema's messages by field. */
async function checked<S extends z.ZodType>(form: FormData, schema: S, send: (value: z.output<S>) => Promise<Saved>): Promise<Saved | Refused> {
  const verdict = checkForm(form, schema);
  return verdict.ok ? send(verdict.value) : refused(verdict.errors);
}

type Section = (ctx: { api: Api; id: string; terms: TaskTerms }) => Promise<Saved | Refused>;

const confidenceSchema = taskUpdateBodySchema.pick({
  confidenceInRevenueTimingId: true,
  confidenceInRevenueEstimateId: true,
  confidenceInExecutionId: true,
  confidenceInClientId: true,
});
const taskNoteSchema = noteBodySchema.pick({ body: true });

/**
 * The forms of the page by intent: each sends its section to the API and says what the toast says (or what it
 * refuses before the API is asked); `failure` is its form's top line on a refusal. The KYB flag's words are the
 * edition's (app/lib/task-terms.ts).
 */
function sectionIntents(form: FormData, tooLarge: boolean): Record<string, { failure: string | ((terms: TaskTerms) => string); save: Section }> {
  return {
    progress: {
      failure: "Failed to update progress.",
      async save({ api, id }) {
        const file = chosenFile(form, "document");
        const problem = documentProblem(file, tooLarge);
        if (problem) return refused({ document: [problem] });
        const pipelineId = str(form, "pipeline_id");
        if (!pipelineId) return refused({ pipeline_id: ["Choose a pipeline."] });
        const [pipelines, task] = await Promise.all([activePipelines(api), getTask(api, id)]);
        const target = progressTarget(pipelines, task, pipelineId, str(form, "pipeline_stage_id"));
        const body = new FormData();
        body.append("pipeline_id", target.pipeline_id);
        body.append("pipeline_stage_id", target.pipeline_stage_id);
        // The spec's update-progress payload carries the revenue's timing too; the page asks it in the Revenue form,
        // so a timing this form did not send is the task's own (sent as it is, not cleared).
        const kept = { expected_revenue_start_date: task.expected_revenue_start_date ?? "", payment_frequency_id: task.payment_frequency_id?.toString() ?? "" };
        for (const name of ["expected_revenue_start_date", "payment_frequency_id"] as const) body.append(name, form.has(name) ? str(form, name) : kept[name]);
        if (form.has("size")) body.append("size", str(form, "size"));
        const note = str(form, "note");
        if (note) body.append("note", note);
        // The move as the API will read it (the stage the pipeline's first when none was chosen), checked first.
        const verdict = checkForm(body, taskProgressBodySchema);
        if (!verdict.ok) return refused(verdict.errors);
        if (file) body.append("document", file, file.name);
        await recordProgress(api, id, body);
        return { toast: "Progress updated." };
      },
    },
    confidence: {
      failure: "Failed to save confidence.",
      save: ({ api, id }) =>
        checked(form, confidenceSchema, async (value) => {
          // Every question is sent: one left unanswered is cleared.
          await updateTask(api, id, Object.fromEntries(CONFIDENCE_QUESTIONS.map((q) => [q.field, value[q.field] ?? null])));
          return { toast: "Confidence saved." };
        }),
    },
    revenue: {
      failure: "Failed to save revenue.",
      save: ({ api, id }) =>
        checked(form, taskRevenueBodySchema, async (value) => {
          await setTaskRevenue(api, id, {
            expected_revenue: value.expected_revenue,
            expected_revenue_start_date: value.expected_revenue_start_date ?? null,
            payment_frequency_id: value.payment_frequency_id ?? null,
          });
          return { toast: "Revenue saved." };
        }),
    },
    "add-product": {
      failure: "Failed to add product.",
      save: ({ api, id }) =>
        checked(form, taskProductBodySchema, async (value) => {
          const added = await addTaskProduct(api, id, value);
          return { toast: `Product ${added.data.name} added.` };
        }),
    },
    note: {
      failure: "Failed to add note.",
      save: ({ api, id }) =>
        checked(form, taskNoteSchema, async (value) => {
          await addTaskNote(api, id, value.body);
          return { toast: "Note added." };
        }),
    },
    kyb: {
      failure: (terms) => `Failed to change the ${terms.kyb} flag.`,
      save: ({ api, id, terms }) =>
        checked(form, taskKybBodySchema, async ({ kyb }) => {
          await setTaskKyb(api, id, kyb);
          return { toast: kyb ? `Marked for ${terms.kyb}.` : `${terms.Kyb} flag cleared.` };
        }),
    },
  };
}

/** The form's own messages under its fields and its top line; the API's message for the form is replaced by the top line. */
const withoutFormMessage = (errors: Record<string, string[]>) => Object.fromEntries(Object.entries(errors).filter(([field]) => field !== "_"));

/**
 * Every form of the task page posts here with its intent (an intent map; an unknown one answers 400): saved, back
 * to the page with a toast; refused, back to that form with what was typed (the form protocol's answer).
 */
export async function taskSectionsAction(request: Request, params: { taskId?: string }) {
  const id = taskIdOf(params);
  const { form, tooLarge } = await readUploadForm(request, "document");
  const intents = sectionIntents(form, tooLarge);
  return dispatchIntent(
    form,
    Object.fromEntries(
      Object.entries(intents).map(([intent, { failure, save }]) => [
        intent,
        () =>
          keepOnOutage(intent, form, async () => {
            const { api, edition } = await requirePermission(request, "task_manage", { route: TASK_PATTERN, back: `/tasks/${id}` });
            const terms = taskTermsFor(edition);
            const failureLine = typeof failure === "string" ? failure : failure(terms);
            let done: Saved | Refused;
            try {
              done = await save({ api, id, terms });
            } catch (error) {
              if (!(error instanceof ApiValidationError)) throw error;
              const marked = withoutFormMessage(fieldErrors(error));
              return refuseForm(intent, form, { fieldErrors: marked, formErrors: [refusalLine(marked, failureLine)] });
            }
            if (done.refused) return refuseForm(intent, form, { fieldErrors: done.refused, formErrors: [refusalLine(done.refused, failureLine)] });
            return redirectWithToast(request, `/tasks/${id}${new URL(request.url).search}`, { kind: "success", message: done.toast });
          }),
      ]),
    ),
  );
}

/**
 * The task's "Send an e-mail" form (the e-mails drawer): checked with the contract's schema, sent, back to the
 * drawer's first page with "E-mail sent to …" (the addresses as typed).
 */
export async function sendTaskEmailAction(request: Request, params: { taskId?: string }) {
  const id = taskIdOf(params);
  const form = await formOf(request);
  return submitForm(request, {
    form,
    guard: () => requirePermission(request, "task_manage", { route: TASK_PATTERN, back: `/tasks/${params.taskId}` }),
    schema: taskEmailBodySchema,
    failure: "Failed to send e-mail.",
    fieldErrors: (error) => withoutFormMessage(fieldErrors(error)),
    send: ({ to, subject, body }, { api }) => sendTaskEmail(api, id, { to, subject, body }),
    success: () => {
      const url = new URL(request.url);
      url.searchParams.delete("emailsPage");
      return { to: `/tasks/${id}/emails${url.search}`, message: `E-mail sent to ${str(form, "to")}.` };
    },
  });
}

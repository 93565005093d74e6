import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Field, FormAlert } from "../components/form/field";
import { PageHeader } from "../components/frame/page-header";
import { EMPTY_STAGE, OUTCOME_OPTIONS } from "../components/pipelines/pipeline-form";
import { StageList } from "../components/pipelines/stage-list";
import { PipelineStatusBadge } from "../components/pipelines/status-badge";
import { TargetsPanel } from "../components/pipelines/targets-panel";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { formatMoney, formatNumber } from "../lib/format";
import { moveBy, parseStageOrder } from "../lib/stage-order";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { addStage, getPipeline, myTargets, pipelineTargets, renamePipeline, reorderStages, targetScopeFrom } from "../services/pipelines.server";
import { redirectWithToast } from "../services/session.server";
import { useFrame } from "./_app";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.pipeline.name ?? "Pipeline", matches);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireAccess(request, "/pipeline/:id");
  const permissions = subject.permissions;
  const canManage = permissions.includes("pipeline_manage");
  const canSeeTargets = canManage || permissions.includes("pipeline_targets_view");
  const scope = targetScopeFrom(new URL(request.url));
  const [pipeline, team, mine] = await Promise.all([
    getPipeline(api, params.id!),
    canSeeTargets ? pipelineTargets(api, params.id!, scope) : null,
    myTargets(api, params.id!, scope),
  ]);
  const { pipeline_id: _p, period, period_start, period_end, ...myFigures } = mine;
  return {
    pipeline,
    canManage,
    team,
    mine: myFigures,
    period: { period, period_start, period_end },
    words: wordsFor(edition),
  };
}

type Intent = "add-stage" | "move" | "reorder" | "rename";
const MESSAGES: Record<Intent, [string, string]> = {
  "add-stage": ["Stage added.", "Failed to add stage."],
  move: ["Stage order saved.", "Failed to move stage."],
  reorder: ["Stage order saved.", "Failed to move stage."],
  rename: ["Pipeline updated.", "Failed to update pipeline."],
};

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

/** Every form of the pipeline page posts here with an intent (the drawers have their own routes). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api, subject } = await requireAccess(request, "/pipeline/:id");
  if (!subject.permissions.includes("pipeline_manage")) throw new Response("Not allowed", { status: 403 });
  const id = params.id!;
  const form = await request.formData();
  const intent = text(form.get("intent")) as Intent;
  if (!(intent in MESSAGES)) return data({ intent: null, errors: { _: ["Choose what to do."] } as Record<string, string[]>, values: {} as Record<string, string> }, { status: 422 });
  const values = { name: text(form.get("name")).slice(0, 200), color: text(form.get("color")).slice(0, 20), outcome: text(form.get("outcome")).slice(0, 10) };
  try {
    if (intent === "add-stage") {
      await addStage(api, id, { name: values.name, color: values.color || EMPTY_STAGE.color, outcome: values.outcome || "open" });
    } else if (intent === "rename") {
      await renamePipeline(api, id, values.name);
    } else if (intent === "move") {
      const stageId = Number(text(form.get("stage_id")));
      const direction = form.get("direction") === "up" ? -1 : 1;
      const current = (await getPipeline(api, id)).stages.map((s) => s.id);
      await reorderStages(api, id, moveBy(current, stageId, direction));
    } else {
      const order = parseStageOrder(form.getAll("pipeline_stage_id"));
      if (!order) return data({ intent: intent as Intent | null, errors: { _: [MESSAGES.reorder[1]] } as Record<string, string[]>, values }, { status: 422 });
      await reorderStages(api, id, order);
    }
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    const errors: Record<string, string[]> = { ...(error.body.errors ?? {}), _: [MESSAGES[intent][1]] };
    return data({ intent: intent as Intent | null, errors, values }, { status: 422 });
  }
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return redirectWithToast(request, `/pipeline/${id}${url.search}`, { kind: "success", message: MESSAGES[intent][0] });
}

export default function PipelinePage() {
  const { pipeline, canManage, team, mine, period, words } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorsFor = (intent: Intent) => (actionData?.intent === intent ? actionData.errors : undefined);
  const valuesFor = (intent: Intent) => (actionData?.intent === intent ? actionData.values : undefined);
  const stageErrors = errorsFor("add-stage");
  const stageValues = valuesFor("add-stage");
  const orderErrors = errorsFor("move") ?? errorsFor("reorder");
  const archived = pipeline.status === 0;
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={pipeline.name}
        backTo="/pipelines"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PipelineStatusBadge status={pipeline.status} />
            <span>{`${formatNumber(pipeline.stages_count)} stages · ${formatNumber(pipeline.open_tasks_count)} open ${words.tasks} worth ${formatMoney(pipeline.open_value)} · ${formatNumber(pipeline.tasks_count)} ${words.tasks} in all`}</span>
          </span>
        }
        actions={
          canManage ? (
            <Link to={`/pipeline/${pipeline.id}/archive${search}`} className="btn-secondary" preventScrollReset>
              {archived ? "Unarchive" : "Archive"}
            </Link>
          ) : null
        }
      />
      <FormAlert messages={actionData?.intent === null ? actionData.errors._ : undefined} />

      <div className="grid gap-8 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-2">
          <section aria-labelledby="stages-heading" className="space-y-3">
            <h2 id="stages-heading" className="text-lg font-semibold">
              Stages
            </h2>
            <FormAlert messages={orderErrors?._} />
            <StageList pipelineId={pipeline.id} stages={pipeline.stages} canManage={canManage} tasksWord={words.tasks} editSearch={search} />
            {canManage ? (
              // Keyed on the stages, so the form starts empty again after a stage was added.
              <Form key={pipeline.stages.length} method="post" preventScrollReset className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" aria-labelledby="add-stage-heading">
                <h3 id="add-stage-heading" className="mb-2 text-sm font-semibold">
                  Add stage
                </h3>
                <input type="hidden" name="intent" value="add-stage" />
                <FormAlert messages={stageErrors?._} />
                <div className="flex flex-wrap items-start gap-3">
                  <Field id="new-stage-name" name="name" label="Stage name" required maxLength={60} defaultValue={stageValues?.name} errors={stageErrors?.name} className="min-w-48 flex-1" />
                  <div>
                    <label htmlFor="new-stage-color" className="field-label">
                      Colour
                    </label>
                    <input id="new-stage-color" type="color" name="color" defaultValue={stageValues?.color || EMPTY_STAGE.color} className="mt-1 h-9 w-14 cursor-pointer rounded border border-slate-300 bg-white p-0.5" />
                    <p className="field-error">{stageErrors?.color?.join(" ")}</p>
                  </div>
                  <div>
                    <label htmlFor="new-stage-outcome" className="field-label">
                      Outcome
                    </label>
                    <select id="new-stage-outcome" name="outcome" defaultValue={stageValues?.outcome || "open"} className="field-input">
                      {OUTCOME_OPTIONS.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" className="btn-primary mt-6" disabled={busy}>
                    Add stage
                  </button>
                </div>
              </Form>
            ) : null}
          </section>

        </div>

        <aside className="space-y-6">
          <section aria-labelledby="users-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-center justify-between gap-2">
              <h2 id="users-heading" className="text-lg font-semibold">
                Users
              </h2>
              {canManage ? (
                <Link to={`/pipeline/${pipeline.id}/users${search}`} className="btn-secondary px-3 py-1 text-xs" preventScrollReset>
                  Choose users
                </Link>
              ) : null}
            </div>
            <p className="mt-1 text-xs text-slate-500">{`The people who work this pipeline's ${words.tasks}.`}</p>
            {pipeline.users.length === 0 ? (
              <p className="mt-3 text-sm text-slate-500">Nobody yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100 text-sm" data-pipeline-users>
                {pipeline.users.map((u) => (
                  <li key={u.id} className="py-2">
                    <span className="block font-medium">{u.full_name}</span>
                    <span className="block truncate text-xs text-slate-500">{u.email}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {canManage ? (
            <section aria-labelledby="rename-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <h2 id="rename-heading" className="text-lg font-semibold">
                Name
              </h2>
              <Form key={pipeline.name} method="post" preventScrollReset className="mt-2 space-y-2">
                <input type="hidden" name="intent" value="rename" />
                <FormAlert messages={errorsFor("rename")?._} />
                <Field id="pipeline-rename" name="name" label="Pipeline name" required maxLength={100} defaultValue={valuesFor("rename")?.name ?? pipeline.name} errors={errorsFor("rename")?.name} />
                <button type="submit" className="btn-secondary" disabled={busy}>
                  Rename
                </button>
              </Form>
            </section>
          ) : null}
        </aside>
      </div>

      <div className="mt-8">
        <TargetsPanel pipelineId={pipeline.id} period={period} team={team ? { total: team.total, users: team.users } : null} mine={team ? null : mine} canSet={canManage} tasksWord={words.tasks} />
      </div>
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

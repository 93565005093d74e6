import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Suspense } from "react";
import { formatMoney, formatNumber } from "#common/format";
import { PageHeader } from "../components/frame/page-header";
import { EMPTY_STAGE, moveBy, parseStageOrder, pipelineUpdateBodySchema, stageBodySchema } from "../components/pipelines/pipeline-action.server";
import { pipelineSectionsOnServer } from "../components/pipelines/pipeline-sections.server";
import { PipelineStatusBadge } from "../components/pipelines/status-badge";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { wordsFor } from "../lib/labels";
import { island } from "../lib/island";
import { pageTitle } from "../lib/variant";
import { requireAccess, requirePermission } from "../services/auth.server";
import { addStage, getPipeline, myTargets, pipelineTargets, renamePipeline, reorderStages, targetScopeFrom } from "../services/pipelines.server";
import { redirectWithToast } from "../services/session.server";
import { useFrame } from "./_app";
import { ApiValidationError, type Api } from "../services/api.server";
import { checkForm, dispatchIntent, keepOnOutage, refuseForm } from "../services/form-action.server";
import { formOf } from "../services/submission.server";
import { can } from "../access/permissions";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.pipeline.name ?? "Pipeline", matches);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireAccess(request, "/pipeline/:id");
  const permissions = subject.permissions;
  const canManage = can({ permissions }, "pipeline_manage");
  const canSeeTargets = canManage || can({ permissions }, "pipeline_targets_view");
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

export type PipelineIntent = "add-stage" | "move" | "reorder" | "rename";
type Intent = PipelineIntent;
const MESSAGES: Record<Intent, [string, string]> = {
  "add-stage": ["Stage added.", "Failed to add stage."],
  move: ["Stage order saved.", "Failed to move stage."],
  reorder: ["Stage order saved.", "Failed to move stage."],
  rename: ["Pipeline updated.", "Failed to update pipeline."],
};

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

/** A form refused before the API is asked: the messages by field (none: only the form's top line). */
type Refused = { refused: Record<string, string[]> };
type Change = (ctx: { api: Api; id: string; form: FormData }) => Promise<Refused | void>;

/** The page's forms by intent: each makes its change (or says its form is refused before the API is asked). */
const intents: Record<Intent, Change> = {
  async "add-stage"({ api, id, form }) {
    const checked = checkForm(
      {
        name: text(form.get("name")).slice(0, 200),
        color: text(form.get("color")).slice(0, 20) || EMPTY_STAGE.color,
        outcome: text(form.get("outcome")).slice(0, 10) || "open",
      },
      stageBodySchema,
    );
    if (!checked.ok) return { refused: checked.errors };
    await addStage(api, id, checked.value);
  },
  async rename({ api, id, form }) {
    const checked = checkForm({ name: text(form.get("name")).slice(0, 200) }, pipelineUpdateBodySchema);
    if (!checked.ok) return { refused: checked.errors };
    await renamePipeline(api, id, checked.value.name);
  },
  async move({ api, id, form }) {
    const stageId = Number(text(form.get("stage_id")));
    const direction = form.get("direction") === "up" ? -1 : 1;
    const current = (await getPipeline(api, id)).stages.map((s) => s.id);
    await reorderStages(api, id, moveBy(current, stageId, direction));
  },
  async reorder({ api, id, form }) {
    const order = parseStageOrder(form.getAll("pipeline_stage_id"));
    if (!order) return { refused: {} };
    await reorderStages(api, id, order);
  },
};

/**
 * Every form of the pipeline page posts here with its intent (an intent map; an unknown one answers 400; the
 * drawers have their own routes). A refusal is the form protocol's answer for that form, with what was typed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id!;
  const form = await formOf(request);
  const handlers = (Object.keys(intents) as Intent[]).map((intent) => {
    const [success, failure] = MESSAGES[intent];
    const handle = () =>
      keepOnOutage(intent, form, async () => {
        // The guard inside: when the API does not answer it, the form comes back as typed too.
        const { api } = await requirePermission(request, "pipeline_manage", { route: "/pipeline/:id", back: `/pipeline/${id}` });
        try {
          const done = await intents[intent]({ api, id, form });
          if (done) return refuseForm(intent, form, { fieldErrors: done.refused, formErrors: [failure] });
        } catch (error) {
          if (!(error instanceof ApiValidationError)) throw error;
          return refuseForm(intent, form, { fieldErrors: error.body.errors ?? {}, formErrors: [failure] });
        }
        const url = new URL(request.url);
        url.searchParams.delete("index");
        return redirectWithToast(request, `/pipeline/${id}${url.search}`, { kind: "success", message: success });
      });
    return [intent, handle] as const;
  });
  return dispatchIntent(form, Object.fromEntries(handlers));
}

// Everything below the header (stages, users, rename, targets, with their forms) is an island: the server renders
// it, the browser hydrates it once its chunk has arrived.
const sections = island(() => import("../components/pipelines/pipeline-sections"), pipelineSectionsOnServer);

function Sections() {
  const { PipelineSections } = sections.read();
  return <PipelineSections />;
}

export default function PipelinePage() {
  const { pipeline, canManage, words } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const { search } = useLocation();
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
      <Suspense fallback={<p className="text-sm text-slate-500">Loading…</p>}>
        <Sections />
      </Suspense>
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

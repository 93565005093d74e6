import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useState, type DragEvent } from "react";
import { formatMoney } from "#common/format";
import { parseBoardMove } from "../components/tasks/board-move.server";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { ApiValidationError } from "../services/api.server";
import { requireAccess, requirePermission } from "../services/auth.server";
import { redirectWithToast } from "../services/session.server";
import { activePipelines, listTasks, taskRow, updateTask, type TaskRow } from "../services/tasks.server";
import { useFrame } from "./_app";
import { formOf } from "../services/submission.server";
import { Form } from "../components/form/form";
import { can } from "../access/permissions";
import { useHydrated } from "../lib/use-hydrated";
import { useSelectShown } from "../lib/use-select-shown";
import { EmptyState } from "../components/ui/empty-state";
import { Icon } from "../components/ui/icon";

/** Cards shown per stage; the column links to the full list for the rest. */
const CARDS_PER_STAGE = 25;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data ? `${data.words.Tasks} board` : "Board", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireAccess(request, "/tasks");
  const pipelines = await activePipelines(api);
  const wanted = new URL(request.url).searchParams.get("pipeline");
  const pipeline = pipelines.find((p) => String(p.id) === wanted) ?? pipelines[0] ?? null;
  const columns = pipeline
    ? await Promise.all(
        pipeline.stages.map(async (stage) => {
          const filters = { pipeline_id: String(pipeline.id), pipeline_stage_id: String(stage.id) };
          const page = await listTasks(
            api,
            { search: "", page: 1, perPage: CARDS_PER_STAGE, sort: { field: "updated_at", desc: true }, filters },
            "teamMember",
          );
          return { stage: { id: stage.id, name: stage.name, color: stage.color }, total: page.meta.total, tasks: page.data.map(taskRow) };
        }),
      )
    : [];
  return {
    pipelines: pipelines.map((p) => ({ id: p.id, name: p.name })),
    pipeline: pipeline ? { id: pipeline.id, name: pipeline.name } : null,
    columns,
    words: wordsFor(edition),
    canManage: can(subject, "task_manage"),
  };
}

/** Moves a card to another stage of its pipeline. */
export async function action({ request }: ActionFunctionArgs) {
  const { api, edition } = await requirePermission(request, "task_manage", { route: "/tasks", back: "/tasks/board" });
  const words = wordsFor(edition);
  const move = parseBoardMove(await formOf(request));
  const back = `/tasks/board${new URL(request.url).search}`;
  if (!move) return redirectWithToast(request, back, { kind: "error", message: "Choose a stage to move to." });
  try {
    await updateTask(api, move.task_id, { pipeline_id: Number(move.pipeline_id), pipeline_stage_id: Number(move.pipeline_stage_id) });
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    if (request.headers.get("Accept")?.includes("application/json")) return data({ error: error.body.message }, { status: 422 });
    return redirectWithToast(request, back, { kind: "error", message: error.body.message });
  }
  return redirectWithToast(request, back, { kind: "success", message: `${words.Task} moved.` });
}

type Column = ReturnType<typeof useLoaderData<typeof loader>>["columns"][number];

/**
 * A card. `stageId` is the column it is shown in: after a drag its stage control shows that stage (the move's
 * answer may still be on its way), so Move never undoes a drag. The control is there for use without JavaScript
 * and stays quiet: a small select without a frame, and with JavaScript its Move button only once another stage
 * is chosen.
 */
function Card({
  task,
  stageId,
  columns,
  pipelineId,
  canManage,
}: {
  task: TaskRow;
  stageId: number;
  columns: Column[];
  pipelineId: number;
  canManage: boolean;
}) {
  const hydrated = useHydrated();
  // The select is the page's own (uncontrolled: no render resets it), so a stage chosen before the page's script
  // arrived is still chosen once it hydrates, and Move stays offered.
  const stage = useSelectShown(String(stageId));
  // A card shown in another column (dragged there, or moved by the server) starts again from that stage.
  const [shownIn, setShownIn] = useState(stageId);
  if (shownIn !== stageId) {
    setShownIn(stageId);
    stage.setShown(String(stageId));
  }
  return (
    <li
      draggable={canManage}
      onDragStart={(e: DragEvent) => e.dataTransfer.setData("text/task", String(task.id))}
      className="rounded-md bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200"
      data-task-card={task.id}
    >
      <Link to={`/tasks/${task.id}`} className="font-medium text-brand hover:underline">
        {task.name}
      </Link>
      <p className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{task.teamMember?.full_name ?? "Unassigned"}</span>
        <span>{task.expected_revenue === null ? "" : formatMoney(task.expected_revenue)}</span>
      </p>
      {canManage ? (
        <Form method="post" className="mt-2 flex gap-1" preventScrollReset>
          <input type="hidden" name="task_id" value={task.id} />
          <input type="hidden" name="pipeline_id" value={pipelineId} />
          <label className="sr-only" htmlFor={`move-${task.id}`}>
            Move {task.name} to stage
          </label>
          <select
            ref={stage.ref}
            key={stageId}
            id={`move-${task.id}`}
            name="pipeline_stage_id"
            defaultValue={stageId}
            onChange={stage.onChange}
            className="min-w-0 flex-1 rounded border border-transparent bg-transparent px-1 py-0.5 text-xs text-slate-500 hover:border-slate-300 focus:border-slate-300"
            data-card-stage
          >
            {columns.map((c) => (
              <option key={c.stage.id} value={c.stage.id}>
                {c.stage.name}
              </option>
            ))}
          </select>
          <button
            type="submit"
            hidden={hydrated && stage.shown === String(stageId)}
            // (No display utility here: it would override the `hidden` attribute.)
            className="rounded border border-slate-300 px-2 text-xs text-slate-600 hover:bg-slate-50"
          >
            <Icon name="arrow-right" className="mr-1 h-3.5 w-3.5 align-[-3px]" />
            Move
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** The board: one column per stage; a card moves by its stage select, or by dragging it with JavaScript. */
export default function TaskBoard() {
  const { pipelines, pipeline, columns, words, canManage } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const fetcher = useFetcher();
  const [over, setOver] = useState<number | null>(null);
  // While a drag-and-drop move is on its way, show the card in its new column.
  const pending = fetcher.formData ? { task: Number(fetcher.formData.get("task_id")), stage: Number(fetcher.formData.get("pipeline_stage_id")) } : null;
  const shown = columns.map((c) => ({
    ...c,
    tasks: [
      ...(pending && pending.stage === c.stage.id
        ? columns.flatMap((o) => o.tasks).filter((t) => t.id === pending.task && t.pipeline_stage_id !== c.stage.id)
        : []),
      ...c.tasks.filter((t) => !(pending && t.id === pending.task && pending.stage !== c.stage.id)),
    ],
  }));
  const drop = (stageId: number) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const taskId = e.dataTransfer.getData("text/task");
    if (!taskId || !pipeline) return;
    fetcher.submit({ task_id: taskId, pipeline_id: String(pipeline.id), pipeline_stage_id: String(stageId) }, { method: "post" });
  };
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title={`${words.Tasks} board`}
        backTo="/tasks"
        description={`Drag a card to another stage, or choose its stage and press Move.`}
        actions={
          <Form method="get" className="flex items-center gap-2">
            <label htmlFor="board-pipeline" className="text-sm text-slate-600">
              Pipeline
            </label>
            <select
              id="board-pipeline"
              name="pipeline"
              defaultValue={pipeline?.id}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
              className="field-input mt-0 w-auto"
            >
              {pipelines.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            <button type="submit" className="btn-secondary">
              <Icon name="eye" />
              Show
            </button>
          </Form>
        }
      />
      {!pipeline ? (
        <div className="card">
          <EmptyState icon="kanban" title="There is no active pipeline yet.">
            A board shows the {words.tasks} of a pipeline, one column per stage.
          </EmptyState>
        </div>
      ) : (
        <div className="scroll-x flex gap-3 pb-4">
          {shown.map((c) => (
            <section
              key={c.stage.id}
              aria-label={`${c.stage.name}: ${c.total} ${words.tasks}`}
              onDragOver={(e) => (e.preventDefault(), setOver(c.stage.id))}
              onDragLeave={() => setOver((s) => (s === c.stage.id ? null : s))}
              onDrop={drop(c.stage.id)}
              className={`flex w-64 flex-shrink-0 flex-col rounded-lg bg-slate-100 p-2 ${over === c.stage.id ? "ring-2 ring-brand" : ""}`}
              data-stage-column={c.stage.id}
            >
              <h2 className="flex items-center gap-2 px-1 pb-2 text-sm font-semibold">
                <span
                  aria-hidden="true"
                  className="h-2.5 w-2.5 rounded-full"
                  style={{ backgroundColor: /^#[0-9a-f]{6}$/i.test(c.stage.color) ? c.stage.color : "#64748b" }}
                />
                {c.stage.name}
                <span className="ml-auto text-xs font-normal text-slate-600">{c.total}</span>
              </h2>
              <ul className="space-y-2">
                {c.tasks.map((t) => (
                  <Card key={t.id} task={t} stageId={c.stage.id} columns={columns} pipelineId={pipeline.id} canManage={canManage} />
                ))}
              </ul>
              {c.tasks.length === 0 ? (
                <EmptyState compact icon="inbox" title={`No ${words.tasks} in this stage`} className="rounded-md border border-dashed border-slate-300" />
              ) : null}
              {c.total > c.tasks.length ? (
                <Link
                  to={`/tasks?filter[pipeline_id]=${pipeline.id}&filter[pipeline_stage_id]=${c.stage.id}`}
                  className="mt-2 px-1 text-xs text-brand underline"
                >
                  {`All ${c.total} in ${c.stage.name}`}
                </Link>
              ) : null}
            </section>
          ))}
        </div>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };

import { Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import type { PipelineStage } from "#contract/pipelines";
import { formatMoney, formatNumber } from "#common/format";
import { moveOnto, sameOrder } from "#app/lib/stage-order";
import { useHydrated } from "#app/lib/use-hydrated";
import { OutcomeBadge } from "./status-badge";
import { Form } from "../form/form";

/** The tasks list filtered to one stage of a pipeline. */
export function stageTasksHref(pipelineId: number, stageId: number) {
  return `/tasks?${new URLSearchParams({ "filter[pipeline_id]": String(pipelineId), "filter[pipeline_stage_id]": String(stageId) })}`;
}

const safeColor = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : "#64748b");

/**
 * A pipeline's stages in order, each with its task count and value (linking to those tasks). Managers
 * reorder them with the move up / move down buttons (forms, so without JavaScript too) or, with
 * JavaScript, by dragging a stage onto another: the new order is posted as intent=reorder with every
 * stage id in order (PUT /pipelines/{id}/update-order). A stage's Edit opens its drawer.
 */
export function StageList({
  pipelineId,
  stages,
  canManage,
  tasksWord,
  editSearch,
}: {
  pipelineId: number;
  stages: PipelineStage[];
  canManage: boolean;
  tasksWord: string;
  editSearch: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const ids = stages.map((s) => s.id);
  const key = ids.join(",");
  const [order, setOrder] = useState(ids);
  const [dragging, setDragging] = useState<number | null>(null);
  const dropped = useRef(false);
  // A new answer from the server (after a save or any reload) is the order from then on.
  useEffect(() => setOrder(key ? key.split(",").map(Number) : []), [key]);
  const byId = new Map(stages.map((s) => [s.id, s]));
  const shown = order.map((id) => byId.get(id)).filter((s): s is PipelineStage => Boolean(s));
  const draggable = hydrated && canManage && stages.length > 1;
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "reorder";

  const onDragStart = (e: DragEvent, id: number) => {
    dropped.current = false;
    setDragging(id);
    e.dataTransfer.effectAllowed = "move";
    e.dataTransfer.setData("text/plain", String(id));
  };
  const onDragOver = (e: DragEvent, id: number) => {
    if (dragging === null) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "move";
    if (id !== dragging) setOrder((current) => moveOnto(current, dragging, id));
  };
  const onDrop = (e: DragEvent) => {
    if (dragging === null) return;
    e.preventDefault();
    dropped.current = true;
    setDragging(null);
    if (sameOrder(order, ids)) return;
    const body = new URLSearchParams([["intent", "reorder"]]);
    for (const id of order) body.append("pipeline_stage_id", String(id));
    submit(body, { method: "post", preventScrollReset: true });
  };
  const onDragEnd = () => {
    // Dropped outside the list: everything goes back where it was.
    if (!dropped.current) setOrder(ids);
    setDragging(null);
  };

  if (stages.length === 0) return <p className="rounded-md bg-white p-4 text-sm text-slate-500 ring-1 ring-slate-200">This pipeline has no stages yet.</p>;
  return (
    <>
      {draggable ? (
        <p className="mb-2 text-xs text-slate-500" id="stage-drag-help">
          Drag a stage onto another to move it there, or use the arrows.
        </p>
      ) : null}
      <ol
        className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
        data-stage-list
        aria-busy={saving || undefined}
        aria-describedby={draggable ? "stage-drag-help" : undefined}
      >
        {shown.map((stage, i) => (
          <li
            key={stage.id}
            data-stage-id={stage.id}
            draggable={draggable}
            onDragStart={draggable ? (e) => onDragStart(e, stage.id) : undefined}
            onDragOver={draggable ? (e) => onDragOver(e, stage.id) : undefined}
            onDrop={draggable ? onDrop : undefined}
            onDragEnd={draggable ? onDragEnd : undefined}
            className={`flex flex-wrap items-center gap-3 px-4 py-3 ${dragging === stage.id ? "bg-slate-100 opacity-60" : ""} ${draggable ? "cursor-grab" : ""}`}
          >
            {draggable ? (
              <span aria-hidden="true" className="select-none text-slate-400" title="Drag to reorder">
                ⠿
              </span>
            ) : null}
            <span className="w-6 text-right text-xs font-semibold text-slate-500">{i + 1}.</span>
            <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full ring-1 ring-black/10" style={{ backgroundColor: safeColor(stage.color) }} />
            <span className="min-w-0 flex-1">
              <span className="font-medium" data-stage-name>
                {stage.name}
              </span>{" "}
              <OutcomeBadge outcome={stage.outcome} />
              {stage.is_revenue ? <span className="ml-1 text-xs text-slate-500">· revenue stage</span> : null}
              {stage.is_contract ? <span className="ml-1 text-xs text-slate-500">· contract stage</span> : null}
            </span>
            <Link to={stageTasksHref(pipelineId, stage.id)} className="text-sm text-brand hover:underline" data-stage-tasks>
              {`${formatNumber(stage.tasks_count)} ${tasksWord}`}
              <span className="sr-only">{` in ${stage.name}`}</span>
            </Link>
            <span className="w-28 text-right text-sm tabular-nums text-slate-700" data-stage-value>
              {formatMoney(stage.tasks_value)}
            </span>
            {canManage ? (
              <span className="flex items-center gap-1">
                <Form method="post" preventScrollReset className="flex gap-1">
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="stage_id" value={stage.id} />
                  <button
                    type="submit"
                    name="direction"
                    value="up"
                    disabled={i === 0}
                    className="btn-secondary px-2 py-1 text-xs"
                    aria-label={`Move ${stage.name} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="submit"
                    name="direction"
                    value="down"
                    disabled={i === shown.length - 1}
                    className="btn-secondary px-2 py-1 text-xs"
                    aria-label={`Move ${stage.name} down`}
                  >
                    ↓
                  </button>
                </Form>
                <Link
                  to={`/pipeline/${pipelineId}/stages/${stage.id}${editSearch}`}
                  className="btn-secondary px-2 py-1 text-xs"
                  aria-label={`Edit ${stage.name}`}
                  preventScrollReset
                >
                  Edit
                </Link>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

import { useHydrated } from "#app/lib/use-hydrated";
import { useSelectShown } from "#app/lib/use-select-shown";

export interface PipelineOption {
  id: number;
  name: string;
  stages: { id: number; name: string }[];
}

/**
 * Pipeline and stage of a task. Without JavaScript the stage list holds every pipeline's stages grouped
 * by pipeline (the API refuses a stage of another pipeline); with it, only the chosen pipeline's.
 * What was chosen before the page's script arrived is kept: the stage list is not drawn anew at hydration
 * (its key is the pipeline, not whether JavaScript runs), and the pipeline shown is read back from the page.
 */
export function PipelineStageFields({
  pipelines,
  pipelineId,
  stageId,
  errors,
  idPrefix = "task",
}: {
  pipelines: PipelineOption[];
  pipelineId?: number | null;
  stageId?: number | null;
  errors?: { pipeline_id?: string[]; pipeline_stage_id?: string[] };
  /** Prefix of the controls' ids, when a page shows the fields twice (task page and its edit drawer). */
  idPrefix?: string;
}) {
  const hydrated = useHydrated();
  const initialPipeline = pipelineId ? String(pipelineId) : "";
  const pipeline = useSelectShown(initialPipeline);
  const chosen = pipeline.shown;
  const shown = hydrated ? pipelines.filter((p) => String(p.id) === chosen) : pipelines;
  return (
    <>
      <div className="pb-1">
        <label htmlFor={`${idPrefix}-pipeline`} className="field-label">
          Pipeline
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        </label>
        <select
          ref={pipeline.ref}
          id={`${idPrefix}-pipeline`}
          name="pipeline_id"
          required
          defaultValue={initialPipeline}
          onChange={pipeline.onChange}
          className="field-input"
          aria-invalid={errors?.pipeline_id ? true : undefined}
        >
          <option value="">Choose a pipeline</option>
          {pipelines.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <p className="field-error">{errors?.pipeline_id?.join(" ")}</p>
      </div>
      <div className="pb-1">
        <label htmlFor={`${idPrefix}-stage`} className="field-label">
          Stage
        </label>
        <select
          key={chosen}
          id={`${idPrefix}-stage`}
          name="pipeline_stage_id"
          defaultValue={stageId ? String(stageId) : ""}
          className="field-input"
          aria-invalid={errors?.pipeline_stage_id ? true : undefined}
        >
          <option value="">{hydrated && !chosen ? "Choose a pipeline first" : "The pipeline's first stage"}</option>
          {shown.map((p) => (
            <optgroup key={p.id} label={p.name}>
              {p.stages.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <p className="field-error">{errors?.pipeline_stage_id?.join(" ")}</p>
      </div>
    </>
  );
}

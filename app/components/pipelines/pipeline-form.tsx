import type { SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";

export type StageOutcome = "open" | "won" | "lost";
export interface StageDraft {
  name: string;
  color: string;
  outcome: StageOutcome;
}

/** The stages a new pipeline starts with (the API's own defaults), plus room for more. */
export const DEFAULT_STAGE_DRAFTS: StageDraft[] = [
  { name: "New", color: "#64748b", outcome: "open" },
  { name: "In progress", color: "#2563eb", outcome: "open" },
  { name: "Won", color: "#16a34a", outcome: "won" },
  { name: "Lost", color: "#dc2626", outcome: "lost" },
];
export const EMPTY_STAGE: StageDraft = { name: "", color: "#0ea5e9", outcome: "open" };
export const MAX_STAGES = 30;

export const OUTCOME_OPTIONS: { value: StageOutcome; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "won", label: "Won" },
  { value: "lost", label: "Lost" },
];

export interface PipelineFormResult {
  values: { name: string; stages: StageDraft[] };
  /** API field errors: name, stages, and stages.{row}.name … by the row of the form. */
  errors: Record<string, string[]>;
  message?: string | null;
}

/** The form's state from its answer (the form protocol): the rows as typed, the messages by field and row, the top line. */
export function pipelineFormResult(result: SubmissionResult<string[]> | undefined): PipelineFormResult | undefined {
  if (!result?.initialValue) return undefined;
  const { "": top, ...byField } = result.error ?? {};
  const errors = Object.fromEntries(Object.entries(byField).filter((e): e is [string, string[]] => Array.isArray(e[1])));
  return { values: result.initialValue as unknown as PipelineFormResult["values"], errors, message: top?.[0] ?? null };
}

/**
 * The 'Add pipeline' form: a name and the initial stages in order (name, colour, outcome). Rows left
 * without a name are skipped. 'Add stage' adds a row: at once with JavaScript, by a round trip to the
 * server without it (nothing is saved until 'Save').
 */
export function PipelineForm({ result, cancelTo, tasksWord }: { result?: PipelineFormResult | null; cancelTo: string; tasksWord: string }) {
  const hydrated = useHydrated();
  const saving = useNavigation().state === "submitting";
  const initial = result?.values.stages ?? [...DEFAULT_STAGE_DRAFTS, EMPTY_STAGE];
  // Rows have keys of their own, so removing one keeps what was typed in the others.
  const [rows, setRows] = useState(() => initial.map((s, i) => ({ key: i, ...s })));
  const [nextKey, setNextKey] = useState(initial.length);
  const errors = result?.errors ?? {};
  const addRow = () => {
    if (rows.length >= MAX_STAGES) return;
    setRows([...rows, { key: nextKey, ...EMPTY_STAGE }]);
    setNextKey(nextKey + 1);
  };
  return (
    <Form method="post" className="space-y-4">
      {/* Enter in a field saves (the first submit button of a form is its default one). */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true" />
      <FormAlert messages={result?.message ? [result.message] : undefined} />
      <Field id="pipeline-name" name="name" label="Pipeline name" required maxLength={100} defaultValue={result?.values.name ?? ""} errors={errors.name} />
      <fieldset>
        <legend className="field-label">Stages, in order</legend>
        <p className="mt-1 text-xs text-slate-500">Rows without a name are left out. Won and lost stages close the {tasksWord} moved into them.</p>
        {errors.stages ? <p className="field-error">{errors.stages.join(" ")}</p> : null}
        <ol className="mt-2 space-y-2" data-stage-rows>
          {rows.map((row, i) => (
            <li key={row.key} className="rounded-md bg-slate-50 p-2 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-end gap-2">
                <span className="mb-2 w-5 text-right text-xs font-semibold text-slate-500" aria-hidden="true">
                  {i + 1}.
                </span>
                <div className="min-w-0 flex-1">
                  <label htmlFor={`stage-${row.key}-name`} className="sr-only">
                    {`Stage ${i + 1} name`}
                  </label>
                  <input
                    id={`stage-${row.key}-name`}
                    name="stage_name"
                    defaultValue={row.name}
                    maxLength={60}
                    placeholder="Stage name"
                    className="field-input mt-0"
                    aria-invalid={errors[`stages.${i}.name`] ? true : undefined}
                    aria-describedby={errors[`stages.${i}.name`] ? `stage-${row.key}-error` : undefined}
                  />
                </div>
                <div>
                  <label htmlFor={`stage-${row.key}-color`} className="sr-only">
                    {`Stage ${i + 1} colour`}
                  </label>
                  <input
                    id={`stage-${row.key}-color`}
                    type="color"
                    name="stage_color"
                    defaultValue={row.color}
                    className="h-9 w-12 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
                  />
                </div>
                <div>
                  <label htmlFor={`stage-${row.key}-outcome`} className="sr-only">
                    {`Stage ${i + 1} outcome`}
                  </label>
                  <select
                    id={`stage-${row.key}-outcome`}
                    name="stage_outcome"
                    defaultValue={row.outcome}
                    className="rounded-md border border-slate-300 px-2 py-2 text-sm"
                  >
                    {OUTCOME_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </div>
                {hydrated && rows.length > 1 ? (
                  <button
                    type="button"
                    onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                    className="btn-secondary px-2 py-2 text-xs"
                    aria-label={`Remove stage ${i + 1}`}
                  >
                    Remove
                  </button>
                ) : null}
              </div>
              {errors[`stages.${i}.name`] || errors[`stages.${i}.color`] ? (
                <p id={`stage-${row.key}-error`} className="field-error">
                  {[...(errors[`stages.${i}.name`] ?? []), ...(errors[`stages.${i}.color`] ?? [])].join(" ")}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
        {rows.length < MAX_STAGES ? (
          <button
            type="submit"
            name="intent"
            value="add-row"
            formNoValidate
            className="btn-secondary mt-2"
            onClick={(e) => {
              // With JavaScript the row appears at once; without it the server sends the form back with one more.
              e.preventDefault();
              addRow();
            }}
          >
            Add stage
          </button>
        ) : null}
      </fieldset>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}

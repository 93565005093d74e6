import { getFormProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { TASK_PRIORITIES, TASK_REVIEW_STATUSES } from "#contract/task-constants";
import type { Task } from "#contract/tasks";
import { capitalise, type Words } from "#app/lib/labels";
import { choiceFieldProps, FIND_COLLEAGUE_LABEL, findFieldName, type Choices } from "#app/lib/choice-find";
import { DATAPOINT_ROWS_FIELD, datapointField, datapointRows, typedDatapointRows, type DatapointRow } from "#app/lib/task-datapoints";
import type { DropdownOption } from "#app/lib/filter-rules";
import type { TaskChoices } from "#app/services/task-choices.server";
import { DateInput } from "../form/date-input";
import { Field, FormAlert } from "../form/field";
import { NumberInput } from "../form/number-input";
import { SearchableSelect, type SearchableSelectProps } from "../form/searchable-select";
import { SelectField } from "../form/select-field";
import { PipelineStageFields, type PipelineOption } from "./pipeline-stage-fields";
import { Form } from "../form/form";
import { useFormAnswer, useFormResult } from "../form/form-result";

export interface TaskFormProps {
  task?: Task | null;
  pipelines: PipelineOption[];
  teams: { value: string; label: string }[];
  /** Who may work the task and whom it may be for (taskFormChoices). */
  choices: TaskChoices;
  words: Words;
  cancelTo: string;
  submitLabel?: string;
}

/** The create and edit form of a task (an opportunity in smallBusiness). */
export function TaskForm({ task, pipelines, teams, choices, words, cancelTo, submitLabel = "Save" }: TaskFormProps) {
  const answer = useFormAnswer();
  const lastResult = answer?.form.result;
  // After a refused save without JavaScript: what the names typed beside the dropdowns found.
  const found = answer?.found;
  const [form, fields] = useFormResult();
  const saving = useNavigation().state === "submitting";
  // After a refused submit, show what was typed; otherwise the task's values.
  const typed = (lastResult?.initialValue ?? {}) as Record<string, string | undefined>;
  const value = (name: string, current: unknown) =>
    typed[name] !== undefined ? typed[name] : current === null || current === undefined ? "" : String(current);
  const err = (name: keyof typeof fields) => fields[name]?.errors;
  const pick = (name: string, choices: Choices, findLabel: string, current: string) =>
    choiceFieldProps(name, choices, { findLabel, current, typed: typed[findFieldName(name)], found });
  return (
    <Form method="post" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <Field id="task-name" name="name" label="Name" required maxLength={255} defaultValue={value("name", task?.name)} errors={err("name")} />
      <PipelineStageFields
        pipelines={pipelines}
        pipelineId={Number(value("pipeline_id", task?.pipeline_id)) || null}
        stageId={Number(value("pipeline_stage_id", task?.pipeline_stage_id)) || null}
        errors={{ pipeline_id: err("pipeline_id"), pipeline_stage_id: err("pipeline_stage_id") }}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          id="task-priority"
          name="priority"
          label="Priority"
          options={TASK_PRIORITIES.map((p) => ({ value: String(p.id), label: p.name }))}
          defaultValue={value("priority", task?.priority ?? 2)}
          placeholder="Choose…"
          errors={err("priority")}
        />
        <SelectField
          id="task-review"
          name="review_status"
          label="Review status"
          options={TASK_REVIEW_STATUSES.map((p) => ({ value: String(p.id), label: p.name }))}
          defaultValue={value("review_status", task?.review_status ?? 1)}
          placeholder="Choose…"
          errors={err("review_status")}
        />
      </div>
      {teams.length ? (
        <SelectField
          id="task-team"
          name="team_id"
          label="Team"
          options={teams}
          defaultValue={value("team_id", task?.team_id)}
          placeholder="No team"
          errors={err("team_id")}
        />
      ) : null}
      <SearchableSelect
        id="task-member"
        name="team_member_id"
        label="Assigned to"
        optionsUrl="/resources/company-users"
        itemUrl="/resources/company-users"
        {...pick("team_member_id", choices.assignees, FIND_COLLEAGUE_LABEL, value("team_member_id", task?.team_member_id))}
        defaultOption={
          task?.teamMember && String(task.teamMember.id) === value("team_member_id", task?.team_member_id)
            ? { value: String(task.teamMember.id), label: task.teamMember.full_name }
            : null
        }
        placeholder="Nobody yet"
        errors={err("team_member_id")}
      />
      {choices.individuals ? (
        <ClientSelect
          kind="individual"
          label={capitalise(words.individual)}
          known={
            task?.sourceIndividual
              ? {
                  value: String(task.sourceIndividual.id),
                  label: task.sourceIndividual.email ? `${task.sourceIndividual.full_name} (${task.sourceIndividual.email})` : task.sourceIndividual.full_name,
                }
              : choices.preset.individual
          }
          choice={pick(
            "source_individual_id",
            choices.individuals,
            `Not listed? Type the ${words.individual}'s name or e-mail`,
            value("source_individual_id", task ? task.source_individual_id : choices.preset.individual?.value),
          )}
          errors={err("source_individual_id")}
        />
      ) : null}
      {choices.companies ? (
        <ClientSelect
          kind="company"
          label={capitalise(words.company)}
          known={task?.company ? { value: String(task.company.id), label: task.company.name } : choices.preset.company}
          choice={pick(
            "company_id",
            choices.companies,
            `Not listed? Type the ${words.company}'s name`,
            value("company_id", task ? task.company_id : choices.preset.company?.value),
          )}
          errors={err("company_id")}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <NumberInput
          id="task-revenue"
          name="expected_revenue"
          label="Expected revenue (£)"
          min={0}
          decimals={2}
          allowNegative={false}
          defaultValue={value("expected_revenue", task?.expected_revenue)}
          errors={err("expected_revenue")}
        />
        <DateInput
          id="task-close"
          name="expected_close_date"
          label="Expected close"
          defaultValue={value("expected_close_date", task?.expected_close_date)}
          errors={err("expected_close_date")}
        />
      </div>
      <div className="pb-3">
        <label htmlFor="task-description" className="field-label">
          Description
        </label>
        <textarea
          id="task-description"
          name="description"
          rows={4}
          maxLength={5000}
          defaultValue={value("description", task?.description)}
          className="field-input"
        />
        <p className="field-error">{err("description")?.join(" ")}</p>
      </div>
      {task ? (
        <DatapointFields
          rows={typed[DATAPOINT_ROWS_FIELD] !== undefined ? typedDatapointRows(typed) : datapointRows(task.datapoints)}
          errors={err("datapoints")}
          word={words.task}
        />
      ) : null}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** Whom the task is for: a client individual (source_individual_id) or company (company_id), searched by name. */
function ClientSelect({
  kind,
  label,
  known,
  choice,
  errors,
}: {
  kind: "individual" | "company";
  label: string;
  known: DropdownOption | null;
  choice: Pick<SearchableSelectProps, "initialOptions" | "defaultValue" | "find">;
  errors?: string[];
}) {
  const resource = kind === "individual" ? "/resources/client-individuals" : "/resources/client-companies";
  return (
    <SearchableSelect
      id={`task-${kind}`}
      name={kind === "individual" ? "source_individual_id" : "company_id"}
      label={label}
      optionsUrl={resource}
      itemUrl={resource}
      {...choice}
      defaultOption={known}
      placeholder="None"
      errors={errors}
    />
  );
}

/** The task's datapoints as rows of a name and a value (the edit form): a row without a name is left out. */
function DatapointFields({ rows, errors, word }: { rows: DatapointRow[]; errors?: string[]; word: string }) {
  return (
    <fieldset className="pb-3" aria-describedby="datapoints-help" data-datapoint-rows>
      <legend className="field-label">Details</legend>
      <p id="datapoints-help" className="mt-1 text-xs text-slate-600">
        {`What else is recorded about the ${word}. A row without a name is left out.`}
      </p>
      {errors?.length ? (
        <p id="datapoints-error" className="field-error" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
      <input type="hidden" name={DATAPOINT_ROWS_FIELD} value={rows.length} />
      <ol className="mt-2 space-y-2">
        {rows.map((row, i) => (
          <li key={i} className="grid grid-cols-2 gap-2">
            <input type="hidden" name={datapointField(i, "type")} value={row.type} />
            <label className="sr-only" htmlFor={`datapoint-${i}-name`}>{`Detail ${i + 1} name`}</label>
            <input
              id={`datapoint-${i}-name`}
              name={datapointField(i, "name")}
              defaultValue={row.name}
              maxLength={100}
              placeholder="Name"
              autoComplete="off"
              className="field-input mt-0"
            />
            <label className="sr-only" htmlFor={`datapoint-${i}-value`}>{`Detail ${i + 1} value`}</label>
            <input
              id={`datapoint-${i}-value`}
              name={datapointField(i, "value")}
              defaultValue={row.value}
              maxLength={1000}
              placeholder="Value"
              autoComplete="off"
              className="field-input mt-0"
            />
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

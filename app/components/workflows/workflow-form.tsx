import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import type { Workflow } from "#contract/workflows";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";

type Option = { value: string; label: string };
export interface WorkflowFormChoices {
  stages: Option[];
  users: Option[];
}

/** The constants of the form, passed from the route (they live in the contract, which stays on the server). */
export interface WorkflowFormLabels {
  types: Option[];
  statuses: Option[];
  triggers: Option[];
  fields: Option[];
  conditionTypes: Option[];
  audiences: Option[];
}

function Select({
  label,
  field,
  options,
  blank,
  required,
}: {
  label: string;
  field: FieldMetadata<unknown>;
  options: Option[];
  blank?: string;
  required?: boolean;
}) {
  const errors = field.errors;
  return (
    <div className="pb-3">
      <label htmlFor={field.id} className="field-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        {...getSelectProps(field as FieldMetadata<string>)}
        key={field.key}
        id={field.id}
        className="field-input"
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${field.id}-error` : undefined}
      >
        {blank !== undefined ? <option value="">{blank}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <p id={`${field.id}-error`} className="field-error">
        {errors?.join(" ")}
      </p>
    </div>
  );
}

interface ConditionForm {
  field: string;
  type: string;
  value?: string;
  from?: string;
  to?: string;
}
/** The form's fields as conform holds them (text). */
type WorkflowFormShape = {
  name: string;
  workflow_type_id: string;
  status: string;
  trigger: { event: string; stage_id?: string; days?: string };
  conditions: ConditionForm[];
  audience?: string;
  email_subject?: string;
  email_body?: string;
  assign_to_user_id?: string;
  move_to_stage_id?: string;
};

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** A workflow's values as the form holds them (conditions' lists as "1, 2", ranges as from and to). */
export function formValuesOf(w: Workflow): WorkflowFormShape {
  return {
    name: w.name,
    workflow_type_id: str(w.workflow_type_id),
    status: str(w.status),
    trigger: { event: w.trigger.event, stage_id: str(w.trigger.stage_id), days: str(w.trigger.days) },
    conditions: w.conditions.map((c) => {
      const v = c.value as unknown;
      if (Array.isArray(v)) return { field: c.field, type: str(c.type), value: v.join(", ") };
      if (v && typeof v === "object") {
        const r = v as { from: unknown; to: unknown };
        return { field: c.field, type: str(c.type), from: str(r.from), to: str(r.to) };
      }
      return { field: c.field, type: str(c.type), value: str(v) };
    }),
    audience: str(w.audience),
    email_subject: str(w.email_subject),
    email_body: str(w.email_body),
    assign_to_user_id: str(w.assign_to_user_id),
    move_to_stage_id: str(w.move_to_stage_id),
  };
}

/**
 * The form of a workflow (create and edit): name, type, status, trigger, conditions and the action's settings.
 * Conditions are added and removed with submit buttons (conform's list intents), so the form works without
 * JavaScript; every setting is shown, and those the chosen type or trigger does not use are ignored.
 */
export function WorkflowForm({
  workflow,
  choices,
  labels,
  cancelTo,
  submitLabel = "Save",
}: {
  workflow?: Workflow;
  choices: WorkflowFormChoices;
  labels: WorkflowFormLabels;
  cancelTo: string;
  submitLabel?: string;
}) {
  const [form, fields] = useFormResult<WorkflowFormShape>("save", {
    defaultValue: workflow ? formValuesOf(workflow) : { workflow_type_id: "2", status: "2", trigger: { event: "task_created" }, conditions: [], audience: "1" },
    version: workflow?.updated_at,
  });
  const saving = useNavigation().state === "submitting";
  const trigger = fields.trigger.getFieldset();
  const conditions = fields.conditions.getFieldList();
  return (
    <Form method="post" className="space-y-1" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="save" />
      <FormAlert messages={form.errors} />
      <Field label="Name" required errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} id={fields.name.id} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Select label="Type" field={fields.workflow_type_id} options={labels.types} required />
        <Select label="Status" field={fields.status} options={labels.statuses} required />
      </div>
      <fieldset className="rounded border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">When</legend>
        <Select label="Trigger" field={trigger.event} options={labels.triggers} required />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Select label="Stage (for 'moved to a stage')" field={trigger.stage_id} options={choices.stages} blank="Any stage" />
          <Field
            label="Idle days (for 'idle')"
            errors={trigger.days.errors}
            {...getInputProps(trigger.days, { type: "number" })}
            id={trigger.days.id}
            min={1}
            max={365}
          />
        </div>
      </fieldset>
      <fieldset className="rounded border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">Only for tasks where</legend>
        {conditions.length === 0 ? <p className="pb-2 text-sm text-slate-600">No conditions: every task.</p> : null}
        {conditions.map((c, index) => {
          const cf = c.getFieldset();
          return (
            <div key={c.key} className="mb-2 grid items-start gap-x-2 border-b border-slate-100 pb-2 sm:grid-cols-[1fr_1fr_1fr_auto]" data-condition={index}>
              <Select label={`Condition ${index + 1}: field`} field={cf.field} options={labels.fields} required />
              <Select label="Test" field={cf.type} options={labels.conditionTypes} required />
              <div>
                <Field label="Value (one of: separated by commas)" errors={cf.value.errors} {...getInputProps(cf.value, { type: "text" })} id={cf.value.id} />
                <div className="grid grid-cols-2 gap-x-2">
                  <Field label="From (between)" errors={undefined} {...getInputProps(cf.from, { type: "text" })} id={cf.from.id} />
                  <Field label="To (between)" errors={undefined} {...getInputProps(cf.to, { type: "text" })} id={cf.to.id} />
                </div>
              </div>
              <button className="btn-secondary mt-6 px-3 py-1 text-red-700" {...form.remove.getButtonProps({ name: fields.conditions.name, index })}>
                Remove condition {index + 1}
              </button>
            </div>
          );
        })}
        <p className="field-error">{fields.conditions.errors?.join(" ")}</p>
        <button className="btn-secondary" {...form.insert.getButtonProps({ name: fields.conditions.name, defaultValue: { field: "priority", type: "1" } })}>
          Add condition
        </button>
      </fieldset>
      <fieldset className="rounded border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">Then</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Select label="Assign to (assign)" field={fields.assign_to_user_id} options={choices.users} blank="Choose a team member" />
          <Select label="Move to stage (move)" field={fields.move_to_stage_id} options={choices.stages} blank="Choose a stage" />
        </div>
        <Select label="Audience (e-mail)" field={fields.audience} options={labels.audiences} blank="Choose" />
        <Field
          label="E-mail subject"
          errors={fields.email_subject.errors}
          {...getInputProps(fields.email_subject, { type: "text" })}
          id={fields.email_subject.id}
        />
        <div className="pb-3">
          <label htmlFor={fields.email_body.id} className="field-label">
            E-mail text ({"{{task_name}}"} and {"{{stage}}"} are filled in)
          </label>
          <textarea {...getTextareaProps(fields.email_body)} id={fields.email_body.id} rows={4} className="field-input" />
          <p id={`${fields.email_body.id}-error`} className="field-error">
            {fields.email_body.errors?.join(" ")}
          </p>
        </div>
      </fieldset>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={cancelTo} className="btn-secondary">
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

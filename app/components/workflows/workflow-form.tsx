import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import type { Workflow } from "#contract/workflows";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";

/** The drawer form of 'Add workflow' and 'Edit workflow' (the form protocol: what was typed comes back after a refusal). */
export function WorkflowForm({ workflow, cancelTo }: { workflow?: Workflow; cancelTo: string }) {
  const [form, fields] = useFormResult("save", {
    defaultValue: workflow ? { name: workflow.name, notes: workflow.notes ?? "" } : undefined,
    version: workflow?.updated_at,
  });
  const saving = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <Field label="Name" required errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} id={fields.name.id} />
      <div className="pb-3">
        <label htmlFor={fields.notes.id} className="field-label">
          Notes
        </label>
        <textarea
          {...getTextareaProps(fields.notes)}
          id={fields.notes.id}
          rows={4}
          className="field-input"
          aria-invalid={fields.notes.errors ? true : undefined}
          aria-describedby={fields.notes.errors ? `${fields.notes.id}-error` : undefined}
        />
        <p id={`${fields.notes.id}-error`} className="field-error">
          {fields.notes.errors?.join(" ")}
        </p>
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          Save
        </button>
      </div>
    </Form>
  );
}

import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import type { DocumentTemplate } from "#contract/document-templates";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";

/**
 * The drawer form of 'Add document template' and 'Edit document template': a name, and a Word document (DOCX) with
 * {placeholders} or a text body. Sent as multipart; the placeholders are checked by the API when it is saved.
 */
export function DocumentTemplateForm({
  template,
  cancelTo,
  datapoints,
}: {
  template?: DocumentTemplate;
  cancelTo: string;
  datapoints: { key: string; label: string }[];
}) {
  const [form, fields] = useFormResult("save", {
    defaultValue: template ? { name: template.name, body: template.body ?? "" } : undefined,
    version: template?.updated_at,
  });
  const saving = useNavigation().state === "submitting";
  const fileErrors = (form.allErrors as Record<string, string[] | undefined>)?.file;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <Field label="Name" required errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} id={fields.name.id} />
      <div className="pb-3">
        <label htmlFor="template-file" className="field-label">
          Word document (DOCX){template?.file_name ? `: now ${template.file_name}` : ""}
        </label>
        <input
          id="template-file"
          name="file"
          type="file"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          className="field-input"
          aria-describedby="template-file-error"
        />
        <p id="template-file-error" className="field-error">
          {fileErrors?.join(" ")}
        </p>
      </div>
      <div className="pb-3">
        <label htmlFor={fields.body.id} className="field-label">
          Or the template's text (a line starting with "# " is a heading; made into a PDF)
        </label>
        <textarea {...getTextareaProps(fields.body)} id={fields.body.id} rows={8} className="field-input" aria-describedby={`${fields.body.id}-error`} />
        <p id={`${fields.body.id}-error`} className="field-error">
          {fields.body.errors?.join(" ")}
        </p>
      </div>
      <details className="pb-3 text-sm">
        <summary className="cursor-pointer">Placeholders you can use</summary>
        <ul className="mt-1 columns-2 text-xs">
          {datapoints.map((d) => (
            <li key={d.key}>
              <code>{`{${d.key}}`}</code> {d.label}
            </li>
          ))}
        </ul>
      </details>
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
